// Links (web/links.js): the fragment's game encoding, round trips and damaged links.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeMoves, decodeMoves, gameFragment, gameFromFragment, isLinkFragment } from '../../web/links.js';
import { parseGameText } from '../../web/pgn.js';
import { START_FEN } from '../../web/game.js';
import { setLanguage, t } from '../../web/i18n.js';

const OPERA = '[White "Morphy"]\n[Black "Duke Karl / Count Isouard"]\n[Event "Paris"]\n[Date "1858.??.??"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0';

test('a game round trips through its fragment, cursor and headers included', () => {
  const g = parseGameText(OPERA).game;
  g.last();
  const frag = gameFragment(g);
  assert.ok(frag.length < 140, `${frag.length} characters`);
  assert.ok(isLinkFragment(`#${frag}`));
  const back = gameFromFragment(`#${frag}`);
  assert.equal(back.problem, '');
  assert.deepEqual(back.game.mainlineNodes().map((n) => n.san), g.mainlineNodes().map((n) => n.san));
  assert.equal(back.game.headers.White, 'Morphy');
  assert.equal(back.game.headers.Black, 'Duke Karl / Count Isouard');
  assert.equal(back.game.headers.Date, '1858.??.??');
  assert.equal(back.game.headers.Round, undefined, 'only the tags a link carries');
  assert.equal(back.game.result, '1-0');
  assert.equal(back.game.current.san, 'Rd8#');
  // The cursor at move 10.
  g.goTo(g.mainlineNodes()[18]);
  const at = gameFromFragment(gameFragment(g)).game;
  assert.equal(at.current.ply, 19);
  assert.equal(at.current.san, 'Nxb5');
});

test('positions, promotions and a start from a FEN', () => {
  assert.deepEqual(gameFromFragment('#fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-').game, null);
  assert.match(gameFromFragment('#fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-').problem, /^The link's position is invalid: /);
  const fen = '8/P6k/8/8/8/8/8/K7 w - - 0 1';
  const g = gameFromFragment(`#${new URLSearchParams({ fen, g: encodeMoves(fen, ['a7a8n', 'h7g6', 'a8b6']) })}`).game;
  assert.deepEqual(g.mainlineNodes().map((n) => n.san), ['a8=N', 'Kg6', 'Nb6']);
  assert.equal(g.startFen, fen);
  const pos = gameFromFragment(`#fen=${encodeURIComponent(fen)}`);
  assert.equal(pos.game.current.fen, fen);
  assert.equal(gameFromFragment('#something=else').game, null);
  assert.equal(isLinkFragment('#x=1'), false);
  // A start position with no moves still makes a link.
  const empty = gameFromFragment(gameFragment(parseGameText(START_FEN).game));
  assert.equal(empty.game.current.fen, START_FEN);
});

test('a damaged link keeps the moves before the damage', () => {
  const good = encodeMoves(START_FEN, ['e2e4', 'e7e5', 'g1f3']);
  const bad = `${good.slice(0, 2)}__`;
  const r = gameFromFragment(`#g=${bad}`);
  assert.match(r.problem, /^The link is damaged: move \d of the link is not a legal move; the moves before it are shown\.$/);
  assert.equal(r.kind, 'damaged');
  assert.match(r.why, /^move \d of the link is not a legal move$/);
  assert.ok(r.game.mainlineNodes().length >= 1);
  assert.equal(gameFromFragment('#g=%%%').problem, 'The link is damaged: the moves are not in the link\'s encoding; the moves before it are shown.');
  assert.deepEqual(decodeMoves(START_FEN, ''), { ucis: [], error: '' });
});

test("a bad position's reason comes alone, in every language", () => {
  const link = '#fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-';
  const en = gameFromFragment(link);
  assert.equal(en.kind, 'position');
  assert.equal(en.problem, t('link.badPosition', { why: en.why }));
  assert.doesNotMatch(en.why, /Invalid FEN/);
  try {
    setLanguage('fr');
    const fr = gameFromFragment(link);
    assert.equal(fr.problem, t('link.badPosition', { why: fr.why }));
    assert.doesNotMatch(fr.problem, /FEN invalide/, "the FEN error's own prefix is not repeated inside the link's sentence");
  } finally {
    setLanguage('en');
  }
});
