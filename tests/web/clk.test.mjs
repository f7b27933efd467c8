// [%clk] in comments (web/clk.js): reading, writing, each side's clock at a node and
// the time each move took.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseClock, formatClk, withClock, clocksAt, parseTimeControl, moveTimes } from '../../web/clk.js';
import { Game } from '../../web/game.js';
import { parseGameText } from '../../web/pgn.js';

test('parseClock and formatClk', () => {
  const cases = [
    ['[%clk 0:04:59]', 299000],
    ['good move [%clk 1:30:00] [%eval 0.3]', 5400000],
    ['[%clk 0:00:09.5]', 9500],
    ['[%clk   0:1:05 ]', 65000],
    ['[%clk 0:61:00]', null],
    ['[%clk 0:00:60]', null],
    ['no clock', null],
    ['', null],
  ];
  for (const [c, want] of cases) assert.equal(parseClock(c), want, c);
  assert.equal(formatClk(299999), '0:04:59', 'rounded down');
  assert.equal(formatClk(5400000), '1:30:00');
  assert.equal(formatClk(-5), '0:00:00');
});

test('withClock replaces the clock and keeps words and other commands', () => {
  assert.equal(withClock('', 61000), '[%clk 0:01:01]');
  assert.equal(withClock('[%clk 0:05:00] [%cal Ge2e4] nice', 3000), '[%clk 0:00:03] [%cal Ge2e4] nice');
  assert.equal(withClock('[%clk 0:05:00] nice', null), 'nice');
});

test('parseTimeControl', () => {
  assert.deepEqual(parseTimeControl('300+3'), { initialMs: 300000, incMs: 3000 });
  assert.deepEqual(parseTimeControl('60'), { initialMs: 60000, incMs: 0 });
  assert.deepEqual(parseTimeControl('5400+30'), { initialMs: 5400000, incMs: 30000 });
  for (const t of ['-', '?', '40/7200:3600', '', undefined]) assert.equal(parseTimeControl(t), null, String(t));
});

test('clocks at a node and move times survive PGN import', () => {
  const pgn = '[TimeControl "300+3"]\n\n1. e4 { [%clk 0:05:03] } e5 { [%clk 0:04:58] } 2. Nf3 { [%clk 0:04:50] } Nc6 { [%clk 0:04:59] } *';
  const g = parseGameText(pgn).game;
  const nodes = [g.root, ...g.mainlineNodes()];
  assert.deepEqual(clocksAt(nodes[0]), { w: null, b: null });
  assert.deepEqual(clocksAt(nodes[1]), { w: 303000, b: null });
  assert.deepEqual(clocksAt(nodes[3]), { w: 290000, b: 298000 });
  // 300 − 303 + 3 = 0; 300 − 298 + 3 = 5; 303 − 290 + 3 = 16; 298 − 299 + 3 = 2 (seconds).
  assert.deepEqual(moveTimes(nodes, parseTimeControl(g.headers.TimeControl)).map((m) => m.ms), [0, 5000, 16000, 2000]);
  // Without a time control neither the first moves nor the increment are known.
  assert.deepEqual(moveTimes(nodes, null).map((m) => m.ms), [null, null, 13000, 0]);
  assert.deepEqual(moveTimes([new Game().root], null), []);
});
