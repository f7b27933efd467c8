#!/usr/bin/env node
// wasm-size.mjs prints raw, gzip -9 and brotli (quality 11) sizes of the
// files given on the command line: the engine's download cost.
//   node tools/wasm-size.mjs dist/azurite.wasm dist/wasm_exec.js dist/worker.js
import fs from 'node:fs';
import zlib from 'node:zlib';

const kb = (n) => (n / 1024).toFixed(1).padStart(8) + ' KiB';
console.log('file'.padEnd(28) + 'raw'.padStart(12) + 'gzip -9'.padStart(13) + 'brotli 11'.padStart(13));
for (const f of process.argv.slice(2)) {
  const b = fs.readFileSync(f);
  const gz = zlib.gzipSync(b, { level: 9 }).length;
  const br = zlib.brotliCompressSync(b, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length },
  }).length;
  console.log(f.padEnd(28) + kb(b.length) + ' ' + kb(gz) + ' ' + kb(br));
}
