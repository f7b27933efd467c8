// pgn.js: turning text a user pasted (PGN or FEN) into a Game, with messages that say
// what is wrong and where, and writing a Game back out as PGN with variations,
// comments and NAGs. chess.js parses PGN and checks every move; this module adds the
// error locations, the limits and the variation-aware export.

import { Chess, validateFen } from 'chess.js';
import { Game, START_FEN } from './game.js';

/** MAX_TEXT is the largest paste accepted, in characters. */
export const MAX_TEXT = 1_000_000;

/** InputError is a user-facing parse error; line/column are 1-based when known. */
export class InputError extends Error {
  constructor(message, where = {}) {
    super(message);
    this.name = 'InputError';
    this.line = where.line;
    this.column = where.column;
  }
}

const FEN_LIKE = /^[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]+){7}(\s|$)/;

/**
 * parseGameText reads a FEN or a PGN (the first game if there are several) and returns
 * {game, note}. It throws InputError with a readable message on bad input.
 */
export function parseGameText(text) {
  if (typeof text !== 'string') throw new InputError('Nothing to load.');
  if (text.length > MAX_TEXT) {
    throw new InputError(`The text is ${(text.length / 1e6).toFixed(1)} MB; the limit is ${MAX_TEXT / 1e6} MB. Paste one game.`);
  }
  const t = text.replace(/^\uFEFF/, '').trim();
  if (!t) throw new InputError('Nothing to load: paste a PGN or a FEN.');
  if (FEN_LIKE.test(t) && !t.includes('\n')) return { game: parseFen(t), note: '' };
  return parsePgn(t);
}

/** parseFen returns a Game starting at fen or throws InputError naming the bad field. */
export function parseFen(fen) {
  const f = fen.trim().replace(/\s+/g, ' ');
  // chess.js wants all six fields; accept the common four-field form too.
  const parts = f.split(' ');
  const full = parts.length === 4 ? `${f} 0 1` : f;
  const v = validateFen(full);
  if (!v.ok) throw new InputError(`Invalid FEN: ${v.error}`);
  try {
    return new Game(full);
  } catch (e) {
    throw new InputError(`Invalid FEN: ${e.message}`);
  }
}

/** splitGames returns the text of each game in a multi-game PGN. */
function splitGames(t) {
  const lines = t.split(/\r?\n/);
  const games = [];
  let cur = [];
  let seenMoves = false;
  for (const line of lines) {
    const l = line.trim();
    if (l.startsWith('[') && seenMoves) {
      games.push(cur.join('\n'));
      cur = [];
      seenMoves = false;
    }
    if (l && !l.startsWith('[') && !l.startsWith('%')) seenMoves = true;
    cur.push(line);
  }
  games.push(cur.join('\n'));
  return games;
}

function lineCol(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { line, column };
}

