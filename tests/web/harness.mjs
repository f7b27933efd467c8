// harness.mjs: the browser-test harness. It serves dist/ with `go run build.go serve`
// on a free port (the real server, with the real CSP header), launches Debian's
// chromium through playwright-core, and records every CSP violation and page error so
// each test can assert there were none.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './repo.mjs';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const RESULTS = path.join(ROOT, 'test-results');

/** startServer runs build.go serve on 127.0.0.1:0 and resolves with {url, stop}. */
export async function startServer() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is not built: run `go run build.go` (make test-web does)');
  // detached: the server runs in its own process group, so stop() ends `go run` and the
  // compiled program it started (killing `go run` alone leaves that child serving and
  // keeps the test runner waiting on its output pipe).
  const proc = spawn('go', ['run', 'build.go', 'serve', '-addr', '127.0.0.1:0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let err = '';
  proc.stderr.on('data', (d) => { err += d; });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s: ${err}`)), 120000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /serving (http:\/\/[^\s]+\/)/.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited ${code}: ${err}`)); });
  });
  return {
    url,
    stop: () => {
      try {
        process.kill(-proc.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      proc.stdout.destroy();
      proc.stderr.destroy();
    },
  };
}

/**
 * openBrowser launches chromium with a fresh profile; viewport defaults to desktop, and
 * locale (a BCP 47 tag) sets the browser's language (navigator.languages).
 */
export async function openBrowser({ viewport = { width: 1280, height: 860 }, touch = false, locale = 'en-US' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'azurite-web-'));
  const args = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  if (process.getuid && process.getuid() === 0) args.push('--no-sandbox');
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args, viewport, hasTouch: touch, isMobile: touch, locale });
  const page = context.pages()[0] || (await context.newPage());
  const problems = { csp: [], errors: [] };
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    const t = m.text();
    if (/Content Security Policy/i.test(t)) problems.csp.push(t);
    else if (m.type() === 'error' && !/Failed to load resource/.test(t)) problems.errors.push(t);
  });
  page.on('pageerror', (e) => problems.errors.push(`pageerror: ${e.message}`));
  return {
    context,
    page,
    problems,
    /** cspViolations returns every violation seen by the page and the console. */
    async cspViolations() {
      const inPage = await page.evaluate(() => window.__csp || []).catch(() => []);
      return [...new Set([...problems.csp, ...inPage])];
    },
    async close() {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * testUrl returns the player's url with the test flag (?test) that publishes the
 * shell as window.azurite; without it the page sets no global.
 */
export function testUrl(url) {
  const u = new URL(url);
  u.search = u.search ? `${u.search}&test` : '?test';
  return u.href;
}

/** gotoApp loads the player with the test flag and waits until it has booted. */
export async function gotoApp(page, url) {
  await page.goto(testUrl(url));
  await page.waitForSelector('body[data-ready="true"]');
}

/** waitEngine waits for the engine to report ready. */
export async function waitEngine(page, timeout = 60000) {
  await page.waitForSelector('body[data-engine="ready"]', { timeout });
}

/**
 * waitThinking waits until the engine is thinking on the live game. It polls on a
 * timer, not on animation frames (which a loaded machine can starve for as long as a
 * short search lasts), and fails at once, saying so, when the engine has already
 * replied: a test that acts during the search needs it still running.
 */
export async function waitThinking(page, plies) {
  // One read of both: the ply count is the one seen with the class, not one taken
  // later, after a search that has since ended.
  const seen = await page.waitForFunction((n) => {
    const nodes = window.azurite.playGame.mainlineNodes().length;
    return (document.body.classList.contains('thinking') || nodes > n) && { nodes };
  }, plies, { polling: 20 });
  const { nodes } = await seen.jsonValue();
  assert.equal(nodes, plies, `the engine had replied before the test saw it think (${nodes} plies, ${plies} expected)`);
}

/**
 * holdReplies makes the page's engine searches resolve only once releaseReplies is
 * called: a test that acts while the engine thinks is not raced by a loaded machine.
 * The searches themselves run as before; only their results wait.
 */
export async function holdReplies(page) {
  await page.evaluate(() => {
    const e = window.azurite.engine;
    const go = e.go.bind(e);
    window.replyGate = new Promise((res) => { window.openReplyGate = res; });
    e.go = (...args) => go(...args).then((r) => window.replyGate.then(() => r));
  });
}

/** releaseReplies lets the searches that holdReplies held, and all later ones, resolve. */
export async function releaseReplies(page) {
  await page.evaluate(() => window.openReplyGate());
}

/** startGame starts a new game in play mode with the given colour, level and time control. */
export async function startGame(page, { color = 'w', level = 'beginner', tc = 'none' } = {}) {
  await page.click('#tab-play');
  await page.check(`input[name="color"][value="${color}"]`);
  await page.selectOption('#level', level);
  await page.selectOption('#tc', tc);
  await page.click('#btn-new');
}

/**
 * startPausedTimedGame loads the player on Playwright's fake clock, stopped, and starts
 * a 1+0 game as Black: the engine's first move (from the book) starts the user's clock,
 * and from then on only the clock jumps the test makes pass.
 */
export async function startPausedTimedGame(page, url) {
  await page.clock.install();
  await gotoApp(page, url);
  // The engine must be loaded before fake time jumps: the client's load watchdog
  // runs on the same fake clock, and a jump past its 60 s limit restarted a worker
  // that was still loading ("engine restarted: not loaded after 60560 ms").
  await waitEngine(page);
  // Installed fake time still flows with real time; stop it (one second ahead, so no
  // watchdog deadline is crossed), so the seconds a busy machine takes between clicks
  // do not reach the clocks (it read 0:58 under load).
  await page.clock.pauseAt(Date.now() + 1000);
  await startGame(page, { color: 'b', tc: '1+0' });
}

/** square returns the locator of a board square. */
export function square(page, sq) {
  return page.locator(`#board [data-square="${sq}"]`).first();
}

// settle waits until the board accepts moves and the last move's animation is over,
// as a person would.
async function settle(page) {
  await page.waitForFunction(() => window.azurite && window.azurite.movable() !== null, null, { timeout: 30000 });
  await page.waitForTimeout(250);
}

/** clickMove plays from-to by two clicks. */
export async function clickMove(page, from, to) {
  await settle(page);
  await square(page, from).click();
  await square(page, to).click();
}

/** dragMove plays from-to by pressing, moving and releasing the mouse. */
export async function dragMove(page, from, to) {
  await settle(page);
  const a = await square(page, from).boundingBox();
  const b = await square(page, to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** plies returns the number of moves in the move list's main line. */
export async function plies(page) {
  return page.evaluate(() => window.azurite.game.mainlineNodes().length);
}

/** screenshot saves test-results/NAME.png. */
export async function screenshot(page, name) {
  fs.mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS, `${name}.png`) });
}

/**
 * withPage runs fn(page, browser) in a fresh browser profile; on failure it saves
 * test-results/failure-NAME.png and logs the player's state (status line, moves, who
 * may move) when the page has one, and after fn it asserts the page saw no CSP
 * violation and no error.
 */
export async function withPage(opts, fn, name = 'failure') {
  const b = await openBrowser(opts);
  try {
    try {
      await fn(b.page, b);
    } catch (e) {
      await screenshot(b.page, `failure-${name}`).catch(() => {});
      const st = await b.page.evaluate(() => ({ status: document.getElementById('status').textContent, moves: window.azurite.game.uciMoves(), movable: window.azurite.movable() })).catch(() => null);
      if (st) console.log('state at failure:', JSON.stringify(st), b.problems.errors);
      throw e;
    }
    assert.deepEqual(await b.cspViolations(), [], 'CSP violations');
    assert.deepEqual(b.problems.errors, [], 'page errors');
  } finally {
    await b.close();
  }
}

/**
 * loadMateReview saves a review of 1. e4 e5 2. Qh5 Nc6 (3. Qxf7#), where Nc6 lets
 * the mate in (one marked move), and reloads the page onto the Review tab.
 */
export async function loadMateReview(page) {
  const work = { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', headers: {}, result: '*', tree: [{ m: 'e2e4', k: [{ m: 'e7e5', k: [{ m: 'd1h5', k: [{ m: 'b8c6' }] }] }] }], cursor: [] };
  const evals = [[30, null, 'e2e4'], [30, null, 'e7e5'], [30, null, 'd1h5'], [10, null, 'g7g6'], [null, 1, 'h5f7']];
  await page.evaluate(([w, e]) => {
    const o = JSON.parse(localStorage.getItem('azurite.v1'));
    localStorage.setItem('azurite.v1', JSON.stringify({ ...o, mode: 'review', work: w, review: { line: 'e2e4 e7e5 d1h5 b8c6', evals: e } }));
  }, [work, evals]);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

/** loadText pastes text into the analysis load box and presses Load. */
export async function loadText(page, text) {
  await page.click('#tab-analysis');
  const box = page.locator('#load-box');
  if (!(await box.evaluate((d) => d.open))) await page.click('#load-box summary');
  await page.fill('#load-text', text);
  await page.click('#btn-load');
}

// axeSource is axe-core's script, read on the first audit.
let axeSource;

/**
 * audit runs axe-core on the page as it is and returns its serious and critical
 * violations. axe is evaluated as a script through the DevTools protocol: an inline
 * <script> (addScriptTag's content) is refused by the page's CSP, and the player
 * never ships it.
 */
export async function audit(page) {
  axeSource ??= fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
