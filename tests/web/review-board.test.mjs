// Browser tests of game review, practice mode and the analysis board (issue 20) in
// headless Chromium against dist/ with the production CSP: lichess-calibrated marks
// and mate verdicts with explanations that name the engine's line, repeatable
// reviews and the cache, practice puzzles, engine output that never outlives its
// position, tree edits and drawn shapes through PGN export and import, and opening
// names across a transposition. Reviews run at the quick setting (20k nodes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, gotoApp, waitEngine, loadText, clickMove, square, screenshot, withPage } from './harness.mjs';

const LEGALL = '[White "Legall"]\n[Black "Saint Brie"]\n\n1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0';
// 3...Nf6?? allows Qxf7#, and 4.Qf3? walks past it.
const MISSED = '[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 *';
const OPERA = '[White "Morphy"]\n[Black "Allies"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0';

let server;
before(async () => {
  server = await startServer();
});
after(() => server && server.stop());

// review loads pgn, reviews it at quality and returns the marks as {move, cls, kind, text}.
async function review(page, pgn, quality = 'quick') {
  if (pgn) await loadText(page, pgn);
  await page.click('#tab-review');
  await page.selectOption('#review-quality', quality);
  await page.evaluate(() => { document.getElementById('status').textContent = ''; });
  await page.click('#btn-review');
  await page.waitForFunction(() => /^Review done/.test(document.getElementById('status').textContent), null, { timeout: 120000 });
  return marks(page);
}

function marks(page) {
  return page.evaluate(() => [...document.querySelectorAll('#review-marks li')].map((li) => ({
    move: li.querySelector('.mark-move').textContent,
    cls: li.className,
    kind: li.dataset.kind,
    text: li.querySelector('.mark-text').textContent.trim(),
  })));
}

// counts reads the summary table: {w: [?!, ?, ??], b: [...]}.
function counts(page) {
  return page.evaluate(() => Object.fromEntries(['w', 'b'].map((c) => [c, ['inaccuracy', 'mistake', 'blunder'].map((k) => Number(document.querySelector(`#review-summary tr[data-color="${c}"] .count-${k}`).textContent))])));
}

// tally counts the marks list per side and class, as the summary table should.
function tally(list) {
  const out = { w: [0, 0, 0], b: [0, 0, 0] };
  for (const m of list) {
    const side = /…/.test(m.move) ? 'b' : 'w';
    out[side][['mark inaccuracy', 'mark mistake', 'mark blunder'].indexOf(m.cls)]++;
  }
  return out;
}

test('review: a move that allows mate and a missed mate get lichess verdicts, counts and the engine line', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    let list = await review(page, LEGALL);
    const bxd1 = list.find((m) => m.move === '5… Bxd1??');
    assert.ok(bxd1, `5...Bxd1 marked ??: ${JSON.stringify(list)}`);
    assert.equal(bxd1.kind, 'mate-created');
    assert.match(bxd1.text, /^Checkmate is now unavoidable \([^)]*→ #2\)\. Allows mate in 2: 6\.Bxf7\+ Ke7 7\.Nd5#\. 5\.\.\.\S+ was best\.$/);
    assert.deepEqual(await counts(page), tally(list), 'the summary counts the marks listed');
    assert.ok((await counts(page)).b[2] >= 1);
    // The move list and the export carry the verdict.
    const pgn = await page.evaluate(() => window.azurite.exportPgn());
    assert.match(pgn.replace(/\s+/g, ' '), /5\. Nxe5 Bxd1 \$4 \{Checkmate is now unavoidable \(.*\)\. Allows mate in 2: 6\.Bxf7\+ Ke7 7\.Nd5#\./);
    // At the marked move the board shows the engine's best move as an arrow.
    await page.locator('#review-marks button', { hasText: 'Bxd1' }).click();
    const want = await page.evaluate(() => {
      const r = window.azurite.controllers.review.state;
      return r.byNode.get(window.azurite.game.current.id).best.slice(0, 4);
    });
    assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('#board .arrow')].map((a) => `${a.getAttribute('class')} ${a.dataset.arrow}`)), [`arrow arrow-engine-best ${want}`]);
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('#board .arrow').count(), 0, 'no arrow at an unmarked move');

    list = await review(page, MISSED);
    const nf6 = list.find((m) => m.move === '3… Nf6??');
    assert.ok(nf6, JSON.stringify(list));
    assert.equal(nf6.kind, 'mate-created');
    assert.match(nf6.text, /^Checkmate is now unavoidable \(.*\)\. Allows mate in 1: 4\.Qxf7#\. /);
    const qf3 = list.find((m) => m.move === '4. Qf3??');
    assert.ok(qf3, JSON.stringify(list));
    assert.equal(qf3.kind, 'mate-lost');
    // Between the verdict and the missed mate the review may name material
    // the engine's line wins after the move (the net sees 4...Nd4 win two
    // pawns); nothing else.
    assert.match(qf3.text.replace(/\(.*\)/, '()'), /^Lost forced checkmate sequence \(\)\. (?:Loses .+ after .+\. )?Misses mate in 1: 4\.Qxf7#\.$/);
    assert.match(qf3.text, /\(#1 → [+-]?\d+\.\d\d\)/);
    assert.deepEqual(await counts(page), tally(list));
  }, 'review-mates');
});

