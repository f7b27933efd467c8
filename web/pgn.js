// pgn.js: turning text a user pasted (PGN or FEN) into a Game, with messages that say
// what is wrong and where, and writing a Game back out as PGN with variations,
// comments and NAGs. pgn-reader.js reads the syntax (variations included, which
// chess.js's loadPgn drops); chess.js checks every move and writes its SAN.

import { Chess, validateFen } from 'chess.js';
import { Game, START_FEN, MAX_PLY } from './game.js';
import { readPgn } from './pgn-reader.js';
import { t, formatNumber } from './i18n.js';

/** MAX_TEXT is the largest paste accepted, in characters. */
export const MAX_TEXT = 1_000_000;

/**
 * InputError is a user-facing parse error; line/column are 1-based when known, and
 * reason is the message without its place (where.reason, else the message).
 */
export class InputError extends Error {
  constructor(message, where = {}) {
    super(message);
    this.name = 'InputError';
    this.line = where.line;
    this.column = where.column;
    this.reason = where.reason || message;
  }
}

const FEN_LIKE = /^[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]+){7}(\s|$)/;

function checkText(text) {
  if (typeof text !== 'string') throw new InputError(t('pgn.nothing'));
  if (text.length > MAX_TEXT) {
    throw new InputError(t('pgn.tooBig', { size: formatNumber(text.length / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), limit: MAX_TEXT / 1e6 }));
  }
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!body) throw new InputError(t('pgn.empty'));
  return body;
}

/**
 * parseGameText reads a FEN or a PGN and returns {game, note, games, index}: game is
 * the game at index (default the first) of the PGN's games, games is what readGames
 * returned (null for a FEN), and note mentions the other games. It throws InputError
 * with a readable message on bad input; with several games the message names which.
 */
export function parseGameText(text, index = 0) {
  const body = checkText(text);
  if (FEN_LIKE.test(body) && !body.includes('\n')) return { game: parseFen(body), note: '', games: null, index: 0 };
  return pickGame(readGames(body), index);
}

/**
 * pickGame builds games[index] (from readGames) as parseGameText does. An InputError
 * it throws has games and index set, so a chooser can still offer the other games.
 */
export function pickGame(games, index = 0) {
  const sg = games[index];
  if (!sg) throw new InputError(t('pgn.noGame', { n: String(index + 1), count: games.length }));
  let game;
  try {
    game = buildGame(sg);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    // The error carries the games, so a chooser can still offer the others.
    const err = games.length > 1 ? new InputError(t('pgn.gameOf', { n: String(index + 1), count: games.length, why: e.message }), e) : e;
    err.games = games;
    err.index = index;
    throw err;
  }
  const note = games.length > 1 ? t('pgn.loadedOf', { n: String(index + 1), count: games.length }) : '';
  return { game, note, games, index };
}

/** parseFen returns a Game starting at fen or throws InputError naming the bad field. */
export function parseFen(fen) {
  const f = fen.trim().replace(/\s+/g, ' ');
  // chess.js wants all six fields; accept the common four-field form too.
  const parts = f.split(' ');
  const full = parts.length === 4 ? `${f} 0 1` : f;
  const v = validateFen(full);
  if (!v.ok) throw badFen(unprefix(v.error));
  try {
    return new Game(full);
  } catch (e) {
    throw badFen(unprefix(e.message));
  }
}

// badFen is parseFen's error: its message says "Invalid FEN: why" in the page's
// language, and its why field keeps the reason alone, for the messages that name the
// FEN their own way (a link's, the embed's).
function badFen(why) {
  const err = new InputError(t('pgn.badFen', { why }));
  err.why = why;
  return err;
}

// unprefix drops the "Invalid FEN: " chess.js starts its messages with, so ours do
// not say it twice.
function unprefix(msg) {
  return String(msg).replace(/^(Invalid FEN:\s*)+/i, '');
}

/**
 * readGames reads the games of a PGN as syntax (see pgn-reader.js) and gives each a
 * one-line summary, for a chooser. It throws InputError when the text is too large
 * or empty; an error inside a game is reported when that game is built.
 */
