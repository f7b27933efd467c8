// xboard over the worker bridge's string messages (issue 32): the warm-up
// search the bridge runs at start must not choose the protocol, so a first
// "xboard" switches to it. Before the fix every xboard command got
// "unknown command" and "go" started an endless UCI search. A process of
// its own: the first command must be this test's.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { startEngine, isLine } from './inprocess.mjs';
import { requireBuild } from './paths.mjs';
import { isLegal } from './legal.mjs';

let e;
before(async () => {
  requireBuild();
  e = await startEngine();
});

test('xboard as the first command after the warm-up: a move, then a result line', async () => {
  for (const l of ['xboard', 'protover 2', 'new', 'st 1', 'sd 3', 'go']) e.send(l);
  const mv = await e.wait(isLine('move '), 30000, 0);
  assert.ok(isLegal(null, [], mv.line.split(' ')[1]), mv.line);
  const m = e.mark();
  e.send('setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo\nping 4');
  await e.wait(isLine('pong 4'), 10000, m);
  assert.deepEqual(e.since(m).map((r) => r.line), ['1/2-1/2 {Stalemate}', 'pong 4']);
  const lines = e.since(0).map((r) => r.line ?? JSON.stringify(r.event));
  assert.ok(!lines.some((l) => /unknown command|^bestmove|^info /.test(l)), JSON.stringify(lines));
});
