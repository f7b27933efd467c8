// browser.mjs: Debian chromium through playwright-core with a fresh persistent profile,
// recording CSP violations and page errors of every page it opens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS = path.join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export async function openBrowser({ viewport = { width: 1200, height: 900 } } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-pwa-'));
  const args = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  if (process.getuid && process.getuid() === 0) args.push('--no-sandbox');
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args, viewport });
  const problems = { csp: [], errors: [] };
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const watch = (page) => {
    page.on('console', (m) => {
      const t = m.text();
      if (/Content.Security.Policy/i.test(t)) problems.csp.push(t);
      else if (m.type() === 'error' && !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED/.test(t)) problems.errors.push(t);
    });
    page.on('pageerror', (e) => problems.errors.push(`pageerror: ${e.message}`));
  };
  context.on('page', watch);
  for (const p of context.pages()) watch(p);
  const page = context.pages()[0] || (await context.newPage());
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** screenshot saves test-results/NAME.png of the page or of a locator. */
export async function screenshot(target, name) {
  fs.mkdirSync(RESULTS, { recursive: true });
  await target.screenshot({ path: path.join(RESULTS, `${name}.png`) });
}

/** figure prints a measured figure and appends it to test-results/pwa-figures.json. */
export function figure(name, value, unit) {
  console.log(`# figure ${name}: ${value} ${unit}`);
  fs.mkdirSync(RESULTS, { recursive: true });
  const f = path.join(RESULTS, 'pwa-figures.json');
  let all = {};
  try {
    all = JSON.parse(fs.readFileSync(f, 'utf8'));
  } catch {
    all = {};
  }
  all[name] = { value, unit };
  fs.writeFileSync(f, `${JSON.stringify(all, null, 2)}\n`);
}
