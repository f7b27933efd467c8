// Browser tests of the player in headless Chromium, against dist/ served by build.go
// with the production CSP. Every test ends by asserting zero CSP violations and no
// page errors. Screenshots of play, analysis and review at desktop and phone sizes
// go to test-results/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, withPage, gotoApp, waitEngine, startGame, startPausedTimedGame, clickMove, dragMove, plies, screenshot, loadText, square } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const BLUNDER_PGN = fs.readFileSync(path.join(here, 'testdata', 'blunder.pgn'), 'utf8');
const PHONE = { width: 390, height: 844 };

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

// userMoves returns the legal moves of the side to move as {from,to,promotion}.
function legalMoves(page) {
  return page.evaluate(() => window.azurite.game.chess(window.azurite.game.current).moves({ verbose: true }).map((m) => ({ from: m.from, to: m.to, promotion: m.promotion || null, san: m.san })));
}

async function waitPlies(page, n, timeout = 30000) {
  await page.waitForFunction((k) => window.azurite.game.mainlineNodes().length >= k, n, { timeout });
}

test('test hook: window.azurite exists only with ?test, and is then the sealed shell', async () => {
  await withPage({}, async (page) => {
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => 'azurite' in window), false, 'a global without the flag');
    await gotoApp(page, server.url);
    const seen = await page.evaluate(() => {
      const shell = window.azurite;
      let late = 'no error';
      try {
        (function assignLate() {
          'use strict';
          shell.lateField = 1;
        })();
      } catch (e) {
        late = e.constructor.name;
      }
      return { sealed: Object.isSealed(shell), late, added: 'lateField' in shell, mode: shell.mode, live: shell.game === shell.playGame };
    });
    assert.deepEqual(seen, { sealed: true, late: 'TypeError', added: false, mode: 'play', live: true });
  }, 'test-hook');
});

test('play a short game against the engine by clicks and by drag, to its end', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page);
    let over = false;
    for (let i = 0; i < 6 && !over; i++) {
      const moves = (await legalMoves(page)).filter((m) => !m.promotion);
      const m = moves.find((x) => /^[a-h][1-8]$|^N/.test(x.san)) || moves[0];
      const before = await plies(page);
      if (i < 3) await clickMove(page, m.from, m.to);
      else await dragMove(page, m.from, m.to);
      // The engine answers, or the game is over (a quick mate is possible at any level).
      await page.waitForFunction((k) => window.azurite.game.mainlineNodes().length >= k || window.azurite.game.result !== '*', before + 2, { timeout: 30000 });
      const line = await page.evaluate(() => window.azurite.game.mainlineNodes().map((n) => n.uci));
      assert.equal(line[before], m.from + m.to, `move ${i + 1} (${i < 3 ? 'click' : 'drag'}) played as ${m.san}`);
      over = await page.evaluate(() => window.azurite.game.result !== '*');
      if (i === 2) await screenshot(page, 'play-desktop');
      if (!over) assert.match(await page.textContent('#status'), /Azurite played .+\. Your move\./);
    }
    if (!over) {
      await page.click('#btn-resign'); // arms it: "Confirm resign"
      await page.click('#btn-resign');
      await page.waitForSelector('#banner:not([hidden])');
      assert.match(await page.textContent('#banner-result'), /Azurite won \(0-1\)/);
      assert.match(await page.textContent('#banner-reason'), /White resigned/);
    } else {
      await page.waitForSelector('#banner:not([hidden])');
      assert.match(await page.textContent('#banner-result'), /\((1-0|0-1|1\/2-1\/2)\)/);
    }
    assert.equal(await page.evaluate(() => window.azurite.controllers.play.movable()), null, 'no moves after the end');
    await page.setViewportSize(PHONE);
    await page.click('#banner-close');
    await screenshot(page, 'play-phone');
  });
});

test('on a phone, resigning below the board scrolls the result into view', async () => {
  await withPage({ viewport: PHONE, touch: true }, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page);
    await square(page, 'e2').tap();
    await square(page, 'e4').tap();
    await waitPlies(page, 2);
    await page.locator('#btn-resign').scrollIntoViewIfNeeded();
    await page.locator('#btn-resign').tap(); // arms it: "Confirm resign"
    await page.locator('#btn-resign').tap();
    await page.waitForSelector('#banner:not([hidden])');
    const box = await page.evaluate(() => {
      const r = document.getElementById('banner').getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, h: window.innerHeight };
    });
    assert.ok(box.top >= 0 && box.bottom <= box.h, `banner in the viewport: ${JSON.stringify(box)}`);
    assert.match(await page.textContent('#banner-result'), /Azurite won \(0-1\)/);
    await screenshot(page, 'play-resigned-phone');
  }, 'resign-phone');
});

