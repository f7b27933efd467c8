// pgn-reader.js: reads PGN text as syntax. It splits the text into games and turns
// each into its tags and a tree of lines (the main line, and variations in
// parentheses nested to any depth up to MAX_DEPTH), where every move token keeps its
// comments, its NAGs and the line and column it came from. It knows no chess rules:
// pgn.js replays the moves with chess.js, which decides legality and writes SAN.
//
// Chess.js's own loadPgn keeps only the main line, which is why this reader exists.
//
// The grammar follows the PGN standard (section 8) and what real files contain:
//   [Tag "value with \" and \\ escapes"]   tag pairs
//   12. 12... 12…                         move numbers (ignored; positions decide)
//   e4 Nxf3+ O-O 0-0 e8=Q ♘f3             SAN as written (chess.js is lenient about it)
//   $14 ! ? !! ?? !? ?! += ± +- …          NAGs and the usual glyphs, mapped to NAGs
//   {comment}  ; comment to end of line   comments; % at column 1 escapes a line
//   ( … )                                 a variation: an alternative to the move before
//   1-0 0-1 1/2-1/2 ½-½ *                 the result, which ends a game
//
// Where comments go: a comment right after a move (before any variation closes)
// belongs after that move; a comment that opens a line, or follows a closed
// variation, belongs before the next move. That is how they are written back, so a
// file read and exported again keeps its text.

import { t as tr } from './i18n.js';

/** MAX_DEPTH bounds the nesting of variations: ((((…)))) deeper is refused. */
export const MAX_DEPTH = 40;

/**
 * MAX_MOVES bounds the moves of one game, variations included. chess.js takes about
 * 0.1 to 0.3 ms to check and name a move, so the largest game builds in under a
 * second on a slow machine; real annotated games have a few hundred.
 */
export const MAX_MOVES = 3000;

/**
 * PgnSyntaxError is a syntax error at a 1-based line and column of the text; reason
 * is the message without its place.
 */
export class PgnSyntaxError extends Error {
  constructor(reason, tok) {
    super(tr('pgn.at', { line: String(tok.line), column: String(tok.column), why: reason }));
    this.reason = reason;
    this.name = 'PgnSyntaxError';
    this.line = tok.line;
    this.column = tok.column;
    this.offset = tok.offset;
  }
}

/** GLYPH_NAG maps annotation glyphs written in movetext to their NAG numbers. */
export const GLYPH_NAG = {
  '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6,
  '□': 7, '=': 10, '∞': 13,
  '+=': 14, '+/=': 14, '⩲': 14, '=+': 15, '=/+': 15, '⩱': 15,
  '+/-': 16, '±': 16, '-/+': 17, '∓': 17, '+-': 18, '-+': 19,
};

const FIGURINE = { '♔': 'K', '♕': 'Q', '♖': 'R', '♗': 'B', '♘': 'N', '♚': 'K', '♛': 'Q', '♜': 'R', '♝': 'B', '♞': 'N', '♙': '', '♟': '' };
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

