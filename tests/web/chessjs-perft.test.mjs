// Cross-check of chess.js (the page's rules) against the exact perft counts of the
// shared suites, so the page and the engine agree on what is legal. Fischer random
// positions are left out: chess.js and the player support standard chess only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Chess } from 'chess.js';
import { sharedData } from './repo.mjs';

// NODE_BUDGET bounds the work per position: each depth whose expected count is at most
// this many leaf nodes runs (depth 1 always does), which keeps the suite to seconds.
const NODE_BUDGET = Number(process.env.PERFT_BUDGET || 12000);

function parse(file) {
  return fs.readFileSync(sharedData('perft', file), 'utf8').split('\n').filter(Boolean).map((line) => {
    const [fen, ...rest] = line.split(';').map((s) => s.trim());
    const depths = rest.map((r) => {
      const m = /^D(\d+)\s+(\d+)$/.exec(r);
      assert.ok(m, `bad perft entry ${r} in ${file}`);
      return { depth: Number(m[1]), nodes: Number(m[2]) };
    });
    return { fen, depths };
  });
}

for (const file of ['named.epd', 'standard.epd']) {
  test(`chess.js perft matches ${file}`, () => {
    let checked = 0;
    for (const { fen, depths } of parse(file)) {
      const c = new Chess(fen);
      for (const { depth, nodes } of depths) {
        if (depth > 1 && nodes > NODE_BUDGET) break;
        assert.equal(c.perft(depth), nodes, `${fen} depth ${depth}`);
        checked++;
      }
      assert.equal(c.fen(), new Chess(fen).fen(), `position changed by perft: ${fen}`);
    }
    assert.ok(checked > 0);
  });
}