test('promotion through the chooser', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '8/P6k/8/8/8/8/8/K7 w - - 0 1');
    assert.equal(await page.textContent('#status'), 'Loaded the position, White to move.');
    await clickMove(page, 'a7', 'a8');
    await page.waitForSelector('#board .promotion-dialog-button-group[data-piece="wn"]');
    await page.click('#board .promotion-dialog-button[data-piece="wn"]');
    await page.waitForFunction(() => window.azurite.game.current.san === 'a8=N');
    assert.equal(await page.evaluate(() => window.azurite.game.current.fen.split(' ')[0]), 'N7/7k/8/8/8/8/8/K7');
  });
});

test('takeback restores the position before the last own move', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page);
    await clickMove(page, 'e2', 'e4');
    await waitPlies(page, 2);
    await clickMove(page, 'd2', 'd4');
    await waitPlies(page, 4);
    const fenAfterTwo = await page.evaluate(() => window.azurite.game.mainlineNodes()[1].fen);
    await page.click('#btn-takeback');
    await page.waitForFunction(() => window.azurite.game.mainlineNodes().length === 2);
    assert.equal(await page.evaluate(() => window.azurite.game.current.fen), fenAfterTwo);
    assert.match(await page.textContent('#status'), /Took back 2 half-moves/);
    // The board takes moves again at once.
    await clickMove(page, 'g1', 'f3');
    await waitPlies(page, 4);
  });
});

test('a flag fall ends a timed game', async () => {
  await withPage({}, async (page) => {
    await startPausedTimedGame(page, server.url);
    await waitEngine(page);
    await page.waitForFunction(() => window.azurite.game.mainlineNodes().length === 1, null, { timeout: 30000 });
    await page.waitForSelector('#clock-bottom:not([hidden])');
    // Let the paused fake clock run the display's interval once (fastForward alone
    // did not fire it here), 0.2 s of Black's minute.
    await page.clock.runFor(200);
    assert.equal(await page.textContent('#clock-bottom'), '1:00');
    await page.clock.fastForward('00:30');
    assert.equal(await page.textContent('#clock-bottom'), '0:30');
    await page.clock.fastForward('00:31');
    await page.waitForSelector('#banner:not([hidden])');
    assert.match(await page.textContent('#banner-reason'), /Black ran out of time/);
    assert.match(await page.textContent('#banner-result'), /1-0/);
    assert.equal(await page.evaluate(() => window.azurite.game.result), '1-0');
  });
});

test('analysis of a pasted PGN: eval, 3 lines, clicking a line plays it', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, BLUNDER_PGN);
    assert.match(await page.textContent('#status'), /Loaded Fixture White – Fixture Black, 60 half-moves/);
    await page.keyboard.press('End');
    await page.click('#nav-prev');
    await waitEngine(page);
    await page.click('#btn-engine');
    await page.waitForFunction(() => document.querySelectorAll('#pv-lines .pv-line').length === 3, null, { timeout: 30000 });
    await page.waitForFunction(() => /^-?\d+(\.\d)?$|^#-?\d+$/.test(document.querySelector('#evalbar-text').textContent));
    await screenshot(page, 'analysis-desktop');
    const fenBefore = await page.evaluate(() => window.azurite.game.current.fen);
    // Read and click in one step: the lines re-render as the search deepens.
    const san = await page.evaluate(() => {
      const b = document.querySelector('#pv-lines .pv-line[data-multipv="2"] .pv-move');
      b.click();
      return b.textContent;
    });
    await page.waitForFunction((f) => window.azurite.game.current.parent && window.azurite.game.current.parent.fen === f, fenBefore);
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), san);
    // Playing an alternative made a variation, shown in the move list.
    assert.ok(await page.locator('#movelist .variation').count() >= 1);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await screenshot(page, 'analysis-phone');
    await page.click('#btn-engine');
  });
});

const ANNOTATED_PGN = `[Event "Annotated"]
[White "Ann"]
[Black "Bob"]
[Result "*"]

{A Ruy Lopez with side lines.} 1. e4 e5 {[%clk 0:05:00] The open game.}
(1... c5 {Sicilian} 2. Nf3 (2. c3 d5!? 3. exd5) 2... d6) 2. Nf3 Nc6 3. Bb5 a6
4. Ba4 Nf6 5. O-O Be7 *`;