test('review: two reviews give identical marks, and the second from the cache', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    const first = await review(page, OPERA);
    const nags = () => page.evaluate(() => window.azurite.game.mainlineNodes().map((n) => `${n.san}${n.nags.join(',')} ${n.comment}`));
    const firstNags = await nags();
    assert.equal(await page.evaluate(() => window.azurite.controllers.review.state.searched), 33, 'every position but the final mate searched');
    // The same review again with the cache emptied: the engine searches every position
    // again and must come to the same marks and words.
    // A hash size left by another mode does not reach the review: it searches with the
    // engine's default (16 MB), so nothing is left to send when that is asked for.
    await page.evaluate(() => window.azurite.controllers.review.clearCache());
    assert.deepEqual(await page.evaluate(() => window.azurite.setOptions({ Hash: 64 })), ['Hash']);
    assert.deepEqual(await review(page), first);
    assert.deepEqual(await nags(), firstNags);
    assert.equal(await page.evaluate(() => window.azurite.controllers.review.state.searched), 33);
    assert.deepEqual(await page.evaluate(() => window.azurite.setOptions({ Hash: 16 })), [], 'the review searched with Hash 16');
    // And once more: nothing is searched.
    assert.deepEqual(await review(page), first);
    assert.equal(await page.evaluate(() => window.azurite.controllers.review.state.searched), 0);
    // How many moves the quick setting's 20 000 nodes mark depends on the net
    // (nn-20b9bcf4c0d6 marks 8.Nc3 and 15...Nxd7, the nets before it at least
    // three moves); the point here is that they repeat, so the floor is two
    // marks, one of them the move that allows mate.
    assert.ok(first.length >= 2, `the Opera Game has errors to mark: ${JSON.stringify(first)}`);
    assert.ok(first.some((m) => m.kind === 'mate-created'), `15...Nxd7 allows mate: ${JSON.stringify(first)}`);
    // Every explanation names a line or the better move.
    for (const m of first) assert.match(m.text, /(Allows mate in \d+: |Loses .* after |Misses |was best\.)/, m.move);
  }, 'review-repeat');
});

