// SAN agreement between the engine (engine/board, through tests/web/sanlist) and chess.js
// (the page): for every position of the shared perft suites and every position one move
// deeper, both must list the same legal moves and write each the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { Chess } from 'chess.js';
import { ROOT, sharedData } from './repo.mjs';

test('engine SAN equals chess.js SAN over the perft suites, depth 0 and 1', () => {
  const input = ['named.epd', 'standard.epd'].map((f) => fs.readFileSync(sharedData('perft', f), 'utf8')).join('\n');
  const res = spawnSync('go', ['run', './tests/web/sanlist'], { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  assert.equal(res.status, 0, `sanlist failed: ${res.stderr}`);
  const byFen = new Map();
  for (const line of res.stdout.split('\n')) {
    if (!line) continue;
    const [fen, uci, san] = line.split('\t');
    // A position can come up more than once (the suites share some, and transpositions).
    if (!byFen.has(fen)) byFen.set(fen, new Map());
    const seen = byFen.get(fen).get(uci);
    if (seen !== undefined) assert.equal(san, seen, `engine SAN unstable for ${fen} ${uci}`);
    byFen.get(fen).set(uci, san);
  }
  assert.ok(byFen.size > 1500, `only ${byFen.size} positions`);
  let moves = 0;
  for (const [fen, list] of byFen) {
    const c = new Chess(fen);
    const js = new Map(c.moves({ verbose: true }).map((m) => [m.from + m.to + (m.promotion || ''), m.san]));
    assert.equal(list.size, js.size, `move count differs in ${fen}`);
    for (const [uci, san] of list) {
      assert.equal(san, js.get(uci), `${fen} ${uci}`);
      moves++;
    }
  }
  assert.ok(moves > 20000, `only ${moves} moves compared`);
  console.log(`compared ${moves} moves in ${byFen.size} positions`);
});