test('a pasted PGN keeps its variations and comments; clicking into a variation goes there', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, ANNOTATED_PGN);
    assert.match(await page.textContent('#status'), /Loaded Ann – Bob, 10 half-moves, 6 more in variations\./);
    assert.equal(await page.locator('#movelist .variation').count(), 2);
    assert.equal(await page.locator('#movelist .variation .variation').count(), 1, 'the nested variation is inside its parent');
    assert.deepEqual(await page.locator('#movelist .comment').allTextContents(), ['A Ruy Lopez with side lines.', 'The open game.', 'Sicilian'], 'comments shown without [%clk]');
    // A move inside the nested variation: the board goes there.
    await page.locator('#movelist .variation .variation .mv', { hasText: /^d5!\?$/ }).click();
    assert.deepEqual(await page.evaluate(() => window.azurite.game.uciMoves()), ['e2e4', 'c7c5', 'c2c3', 'd7d5']);
    const boardAt = () => page.evaluate(() => window.azurite.view.fen.split(' ')[0]);
    assert.equal(await boardAt(), 'rnbqkbnr/pp2pppp/8/2pp4/4P3/2P5/PP1P1PPP/RNBQKBNR');
    assert.equal(await page.textContent('#movelist .mv.current'), 'd5!?');
    // The arrow keys follow the variation, and back out of it.
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'exd5');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'e4');
    // The export writes the variations and comments back.
    const pgn = await page.evaluate(() => window.azurite.exportPgn());
    assert.match(pgn.replace(/\s+/g, ' '), /1\. e4 e5 \{\[%clk 0:05:00\] The open game\.\} \(1\.\.\. c5 \{Sicilian\} 2\. Nf3 \( ?2\. c3 d5 \$5 3\. exd5\) 2\.\.\. d6\) 2\. Nf3/);
    // Analysis inside the variation, for the screenshots.
    await page.locator('#movelist .variation .mv', { hasText: /^d6$/ }).click();
    await waitEngine(page);
    await page.click('#btn-engine');
    await page.waitForFunction(() => document.querySelectorAll('#pv-lines .pv-line').length === 3, null, { timeout: 30000 });
    await screenshot(page, 'analysis-variations-desktop');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    // On a phone the move list is below the board: show it.
    await page.locator('#movelist').scrollIntoViewIfNeeded();
    await screenshot(page, 'analysis-variations-phone');
    await page.click('#btn-engine');
  }, 'variations');
});

test('a PGN with several games offers a chooser; a broken game is reported and the others load', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    const text = '[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 *\n\n[White "Cy"]\n[Black "Di"]\n\n1. d4 d5 2. c4 *\n\n[White "Ed"]\n[Black "Flo"]\n\n1. c4 Ke2 *';
    await loadText(page, text);
    assert.equal(await page.isVisible('#load-game'), true);
    assert.deepEqual(await page.locator('#load-game option').allTextContents(), ['1. Ann – Bob', '2. Cy – Di', '3. Ed – Flo']);
    assert.match(await page.textContent('#status'), /Loaded Ann – Bob, 2 half-moves\. Loaded game 1 of 3/);
    await page.selectOption('#load-game', '1');
    assert.equal(await page.evaluate(() => window.azurite.game.headers.White), 'Cy');
    assert.equal(await page.evaluate(() => window.azurite.game.mainlineNodes().length), 3);
    await page.selectOption('#load-game', '2');
    assert.equal(await page.textContent('#load-error'), 'Game 3 of 3: Line 14, column 7, move 1… Ke2: illegal move (Black to play).');
    assert.equal(await page.evaluate(() => window.azurite.game.headers.White), 'Cy', 'the previous game stays');
    // A single game hides the chooser again.
    await loadText(page, '1. f4 *');
    assert.equal(await page.isVisible('#load-game'), false);
  }, 'several-games');
});