test('review: the last position is searched first, and a cancelled review starts again whole', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await loadText(page, OPERA);
    await page.click('#tab-review');
    await page.selectOption('#review-quality', 'quick');
    await page.evaluate(() => window.azurite.controllers.review.clearCache());
    await page.click('#btn-review');
    // The graph fills from the end: the final mate at once (the rules' verdict), then
    // the positions before it; the start is still unscored.
    await page.waitForFunction(() => window.azurite.controllers.review.state.points.filter(Boolean).length >= 4);
    const [filled, label] = await page.evaluate(() => [
      window.azurite.controllers.review.state.points.map((p) => !!p),
      document.querySelector('#review-graph svg.eval-graph').getAttribute('aria-label'),
    ]);
    assert.equal(filled.length, 34);
    assert.equal(filled[0], false, 'the start position is searched last');
    const n = filled.filter(Boolean).length;
    assert.deepEqual(filled.slice(34 - n), Array(n).fill(true), `a scored stretch at the end: ${filled}`);
    assert.equal(await page.locator('#review-graph svg path.g-area').count(), 1, 'drawn while it runs');
    // The graph's label says how much is scored, as its shading shows it.
    assert.equal(label, `Evaluation graph, ${n} of 34 positions scored so far: White above the middle line`);
    await screenshot(page, 'review-backward-running');
    await page.click('#btn-review');
    await page.waitForFunction(() => !window.azurite.controllers.review.state.running);
    assert.equal(await page.textContent('#btn-review'), 'Review game');
    // What the cancelled review searched is cached, but a review uses the cache only
    // for a whole line: the next one searches every position again, from the end.
    await page.evaluate(() => { document.getElementById('status').textContent = ''; });
    await page.click('#btn-review');
    await page.waitForFunction(() => /^Review done/.test(document.getElementById('status').textContent), null, { timeout: 120000 });
    assert.equal(await page.evaluate(() => window.azurite.controllers.review.state.searched), 33);
    assert.equal(await page.getAttribute('#review-graph svg.eval-graph', 'aria-label'), 'Evaluation graph: White above the middle line');
  }, 'review-backward');
});

test('review: a search a cancel cut short is not cached', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await loadText(page, '[White "A"]\n[Black "B"]\n\n1. e4 e5 *');
    await page.click('#tab-review');
    await page.selectOption('#review-quality', 'normal');
    await page.evaluate(() => window.azurite.controllers.review.clearCache());
    // Cancel while the last search (the start position) runs: its result came from a
    // stopped search, so the next review must not find the whole line cached.
    await page.evaluate(() => {
      window.lastSearchRunning = new Promise((res) => {
        const off = window.azurite.engine.on('info', () => {
          if (window.azurite.controllers.review.state.searched === 3) { off(); res(); }
        });
      });
    });
    await page.click('#btn-review');
    await page.evaluate(() => window.lastSearchRunning);
    await page.click('#btn-review');
    await page.waitForFunction(() => !window.azurite.controllers.review.state.running);
    assert.equal(await page.textContent('#btn-review'), 'Review game', 'cancelled, not finished');
    await page.evaluate(() => { document.getElementById('status').textContent = ''; });
    await page.click('#btn-review');
    await page.waitForFunction(() => /^Review done/.test(document.getElementById('status').textContent), null, { timeout: 120000 });
    assert.equal(await page.evaluate(() => window.azurite.controllers.review.state.searched), 3, 'the whole line searched again');
  }, 'review-cut-short');
});

test('practice mode: refuses a blunder, gives a hint, accepts the best move', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await waitEngine(page);
    await review(page, MISSED);
    await page.selectOption('#practice-side', 'b');
    await page.click('#btn-practice');
    assert.equal(await page.textContent('#practice-status'), 'Black to move: find a better move than Nf6.');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Qh5', 'the position before the mistake');
    // 3...Nd4?? still allows Qxf7#: searched and refused; the puzzle is set up again.
    await clickMove(page, 'c6', 'd4');
    await page.waitForFunction(() => /Try again\.$/.test(document.getElementById('practice-status').textContent));
    assert.match(await page.textContent('#practice-status'), /^Nd4 is no better: checkmate is now unavoidable \(.*\)\. Try again\.$/);
    await page.waitForFunction(() => window.azurite.movable() === 'b' && window.azurite.view.fen === window.azurite.game.current.fen);
    assert.equal(await page.evaluate(() => window.azurite.game.mainlineNodes().length), 7, 'practice moves never enter the game');
    // The game's own move is refused at once.
    await clickMove(page, 'g8', 'f6');
    await page.waitForFunction(() => /^Nf6 is the game's move\. Try again\.$/.test(document.getElementById('practice-status').textContent));
    await page.waitForFunction(() => window.azurite.movable() === 'b' && window.azurite.view.fen === window.azurite.game.current.fen);
    const best = await page.evaluate(() => window.azurite.controllers.review.practice.state.list[0].best);
    await page.click('#btn-practice-hint');
    assert.equal(await page.locator(`#board .marker-hint`).count(), 1);
    await screenshot(page, 'practice-desktop');
    await clickMove(page, best.slice(0, 2), best.slice(2, 4));
    await page.waitForFunction(() => /^Correct/.test(document.getElementById('practice-status').textContent));
    assert.match(await page.textContent('#practice-status'), /^Correct: \S+ is the best move\./);
    await page.click('#btn-practice-stop');
    assert.equal(await page.isVisible('#practice-run'), false);
  }, 'practice');
});

