// clock.js: a chess clock with Fischer increment. Pure model: every method takes the
// current time in ms. The page passes wall time (Date.now()), so a saved clock that
// was running when the page went away charges the time that really passed when it
// is read back (toJSON keeps the running side and since; left() does the charging).

/** Clock tracks both sides' remaining time; null initialMs means untimed. */
export class Clock {
  constructor(initialMs, incMs = 0) {
    this.initialMs = initialMs;
    this.incMs = incMs;
    this.remaining = { w: initialMs, b: initialMs };
    this.running = null; // 'w' | 'b' | null
    this.since = 0; // time when the running side's clock was last started
  }

  get timed() {
    return this.initialMs !== null && this.initialMs > 0;
  }

  /** start runs color's clock from now. */
  start(color, now) {
    if (!this.timed) return;
    this.stop(now);
    this.running = color;
    this.since = now;
  }

  /** stop freezes the running clock. */
  stop(now) {
    if (this.running) {
      this.remaining[this.running] = this.left(this.running, now);
      this.running = null;
    }
  }

  /** press ends the running side's move: its time is charged, the increment added, and the other side's clock starts. */
  press(now) {
    if (!this.running) return;
    const c = this.running;
    this.stop(now);
    if (this.remaining[c] > 0) this.remaining[c] += this.incMs;
    this.start(c === 'w' ? 'b' : 'w', now);
  }

  /** left returns color's remaining ms at now (a now before since charges nothing). */
  left(color, now) {
    if (!this.timed) return null;
    if (this.running === color) return Math.max(0, this.remaining[color] - Math.max(0, now - this.since));
    return this.remaining[color];
  }

  /** flagged returns the colour whose time has run out, or null. */
  flagged(now) {
    if (!this.timed) return null;
    for (const c of ['w', 'b']) if (this.left(c, now) <= 0) return c;
    return null;
  }

  /**
   * toJSON is the clock's whole state: each side's remaining time when its clock last
   * stopped, and the running side with the wall time its clock started (since). It
   * does not depend on when it is called, so it can be saved at any moment.
   */
  toJSON() {
    return { initialMs: this.initialMs, incMs: this.incMs, w: this.remaining.w, b: this.remaining.b, running: this.running, since: this.running ? this.since : null };
  }

  /**
   * fromJSON rebuilds a clock from toJSON output (or the older form without running
   * and since: a stopped clock). A running clock stays running from its saved since,
   * so left() at the current wall time charges everything since then, including time
   * the page was closed. It throws on anything else.
   */
  static fromJSON(o) {
    const ok = (x) => x === null || (Number.isFinite(x) && x >= 0 && x < 1e9);
    if (!o || !ok(o.initialMs) || !ok(o.incMs ?? 0) || !ok(o.w) || !ok(o.b)) throw new Error('bad clock state');
    const c = new Clock(o.initialMs, o.incMs || 0);
    if (!c.timed) return c;
    c.remaining = { w: o.w, b: o.b };
    if (o.running === 'w' || o.running === 'b') {
      if (!Number.isFinite(o.since) || o.since <= 0) throw new Error('bad clock start time');
      c.running = o.running;
      c.since = o.since;
    } else if (o.running !== undefined && o.running !== null) {
      throw new Error('bad running clock');
    }
    return c;
  }
}

/** formatClock writes m:ss, and tenths under 10 s (h:mm:ss past an hour). */
export function formatClock(ms) {
  if (ms === null || ms === undefined) return '';
  const t = Math.max(0, ms);
  if (t < 10000) return `0:0${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
