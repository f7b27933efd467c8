// attributes.js: reading <azurite-board>'s attributes into a config, with a readable
// message for each bad value (embed.*; the attribute names and values quoted in them
// are the HTML's, the same in every language). Pure functions (no DOM): tests call
// them directly.

import { LEVELS, DEFAULT_LEVEL } from '../levels.js';
import { BOARDS, PIECE_SETS } from '../settings.js';
import { orList } from '../move-text.js';
import { t } from '../i18n.js';

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
    else errors.push(t('embed.unknownMode', { value: clip(mode) }));
  }

  const level = get('level');
  if (level !== null && level.trim() !== '') {
    const l = level.trim().toLowerCase();
    const byId = LEVELS.find((x) => x.id === l);
    const n = /^\d+$/.test(l) ? Number(l) : NaN;
    if (byId) config.level = byId.id;
    else if (n >= 1 && n <= LEVELS.length) config.level = LEVELS[n - 1].id;
    else errors.push(t('embed.unknownLevel', { value: clip(level), max: String(LEVELS.length), ids: LEVELS.map((x) => x.id).join(t('list.comma')) }));
  }

  const orientation = get('orientation');
  if (orientation !== null && orientation.trim() !== '') {
    const o = orientation.trim().toLowerCase();
    if (o === 'white' || o === 'w') config.orientation = 'w';
    else if (o === 'black' || o === 'b') config.orientation = 'b';
    else errors.push(t('embed.unknownOrientation', { value: clip(orientation) }));
  }

  const lines = get('lines');
  if (lines !== null && lines.trim() !== '') {
    const n = Number(lines.trim());
    if (Number.isInteger(n) && n >= 1 && n <= MAX_LINES) config.lines = n;
    else errors.push(t('embed.badLines', { value: clip(lines), max: String(MAX_LINES) }));
  }

  // The player's own settings (web/settings.js) as attributes: board colours, piece set, coordinates.
  const board = get('board');
  if (board !== null && board.trim() !== '') {
    const v = board.trim().toLowerCase();
    if (BOARDS.some((x) => x.id === v)) config.board = v;
    else errors.push(t('embed.unknownBoard', { value: clip(board), ids: BOARDS.map((x) => x.id).join(t('list.comma')) }));
  }
  const pieces = get('pieces');
  if (pieces !== null && pieces.trim() !== '') {
    const v = pieces.trim().toLowerCase();
    if (PIECE_SETS.some((x) => x.id === v)) config.pieces = v;
    else errors.push(t('embed.unknownPieces', { value: clip(pieces), ids: orList(PIECE_SETS.map((x) => x.id)) }));
  }
  const coords = get('coordinates');
  if (coords !== null && coords.trim() !== '') {
    const v = coords.trim().toLowerCase();
    if (['on', 'true', 'yes'].includes(v)) config.coordinates = true;
    else if (['off', 'false', 'no'].includes(v)) config.coordinates = false;
    else errors.push(t('embed.badCoordinates', { value: clip(coords) }));
  }

  const fen = get('fen');
  if (fen !== null && fen.trim() !== '') config.fen = fen.trim();
  const src = get('pgn-src');
  if (src !== null && src.trim() !== '') config.pgnSrc = src.trim();
  const link = get('link');
  if (link !== null && link.trim() !== '') config.link = link.trim();
  const sources = [config.fen && 'fen', config.pgnSrc && 'pgn-src', config.link && 'link'].filter(Boolean);
  if (sources.length === 2) errors.push(t('embed.bothSources', { a: sources[0], b: sources[1] }));
  else if (sources.length === 3) errors.push(t('embed.allSources', { a: sources[0], b: sources[1], c: sources[2] }));
  return { config, errors };
}

/** clip shortens a value quoted in a message so a huge attribute cannot flood it. */
export function clip(s, n = 60) {
  const text = String(s);
  return text.length > n ? `${text.slice(0, n)}…` : text;
}