const isSymbolStart = (c) => /[A-Za-z0-9½]/.test(c) || c in FIGURINE;
const isSymbolChar = (c) => /[A-Za-z0-9_+#=:\-/½]/.test(c) || c in FIGURINE;
const isGlyphChar = (c) => /[!?+\-=/∞±∓⩲⩱□]/.test(c);

// Lexer hands out tokens one at a time: {type, value, offset, line, column}. Types:
// '[' ']' '(' ')' 'string' 'symbol' 'dots' 'nag' 'glyph' 'comment' 'eof'.
class Lexer {
  constructor(text, firstLine = 1) {
    this.s = text;
    this.firstLine = firstLine;
    this.pos = 0;
    this.peeked = null;
    // Offsets where lines start, for turning an offset into a line and column.
    this.lineStarts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  peek() {
    if (!this.peeked) this.peeked = this.scan();
    return this.peeked;
  }

  next() {
    const t = this.peek();
    this.peeked = null;
    return t;
  }

  // resync moves to the first line at or after offset that starts with "[" (a new
  // game's tags), so one broken game does not hide the games after it.
  resync(offset) {
    const re = /^[ \t]*\[/gm;
    re.lastIndex = offset;
    const m = re.exec(this.s);
    this.pos = m ? m.index : this.s.length;
    this.peeked = null;
  }

  tok(type, value, offset) {
    const ls = this.lineStarts;
    let lo = 0;
    let hi = ls.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (ls[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { type, value, offset, line: lo + this.firstLine, column: offset - ls[lo] + 1 };
  }

  scan() {
    const s = this.s;
    for (;;) {
      if (this.pos >= s.length) return this.tok('eof', null, s.length);
      const c = s[this.pos];
      if (c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0' || c === '\ufeff') {
        this.pos++;
      } else if (c === '%' && (this.pos === 0 || s[this.pos - 1] === '\n')) {
        const end = s.indexOf('\n', this.pos);
        this.pos = end < 0 ? s.length : end;
      } else {
        break;
      }
    }
    const start = this.pos;
    const c = s[start];
    if (c === ';') {
      const end = s.indexOf('\n', start);
      this.pos = end < 0 ? s.length : end;
      return this.tok('comment', tidy(s.slice(start + 1, this.pos)), start);
    }
    if (c === '*') {
      this.pos++;
      return this.tok('symbol', c, start);
    }
    if ('[]()'.includes(c)) {
      this.pos++;
      return this.tok(c, c, start);
    }
    if (c === '{') {
      const end = s.indexOf('}', start + 1);
      if (end < 0) throw new PgnSyntaxError(tr('pgn.openComment'), this.tok('{', c, start));
      this.pos = end + 1;
      return this.tok('comment', tidy(s.slice(start + 1, end)), start);
    }
    if (c === '"') {
      let v = '';
      let p = start + 1;
      for (; p < s.length && s[p] !== '"' && s[p] !== '\n'; p++) {
        if (s[p] === '\\' && (s[p + 1] === '"' || s[p + 1] === '\\')) p++;
        v += s[p];
      }
      if (s[p] !== '"') throw new PgnSyntaxError(tr('pgn.openQuote'), this.tok('"', c, start));
      this.pos = p + 1;
      return this.tok('string', v, start);
    }
    if (c === '$') {
      let p = start + 1;
      while (p < s.length && s[p] >= '0' && s[p] <= '9') p++;
      const n = Number(s.slice(start + 1, p));
      if (p === start + 1 || p - start > 4 || n > 255) {
        throw new PgnSyntaxError(tr('pgn.badNag', { nag: s.slice(start, Math.max(p, start + 1)) }), this.tok('$', c, start));
      }
      this.pos = p;
      return this.tok('nag', n, start);
    }
    if (c === '.' || c === '…') {
      let p = start;
      while (p < s.length && (s[p] === '.' || s[p] === '…')) p++;
      this.pos = p;
      return this.tok('dots', s.slice(start, p), start);
    }
    if (isSymbolStart(c)) {
      let p = start;
      let v = '';
      while (p < s.length && isSymbolChar(s[p])) {
        v += s[p] in FIGURINE ? FIGURINE[s[p]] : s[p];
        p++;
      }
      this.pos = p;
      if (v === '½-½') v = '1/2-1/2';
      return this.tok('symbol', v, start);
    }
    if (isGlyphChar(c)) {
      let p = start;
      while (p < s.length && isGlyphChar(s[p])) p++;
      this.pos = p;
      const v = s.slice(start, p);
      // "--" is how many programs write a null move; the builder names it.
      return this.tok(v === '--' ? 'symbol' : 'glyph', v, start);
    }
    const code = s.codePointAt(start);
    const shown = code < 32 ? tr('pgn.control', { code: String(code) }) : `"${String.fromCodePoint(code)}"`;
    throw new PgnSyntaxError(tr('pgn.unexpected', { what: shown }), this.tok('?', c, start));
  }
}

// tidy turns a comment's whitespace runs (line breaks included) into single spaces.
function tidy(text) {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * readPgn splits text into games. Each game is {tags, tagList, moves, comments,
 * result, line, error}: tags maps names to values (the last of duplicates),
 * tagList keeps [{name, value, line, column}] in order, moves is the main line,
 * comments holds comments of a game without moves, result is the result token or
 * null, and line is where the game starts. A game with a syntax error has error set
 * (a PgnSyntaxError) and reading resumes at the next line starting with "[".
 *
 * A line is an array of moves {san, line, column, nags, before, after, variations},
 * where before/after are comment texts and variations are lines replacing this move.
 * maxPly bounds the half-moves of any line, counted from the game's start position.
 * firstLine is the number of text's first line (a part cut from a larger file), so
 * every line number points into the whole file.
 */
export function readPgn(text, { maxPly = Infinity, firstLine = 1 } = {}) {
  const lx = new Lexer(text, firstLine);
  lx.maxPly = maxPly;
  const games = [];
  for (;;) {
    let start = lx.pos; // where this game's text begins (the lexer may fail on its first token)
    // tags has no prototype: a tag named "__proto__" or "constructor" is just a tag.
    const g = { tags: Object.create(null), tagList: [], moves: [], comments: [], result: null, line: 0, error: null };
    try {
      const first = lx.peek();
      if (first.type === 'eof') break;
      start = first.offset;
      g.line = first.line;
      readTags(lx, g);
      readMovetext(lx, g);
    } catch (e) {
      if (!(e instanceof PgnSyntaxError)) throw e;
      g.error = e;
      if (!g.line) g.line = e.line;
      lx.resync(Math.max(e.offset + 1, start + 1));
    }
    games.push(g);
  }
  return games;
}

function readTags(lx, g) {
  while (lx.peek().type === '[') {
    const open = lx.next();
    const name = lx.next();
    if (name.type !== 'symbol') throw new PgnSyntaxError(tr('pgn.tagName', { found: describe(name) }), name);
    const value = lx.next();
    if (value.type !== 'string') throw new PgnSyntaxError(tr('pgn.tagValue', { tag: name.value, found: describe(value) }), value);
    const close = lx.next();
    if (close.type !== ']') throw new PgnSyntaxError(tr('pgn.tagClose', { tag: name.value, found: describe(close) }), close);
    g.tags[name.value] = value.value;
    g.tagList.push({ name: name.value, value: value.value, line: open.line, column: open.column });
  }
}

// readMovetext reads the main line and, through readLine, the variations in it.
function readMovetext(lx, g) {
  const count = { moves: 0 };
  const main = readLine(lx, g, 0, null, count, 1);
  g.moves = main.moves;
  g.comments = main.comments;
}

// readLine reads moves until the line ends: ")" closes a variation (depth > 0); a
// result, a new game's "[" or the end of the text ends the main line.
// ply is the half-move number (from the start position) of the line's first move.
function readLine(lx, g, depth, open, count, ply) {
  const moves = [];
  let pending = []; // comments waiting for the next move
  let afterVariation = false; // a variation closed since the last move
  for (;;) {
    const t = lx.peek();
    const last = moves[moves.length - 1];
    if (t.type === 'eof' || (t.type === '[' && depth === 0)) {
      if (depth > 0) throw new PgnSyntaxError(tr('pgn.openVariation'), open);
      break;
    }
    if (t.type === '[') throw new PgnSyntaxError(tr('pgn.openVariation'), open);
    lx.next();
    if (t.type === 'comment') {
      if (last && !afterVariation) last.after.push(t.value);
      else pending.push(t.value);
    } else if (t.type === 'nag' || t.type === 'glyph') {
      const nag = t.type === 'nag' ? t.value : GLYPH_NAG[t.value];
      if (nag === undefined) throw new PgnSyntaxError(tr('pgn.unknownGlyph', { glyph: t.value }), t);
      if (!last) throw new PgnSyntaxError(tr('pgn.glyphFirst', { glyph: t.type === 'nag' ? `$${t.value}` : t.value }), t);
      if (!last.nags.includes(nag)) last.nags.push(nag);
    } else if (t.type === 'dots') {
      // periods of move numbers
    } else if (t.type === 'symbol') {
      if (/^\d+$/.test(t.value)) continue; // a move number
      if (RESULTS.has(t.value)) {
        // A result inside a variation (some annotators write one) says nothing: skip it.
        if (depth === 0) {
          g.result = t.value;
          break;
        }
        continue;
      }
      if (++count.moves > MAX_MOVES) throw new PgnSyntaxError(tr('pgn.tooManyMoves', { max: MAX_MOVES }), t);
      if (ply + moves.length > lx.maxPly) throw new PgnSyntaxError(tr('pgn.lineTooLong', { max: lx.maxPly }), t);
      moves.push({ san: t.value, line: t.line, column: t.column, nags: [], before: pending, after: [], variations: [] });
      pending = [];
      afterVariation = false;
    } else if (t.type === '(') {
      if (!last) throw new PgnSyntaxError(tr('pgn.variationFirst'), t);
      if (depth + 1 > MAX_DEPTH) throw new PgnSyntaxError(tr('pgn.tooDeep', { max: MAX_DEPTH }), t);
      const v = readLine(lx, g, depth + 1, t, count, ply + moves.length - 1);
      if (v.moves.length) last.variations.push(v.moves);
      else last.after.push(...v.comments); // "( {only words} )": keep the words
      afterVariation = true;
    } else if (t.type === ')') {
      if (depth === 0) throw new PgnSyntaxError(tr('pgn.closeUnopened'), t);
      break;
    } else if (t.type === 'string') {
      throw new PgnSyntaxError(tr('pgn.stringInMoves', { text: clip(t.value) }), t);
    } else {
      throw new PgnSyntaxError(tr('pgn.unexpected', { what: `"${t.value}"` }), t);
    }
  }
  const last = moves[moves.length - 1];
  if (pending.length && last) last.after.push(...pending);
  return { moves, comments: last ? [] : pending };
}

function describe(t) {
  if (t.type === 'eof') return tr('pgn.endOfText');
  if (t.type === 'string') return `"${clip(t.value)}"`;
  if (t.type === 'comment') return tr('pgn.aComment');
  return `"${t.value}"`;
}

function clip(v) {
  const str = String(v);
  return str.length > 40 ? `${str.slice(0, 40)}…` : str;
}
