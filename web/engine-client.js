// TEMPORARY STAND-IN, NOT FOR PUBLISHING: the wasm helper owns web/engine-client.js.
// This fake follows the agreed API (PROTOCOL-DRAFT.md) with chess.js so the UI can be
// built before the wasm engine exists; it is replaced by the real client on merge.
import { Chess } from 'chess.js';

const VAL = { p: 100, n: 300, b: 310, r: 500, q: 900, k: 0 };
function material(c) {
  let s = 0;
  for (const row of c.board()) for (const p of row) if (p) s += (p.color === c.turn() ? 1 : -1) * VAL[p.type];
  return s;
}

export class EngineClient {
  constructor() {
    this.opts = { MultiPV: 1 };
    this.handlers = {};
    this.fen = null;
    this.moves = [];
    this.cur = null;
  }
  async ready() { console.warn('engine-client.js: temporary stand-in engine'); }
  on(ev, fn) { (this.handlers[ev] ||= []).push(fn); }
  async setOption(name, value) { this.opts[name] = value; }
  async newGame() {}
  async loadBook() {}
  position(fen, moves = []) { this.fen = fen; this.moves = moves; }
  async stop() { if (this.cur) { this.cur.stop(); await this.cur.done; } }
  async go(params, onInfo) {
    await this.stop();
    const c = new Chess(this.fen || undefined);
    for (const m of this.moves) c.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
    const legal = c.moves({ verbose: true });
    let stopped = false;
    let resolve;
    const done = new Promise((r) => { resolve = r; });
    this.cur = { stop: () => { stopped = true; }, done };
    const scored = legal.map((m) => { c.move(m); const v = -material(c); c.undo(); return { m, v: v + Math.random() * 20 }; }).sort((a, b) => b.v - a.v);
    const emit = (depth) => {
      const n = Math.min(Number(this.opts.MultiPV) || 1, scored.length);
      for (let i = 0; i < n; i++) {
        const first = scored[i].m;
        const c2 = new Chess(c.fen()); c2.move(first);
        const pv = [first.lan]; const rest = c2.moves({ verbose: true }); if (rest.length) pv.push(rest[0].lan);
        onInfo && onInfo({ type: 'info', depth, seldepth: depth, multipv: i + 1, scoreCp: Math.round(scored[i].v), nodes: depth * 1000, nps: 100000, time: depth * 10, pv });
      }
    };
    const limit = params.infinite ? 1e9 : params.movetime || (params.depth ? params.depth * 20 : 300);
    const t0 = Date.now();
    let depth = 1;
    while (!stopped && Date.now() - t0 < Math.min(limit, 200000) && legal.length) {
      emit(depth++);
      await new Promise((r) => setTimeout(r, Math.min(50, limit)));
      if (params.depth && depth > params.depth) break;
    }
    if (!depth || legal.length) emit(depth);
    const move = legal.length ? scored[0].m.lan : '0000';
    this.cur = null;
    resolve();
    return { move };
  }
  terminate() {}
}
