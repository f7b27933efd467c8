// settings.js: the player's preferences (board colours, piece set, coordinates,
// animation speed, sound, screen-reader mode; in games, move confirmation and
// auto-queen), kept in localStorage under
// their own key, apart from the saved game, so a discarded game never takes the
// settings with it. Reading checks every field: an unknown or damaged value falls back
// to its default alone.
//
// Animation: the default, 'auto', is Normal, or Off while the system asks for reduced
// motion (prefers-reduced-motion: reduce); a speed the player chose is kept whatever
// the system says.

import { t } from './i18n.js';

export const SETTINGS_KEY = 'azurite.settings.v1';

/** BOARDS are the board colour schemes; app.css colours body[data-board="ID"]'s squares. */
export const BOARDS = [
  { id: 'blue', get label() { return t('set.board.blue'); } },
  { id: 'green', get label() { return t('set.board.green'); } },
  { id: 'brown', get label() { return t('set.board.brown'); } },
  { id: 'grey', get label() { return t('set.board.grey'); } },
];

/**
 * PIECE_SETS are the piece sprites served under assets/pieces/ (licences in
 * docs/LICENSES.md). Each sprite holds the twelve pieces as <g id="wk"> … <g id="bp">
 * on a 40-unit tile, as cm-chessboard expects.
 */
export const PIECE_SETS = [
  { id: 'standard', get label() { return t('set.pieces.standard'); }, file: 'pieces/standard.svg' },
  { id: 'azurite', get label() { return t('set.pieces.azurite'); }, file: 'pieces/azurite.svg' },
];

/**
 * ANIMATIONS maps the animation speeds offered to cm-chessboard durations in ms;
 * 'auto' is Normal's, or 0 with reduced motion (animationMs).
 */
export const ANIMATIONS = [
  { id: 'auto', get label() { return t('set.anim.auto'); }, ms: 180 },
  { id: 'off', get label() { return t('set.anim.off'); }, ms: 0 },
  { id: 'fast', get label() { return t('set.anim.fast'); }, ms: 100 },
  { id: 'normal', get label() { return t('set.anim.normal'); }, ms: 180 },
  { id: 'slow', get label() { return t('set.anim.slow'); }, ms: 350 },
];

/**
 * AUTO_QUEEN are the auto-queen choices in a game against the engine: a promotion
 * picks a queen without the chooser always ('on'), only when premoved ('premoves',
 * lichess's default), or never ('off': a premove opens the chooser too).
 */
export const AUTO_QUEEN = [
  { id: 'premoves', get label() { return t('set.autoQueen.premoves'); } },
  { id: 'on', get label() { return t('set.autoQueen.on'); } },
  { id: 'off', get label() { return t('set.autoQueen.off'); } },
];

export const DEFAULT_SETTINGS = Object.freeze({ board: 'blue', pieces: 'standard', coords: true, animation: 'auto', sound: true, screenReader: false, confirmMove: false, autoQueen: 'premoves' });

/** normalize returns a full, valid settings object from o (anything), field by field. */
export function normalize(o) {
  const src = o && typeof o === 'object' ? o : {};
  const pick = (list, v, d) => (list.some((x) => x.id === v) ? v : d);
  // Settings saved before 'auto' and the screen-reader mode existed (no screenReader
  // field) held 'normal' as the default whenever any other setting was changed, since
  // the whole object is saved: that 'normal' was no choice, so it reads as 'auto'.
  const animation = src.animation === 'normal' && !('screenReader' in src) ? 'auto' : src.animation;
  return {
    board: pick(BOARDS, src.board, DEFAULT_SETTINGS.board),
    pieces: pick(PIECE_SETS, src.pieces, DEFAULT_SETTINGS.pieces),
    coords: typeof src.coords === 'boolean' ? src.coords : DEFAULT_SETTINGS.coords,
    animation: pick(ANIMATIONS, animation, DEFAULT_SETTINGS.animation),
    sound: typeof src.sound === 'boolean' ? src.sound : DEFAULT_SETTINGS.sound,
    screenReader: typeof src.screenReader === 'boolean' ? src.screenReader : DEFAULT_SETTINGS.screenReader,
    confirmMove: typeof src.confirmMove === 'boolean' ? src.confirmMove : DEFAULT_SETTINGS.confirmMove,
    autoQueen: pick(AUTO_QUEEN, src.autoQueen, DEFAULT_SETTINGS.autoQueen),
  };
}

/** loadSettings reads the saved settings (defaults when none or unreadable). */
export function loadSettings(storage = globalThis.localStorage) {
  try {
    const raw = storage.getItem(SETTINGS_KEY);
    return normalize(raw ? JSON.parse(raw) : null);
  } catch {
    return normalize(null);
  }
}

/** saveSettings writes s; a storage error (quota, privacy mode) is returned, not thrown. */
export function saveSettings(s, storage = globalThis.localStorage) {
  try {
    storage.setItem(SETTINGS_KEY, JSON.stringify(normalize(s)));
    return null;
  } catch (e) {
    return e;
  }
}

/** autoQueens says whether a promotion picks a queen at setting id (AUTO_QUEEN); premove: it is a premove. */
export function autoQueens(id, premove) {
  return id === 'on' || (id === 'premoves' && !!premove);
}

/** boardById, pieceSetById and animationMs look up a validated setting's details. */
export function boardById(id) {
  return BOARDS.find((b) => b.id === id) || BOARDS[0];
}

export function pieceSetById(id) {
  return PIECE_SETS.find((p) => p.id === id) || PIECE_SETS[0];
}

/**
 * animationMs is the board's animation length for the setting id; reducedMotion is
 * the system's prefers-reduced-motion, which turns 'auto' (and only 'auto') off.
 */
export function animationMs(id, reducedMotion = false) {
  if (id === 'auto' && reducedMotion) return 0;
  const a = ANIMATIONS.find((x) => x.id === id);
  return a ? a.ms : 180;
}
