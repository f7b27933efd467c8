// repo.mjs: paths shared by the web tests.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';

/** ROOT is the repository root (two levels above this file). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** sharedData returns the path of ../shared/data beside the repository (CI and worktrees alike). */
export function sharedData(...parts) {
  for (let dir = ROOT; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const p = path.join(dir, 'shared', 'data');
    if (fs.existsSync(p) && dir !== ROOT) return path.join(p, ...parts);
    const q = path.join(path.dirname(dir), 'shared', 'data');
    if (fs.existsSync(q)) return path.join(q, ...parts);
  }
  throw new Error(`shared/data not found above ${ROOT}`);
}
