// embed-focus.test.mjs: keyboard users of <azurite-board> can see where the focus is.
// Tab to the board: an accent ring around it and a frame on the focused square, read
// back from a real screenshot's pixels; the arrow keys move the frame (and do not also
// step through the game); a mouse click focuses the board without the ring.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './server.mjs';
import { openBrowser, RESULTS, ROOT } from './browser.mjs';

const ACCENT = [37, 99, 201]; // --az-accent, #2563c9

let server;
let b;

before(async () => {
  server = await startServer({ root: path.join(ROOT, 'dist'), prefix: '/sub/', fixtures: path.join(ROOT, 'tests/pwa/fixtures') });
  b = await openBrowser();
});

after(async () => {
  if (b) await b.close();
  if (server) await server.close();
});

// shot screenshots the board (the svg inside the shadow root), saves it under name and
// returns pixel(x, y) -> [r, g, b] in CSS pixels of that picture, decoded by the page.
async function shot(page, board, name) {
  const png = await board.screenshot();
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, `${name}.png`), png);
  const { w, data } = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const cv = new OffscreenCanvas(bmp.width, bmp.height);
    const cx = cv.getContext('2d');
    cx.drawImage(bmp, 0, 0);
    return { w: bmp.width, data: Array.from(cx.getImageData(0, 0, bmp.width, bmp.height).data) };
  }, png.toString('base64'));
  return (x, y) => {
    const i = (Math.round(y) * w + Math.round(x)) * 4;
    return data.slice(i, i + 3);
  };
}

function near(px, want, tol = 40) {
  return px.every((v, i) => Math.abs(v - want[i]) <= tol);
}

test('embed: the board shows where keyboard focus is; a click shows no ring', async () => {
  const page = await b.context.newPage();
  await page.goto(`${server.origin}/fixtures/clean.html`);
  await page.waitForFunction(() => {
    const r = document.getElementById('v').shadowRoot;
    return r && r.querySelector('svg.cm-chessboard .pieces use') && /Be7#/.test(r.querySelector('.status').textContent);
  }, null, { timeout: 30000 });
  const host = page.locator('#v');
  const board = host.locator('svg.cm-chessboard');
  const box = await board.boundingBox();
  const sq = box.width / 8;
  const fen = () => page.evaluate(() => document.getElementById('v').position);
  const endFen = await fen(); // the game is shown at its end (23. Be7#)

  // Keyboard: Tab from the page lands on the board.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => {
    const a = document.getElementById('v').shadowRoot.activeElement;
    return a && a.tagName.toLowerCase();
  }), 'svg', 'Tab focuses the board');
  let px = await shot(page, board, 'pwa-embed-focus-keyboard');
  assert.ok(near(px(1, box.height / 2), ACCENT), `ring on the board's left edge: ${px(1, box.height / 2)}`);
  assert.ok(near(px(box.width / 2, 1), ACCENT), `ring on the board's top edge: ${px(box.width / 2, 1)}`);
  assert.ok(near(px(box.width - 2, box.height / 2), ACCENT), `ring on the board's right edge: ${px(box.width - 2, box.height / 2)}`);
  // The focused square (a1 at first) has a frame: its top edge is accent, b1's is not.
  assert.ok(near(px(sq / 2, 7 * sq), ACCENT), `frame on a1: ${px(sq / 2, 7 * sq)}`);
  assert.ok(!near(px(sq * 1.5, 7 * sq), ACCENT), `no frame on b1: ${px(sq * 1.5, 7 * sq)}`);

  // ArrowRight moves the frame to b1 and leaves the game where it was.
  await page.keyboard.press('ArrowRight');
  px = await shot(page, board, 'pwa-embed-focus-keyboard-b1');
  assert.ok(near(px(sq * 1.5, 7 * sq), ACCENT), `frame moved to b1: ${px(sq * 1.5, 7 * sq)}`);
  assert.ok(!near(px(sq / 2, 7 * sq), ACCENT), `and left a1: ${px(sq / 2, 7 * sq)}`);
  assert.equal(await fen(), endFen, 'an arrow key on the board moves its cursor, not the game');

  // The buttons keep their own ring and the arrow keys step through the game there.
  await page.keyboard.press('Tab');
  const btn = await page.evaluate(() => document.getElementById('v').shadowRoot.activeElement.className);
  assert.equal(btn, 'first');
  await page.keyboard.press('ArrowLeft');
  assert.notEqual(await fen(), endFen, 'ArrowLeft on the buttons goes one move back');

  // Mouse: clicking the board focuses it without the ring or the square frame.
  await page.mouse.click(box.x + sq * 4.5, box.y + sq * 4.5);
  assert.equal(await page.evaluate(() => document.getElementById('v').shadowRoot.activeElement.tagName.toLowerCase()), 'svg');
  px = await shot(page, board, 'pwa-embed-focus-mouse');
  assert.ok(!near(px(1, box.height / 2), ACCENT), `no ring after a click: ${px(1, box.height / 2)}`);
  assert.ok(!near(px(sq / 2, 7 * sq), ACCENT) && !near(px(sq * 1.5, 7 * sq), ACCENT), 'no square frame after a click');

  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'CSP violations reported by the page');
  assert.deepEqual(b.problems.csp, [], 'CSP violations in the console');
  assert.deepEqual(b.problems.errors, [], 'page errors');
  await page.close();
});