/** parsePgn loads the first game of a PGN. */
export function parsePgn(t) {
  const games = splitGames(t);
  const first = games[0];
  const variant = /^\s*\[\s*Variant\s+"([^"]*)"\s*\]/im.exec(first);
  if (variant && !/^(standard|chess|normal|from position)$/i.test(variant[1].trim())) {
    const where = lineCol(first, variant.index + variant[0].indexOf('[') + 1);
    throw new InputError(`Line ${where.line}: the variant "${variant[1]}" is not supported; only standard chess is.`, where);
  }
  // chess.js's grammar has no escapes inside tag values; PGN writes \" and \\. Swap
  // them for same-length private-use placeholders (so error columns stay right) and
  // put them back in the header values afterwards.
  const escaped = first.replace(/^\s*\[.*$/gm, (line) => line.replace(/\\(["\\])/g, (_, ch) => (ch === '"' ? '\uE000\uE000' : '\uE001\uE001')));
  const c = new Chess();
  try {
    c.loadPgn(escaped);
  } catch (e) {
    if (e && e.location && e.location.start) {
      const { line, column } = e.location.start;
      const found = e.found == null ? 'end of text' : `"${e.found}"`;
      throw new InputError(`PGN syntax error at line ${line}, column ${column}: unexpected ${found}.`, { line, column });
    }
    const m = /Invalid move in PGN: (.*)$/.exec(String(e && e.message));
    if (m) {
      const hist = c.history();
      const ply = hist.length;
      const fen = c.fen();
      const side = fen.split(' ')[1] === 'w' ? 'White' : 'Black';
      const num = Number(fen.split(' ')[5]);
      const label = side === 'White' ? `${num}.` : `${num}...`;
      const where = locateToken(first, m[1]);
      const at = where ? ` (line ${where.line}, column ${where.column})` : '';
      throw new InputError(`Illegal move ${label} ${m[1]} for ${side}${at}, after ${ply} legal half-move${ply === 1 ? '' : 's'}.`, where || {});
    }
    const msg = String(e && e.message ? e.message : e);
    if (/FEN/i.test(msg)) {
      const fenTag = /\[\s*FEN\s+"/i.exec(first);
      const where = fenTag ? lineCol(first, fenTag.index + 1) : {};
      throw new InputError(`${where.line ? `Line ${where.line}: ` : ''}the FEN tag is invalid: ${msg.replace(/^Invalid FEN:\s*/i, '')}`, where);
    }
    throw new InputError(`Could not read the PGN: ${msg}`);
  }
  const headers = c.getHeaders();
  const fenTag = Object.entries(headers).find(([k]) => k.toLowerCase() === 'fen');
  const game = new Game(fenTag ? fenTag[1] : START_FEN);
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === 'fen' || k === 'SetUp') continue;
    if (v && v !== '?' && v !== '????.??.??') game.headers[k] = String(v).replace(/\uE000\uE000/g, '"').replace(/\uE001\uE001/g, '\\');
  }
  const comments = new Map(c.getComments().map((x) => [x.fen, x.comment]));
  if (comments.has(game.startFen)) game.root.comment = comments.get(game.startFen);
  for (const m of c.history({ verbose: true })) {
    const n = game.play({ from: m.from, to: m.to, promotion: m.promotion });
    if (!n) throw new InputError(`Internal error replaying ${m.san}`);
    if (comments.has(n.fen)) n.comment = comments.get(n.fen);
  }
  const res = headers.Result;
  if (['1-0', '0-1', '1/2-1/2'].includes(res)) game.result = res;
  game.first();
  const note = games.length > 1 ? `Loaded the first of ${games.length} games.` : '';
  return { game, note };
}

/** locateToken finds the first standalone occurrence of a SAN token in the movetext. */
function locateToken(text, token) {
  const body = text.replace(/^\s*\[[^\]]*\]\s*$/gm, (m) => ' '.repeat(m.length));
  const esc = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(^|[\\s.)])(${esc})(?=[\\s!?$)(]|$)`, 'm');
  const m = re.exec(body);
  if (!m) return null;
  return lineCol(text, m.index + m[1].length);
}

const NAG_SYMBOL = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

/** nagSymbol returns the glyph for NAGs 1-6 (e.g. 4 -> "??") or '' for others. */
export function nagSymbol(nag) {
  return NAG_SYMBOL[nag] || '';
}

function escTag(v) {
  return String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/[\r\n]+/g, ' ');
}

function escComment(v) {
  return String(v).replace(/}/g, ')').replace(/[\r\n]+/g, ' ').trim();
}

/**
 * exportPgn writes game as PGN: the seven tag roster, a FEN/SetUp pair for a
 * non-standard start, the move tree with variations in parentheses, NAGs as $n and
 * comments in braces. Lines wrap at 80 characters.
 */
export function exportPgn(game, extraHeaders = {}) {
  const h = { Event: 'Casual game', Site: 'Azurite', Date: today(), Round: '-', White: '?', Black: '?', ...game.headers, ...extraHeaders };
  h.Result = game.result || '*';
  const order = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
  const lines = order.map((k) => `[${k} "${escTag(h[k] ?? '?')}"]`);
  for (const [k, v] of Object.entries(h)) {
    if (order.includes(k) || !/^[A-Za-z0-9_]+$/.test(k)) continue;
    lines.push(`[${k} "${escTag(v)}"]`);
  }
  if (game.startFen !== START_FEN) {
    lines.push('[SetUp "1"]', `[FEN "${escTag(game.startFen)}"]`);
  }
  const tokens = [];
  if (game.root.comment) tokens.push(`{${escComment(game.root.comment)}}`);
  writeLine(game, game.root, tokens, true);
  tokens.push(h.Result);
  return `${lines.join('\n')}\n\n${wrap(tokens, 80)}\n`;
}

// writeLine emits the moves after node: the main continuation, with each sibling
// variation in parentheses right after the move it replaces.
function writeLine(game, node, tokens, forceNumber) {
  let n = node;
  let needNumber = forceNumber;
  while (n.children.length) {
    const [main, ...vars] = n.children;
    emitMove(game, main, tokens, needNumber);
    needNumber = false;
    for (const v of vars) {
      tokens.push('(');
      emitMove(game, v, tokens, true);
      writeLine(game, v, tokens, false);
      tokens.push(')');
      needNumber = true;
    }
    if (main.comment) needNumber = true;
    n = main;
  }
}

function emitMove(game, n, tokens, forceNumber) {
  const full = Number(game.startFen.split(' ')[5] || 1);
  const startBlack = game.startFen.split(' ')[1] === 'b';
  const idx = n.ply - 1 + (startBlack ? 1 : 0);
  const num = full + Math.floor(idx / 2);
  if (n.color === 'w') tokens.push(`${num}.`);
  else if (forceNumber) tokens.push(`${num}...`);
  tokens.push(n.san);
  for (const nag of n.nags) tokens.push(`$${nag}`);
  if (n.comment) tokens.push(`{${escComment(n.comment)}}`);
}

function wrap(tokens, width) {
  const out = [];
  let line = '';
  for (const tok of tokens) {
    const sep = line === '' || line.endsWith('(') || tok === ')' ? '' : ' ';
    if (line.length + sep.length + tok.length > width && line) {
      out.push(line);
      line = tok;
    } else {
      line += sep + tok;
    }
  }
  if (line) out.push(line);
  return out.join('\n');
}

function today() {
  const d = new Date();
  const p = (x) => String(x).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}
