// Paths shared by the wasm tests: the repository root and the built dist/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = process.env.AZURITE_DIST || path.join(ROOT, 'dist');
export const RUNNER = path.join(ROOT, 'tools', 'azurite-uci.mjs');

/** requireBuild fails with a clear message when `make wasm` has not run. */
export function requireBuild() {
  for (const f of ['azurite.wasm', 'wasm_exec.js', 'worker.js']) {
    if (!fs.existsSync(path.join(DIST, f))) throw new Error(`${path.join(DIST, f)} missing: run \`make wasm\` first`);
  }
}

export const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

export const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