test('analysis: engine lines never outlive their position (navigation, load, stop); an arrow per line', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, OPERA);
    await waitEngine(page);
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    // Every frame, the lines on screen must belong to the board's position.
    await page.evaluate(() => {
      window.__stale = [];
      const tick = () => {
        const list = document.getElementById('pv-lines');
        const fen = window.azurite.game.current.fen;
        if (list.dataset.fen && list.dataset.fen !== fen) window.__stale.push(`${list.dataset.fen} on ${fen}`);
        if (list.querySelector('.pv-line') && !list.dataset.fen) window.__stale.push('lines without a position');
        // Independently of data-fen: each line's first move must be legal on the board.
        const legal = window.azurite.game.position().moves();
        for (const b of list.querySelectorAll('.pv-line .pv-move:first-of-type')) {
          if (!legal.includes(b.textContent)) window.__stale.push(`${b.textContent} shown on ${fen}`);
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.click('#btn-engine');
    const lines = () => page.waitForFunction(() => document.querySelectorAll('#pv-lines .pv-line').length === 3, null, { timeout: 30000 });
    await lines();
    // One arrow per distinct first move of the shown lines, the first one the strongest.
    const arrows = await page.evaluate(() => {
      const firsts = [...document.querySelectorAll('#pv-lines .pv-line')].map((li) => li.querySelector('.pv-move').textContent);
      return { firsts: [...new Set(firsts)].length, best: document.querySelectorAll('#board .arrow-engine-best').length, alt: document.querySelectorAll('#board .arrow-engine-alt').length };
    });
    assert.equal(arrows.best, 1);
    assert.equal(arrows.alt, arrows.firsts - 1);
    await page.keyboard.press('ArrowLeft');
    await lines();
    await page.keyboard.press('Home');
    await lines();
    await loadText(page, '8/8/8/4k3/8/8/3QK3/8 w - - 0 1');
    await lines();
    assert.deepEqual(await page.evaluate(() => window.__stale), [], 'no line of another position was shown');
    // Stop: lines, depth, arrows and the eval bar's figure go.
    await page.click('#btn-engine');
    await page.waitForTimeout(300);
    assert.equal(await page.locator('#pv-lines .pv-line').count(), 0, 'no lines after stop');
    assert.equal(await page.textContent('#engine-stats'), '');
    assert.equal(await page.locator('#board .arrow').count(), 0, 'no arrows after stop');
    assert.equal(await page.textContent('#evalbar-text'), 'off');
    assert.deepEqual(await page.evaluate(() => window.__stale), []);
  }, 'analysis-stale');
});