export function readGames(text) {
  const games = readPgn(checkText(text), { maxPly: MAX_PLY });
  if (!games.length) throw new InputError(t('pgn.empty'));
  games.forEach((g, i) => {
    g.summary = summary(g, i);
  });
  return games;
}

function summary(g, i) {
  const tg = g.tags;
  const who = tg.White || tg.Black ? `${tg.White || '?'} – ${tg.Black || '?'}` : t('pgn.gameAtLine', { line: String(g.line) });
  const where = [tg.Event, tg.Date].filter((x) => x && !/^[?.\s-]*$/.test(x) && x !== '????.??.??').join(', ');
  const res = g.result && g.result !== '*' ? ` ${g.result}` : '';
  return `${i + 1}. ${who}${where ? ` (${where})` : ''}${res}${g.error ? ` — ${t('pgn.unreadable')}` : ''}`;
}

/**
 * buildGame replays one game from readGames with chess.js and returns a Game with its
 * variations, comments and NAGs. It throws InputError naming the line, the move and
 * what is wrong: "Line 12, column 5, move 17… Nf6: illegal move (Black to play)."
 */
export function buildGame(sg) {
  if (sg.error) throw new InputError(sg.error.message, sg.error);
  const tagAt = (name) => sg.tagList.filter((x) => x.name.toLowerCase() === name.toLowerCase()).pop();
  const variant = tagAt('Variant');
  if (variant && !/^(standard|chess|normal|from position)$/i.test(variant.value.trim())) {
    const reason = t('pgn.variant', { variant: variant.value });
    throw new InputError(t('pgn.atLine', { line: String(variant.line), why: reason }), { ...variant, reason });
  }
  const fenTag = tagAt('FEN');
  let game = null;
  if (fenTag) {
    const parts = fenTag.value.trim().split(/\s+/);
    const full = parts.length === 4 ? `${parts.join(' ')} 0 1` : parts.join(' ');
    const v = validateFen(full);
    if (!v.ok) throw fenTagError(fenTag, v.error);
    try {
      game = new Game(full);
    } catch (e) {
      throw fenTagError(fenTag, e.message);
    }
  } else {
    game = new Game(START_FEN);
  }
  for (const { name, value } of sg.tagList) {
    if (/^(fen|setup)$/i.test(name)) continue;
    // Kept exactly as written, unknowns ("?", "????.??.??") included, so an export
    // gives back the same tags.
    if (typeof value === 'string') game.headers[name] = value;
  }
  // Words before the first move describe the game; they stay at the root.
  const first = sg.moves[0];
  game.root.comment = (first ? first.before : sg.comments).join(' ');
  const chess = new Chess(game.startFen);
  addLine(game, chess, game.root, sg.moves, 0);
  if (['1-0', '0-1', '1/2-1/2'].includes(sg.result)) game.result = sg.result;
  else if (['1-0', '0-1', '1/2-1/2'].includes(sg.tags.Result)) game.result = sg.tags.Result;
  game.first();
  return game;
}

// addLine plays the moves of line from parent (chess stands at parent's position)
// and, after each move that has them, the variations that replace it.
function addLine(game, chess, parent, line, depth) {
  let at = parent;
  for (const mv of line) {
    let m = null;
    if (!/^(--|Z0|null)$/i.test(mv.san)) {
      try {
        m = chess.move(mv.san);
      } catch {
        m = null;
      }
    }
    if (!m) throw moveError(chess, mv, depth);
    const node = game.attach(at, m);
    // The root's words were taken above; any other comment before a move (opening
    // a variation, or after one closed) stays before it.
    if (mv.before.length && !(depth === 0 && at === game.root)) node.commentBefore = joinText(node.commentBefore, mv.before);
    if (mv.after.length) node.comment = joinText(node.comment, mv.after);
    for (const nag of mv.nags) if (!node.nags.includes(nag)) node.nags.push(nag);
    if (mv.variations.length) {
      for (const v of mv.variations) {
        chess.load(at.fen);
        addLine(game, chess, at, v, depth + 1);
      }
      chess.load(node.fen);
    }
    at = node;
  }
}

