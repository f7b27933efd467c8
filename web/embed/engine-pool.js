// engine-pool.js: one engine worker shared by every <azurite-board> on the page.
//
// Boards queue searches; the pool runs one at a time on the single worker, setting the
// UCI options each job needs first (only those that differ from what is set). Play
// jobs (an engine reply the user waits for) go to the front of the queue. Analysis
// jobs are preemptible: when another board queues work, the running analysis is
// stopped and, if it had budget left, queued again behind it, so boards take turns
// instead of one board starving the rest. The pool needs no DOM; tests can drive it
// with a fake client.

/** ANALYSIS_MIN_MS: a preempted analysis with less budget left than this is not resumed. */
const ANALYSIS_MIN_MS = 250;

export class EnginePool {
  /** makeClient() returns an engine client with the API of web/engine-client.js. */
  constructor(makeClient, { bookUrl = null } = {}) {
    this.makeClient = makeClient;
    this.bookUrl = bookUrl;
    this.client = null;
    this.readyPromise = null;
    this.queue = [];
    this.active = null;
    this.running = false;
    this.options = new Map(); // what the worker has now
    this.listeners = new Set();
  }

  /** onEvent(fn) gets {type:'error'|'restarted'|'ready', …} pool events. */
  onEvent(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(ev) {
    for (const fn of this.listeners) fn(ev);
  }

  /** ready starts the worker on first use and resolves when it answers. */
  ready() {
    if (!this.readyPromise) {
      this.client = this.makeClient();
      this.client.on('error', (e) => this.emit({ type: 'error', message: (e && (e.message || e.text)) || String(e) }));
      this.client.on('restarted', () => {
        // The watchdog's new worker restores its options itself; forget ours anyway so
        // the next job sets everything it needs explicitly.
        this.options.clear();
        this.emit({ type: 'restarted' });
      });
      this.readyPromise = this.client.ready().then(async () => {
        if (this.bookUrl) {
          try {
            const res = await fetch(this.bookUrl);
            if (res.ok) await this.client.loadBook(await res.arrayBuffer());
          } catch {
            // no book: the engine searches from move one
          }
        }
        this.emit({ type: 'ready' });
      });
    }
    return this.readyPromise;
  }

  /**
   * search queues a job for owner and resolves with the engine's {move, ponder}, or
   * null when the job was cancelled. Any earlier job of the same owner is cancelled.
   * job: {fen, moves, options, params, onInfo, kind: 'play'|'analysis', newGame}.
   * For analysis, params.movetime is the budget that preemption may split.
   */
  search(owner, job) {
    this.cancel(owner);
    return new Promise((resolve, reject) => {
      const j = { ...job, owner, resolve, reject, cancelled: false, preempted: false, spent: 0 };
      if (j.kind === 'play') {
        const i = this.queue.findIndex((q) => q.kind !== 'play');
        this.queue.splice(i < 0 ? this.queue.length : i, 0, j);
      } else {
        this.queue.push(j);
      }
      if (this.active && this.active.kind === 'analysis' && this.active.owner !== owner) {
        this.active.preempted = true;
        this.client.stop().catch(() => {});
      }
      this.pump();
    });
  }

  /** cancel drops owner's queued jobs and stops its running one. */
  cancel(owner) {
    for (const j of this.queue) {
      if (j.owner === owner) {
        j.cancelled = true;
        j.resolve(null);
      }
    }
    this.queue = this.queue.filter((j) => j.owner !== owner);
    if (this.active && this.active.owner === owner && !this.active.cancelled) {
      this.active.cancelled = true;
      this.client.stop().catch(() => {});
    }
  }

  /** busyWith reports whether owner has a job queued or running. */
  busyWith(owner) {
    return (this.active && this.active.owner === owner && !this.active.cancelled) || this.queue.some((j) => j.owner === owner);
  }

  async applyOptions(options = {}) {
    for (const [name, value] of Object.entries(options)) {
      if (this.options.get(name) === value) continue;
      try {
        await this.client.setOption(name, value);
      } catch (e) {
        // An option this engine build lacks must not stop the board from working.
        console.warn(`azurite-board: option ${name}=${value} refused: ${e && e.message ? e.message : e}`);
      }
      this.options.set(name, value);
    }
  }

  async pump() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length) {
        const job = this.queue.shift();
        if (job.cancelled) continue;
        this.active = job;
        try {
          await this.ready();
          await this.applyOptions(job.options);
          if (job.newGame) await this.client.newGame();
          if (job.cancelled) continue;
          const t0 = performance.now();
          this.client.position(job.fen, job.moves || []);
          const res = await this.client.go(job.params, (info) => {
            if (!job.cancelled && job.onInfo) job.onInfo(info);
          });
          job.spent += performance.now() - t0;
          if (job.cancelled) {
            job.resolve(null);
          } else if (job.preempted && job.kind === 'analysis' && job.params.movetime - job.spent > ANALYSIS_MIN_MS) {
            // Give the rest of the budget later, behind the job that preempted it.
            this.queue.push({ ...job, preempted: false, spent: 0, params: { ...job.params, movetime: Math.round(job.params.movetime - job.spent) } });
          } else {
            job.resolve(res);
          }
        } catch (e) {
          job.reject(e);
        } finally {
          this.active = null;
        }
      }
    } finally {
      this.running = false;
    }
  }
}