test('review of a 30-move game draws the graph and marks the known blunder', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, BLUNDER_PGN);
    await waitEngine(page);
    await page.click('#tab-review');
    await page.selectOption('#review-quality', 'quick');
    await page.click('#btn-review');
    await page.waitForSelector('#review-summary table', { timeout: 120000 });
    assert.equal(await page.locator('#review-graph svg path.g-area').count(), 1);
    // 16. Qf3?? hangs the queen to exf3.
    const qf3 = page.locator('#movelist .mv', { hasText: 'Qf3' }).first();
    assert.match(await qf3.getAttribute('class'), /\bblunder\b/);
    assert.equal(await qf3.locator('.glyph').textContent(), '??');
    assert.ok(await page.locator('#review-marks li.blunder', { hasText: 'Qf3??' }).count() === 1);
    assert.ok(await page.locator('#review-graph circle.g-dot.blunder').count() >= 1);
    const acc = await page.locator('#review-summary .acc-value').allTextContents();
    assert.equal(acc.length, 2);
    for (const a of acc) assert.match(a, /^\d+\.\d%$/);
    await screenshot(page, 'review-desktop');
    const pgn = await page.evaluate(() => window.azurite.exportPgn());
    assert.match(pgn, /16\. Qf3 \$4\s\{Blunder/);
    assert.match(pgn, /\[Annotator "Azurite"\]/);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await screenshot(page, 'review-phone');
  });
});

test('review keeps the marks of an imported PGN in the move list and the export, also after a reload', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '[White "Ann"]\n[Black "Bob"]\n\n1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $1 Nf6 $2 5. O-O $3 Be7 $4 6. Re1 $5 b5 $6 *');
    const glyphs = () => page.evaluate(() => [...document.querySelectorAll('#movelist .mv')].map((b) => `${b.firstChild.textContent}${b.querySelector('.glyph') ? b.querySelector('.glyph').textContent : ''}`));
    const want = ['e4!', 'e5?', 'Nf3!!', 'Nc6??', 'Bb5!?', 'a6?!', 'Ba4!', 'Nf6?', 'O-O!!', 'Be7??', 'Re1!?', 'b5?!'];
    assert.deepEqual(await glyphs(), want, 'shown after import');
    // Comments aside, and the move numbers a comment puts before a black move ("4... Nf6").
    const movetext = async () => (await page.evaluate(() => window.azurite.exportPgn())).split('\n\n')[1].replace(/\{[^}]*\}/g, '').replace(/\d+\.\.\. /g, '').replace(/\s+/g, ' ').trim();
    const wantPgn = '1. e4 $1 e5 $2 2. Nf3 $3 Nc6 $4 3. Bb5 $5 a6 $6 4. Ba4 $1 Nf6 $2 5. O-O $3 Be7 $4 6. Re1 $5 b5 $6 *';
    await waitEngine(page);
    await page.click('#tab-review');
    await page.selectOption('#review-quality', 'quick');
    for (let round = 1; round <= 2; round++) {
      await page.click('#btn-review');
      await page.waitForFunction(() => /^Review done/.test(document.getElementById('status').textContent), null, { timeout: 120000 });
      assert.deepEqual(await glyphs(), want, `move list after review ${round}`);
      assert.equal(await movetext(), wantPgn, `export after review ${round} (comments aside)`);
      if (round === 1) {
        await screenshot(page, 'review-annotated-desktop');
        const summary = () => page.locator('#review-summary').textContent();
        const before = await summary();
        assert.match(before, /Accuracy/);
        await page.reload();
        await page.waitForSelector('body[data-ready="true"]');
        assert.deepEqual(await glyphs(), want, 'after a reload');
        // The review itself survives the reload: summary, graph and button.
        assert.equal(await summary(), before, 'the same summary after a reload');
        assert.equal(await page.locator('#review-graph svg path.g-area').count(), 1, 'and the graph');
        assert.equal(await page.textContent('#btn-review'), 'Review again');
        await waitEngine(page);
      }
    }
    // A move added at the end changes the main line: that review no longer applies.
    await page.keyboard.press('End');
    assert.ok(await page.evaluate(() => window.azurite.controllers.review.userMove('a4b3')));
    assert.equal(await page.locator('#review-summary table').count(), 0, 'summary dropped');
    assert.equal(await page.textContent('#btn-review'), 'Review game');
    assert.equal(await page.evaluate(() => JSON.stringify(JSON.parse(localStorage.getItem('azurite.v1')).review)), '{"quality":"quick"}', 'and not saved');
  }, 'review-annotated');
});

