// play-engine.test.mjs: the engine's turn in play mode (web/play-engine.js) against a
// scripted engine: the position and go it sends, the scores it keeps, a cancelled
// search's bestmove dropped, a watchdog restart handed back, a failure reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game } from '../../web/game.js';
import { Clock } from '../../web/clock.js';
import { createEngineTurn } from '../../web/play-engine.js';

// setup returns a turn over a fake shell whose engine answers go with answer(params,
// onInfo) (a promise), and the log of what reached the engine and the shell.
function setup(answer) {
  const log = { sent: [], notices: [], refreshes: 0, gos: [], scores: [] };
  const shell = {
    engineReady: true,
    engineLoaded: Promise.resolve(),
    engine: {
      go: (params, onInfo) => {
        log.sent.push(['go', params]);
        return answer(params, onInfo);
      },
      stop: async () => log.sent.push(['stop']),
    },
    setPosition: (fen, moves) => log.sent.push(['position', fen, moves.join(' ')]),
    setOptions: async (o) => log.sent.push(['options', o]),
    refresh: () => log.refreshes++,
    notice: (t) => log.notices.push(t),
  };
  const clock = new Clock(60000, 1000);
  clock.start('b', 0);
  const turn = createEngineTurn(shell, {
    level: () => ({ name: 'Test', movetime: 500, options: { Skill: 3 } }),
    clock: () => clock,
    now: () => 2500,
    onGo: (go) => log.gos.push(go),
    onScore: (cp) => log.scores.push(cp),
  });
  const g = new Game();
  g.play('e2e4');
  return { turn, shell, log, game: () => g };
}

test('engine turn: sends the live position and both clocks, keeps first-line scores', async () => {
  const { turn, log, game } = setup(async (params, onInfo) => {
    onInfo({ multipv: 1, scoreCp: 20 });
    onInfo({ multipv: 2, scoreCp: 90 });
    onInfo({ scoreMate: -3 });
    return { move: 'e7e5' };
  });
  const p = turn.search(game);
  assert.equal(turn.thinking, true);
  const res = await p;
  assert.equal(turn.thinking, false);
  assert.equal(res.best.move, 'e7e5');
  assert.equal(res.g, game());
  assert.equal(res.end.san, 'e4');
  const fen = game().startFen;
  assert.deepEqual(log.sent, [['position', fen, 'e2e4'], ['go', { wtime: 60000, btime: 57500, winc: 1000, binc: 1000 }]]);
  assert.deepEqual(log.gos, [{ params: { wtime: 60000, btime: 57500, winc: 1000, binc: 1000 }, at: 2500 }]);
  assert.deepEqual(log.scores, [20, -10000]);
});

test('engine turn: a cancelled search\'s bestmove is dropped', async () => {
  let reply;
  const { turn, game } = setup(() => new Promise((resolve) => {
    reply = resolve;
  }));
  const p = turn.search(game);
  await new Promise((r) => setTimeout(r, 0));
  turn.cancel();
  assert.equal(turn.thinking, false);
  reply({ move: 'e7e5' });
  assert.equal(await p, null);
});

test('engine turn: a watchdog restart is handed back, a failure becomes a notice', async () => {
  const restarted = setup(async () => {
    throw Object.assign(new Error('engine restarted: no answer'), { restarted: true });
  });
  assert.deepEqual(await restarted.turn.search(restarted.game), { restarted: true });
  assert.deepEqual(restarted.log.notices, []);
  const failed = setup(async () => {
    throw new Error('worker gone');
  });
  assert.equal(await failed.turn.search(failed.game), null);
  assert.equal(failed.turn.thinking, false);
  assert.deepEqual(failed.log.notices, ['The engine failed to move: worker gone']);
});

test('engine turn: applyLevel stops the engine, then sends the level\'s options', async () => {
  const { turn, log } = setup(async () => ({ move: '0000' }));
  await turn.applyLevel();
  // The options go through the shell's one owner (engine-options.js), which sends
  // only what the engine lacks: nothing here touches another mode's state.
  assert.deepEqual(log.sent, [['stop'], ['options', { MultiPV: 1, UCI_AnalyseMode: false, OwnBook: true, Skill: 3 }]]);
});