test('tree edits and drawn shapes survive PGN export and import', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    await loadText(page, '1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 *');
    const moveBtn = (san, inVariation) => page.locator(inVariation ? '#movelist .variation .mv' : '#movelist .moves-flow > .mv', { hasText: new RegExp(`^${san.replace('+', '\\+')}$`) }).first();
    // Promote 1...c5 to the main line.
    await moveBtn('c5', true).click();
    await page.click('#btn-tree-promote');
    assert.deepEqual(await page.evaluate(() => window.azurite.game.mainlineNodes().map((n) => n.san)), ['e4', 'c5', 'Nf3']);
    // Comment 2.Nf3 and draw on it: an arrow (right-drag) and a circle (right-click).
    await moveBtn('Nf3', false).click();
    await page.click('#btn-tree-comment');
    await page.fill('#comment-text', 'The open Sicilian follows.');
    await page.click('#btn-comment-save');
    // The comment form sits low in the side column; the person scrolls back to the board.
    await page.locator('#board').scrollIntoViewIfNeeded();
    const drag = async (from, to) => {
      const a = await square(page, from).boundingBox();
      const b = await square(page, to).boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down({ button: 'right' });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
      await page.mouse.up({ button: 'right' });
    };
    await drag('d2', 'd4');
    await drag('d4', 'd4');
    await page.keyboard.down('Shift');
    await drag('f3', 'e5');
    await page.keyboard.up('Shift');
    // Alt with the left button draws too, and moves no piece: Alt+click on the knight.
    const ply = await page.evaluate(() => window.azurite.game.current.id);
    await page.keyboard.down('Alt');
    const f3 = await square(page, 'f3').boundingBox();
    await page.mouse.click(f3.x + f3.width / 2, f3.y + f3.height / 2);
    await page.keyboard.up('Alt');
    assert.equal(await page.evaluate(() => window.azurite.game.current.id), ply, 'no move was made');
    assert.equal(await page.locator('#board .arrow-user-g').count(), 1);
    assert.equal(await page.locator('#board .arrow-user-r').count(), 1);
    assert.equal(await page.locator('#board .marker-user-g').count(), 2);
    assert.equal(await page.evaluate(() => window.azurite.game.current.comment), '[%cal Gd2d4,Rf3e5] [%csl Gd4,Gf3] The open Sicilian follows.');
    assert.equal(await page.locator('#movelist .comment').first().textContent(), 'The open Sicilian follows.', 'the move list shows the words only');
    // Delete 3.Bb5 (now in the variation) and what follows.
    await moveBtn('Bb5', true).click();
    await page.click('#btn-tree-delete');
    assert.equal(await page.evaluate(() => window.azurite.game.current.san), 'Nc6');
    const pgn = await page.evaluate(() => window.azurite.exportPgn());
    assert.equal(pgn.split('\n\n')[1].replace(/\s+/g, ' ').trim(), '1. e4 c5 (1... e5 2. Nf3 Nc6) 2. Nf3 {[%cal Gd2d4,Rf3e5] [%csl Gd4,Gf3] The open Sicilian follows.} *');
    // Import the export: same tree, same text, and the shapes are drawn again.
    await loadText(page, pgn);
    assert.equal(await page.evaluate(() => window.azurite.exportPgn()), pgn);
    await page.keyboard.press('End');
    assert.equal(await page.locator('#board .arrow-user-g').count(), 1);
    assert.equal(await page.locator('#board .marker-user-g').count(), 2);
    // Drawing the same arrow again takes it away.
    await drag('d2', 'd4');
    assert.equal(await page.evaluate(() => window.azurite.game.current.comment), '[%cal Rf3e5] [%csl Gd4,Gf3] The open Sicilian follows.');
  }, 'tree-edit');
});

test('the opening is named by position, so a transposition is named', async () => {
  await withPage({}, async (page) => {
    await gotoApp(page, server.url);
    // 1.c4 e6 2.Nc3 d5 3.d4 reaches the Queen's Gambit Declined by another order.
    await loadText(page, '1. c4 e6 2. Nc3 d5 3. d4 Nf6 *');
    const at = async (ply) => {
      await page.keyboard.press('Home');
      for (let i = 0; i < ply; i++) await page.keyboard.press('ArrowRight');
      return page.textContent('#opening');
    };
    assert.equal(await at(0), '');
    assert.equal(await at(2), 'A13 English Opening: Agincourt Defense');
    assert.equal(await at(3), 'A13 English Opening: Agincourt Defense', 'an unnamed position keeps the last name');
    assert.equal(await at(5), 'D31 Queen\'s Gambit Declined: Queen\'s Knight Variation');
    await page.click('#tab-review');
    assert.equal(await page.textContent('#opening'), 'D31 Queen\'s Gambit Declined: Queen\'s Knight Variation', 'shown in review too');
    await page.click('#tab-play');
    assert.equal(await page.isVisible('#opening'), false, 'not in play');
  }, 'openings');
});