test('review of a game from a FEN names moves by the game\'s own move numbers', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    // Black to move at move 30 takes a pawn the rook defends and loses the queen.
    await loadText(page, '[SetUp "1"]\n[FEN "6k1/8/1q6/8/8/8/1P4PP/1R5K b - - 0 30"]\n\n30... Qxb2 31. Rxb2 *');
    await waitEngine(page);
    await page.click('#tab-review');
    await page.selectOption('#review-quality', 'quick');
    await page.click('#btn-review');
    await page.waitForFunction(() => /^Review done/.test(document.getElementById('status').textContent), null, { timeout: 60000 });
    assert.deepEqual(await page.locator('#review-marks li .mark-move').allTextContents(), ['30… Qxb2??']);
  }, 'review-fen');
});

test('reload restores the game and the settings', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await startGame(page, { level: 'novice' });
    await clickMove(page, 'e2', 'e4');
    await waitPlies(page, 2);
    const before = await page.evaluate(() => ({ fen: window.azurite.game.current.fen, moves: window.azurite.game.uciMoves() }));
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    const afterState = await page.evaluate(() => ({ fen: window.azurite.game.current.fen, moves: window.azurite.game.uciMoves() }));
    assert.deepEqual(afterState, before);
    assert.equal(await page.inputValue('#level'), 'novice');
    assert.equal(await page.locator('#movelist .mv').count(), 2);
    // A corrupt saved state is discarded with a notice, and the page still works.
    await page.evaluate(() => localStorage.setItem('azurite.v1', '{"version":1,"game":{"fen":"garbage"}}'));
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.match(await page.textContent('#notice-text'), /could not be restored and was discarded/);
    assert.equal(await page.evaluate(() => window.azurite.game.current.fen.split(' ')[0]), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
    assert.equal(await page.evaluate(() => localStorage.getItem('azurite.v1.discarded')), '{"version":1,"game":{"fen":"garbage"}}', 'the unreadable state is kept aside');
  });
});

test('reload with a damaged saved game keeps the moves before the damage and says what was lost', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    // An analysis session whose saved move list has an illegal 4th move (Black's king e8-e2).
    const saved = {
      version: 1,
      mode: 'analysis',
      game: {
        fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
        headers: { White: 'Ann', Black: 'Bob' },
        result: '*',
        tree: [{ m: 'e2e4', k: [{ m: 'e7e5', n: [2], k: [{ m: 'g1f3', c: 'developing', k: [{ m: 'e8e2', k: [{ m: 'b1c3' }] }] }, { m: 'f1c4' }] }] }],
        cursor: [0, 0, 0, 0, 0],
      },
      analysis: { multipv: 2, running: false },
    };
    await page.evaluate((o) => localStorage.setItem('azurite.v1', JSON.stringify(o)), saved);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.textContent('#notice-text'), 'Part of the saved game was damaged (illegal move e8e2 after ply 3); the moves before the damage were kept.');
    assert.equal(await page.getAttribute('#tab-analysis', 'aria-selected'), 'true', 'the mode is restored');
    assert.deepEqual(await page.evaluate(() => window.azurite.game.mainlineNodes().map((n) => n.san)), ['e4', 'e5', 'Nf3']);
    assert.deepEqual(await page.locator('#movelist .mv').allTextContents(), ['e4', 'e5?', 'Nf3', 'Bc4'], 'marks, comments and the variation kept');
    assert.equal(await page.textContent('#movelist .comment'), 'developing');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Nf3', 'the cursor stops at the last kept move');
    assert.equal(await page.inputValue('#multipv'), '2');
    await screenshot(page, 'reload-damaged-desktop');
    // What was kept is saved again at once, so a second reload is clean.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.isVisible('#notice'), false);
    assert.deepEqual(await page.evaluate(() => window.azurite.game.uciMoves(window.azurite.game.mainlineNodes()[2])), ['e2e4', 'e7e5', 'g1f3']);
  }, 'reload-damaged');
});

test('PGN with HTML in tags and comments renders as text; bad PGN is reported with its line', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    const xss = '[Event "x"]\n[White "<img src=x onerror=window.__xss=1>"]\n[Black "<script>window.__xss=2</script>"]\n\n1. e4 {<b onmouseover=window.__xss=3>bold</b>} e5 *';
    await loadText(page, xss);
    assert.match(await page.textContent('#status'), /<img src=x onerror=window.__xss=1> – <script>/);
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    assert.equal(await page.locator('img, #movelist b, script:not([src])').count(), 0);
    assert.equal(await page.textContent('#movelist .comment'), '<b onmouseover=window.__xss=3>bold</b>');
    const fen = await page.evaluate(() => window.azurite.game.current.fen);
    await loadText(page, '1. e4 e5\n2. Nf3 Nc6\n3. Bb5 Qxh2');
    assert.equal(await page.textContent('#load-error'), 'Line 3, column 8, move 3… Qxh2: illegal move (Black to play).');
    assert.equal(await page.evaluate(() => window.azurite.game.current.fen), fen, 'the previous game stays');
  });
});

