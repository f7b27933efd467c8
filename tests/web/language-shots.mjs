// language-shots.mjs: screenshots of the player's analysis and accessibility tools in
// two languages on a 390x844 phone, for a person to look at (make shots-languages):
// threat mode, the preview board, the annotation controls, the typed move input with
// its feedback, and the screen-reader mode. Writes test-results/lang-LANG-WHAT.png.
// Not a test: tests/web/languages.test.mjs checks the same pages by machine.
import fs from 'node:fs';
import path from 'node:path';
import { startServer, openBrowser, gotoApp, waitEngine, loadText, RESULTS } from './harness.mjs';

const PHONE = { width: 390, height: 844 };
const LANGS = process.argv.slice(2).length ? process.argv.slice(2) : ['fr', 'de'];

async function shot(page, name, locator) {
  fs.mkdirSync(RESULTS, { recursive: true });
  await page.waitForTimeout(600);
  const file = path.join(RESULTS, `${name}.png`);
  if (locator) await locator.scrollIntoViewIfNeeded();
  await page.screenshot({ path: file });
  console.log(file);
}

const server = await startServer();
try {
  for (const lang of LANGS) {
    const b = await openBrowser({ viewport: PHONE, touch: true, locale: lang });
    const { page } = b;
    try {
      await gotoApp(page, server.url);
      await waitEngine(page);
      // Threat mode: after 1. e4 e5 2. Qh5 Nc6 3. Bc4, Black to move faces Qxf7#.
      await loadText(page, '1. e4 e5 2. Qh5 Nc6 3. Bc4');
      await page.click('#load-box summary');
      await page.click('#nav-last');
      await page.click('#btn-engine');
      await page.waitForSelector('#pv-lines .pv-line');
      await page.click('#btn-threat');
      await page.waitForSelector('#pv-lines.threat .pv-line');
      await shot(page, `lang-${lang}-threat`);
      await page.click('#btn-threat');
      await page.waitForSelector('#pv-lines:not(.threat) .pv-line');
      // The preview board: a line's third move, held (long press on a phone).
      await page.waitForFunction(() => document.querySelectorAll('#pv-lines .pv-line[data-multipv="1"] .pv-move').length >= 4, null, { timeout: 30000 });
      await page.hover('#pv-lines .pv-move[data-line="0"][data-upto="3"]');
      await page.waitForFunction(() => document.getElementById('pv-preview').dataset.fen);
      await shot(page, `lang-${lang}-preview`);
      await page.mouse.move(5, 5);
      await page.click('#btn-engine');
      // Annotation: a glyph on the current move, the glyph buttons and tree tools.
      await page.click('#nav-last');
      await page.click('#annotate .glyph-btn[data-nag="1"]');
      await shot(page, `lang-${lang}-annotate`, page.locator('#annotate'));
      // Typed move input: an ambiguous move's feedback.
      await loadText(page, '1. d4 d5 2. Nf3 Nf6');
      await page.click('#load-box summary');
      await page.click('#nav-last');
      await page.fill('#move-text', 'Nd2');
      await page.press('#move-text', 'Enter');
      await page.waitForFunction(() => document.getElementById('move-msg').textContent.length > 0);
      await shot(page, `lang-${lang}-move-input`, page.locator('#move-form'));
      // Screen-reader mode: a move announced, then the position read.
      await page.click('#btn-settings');
      await page.check('#set-sr');
      await page.keyboard.press('Escape');
      await page.fill('#move-text', 'Nbd2');
      await page.press('#move-text', 'Enter');
      await page.click('#sr-read-position');
      await shot(page, `lang-${lang}-screen-reader`, page.locator('#sr-log'));
    } finally {
      await b.close();
    }
  }
} finally {
  server.stop();
}
