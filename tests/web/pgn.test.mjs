// Unit tests of PGN and FEN input (web/pgn-reader.js, web/pgn.js) and PGN output:
// variations nested in parentheses, comments, NAGs and glyphs, several games, the
// limits, and the messages for bad input, which must name the line and the move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Chess } from 'chess.js';
import { sharedData } from './repo.mjs';
import { Game, MAX_PLY } from '../../web/game.js';
import { parseGameText, readGames, pickGame, exportPgn, InputError, MAX_TEXT } from '../../web/pgn.js';
import { readPgn, MAX_DEPTH, MAX_MOVES } from '../../web/pgn-reader.js';

// movetext returns the exported moves of game on one line: the tree's signature.
function movetext(game) {
  return exportPgn(game).split('\n\n')[1].replace(/\s+/g, ' ').replace(/\( /g, '(').trim();
}

test('PGN reader: what it reads, as the tree it builds', () => {
  const rows = [
    { name: 'main-line', pgn: '1. e4 e5 2. Nf3 *', want: '1. e4 e5 2. Nf3 *' },
    { name: 'one-variation', pgn: '1. e4 e5 (1... c5) 2. Nf3 *', want: '1. e4 e5 (1... c5) 2. Nf3 *' },
    {
      name: 'nested-variations',
      pgn: '1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5)) 2... d6) 2. Nf3 *',
      want: '1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5)) 2... d6) 2. Nf3 *',
    },
    { name: 'two-variations-one-move', pgn: '1. e4 (1. d4 d5) (1. c4) 1... e5 *', want: '1. e4 (1. d4 d5) (1. c4) 1... e5 *' },
    { name: 'variation-of-first-move', pgn: '1. e4 (1. d4) *', want: '1. e4 (1. d4) *' },
    {
      name: 'comments-brace-and-semicolon',
      pgn: '{A quiet\n   game.} 1. e4 ; the centre\ne5 {symmetry} *',
      want: '{A quiet game.} 1. e4 {the centre} 1... e5 {symmetry} *',
    },
    { name: 'comment-opening-a-variation', pgn: '1. e4 ({or} 1. d4 {solid}) e5 *', want: '1. e4 ({or} 1. d4 {solid}) 1... e5 *' },
    { name: 'comment-after-a-closed-variation', pgn: '1. e4 (1. d4) {back to e4} 1... e5 *', want: '1. e4 (1. d4) {back to e4} 1... e5 *' },
    { name: 'comment-only-variation', pgn: '1. e4 ({nothing else}) e5 *', want: '1. e4 {nothing else} 1... e5 *' },
    {
      name: 'suffixes-nags-glyphs',
      pgn: '1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 += +- *',
      want: '1. e4 $1 e5 $2 2. Nf3 $3 Nc6 $4 3. Bb5 $5 a6 $6 4. Ba4 $14 $18 *',
    },
    { name: 'move-number-styles', pgn: '1.e4 1...e5 2 . Nf3 2…Nc6 3.Bb5 *', want: '1. e4 e5 2. Nf3 Nc6 3. Bb5 *' },
    { name: 'no-move-numbers', pgn: 'e4 e5 Nf3', want: '1. e4 e5 2. Nf3 *' },
    { name: 'zeros-castling-figurines', pgn: '1. e4 e5 2. ♘f3 ♞c6 3. ♗c4 ♝c5 4. 0-0 *', want: '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *' },
    { name: 'lenient-san', pgn: '1. e2e4 e7-e5 2. Ng1f3 Nc6+ *', want: '1. e4 e5 2. Nf3 Nc6 *' },
    { name: 'escape-line', pgn: '%produced by a program\n1. e4 *', want: '1. e4 *' },
    { name: 'result-inside-variation', pgn: '1. e4 (1. f3 e5 2. g4 Qh4# 0-1) 1... e5 1-0', want: '1. e4 (1. f3 e5 2. g4 Qh4#) 1... e5 1-0' },
    { name: 'half-half-result', pgn: '1. e4 e5 ½-½', want: '1. e4 e5 1/2-1/2' },
    { name: 'promotions', pgn: '[FEN "4k3/P6P/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. a8=Q+ (1. h8=N Kd7) 1... Kd7 *', want: '1. a8=Q+ (1. h8=N Kd7) 1... Kd7 *' },
    {
      name: 'black-to-move-start',
      pgn: '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"]\n\n30... Kd7 (30... Kf7 31. e4) 31. e4 *',
      want: '30... Kd7 (30... Kf7 31. e4) 31. e4 *',
    },
    { name: 'clock-commands-kept', pgn: '1. e4 { [%clk 0:05:00] } e5 { [%eval 0.2] [%clk 0:04:58] } *', want: '1. e4 {[%clk 0:05:00]} 1... e5 {[%eval 0.2] [%clk 0:04:58]} *' },
    { name: 'same-move-in-variation-merges', pgn: '1. e4 e5 2. Nf3 (2. Nf3 Nc6) 2... Nf6 *', want: '1. e4 e5 2. Nf3 Nc6 (2... Nf6) *' },
  ];
  for (const r of rows) {
    const { game } = parseGameText(r.pgn);
    assert.equal(movetext(game), r.want, r.name);
  }
});

test('PGN reader: tags, escapes and HTML stay plain text', () => {
  const { game } = parseGameText('[Event "A \\"big\\" \\\\ day"]\n[White "<img src=x onerror=alert(1)>"]\n[Result "1-0"]\n\n1. e4 {<b>bold</b>} e5 1-0');
  assert.equal(game.headers.Event, 'A "big" \\ day');
  assert.equal(game.headers.White, '<img src=x onerror=alert(1)>');
  assert.equal(game.result, '1-0');
  assert.equal(game.root.children[0].comment, '<b>bold</b>');
  assert.match(exportPgn(game), /\[Event "A \\"big\\" \\\\ day"\]/);
});

test('PGN reader: several games are listed, any can be built, a broken one hides no other', () => {
  const text = [
    '[Event "Open"]\n[Date "2024.05.01"]\n[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0',
    '[White "Cy"]\n[Black "Di"]\n\n1. d4 {oops never closed\n',
    '[White "Ed"]\n[Black "Flo"]\n\n1. c4 e5 (1... c5) 2. Nc3 *',
    '1. e4 c5 2. Nf3 Ke7 *',
  ].join('\n\n');
  const games = readGames(text);
  assert.deepEqual(games.map((g) => g.summary), [
    '1. Ann – Bob (Open, 2024.05.01) 1-0',
    '2. Cy – Di — unreadable',
    '3. Ed – Flo',
    '4. game at line 20',
  ]);
  assert.equal(pickGame(games, 0).game.mainlineNodes().length, 7);
  assert.match(pickGame(games, 0).note, /Loaded game 1 of 4/);
  assert.throws(() => pickGame(games, 1), /^InputError: Game 2 of 4: Line 12, column 7: this comment "\{" is never closed with "\}"\.$/);
  assert.equal(movetext(pickGame(games, 2).game), '1. c4 e5 (1... c5) 2. Nc3 *');
  assert.throws(() => parseGameText(text, 3), /^InputError: Game 4 of 4: Line 20, column 17, move 2… Ke7: illegal move \(Black to play\)\.$/);
  assert.throws(() => parseGameText(text, 9), /There is no game 10; the text holds 4/);
  assert.equal(parseGameText(text).game.headers.White, 'Ann', 'the first game by default');
});

test('PGN and FEN input: bad input names the line, the column and the move', () => {
  // One move, then variations of four moves each: the last move is one too many.
  const manyMoves = `e4 ${'(d4 d5 Nf3 Nf6) '.repeat(MAX_MOVES / 4)}`;
  const deep = `1. e4 ${'(1. d4 '.repeat(MAX_DEPTH + 1)}${')'.repeat(MAX_DEPTH + 1)} *`;
  const rows = [
    { name: 'illegal-main-line', text: '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Qxa4', want: 'Line 4, column 18, move 4… Qxa4: illegal move (Black to play).' },
    { name: 'illegal-in-variation', text: '1. e4 e5\n(1... c5 2. Nf3\n  (2. Nc3 Nc6 3. Nxe5))', want: 'Line 3, column 18, move 3. Nxe5 (in a variation): illegal move (White to play).' },
    { name: 'ambiguous', text: '[FEN "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1"]\n\n1. Nc3', want: 'Line 3, column 4, move 1. Nc3: ambiguous, it could be Nbc3 or Ndc3 (White to play).' },
    { name: 'promotion-without-piece', text: '[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. a8', want: /^Line 3, column 4, move 1\. a8: a promotion needs a piece, e\.g\. a8=[QRBN] \(White to play\)\.$/ },
    { name: 'not-a-move', text: '1. e4 hello', want: 'Line 1, column 7, move 1… hello: not a move (Black to play).' },
    { name: 'null-move', text: '1. e4 -- 2. d4', want: 'Line 1, column 7, move 1… --: null moves are not supported (Black to play).' },
    { name: 'castling-not-legal', text: '1. O-O', want: 'Line 1, column 4, move 1. O-O: castling is not legal here (White to play).' },
    { name: 'variation-never-closed', text: '1. e4 (1. d4 d5\n2. c4', want: 'Line 1, column 7: this variation "(" is never closed with ")".' },
    { name: 'variation-never-closed-before-next-game', text: '1. e4 (1. d4\n\n[Event "2"]\n1. e4 *', want: /^Game 1 of 2: Line 1, column 7: this variation "\(" is never closed/ },
    { name: 'close-without-open', text: '1. e4 ) e5', want: 'Line 1, column 7: ")" closes a variation that was never opened.' },
    { name: 'variation-before-any-move', text: '(1. d4) 1. e4', want: 'Line 1, column 1: a variation "(" must follow the move it replaces.' },
    { name: 'comment-never-closed', text: '1. e4 {oops\ne5', want: 'Line 1, column 7: this comment "{" is never closed with "}".' },
    { name: 'tag-value-never-closed', text: '[White "x\n\n1. e4', want: 'Line 1, column 8: this tag value is not closed with a quote (").' },
    { name: 'tag-without-value', text: '[White]\n1. e4', want: 'Line 1, column 7: the tag White needs a value in quotes, found "]".' },
    { name: 'string-among-moves', text: '1. e4 "e5"', want: /^Line 1, column 7: a quoted string "e5" among the moves/ },
    { name: 'nag-before-any-move', text: '$1 1. e4', want: 'Line 1, column 1: the annotation "$1" comes before any move.' },
    { name: 'nag-out-of-range', text: '1. e4 $999', want: 'Line 1, column 7: "$999" is not a NAG ($0 to $255).' },
    { name: 'unknown-glyph', text: '1. e4 +=+', want: 'Line 1, column 7: "+=+" is not an annotation this reader knows.' },
    { name: 'html-in-movetext', text: '1. e4 <script>alert(1)</script>', want: 'Line 1, column 7: unexpected "<".' },
    { name: 'control-character', text: '1. e4 \u0007', want: 'Line 1, column 7: unexpected control character 7.' },
    { name: 'nested-too-deep', text: deep, want: `Line 1, column ${7 + 7 * MAX_DEPTH}: variations are nested more than ${MAX_DEPTH} deep; that is the limit.` },
    { name: 'too-many-moves', text: manyMoves, want: `Line 1, column ${manyMoves.lastIndexOf('Nf6') + 1}: the game has more than ${MAX_MOVES.toLocaleString('en')} moves (variations included); that is the limit.` },
    { name: 'line-too-long', text: '1. e4 (1. d4 ' + 'Nf6 Nf3 Ng8 Ng1 '.repeat(MAX_PLY / 4) + ')', want: `Line 1, column ${14 + 16 * (MAX_PLY / 4) - 16 + 12}: this line is longer than ${MAX_PLY.toLocaleString('en')} half-moves; that is the limit.` },
    { name: 'variant', text: '[Variant "Crazyhouse"]\n\n1. e4 *', want: 'Line 1: the variant "Crazyhouse" is not supported; only standard chess is.' },
    { name: 'bad-fen-tag', text: '[SetUp "1"]\n[FEN "8/8/8 w - - 0 1"]\n\n1. e4 *', want: /^Line 2: the FEN tag is invalid: / },
    { name: 'fen-two-kings', text: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1', want: /^Invalid FEN: (?!Invalid FEN)/ },
    // Positions chess.js accepts but the engine refuses (every search then failed).
    { name: 'fen-side-not-to-move-in-check', text: '6k1/8/1q6/8/8/8/1P4PP/1R4K1 b - - 0 30', want: "Invalid FEN: White is in check, but it is Black's move." },
    { name: 'fen-tag-side-not-to-move-in-check', text: '[SetUp "1"]\n[FEN "6k1/8/1q6/8/8/8/1P4PP/1R4K1 b - - 0 30"]\n\n30... Qxb2 *', want: "Line 2: the FEN tag is invalid: White is in check, but it is Black's move." },
    { name: 'fen-castling-without-rook', text: '4k3/8/8/8/8/8/8/4K3 w K - 0 1', want: 'Invalid FEN: castling right K needs the white king on e1 and a rook on h1.' },
    { name: 'fen-castling-king-moved', text: 'r3k2r/8/8/8/8/8/8/R2K3R w Qk - 0 1', want: 'Invalid FEN: castling right Q needs the white king on e1 and a rook on a1.' },
    { name: 'fen-en-passant-without-pawn', text: '4k3/8/8/8/8/8/8/4K3 w - e6 0 1', want: 'Invalid FEN: the en passant square e6 needs a black pawn on e5 that has just moved two squares.' },
    { name: 'fen-en-passant-square-occupied', text: '4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1', want: 'Invalid FEN: the en passant square e6 needs e6 and e7 to be empty.' },
    { name: 'fen-nine-pawns', text: '4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1', want: 'Invalid FEN: Black has 9 pawns; at most 8 are possible.' },
    { name: 'fen-triple-check', text: '4k3/8/8/8/7b/3n4/8/r3K3 w - - 0 1', want: 'Invalid FEN: White is in check from 3 pieces; at most two are possible.' },
    { name: 'fen-move-number-zero', text: '4k3/8/8/8/8/8/8/4K3 w - - 0 0', want: 'Invalid FEN: move number must be a positive integer' },
    { name: 'empty', text: '   ', want: 'Nothing to load: paste a PGN or a FEN.' },
    { name: 'huge', text: 'e4 '.repeat(MAX_TEXT / 3 + 10), want: 'The text is 1.0 MB; the limit is 1 MB. Paste one game.' },
  ];
  for (const r of rows) {
    assert.throws(() => parseGameText(r.text), (e) => {
      assert.ok(e instanceof InputError, `${r.name}: ${e}`);
      if (typeof r.want === 'string') assert.equal(e.message, r.want, r.name);
      else assert.match(e.message, r.want, r.name);
      return true;
    }, r.name);
  }
  // At the nesting limit exactly, the game loads.
  const ok = `1. e4 ${'(1. d4 '.repeat(MAX_DEPTH)}${')'.repeat(MAX_DEPTH)} *`;
  assert.equal(movetext(parseGameText(ok).game), '1. e4 (1. d4) *');
});

test('PGN round trip: read, export, read again keeps every move, comment and NAG', () => {
  const pgn = [
    '[Event "Annotated"]',
    '[White "W"]',
    '[Black "B"]',
    '[Result "1-0"]',
    '',
    '{Before the first move.} 1. e4 e5 {The open game.} (1... c5 {Sicilian} 2. Nf3 (2. c3',
    '$5 d5) 2... d6 $1) (; a line comment',
    '1... e6!? 2. d4) 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O! (4. d3)',
    '{a comment after the last variation of a line goes to its last move}) {after',
    'the variation} 4. Ba4 += Nf6 5. O-O Be7 $14 1-0',
  ].join('\n');
  const first = parseGameText(pgn).game;
  const out = exportPgn(first);
  const second = parseGameText(out).game;
  assert.equal(exportPgn(second), out, 'export is stable');
  assert.equal(movetext(first), '{Before the first move.} 1. e4 e5 {The open game.} (1... c5 {Sicilian} 2. Nf3 (2. c3 $5 d5) 2... d6 $1) ({a line comment} 1... e6 $5 2. d4) 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O $1 {a comment after the last variation of a line goes to its last move} (4. d3)) {after the variation} 4. Ba4 $14 Nf6 5. O-O Be7 $14 1-0');
  // Tree equality, node by node.
  const walk = (n, out2 = []) => {
    out2.push([n.san, n.comment, n.commentBefore, n.nags.join(','), n.children.length]);
    for (const c of n.children) walk(c, out2);
    return out2;
  };
  assert.deepEqual(walk(second.root), walk(first.root));
  assert.equal(walk(first.root).length, 21, "the root and 20 moves");
  // The saved form keeps the same tree.
  const restored = Game.fromJSON(JSON.parse(JSON.stringify(first.toJSON())));
  assert.deepEqual(walk(restored.root), walk(first.root));
});

test('PGN export: variations, NAGs, comments, FEN start', () => {
  const g = new Game();
  for (const m of ['e4', 'c5', 'Nf3']) g.play(m);
  g.back();
  g.play('Nc3');
  g.play('Nc6');
  const n = g.root.children[0].children[0].children[0];
  n.nags.push(4);
  n.comment = 'Mistake } with brace';
  g.headers.White = 'A "quoted" name';
  const pgn = exportPgn(g);
  assert.match(pgn, /\[White "A \\"quoted\\" name"\]/);
  assert.match(pgn, /1\. e4 c5 2\. Nf3 \$4 \{Mistake \) with brace\} \(2\. Nc3 Nc6\) \*/);
  const back = parseGameText(pgn).game;
  assert.deepEqual(back.mainlineNodes().map((x) => x.san), ['e4', 'c5', 'Nf3']);
  assert.equal(back.root.children[0].children[0].children[1].children[0].san, 'Nc6', 'the variation survives re-import');
  const b = new Game('4k3/8/8/8/8/8/4P3/4K3 b - - 0 30');
  b.play('Kd7');
  b.play('e4');
  assert.match(exportPgn(b), /\[SetUp "1"\]\n\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 b - - 0 30"\]\n\n30\.\.\. Kd7 31\. e4 \*/);
});

test('FEN input: six fields or four', () => {
  const f = parseGameText('8/8/8/4k3/8/8/4P3/4K3 w - - 0 1');
  assert.equal(f.game.startFen, '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1');
  assert.equal(f.games, null);
  const four = parseGameText('8/8/8/4k3/8/8/4P3/4K3 b - -').game;
  assert.equal(four.startFen.split(' ')[1], 'b');
});

test('PGN reader: syntax only, with positions', () => {
  const [g] = readPgn('[White "x"]\n\n1. e4 {c} $1 (1. d4) *');
  assert.deepEqual(g.tagList, [{ name: 'White', value: 'x', line: 1, column: 1 }]);
  assert.equal(g.result, '*');
  const [e4] = g.moves;
  assert.deepEqual({ san: e4.san, line: e4.line, column: e4.column, nags: e4.nags, after: e4.after }, { san: 'e4', line: 3, column: 4, nags: [1], after: ['c'] });
  assert.equal(e4.variations[0][0].san, 'd4');
});

test('PGN reader: scrambled input gives a game or an InputError, nothing else', () => {
  // A fixed-seed generator (xorshift32), so a failure reproduces.
  let x = 0x9e3779b9;
  const rnd = (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
  const parts = ['1.', '2...', 'e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'O-O', '(', ')', '{c}', '{', '}', ';x\n', '$1', '!?', '+-', '[White "a"]', '[', ']', '"', '*', '1-0', '\n', ' ', '%esc\n', '<b>', '--', 'Kxe8', 'e8=Q', '½-½', '…', '\\'];
  let games = 0;
  for (let i = 0; i < 400; i++) {
    let t = '';
    const len = 1 + rnd(30);
    for (let k = 0; k < len; k++) t += `${parts[rnd(parts.length)]}${rnd(3) ? ' ' : ''}`;
    try {
      const r = parseGameText(t);
      if (r.game) games++;
      exportPgn(r.game);
    } catch (e) {
      assert.ok(e instanceof InputError, `${JSON.stringify(t)} threw ${e && e.stack}`);
      assert.match(e.message, /^(Game \d+ of \d+: )?(Line \d+|Nothing to load|Invalid FEN)/, JSON.stringify(t));
    }
  }
  assert.ok(games > 0, 'some scrambles are still games');
});

test('PGN reader agrees with chess.js loadPgn on the main lines of real games', () => {
  // The first 100 games of the shared opening set (Stockfish games, 8 moves each),
  // and the review fixture: same tags, same moves, same final position.
  const all = fs.readFileSync(sharedData('openings', '8moves_v3.pgn'), 'utf8');
  const cut = all.split('\n[Event ').slice(0, 100).join('\n[Event ');
  const games = readGames(cut);
  assert.equal(games.length, 100);
  const texts = cut.split(/\n(?=\[Event )/);
  texts.push(fs.readFileSync(new URL('./testdata/blunder.pgn', import.meta.url), 'utf8'));
  games.push(...readGames(texts[texts.length - 1]));
  games.forEach((sg, i) => {
    const c = new Chess();
    c.loadPgn(texts[i]);
    const g = pickGame(games, i).game;
    assert.deepEqual(g.mainlineNodes().map((n) => n.san), c.history(), `game ${i + 1}`);
    assert.equal(g.mainlineNodes().pop().fen, c.fen(), `game ${i + 1}`);
    for (const [k, v] of Object.entries(c.getHeaders())) if (v !== '?') assert.equal(g.headers[k], v, `game ${i + 1} tag ${k}`);
  });
});