test('keyboard navigation through the move list', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '1. e4 e5 2. Nf3 Nc6 3. Bb5 *');
    assert.equal(await page.textContent('#status'), 'Loaded the game, 5 half-moves.', 'a PGN without player names');
    await page.locator('#movelist').focus();
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Bb5');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Nf3');
    assert.equal(await page.textContent('#movelist .mv.current'), 'Nf3');
    assert.match(await page.textContent('#status'), /White Nf3/);
    await page.keyboard.press('Home');
    assert.equal(await page.evaluate(() => window.azurite.game.current.ply), 0);
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'e4');
    await page.click('#movelist .mv >> text=Nc6');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Nc6');
    // An open dialog keeps its keys: the arrows do not move the game behind it.
    await page.keyboard.press('?');
    await page.locator('#keys-dialog[open]').waitFor();
    for (const key of ['ArrowLeft', 'Home', 'End']) await page.keyboard.press(key);
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Nc6', 'the game behind the dialog stays');
    await page.click('#keys-close');
    await page.locator('#keys-dialog[open]').waitFor({ state: 'detached' });
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Nf3', 'and moves again once it is closed');
    await page.click('#movelist .mv >> text=Nc6');
    // Tabs follow the ARIA pattern: arrow keys move between them.
    await page.focus('#tab-analysis');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#tab-review', 'aria-selected'), 'true');
    assert.equal(await square(page, 'e4').count(), 1);
  });
});

test('navigating moves only the highlight; a changed tree redraws the move list', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *');
    await page.keyboard.press('End');
    // Mark the buttons; a rebuild would replace them with unmarked ones.
    const marked = () => page.evaluate(() => [...document.querySelectorAll('#movelist .mv')].filter((b) => b.dataset.kept === '1').length);
    await page.evaluate(() => document.querySelectorAll('#movelist .mv').forEach((b) => { b.dataset.kept = '1'; }));
    for (const key of ['ArrowLeft', 'ArrowLeft', 'Home', 'ArrowRight', 'End', 'ArrowLeft']) await page.keyboard.press(key);
    assert.equal(await marked(), 6, 'the same six buttons after navigating');
    assert.deepEqual(await page.locator('#movelist .mv.current').allTextContents(), ['Bb5'], 'one highlighted move, the cursor');
    assert.equal(await page.getAttribute('#movelist .mv.current', 'aria-current'), 'true');
    assert.equal(await page.locator('#movelist .mv[aria-current]').count(), 1);
    await page.click('#movelist .mv >> text=e5');
    assert.deepEqual(await page.locator('#movelist .mv.current').allTextContents(), ['e5']);
    assert.equal(await marked(), 6);
    // A new move (a variation here) changes the tree: the list is drawn again, with it.
    await page.evaluate(() => window.azurite.controllers.analysis.userMove('d2d4'));
    assert.equal(await marked(), 0, 'redrawn after a move');
    assert.deepEqual(await page.locator('#movelist .variation .mv').allTextContents(), ['d4']);
    assert.deepEqual(await page.locator('#movelist .mv.current').allTextContents(), ['d4']);
    // So is a change that keeps the shape: a glyph or a comment.
    await page.evaluate(() => document.querySelectorAll('#movelist .mv').forEach((b) => { b.dataset.kept = '1'; }));
    await page.evaluate(() => {
      const a = window.azurite;
      a.game.current.nags.push(1);
      a.refresh({ animate: false });
    });
    assert.equal(await marked(), 0, 'redrawn after a NAG changed');
    assert.equal(await page.textContent('#movelist .mv.current'), 'd4!');
  });
});

test('touch: moves by tapping on a phone-sized screen', async () => {
  await withPage({ viewport: PHONE, touch: true }, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '1. e4 *');
    await page.keyboard.press('End');
    await square(page, 'e7').tap();
    await square(page, 'e5').tap();
    await page.waitForFunction(() => window.azurite.game.current.san === 'e5');
    await page.waitForTimeout(400); // let the piece animation finish, as a person would
    await square(page, 'g1').tap();
    await square(page, 'f3').tap();
    await page.waitForFunction(() => window.azurite.game.current.san === 'Nf3');
    // The layout fits the phone: no horizontal scrolling.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  });
});
