// Headless Chromium for the wasm tests: Debian's /usr/bin/chromium driven by
// playwright-core (no browser download), one persistent context in a temp dir.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export async function launch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-wasm-'));
  const args = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args });
  const close = async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ctx, close };
}