// fenTagError says that the FEN tag tag is invalid, and why.
function fenTagError(tag, why) {
  const reason = t('pgn.fenTag', { why: unprefix(why) });
  return new InputError(t('pgn.atLine', { line: String(tag.line), why: reason }), { ...tag, reason });
}

function joinText(old, more) {
  return [old, ...more].filter(Boolean).join(' ');
}

// moveError says why mv cannot be played where chess stands, asking chess.js's list
// of legal moves for the details (ambiguous, promotion without a piece).
function moveError(chess, mv, depth) {
  const [, turn, , , , full] = chess.fen().split(' ');
  const label = `${full}${turn === 'w' ? '.' : '…'}`;
  const reason = t(`pgn.move${depth ? 'InVariation' : ''}.${turn}`, { move: `${label} ${mv.san}`, why: whyIllegal(chess, mv.san) });
  return new InputError(t('pgn.atMove', { line: String(mv.line), column: String(mv.column), why: reason }), { ...mv, reason });
}

function whyIllegal(chess, san) {
  if (/^(--|Z0|null)$/i.test(san)) return t('pgn.nullMove');
  const clean = san.replace(/[+#]+$/, '');
  if (/^[O0]-[O0](-[O0])?$/.test(clean)) return t('pgn.noCastling');
  const m = /^([KQRBN])?([a-h])?([1-8])?[x:-]?([a-h][1-8])(?:=?([QRBNqrbn]))?$/.exec(clean);
  if (!m) return t('pgn.notMove');
  const [, piece, file, rank, to, promo] = m;
  const cands = chess.moves({ verbose: true }).filter((x) => x.piece === (piece ? piece.toLowerCase() : 'p') && x.to === to
    && (!file || x.from[0] === file) && (!rank || x.from[1] === rank) && (!promo || x.promotion === promo.toLowerCase()));
  if (cands.length && !promo && cands.every((x) => x.promotion)) return t('pgn.needPiece', { move: cands[0].san });
  if (cands.length > 1) return t('pgn.ambiguous', { moves: cands.map((x) => x.san).reduce((a, b) => t('pgn.or', { a, b })) });
  return t('pgn.illegal');
}

// Move glyphs (1-7) and position glyphs (10-19) as the move list shows them.
const NAG_SYMBOL = {
  1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□',
  10: '=', 13: '∞', 14: '⩲', 15: '⩱', 16: '±', 17: '∓', 18: '+−', 19: '−+',
};

/** nagSymbol returns the glyph of a NAG (4 -> "??", 16 -> "±") or '' for others. */
export function nagSymbol(nag) {
  return NAG_SYMBOL[nag] || '';
}

/**
 * commentText returns a comment as people read it: without the [%clk …] and
 * [%eval …] commands that sites embed for programs. The PGN export keeps them.
 */
export function commentText(c) {
  return String(c || '').replace(/\[%[^\]]*\]/g, ' ').replace(/\s+/g, ' ').trim();
}

function escTag(v) {
  return String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/[\r\n]+/g, ' ');
}

function escComment(v) {
  return String(v).replace(/}/g, ')').replace(/[\r\n]+/g, ' ').trim();
}

// UNKNOWN_TAGS are the PGN standard's values for roster tags nobody filled in. A
// game played here sets real ones when it starts (play.js); an imported game keeps
// what it had, and a roster tag it lacked is written as unknown, never made up.
const UNKNOWN_TAGS = { Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?' };

/**
 * exportPgn writes game as PGN: the seven tag roster, a FEN/SetUp pair for a
 * non-standard start, the move tree with variations in parentheses, NAGs as $n and
 * comments in braces. Lines wrap at 80 characters.
 */
export function exportPgn(game, extraHeaders = {}) {
  const h = { ...UNKNOWN_TAGS, ...game.headers, ...extraHeaders };
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
  if (n.commentBefore) {
    tokens.push(`{${escComment(n.commentBefore)}}`);
    forceNumber = true;
  }
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

/** pgnDate writes d as a PGN Date tag value, YYYY.MM.DD in local time. */
export function pgnDate(d) {
  const p = (x) => String(x).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}
