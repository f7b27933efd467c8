// bench-game.mjs: what the game model costs on a long game (figures, not a test).
// `node tests/web/bench-game.mjs [plies]` builds a game of that many half-moves
// (default 300; deterministic: a fixed pseudo-random choice among the legal moves that
// do not end the game) and times, as medians over several rounds:
//   - status() at the last move (every move in play mode asks it; review asks it for
//     every position of the main line),
//   - playing the whole game move by move with status() after each, as play mode does,
//   - reviewing's terminal check: status() of every main-line node,
//   - rebuilding the saved game (Game.fromJSON), as a reload does,
// and, side by side in the same run, the first and third the way status() worked until
// it stopped replaying: a chess.js instance replayed from the start (Game.chess) asked
// the same questions (fewer rounds: ROUNDS_OLD, default 3, 0 skips them; it is slow).
// With --browser (needs `go run build.go` first) it also times the player in Chromium
// (build.go serve): loading the game as a PGN, one navigation step (ctx.navigate back,
// what ← does) and one move at the end in analysis mode, each a synchronous
// main-thread task, medians of 20.
import { Game } from '../../web/game.js';
import { exportPgn } from '../../web/pgn.js';
import { longGame } from './long-game.mjs';

const BROWSER = process.argv.includes('--browser');
const PLIES = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) || 300);
const ROUNDS = Number(process.env.ROUNDS || 7);
const ROUNDS_OLD = Number(process.env.ROUNDS_OLD || 3);

// replayStatus is status() as it was: replay the line, then ask chess.js.
function replayStatus(game, node) {
  const c = game.chess(node);
  if (c.isCheckmate()) return { over: true };
  if (c.isStalemate() || c.isInsufficientMaterial() || c.isThreefoldRepetition() || c.isDrawByFiftyMoves()) return { over: true };
  return { over: false, inCheck: c.inCheck(), turn: c.turn() };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn) {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

const ucis = longGame(PLIES);
const g = new Game();
for (const u of ucis) g.play(u);
const saved = JSON.parse(JSON.stringify(g.toJSON()));
const nodes = g.mainlineNodes();
const last = nodes[nodes.length - 1];

const rows = {
  [`status() at ply ${PLIES}, one call`]: () => {
    // A fresh game each round so nothing cached from an earlier round helps.
    const h = Game.fromJSON(saved);
    h.last();
    return time(() => h.status());
  },
  [`play ${PLIES} plies, status() after each`]: () => {
    const h = new Game();
    return time(() => {
      for (const u of ucis) {
        h.play(u);
        h.status();
      }
    });
  },
  [`status() of all ${PLIES} main-line nodes (review)`]: () => {
    const h = Game.fromJSON(saved);
    const ns = h.mainlineNodes();
    return time(() => {
      for (const n of ns) h.status(n);
    });
  },
  [`fromJSON of the ${PLIES}-ply game (reload)`]: () => time(() => Game.fromJSON(saved)),
  [`old way: status() at ply ${PLIES} by replay, one call`]: () => {
    const h = Game.fromJSON(saved);
    h.last();
    return time(() => replayStatus(h, h.current));
  },
  [`old way: status() of all ${PLIES} main-line nodes by replay`]: () => {
    const h = Game.fromJSON(saved);
    const ns = h.mainlineNodes();
    return time(() => {
      for (const n of ns) replayStatus(h, n);
    });
  },
};

console.log(`game: ${PLIES} plies, last move ${last.san}, ${ROUNDS} rounds, node ${process.version}`);
for (const [name, fn] of Object.entries(rows)) {
  const rounds = name.startsWith('old way') ? ROUNDS_OLD : ROUNDS;
  if (!rounds) continue;
  fn(); // warm-up
  const xs = [];
  for (let i = 0; i < rounds; i++) xs.push(fn());
  console.log(`${name}: median ${median(xs).toFixed(2)} ms (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`);
}

if (BROWSER) {
  const { startServer, openBrowser, gotoApp, loadText } = await import('./harness.mjs');
  const server = await startServer();
  const b = await openBrowser();
  try {
    const page = b.page;
    await gotoApp(page, server.url);
    const t0 = Date.now();
    await loadText(page, exportPgn(g));
    await page.waitForFunction(() => /^Loaded/.test(document.getElementById('status').textContent));
    console.log(`browser: load the ${PLIES}-ply PGN (click Load to status line): ${Date.now() - t0} ms`);
    const r = await page.evaluate(() => {
      const a = window.azurite;
      const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      a.navigate(() => a.game.last());
      const nav = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        a.navigate(() => a.game.back());
        nav.push(performance.now() - t);
      }
      const move = [];
      for (let i = 0; i < 20; i++) {
        a.navigate(() => a.game.last());
        const m = a.game.position().moves({ verbose: true }).find((x) => !x.captured) || a.game.position().moves({ verbose: true })[0];
        const t = performance.now();
        a.controllers.analysis.userMove({ from: m.from, to: m.to, promotion: m.promotion });
        move.push(performance.now() - t);
      }
      return { nav: med(nav), navMax: Math.max(...nav), move: med(move), moveMax: Math.max(...move) };
    });
    console.log(`browser: one navigation step (←) at ply ~${PLIES}: median ${r.nav.toFixed(1)} ms (max ${r.navMax.toFixed(1)})`);
    console.log(`browser: one move at the end, analysis mode: median ${r.move.toFixed(1)} ms (max ${r.moveMax.toFixed(1)})`);
  } finally {
    await b.close();
    server.stop();
  }
}
