// links.js: positions and games in a URL fragment, so a link opens them on any static
// host and offline (the fragment never reaches a server). The fragment holds URL
// parameters:
//
//   fen=<FEN>        the start position (the standard one when absent)
//   g=<moves>        the main line, one byte a move: its index among the legal moves
//                    of its position sorted by UCI name, base64url without padding
//                    (a 40-move game takes 107 characters)
//   ply=<n>          the move to show (the last when absent)
//   w, b, r, e, d    White, Black, the result, the event and the date
//
// "#fen=…" alone is a position. Variations and comments stay out of links; a game with
// them is shared whole as PGN.

import { Chess } from 'chess.js';
import { Game, START_FEN, MAX_PLY } from './game.js';
import { parseFen } from './pgn.js';
import { t } from './i18n.js';

const HEADERS = { w: 'White', b: 'Black', e: 'Event', d: 'Date' };
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function toBase64Url(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
    const chars = [(n >> 18) & 63, (n >> 12) & 63, (n >> 6) & 63, n & 63].map((x) => B64[x]);
    out += chars.slice(0, Math.min(4, Math.ceil(((bytes.length - i) * 4) / 3))).join('');
  }
  return out;
}

function fromBase64Url(text) {
  const vals = [...text].map((c) => B64.indexOf(c));
  if (vals.some((v) => v < 0)) return null;
  const out = [];
  for (let i = 0; i < vals.length; i += 4) {
    const n = (vals[i] << 18) | ((vals[i + 1] || 0) << 12) | ((vals[i + 2] || 0) << 6) | (vals[i + 3] || 0);
    const left = vals.length - i;
    out.push((n >> 16) & 255);
    if (left > 2) out.push((n >> 8) & 255);
    if (left > 3) out.push(n & 255);
  }
  return out;
}

// legalUci returns the legal moves of chess's position as UCI names, sorted.
function legalUci(chess) {
  return chess.moves({ verbose: true }).map((m) => m.from + m.to + (m.promotion || '')).sort();
}

/** encodeMoves writes UCI moves played from fen as the g parameter. */
export function encodeMoves(fen, ucis) {
  const chess = new Chess(fen);
  const bytes = [];
  for (const u of ucis) {
    const i = legalUci(chess).indexOf(u);
    if (i < 0) throw new Error(`encodeMoves: ${u} is not legal`);
    bytes.push(i);
    chess.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
  }
  return toBase64Url(bytes);
}

/**
 * decodeMoves reads the g parameter from fen: {ucis, error}; error (or '') says at
 * which move the encoding stopped making sense, the moves before it are kept.
 */
export function decodeMoves(fen, g) {
  const bytes = fromBase64Url(g);
  if (!bytes) return { ucis: [], error: t('link.encoding') };
  const chess = new Chess(fen);
  const ucis = [];
  for (const b of bytes.slice(0, MAX_PLY)) {
    const legal = legalUci(chess);
    if (b >= legal.length) return { ucis, error: t('link.illegal', { move: ucis.length + 1 }) };
    const u = legal[b];
    chess.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
    ucis.push(u);
  }
  return { ucis, error: bytes.length > MAX_PLY ? t('link.tooLong', { max: MAX_PLY }) : '' };
}

/** gameFragment returns the fragment (without "#") that opens game at its cursor. */
export function gameFragment(game) {
  const p = new URLSearchParams();
  if (game.startFen !== START_FEN) p.set('fen', game.startFen);
  const line = game.mainlineNodes();
  if (line.length) p.set('g', encodeMoves(game.startFen, line.map((n) => n.uci)));
  // The cursor, when it is on the main line and not at its end.
  if (game.isMainline(game.current) && game.current !== (line[line.length - 1] || game.root)) p.set('ply', String(game.current.ply));
  for (const [k, tag] of Object.entries(HEADERS)) {
    const v = game.headers[tag];
    if (v && !/^[?.\s-]*$/.test(v)) p.set(k, v);
  }
  if (game.result && game.result !== '*') p.set('r', game.result);
  if (!line.length && game.startFen === START_FEN) p.set('fen', START_FEN);
  return p.toString();
}

/** isLinkFragment says whether a fragment (with or without "#") is one of these links. */
export function isLinkFragment(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  return p.has('fen') || p.has('g');
}

/**
 * gameFromFragment reads a fragment (with or without "#"): {game, problem, kind, why}.
 * game is null when the fragment is not a link or its position is invalid (kind
 * 'position'); damaged moves keep the moves before them (kind 'damaged'). problem is
 * the sentence to show, why its reason alone (for a message of the caller's own).
 */
export function gameFromFragment(hash) {
  const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  if (!p.has('fen') && !p.has('g')) return { game: null, problem: '', kind: '', why: '' };
  let game;
  try {
    game = p.has('fen') ? parseFen(p.get('fen')) : new Game(START_FEN);
  } catch (e) {
    const why = e.why ?? e.message;
    return { game: null, problem: t('link.badPosition', { why }), kind: 'position', why };
  }
  let problem = '';
  let why = '';
  if (p.has('g')) {
    const { ucis, error } = decodeMoves(game.startFen, p.get('g'));
    for (const u of ucis) game.play(u);
    if (error) {
      why = error;
      problem = t('link.damaged', { why });
    }
  }
  for (const [k, tag] of Object.entries(HEADERS)) if (p.has(k)) game.headers[tag] = p.get(k).slice(0, 200);
  if (['1-0', '0-1', '1/2-1/2'].includes(p.get('r'))) game.result = p.get('r');
  const line = game.mainlineNodes();
  const ply = p.has('ply') ? Number(p.get('ply')) : line.length;
  game.goTo(Number.isInteger(ply) && ply >= 0 && ply <= line.length ? (ply === 0 ? game.root : line[ply - 1]) : line[line.length - 1] || game.root);
  return { game, problem, kind: why ? 'damaged' : '', why };
}
