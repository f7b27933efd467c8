// Headless Chromium for the wasm tests: Debian's /usr/bin/chromium driven by
// playwright-core (no browser download), one persistent context in a temp dir.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// CAPPED_MEMORY makes a browser whose wasm memories grow to 3 GiB at most
// (V8's page limit), like a device with less memory: there the advertised
// Hash maximum (3584 MB) cannot be allocated and the engine's fatal
// out-of-memory path can be tested.
export const CAPPED_MEMORY = ['--js-flags=--wasm-max-mem-pages=49152'];

export async function launch(extra = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-wasm-'));
  const args = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', ...extra];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args });
  const close = async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ctx, close };
}
