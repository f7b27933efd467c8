// play-rules.test.mjs: play mode's DOM-free rules (web/play-rules.js), table-driven:
// takeback depth, flag-fall scoring, draw offers, go parameters, the clock press and
// the engine score read from info lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { Game } from '../../web/game.js';
import { Clock } from '../../web/clock.js';
import { lastMain, sideToMove, newGameHeaders, goParams, engineScore, pressClock, takebackTarget, flagResult, acceptsDraw, canMate } from '../../web/play-rules.js';

function game(moves, fen) {
  const g = new Game(fen);
  for (const m of moves) assert.ok(g.play(m), m);
  g.first(); // the cursor elsewhere: lastMain must not follow it
  return g;
}

test('takebackTarget: back to the user\'s last turn, at least one half-move', () => {
  const cases = [
    { name: 'white-after-reply', moves: ['e2e4', 'e7e5'], user: 'w', undone: 2, ply: 0 },
    { name: 'white-engine-thinking', moves: ['e2e4'], user: 'w', undone: 1, ply: 0 },
    { name: 'black-after-reply', moves: ['e2e4', 'e7e5', 'g1f3'], user: 'b', undone: 2, ply: 1 },
    { name: 'black-engine-first-move-only', moves: ['e2e4'], user: 'b', undone: 1, ply: 0 },
    { name: 'nothing-to-take-back', moves: [], user: 'w', undone: 0, ply: 0 },
  ];
  for (const tc of cases) {
    const g = game(tc.moves);
    const { node, undone } = takebackTarget(lastMain(g), tc.user);
    assert.deepEqual({ undone, ply: node.ply }, { undone: tc.undone, ply: tc.ply }, tc.name);
  }
});

test('flagResult: a flag loses unless the opponent cannot mate', () => {
  const cases = [
    { name: 'white-flags-black-has-queen', fen: '4k3/8/8/8/8/8/3q4/4K3 w - - 0 1', flagged: 'w', want: { result: '0-1', reason: 'White ran out of time' } },
    { name: 'black-flags-white-lone-king', fen: '4k3/8/8/8/8/8/3q4/4K3 w - - 0 1', flagged: 'b', want: { result: '1/2-1/2', reason: 'Black ran out of time; the opponent cannot mate' } },
    { name: 'one-minor-cannot-mate', fen: '4k3/8/8/8/8/8/3N4/4K3 w - - 0 1', flagged: 'b', want: { result: '1/2-1/2', reason: 'Black ran out of time; the opponent cannot mate' } },
    { name: 'two-minors-can-mate', fen: '4k3/8/8/8/8/8/3NB3/4K3 w - - 0 1', flagged: 'b', want: { result: '1-0', reason: 'Black ran out of time' } },
    { name: 'a-pawn-can-mate', fen: '4k3/8/8/8/8/8/3P4/4K3 w - - 0 1', flagged: 'b', want: { result: '1-0', reason: 'Black ran out of time' } },
  ];
  for (const tc of cases) assert.deepEqual(flagResult(tc.flagged, new Chess(tc.fen).board()), tc.want, tc.name);
  assert.equal(canMate(new Chess().board(), 'w'), true);
});

test('acceptsDraw: worse for the engine, or level late in the game', () => {
  const cases = [
    { name: 'no-eval', cp: null, ply: 100, want: false },
    { name: 'engine-worse', cp: -50, ply: 10, want: true },
    { name: 'engine-slightly-worse', cp: -49, ply: 10, want: false },
    { name: 'level-early', cp: 15, ply: 59, want: false },
    { name: 'level-late', cp: 15, ply: 60, want: true },
    { name: 'level-late-minus', cp: -15, ply: 60, want: true },
    { name: 'engine-better-late', cp: 16, ply: 200, want: false },
  ];
  for (const tc of cases) assert.equal(acceptsDraw(tc.cp, tc.ply), tc.want, tc.name);
});

test('goParams, pressClock: the clocks from White\'s first move on', () => {
  const level = { name: 'Casual', movetime: 700 };
  assert.deepEqual(goParams(new Clock(null), level, 0), { movetime: 700 });
  const c = new Clock(60000, 2000);
  pressClock(c, 'w', 1000); // White's first move starts Black's clock
  assert.equal(c.running, 'b');
  assert.deepEqual(goParams(c, level, 6000), { wtime: 60000, btime: 55000, winc: 2000, binc: 2000 });
  pressClock(c, 'b', 6000);
  assert.equal(c.running, 'w');
  assert.equal(c.left('b', 6000), 57000);
  const untimed = new Clock(null);
  pressClock(untimed, 'w', 1000);
  assert.equal(untimed.running, null);
});

test('engineScore: the first line\'s centipawns, a mate as ±10000, else nothing', () => {
  const cases = [
    { name: 'cp', info: { scoreCp: 31 }, want: 31 },
    { name: 'cp-first-line', info: { multipv: 1, scoreCp: -12 }, want: -12 },
    { name: 'cp-second-line', info: { multipv: 2, scoreCp: 40 }, want: null },
    { name: 'mate-for', info: { scoreMate: 3 }, want: 10000 },
    { name: 'mate-against', info: { scoreMate: -2 }, want: -10000 },
    { name: 'no-score', info: { depth: 5 }, want: null },
    { name: 'nothing', info: null, want: null },
  ];
  for (const tc of cases) assert.equal(engineScore(tc.info), tc.want, tc.name);
});

test('newGameHeaders, sideToMove: the tags of a game played here', () => {
  const h = newGameHeaders('b', { name: 'Club' }, { initialMs: 180000, incMs: 2000 }, new Date(Date.UTC(2026, 10, 26, 12)));
  assert.deepEqual(h, { Event: 'Casual game', Site: 'Azurite', Date: '2026.11.26', Round: '-', White: 'Azurite (Club)', Black: 'You', TimeControl: '180+2' });
  assert.equal(newGameHeaders('w', { name: 'Club' }, { initialMs: null, incMs: 0 }, new Date()).TimeControl, '-');
  assert.equal(sideToMove(lastMain(game(['e2e4']))), 'b');
});
