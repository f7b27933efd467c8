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
// the same questions (fewer rounds: ROUNDS_OLD, default 3; it is slow).
import { Chess } from 'chess.js';
import { Game } from '../../web/game.js';

const PLIES = Number(process.argv[2] || 300);
const ROUNDS = Number(process.env.ROUNDS || 7);
const ROUNDS_OLD = Number(process.env.ROUNDS_OLD || 3);

// replayStatus is status() as it was: replay the line, then ask chess.js.
function replayStatus(game, node) {
  const c = game.chess(node);
  if (c.isCheckmate()) return { over: true };
  if (c.isStalemate() || c.isInsufficientMaterial() || c.isThreefoldRepetition() || c.isDrawByFiftyMoves()) return { over: true };
  return { over: false, inCheck: c.inCheck(), turn: c.turn() };
}

// A small LCG: the same game on every run and machine.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function longGame(plies) {
  const rand = rng(12345);
  const c = new Chess();
  const ucis = [];
  while (ucis.length < plies) {
    const moves = c.moves({ verbose: true });
    // Prefer moves that keep the game going; captures are rarer so it lasts longer.
    const quiet = moves.filter((m) => !m.captured);
    const pool = quiet.length && rand() < 0.85 ? quiet : moves;
    let m = null;
    for (let tries = 0; tries < 20 && !m; tries++) {
      const cand = pool[Math.floor(rand() * pool.length)];
      c.move(cand);
      if (c.isGameOver()) c.undo();
      else m = cand;
    }
    if (!m) throw new Error(`stuck after ${ucis.length} plies`);
    ucis.push(m.from + m.to + (m.promotion || ''));
  }
  return ucis;
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
  fn(); // warm-up
  const xs = [];
  for (let i = 0; i < (name.startsWith('old way') ? ROUNDS_OLD : ROUNDS); i++) xs.push(fn());
  console.log(`${name}: median ${median(xs).toFixed(2)} ms (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`);
}
