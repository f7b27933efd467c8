// attributes.js: reading <azurite-board>'s attributes into a config, with a readable
// message for each bad value. Pure functions (no DOM): tests call them directly.

import { LEVELS, DEFAULT_LEVEL } from '../levels.js';
import { BOARDS, PIECE_SETS } from '../settings.js';

/** LOOK_ATTRIBUTES change how the board looks, not the game: they apply without a restart. */
export const LOOK_ATTRIBUTES = ['board', 'pieces', 'coordinates'];

export const MODES = ['view', 'play', 'analyse'];
const MODE_ALIASES = { analyze: 'analyse', analysis: 'analyse' };

/** MAX_LINES is the most engine lines the analyse mode shows. */
export const MAX_LINES = 5;

/**
 * parseAttributes turns attribute values (null when absent) into
 * {config, errors}: config always holds usable values (defaults where a value was
 * bad) and errors lists one message per bad attribute.
 */
export function parseAttributes(get) {
  const errors = [];
  // board null: the colours come from the --az-sq-light/--az-sq-dark custom properties.
  const config = { mode: 'view', level: DEFAULT_LEVEL, orientation: 'w', fen: null, pgnSrc: null, lines: 1, board: null, pieces: 'standard', coordinates: true };

  const mode = get('mode');
  if (mode !== null && mode.trim() !== '') {
    const m = mode.trim().toLowerCase();
    const norm = MODE_ALIASES[m] || m;
    if (MODES.includes(norm)) config.mode = norm;
    else errors.push(`Unknown mode "${clip(mode)}": use play, analyse or view.`);
  }

  const level = get('level');
  if (level !== null && level.trim() !== '') {
    const l = level.trim().toLowerCase();
    const byId = LEVELS.find((x) => x.id === l);
    const n = /^\d+$/.test(l) ? Number(l) : NaN;
    if (byId) config.level = byId.id;
    else if (n >= 1 && n <= LEVELS.length) config.level = LEVELS[n - 1].id;
    else errors.push(`Unknown level "${clip(level)}": use 1 to ${LEVELS.length} or one of ${LEVELS.map((x) => x.id).join(', ')}.`);
  }

  const orientation = get('orientation');
  if (orientation !== null && orientation.trim() !== '') {
    const o = orientation.trim().toLowerCase();
    if (o === 'white' || o === 'w') config.orientation = 'w';
    else if (o === 'black' || o === 'b') config.orientation = 'b';
    else errors.push(`Unknown orientation "${clip(orientation)}": use white or black.`);
  }

  const lines = get('lines');
  if (lines !== null && lines.trim() !== '') {
    const n = Number(lines.trim());
    if (Number.isInteger(n) && n >= 1 && n <= MAX_LINES) config.lines = n;
    else errors.push(`Bad lines "${clip(lines)}": use a whole number from 1 to ${MAX_LINES}.`);
  }

  // The player's own settings (web/settings.js) as attributes: board colours, piece set, coordinates.
  const board = get('board');
  if (board !== null && board.trim() !== '') {
    const v = board.trim().toLowerCase();
    if (BOARDS.some((x) => x.id === v)) config.board = v;
    else errors.push(`Unknown board "${clip(board)}": use ${BOARDS.map((x) => x.id).join(', ')}.`);
  }
  const pieces = get('pieces');
  if (pieces !== null && pieces.trim() !== '') {
    const v = pieces.trim().toLowerCase();
    if (PIECE_SETS.some((x) => x.id === v)) config.pieces = v;
    else errors.push(`Unknown pieces "${clip(pieces)}": use ${PIECE_SETS.map((x) => x.id).join(' or ')}.`);
  }
  const coords = get('coordinates');
  if (coords !== null && coords.trim() !== '') {
    const v = coords.trim().toLowerCase();
    if (['on', 'true', 'yes'].includes(v)) config.coordinates = true;
    else if (['off', 'false', 'no'].includes(v)) config.coordinates = false;
    else errors.push(`Bad coordinates "${clip(coords)}": use on or off.`);
  }

  const fen = get('fen');
  if (fen !== null && fen.trim() !== '') config.fen = fen.trim();
  const src = get('pgn-src');
  if (src !== null && src.trim() !== '') config.pgnSrc = src.trim();
  const link = get('link');
  if (link !== null && link.trim() !== '') config.link = link.trim();
  const sources = [config.fen && 'fen', config.pgnSrc && 'pgn-src', config.link && 'link'].filter(Boolean);
  if (sources.length > 1) errors.push(`Both ${sources.slice(0, -1).join(', ')} and ${sources[sources.length - 1]} are set: use one of them.`);
  return { config, errors };
}

/** clip shortens a value quoted in a message so a huge attribute cannot flood it. */
export function clip(s, n = 60) {
  const t = String(s);
  return t.length > n ? `${t.slice(0, n)}…` : t;
}
