// analysis-settings.js: the Analyse tab's engine settings: the search limit (infinite,
// a depth or a time) and how "Go deeper" extends it, the hash size (within the
// engine's advertised Hash maximum), and whether the eval bar is shown. The number of
// lines stays the Lines picker beside the engine button. The rules are pure; the
// panel (createEngineSettings) only reads and writes its controls.

import { part, h, clear } from './dom.js';
import { t } from './i18n.js';

/** LIMIT_KINDS are the search limits offered. */
export const LIMIT_KINDS = ['infinite', 'depth', 'time'];
/** DEPTH_RANGE and SECONDS_RANGE bound a depth or time limit ([min, max]). */
export const DEPTH_RANGE = [1, 99];
export const SECONDS_RANGE = [1, 3600];
/** DEEPER_PLIES is how much deeper each "Go deeper" searches under a depth limit. */
export const DEEPER_PLIES = 10;
/** HASH_SIZES are the hash sizes offered (MB), as far as the engine's maximum allows. */
export const HASH_SIZES = [16, 32, 64, 128, 256, 512, 1024];
/** DEFAULT_HASH is the engine's own default, which the other tabs search with. */
export const DEFAULT_HASH = 16;

/** defaultSettings returns the settings a first visit gets. */
export function defaultSettings() {
  return { limit: 'infinite', depth: 24, seconds: 10, hash: DEFAULT_HASH, evalbar: true };
}

const clampInt = (v, [lo, hi], dflt) => (Number.isInteger(v) && v >= lo && v <= hi ? v : dflt);

/**
 * hashChoices returns HASH_SIZES up to max (the engine's Hash option maximum; none
 * known: all of them), never empty.
 */
export function hashChoices(max) {
  const ok = Number.isFinite(max) ? HASH_SIZES.filter((n) => n <= max) : HASH_SIZES.slice();
  return ok.length ? ok : [Math.max(1, Math.floor(max) || 1)];
}

/**
 * normalizeSettings returns valid settings from o (saved, or from the panel): a field
 * that is missing or out of range takes its default; a hash above hashMax (or not
 * among the choices) falls back to the largest choice not above it.
 */
export function normalizeSettings(o, hashMax = Infinity) {
  const d = defaultSettings();
  const src = o && typeof o === 'object' ? o : {};
  const choices = hashChoices(hashMax);
  let hash = Number.isInteger(src.hash) && src.hash > 0 ? src.hash : d.hash;
  if (!choices.includes(hash)) hash = choices.filter((n) => n <= hash).pop() || choices[0];
  return {
    limit: LIMIT_KINDS.includes(src.limit) ? src.limit : d.limit,
    depth: clampInt(src.depth, DEPTH_RANGE, d.depth),
    seconds: clampInt(src.seconds, SECONDS_RANGE, d.seconds),
    hash,
    evalbar: typeof src.evalbar === 'boolean' ? src.evalbar : d.evalbar,
  };
}

/**
 * goLimits returns the go parameters for settings after `deeper` presses of "Go
 * deeper" on the current position: {infinite: true}; {depth} growing by DEEPER_PLIES
 * a press (at most DEPTH_RANGE's top); {movetime} in ms, one more limit's worth a
 * press (the hash keeps what the last search found, so the new one goes further).
 */
export function goLimits(settings, deeper = 0) {
  if (settings.limit === 'depth') return { depth: Math.min(DEPTH_RANGE[1], settings.depth + DEEPER_PLIES * deeper) };
  if (settings.limit === 'time') return { movetime: settings.seconds * 1000 * (1 + deeper) };
  return { infinite: true };
}

/** canGoDeeper says whether "Go deeper" can extend the limit of goLimits(settings, deeper). */
export function canGoDeeper(settings, deeper = 0) {
  if (settings.limit === 'depth') return goLimits(settings, deeper).depth < DEPTH_RANGE[1];
  return settings.limit === 'time';
}

/**
 * createEngineSettings wires the settings box inside root (#an-limit, #an-depth,
 * #an-seconds, #an-hash, #an-evalbar) and calls onChange(settings) after each change.
 * It returns {set(settings, hashMax)} to show settings with the hash choices up to
 * hashMax.
 */
export function createEngineSettings(root, { onChange }) {
  const limit = part(root, 'an-limit');
  const depth = part(root, 'an-depth');
  const seconds = part(root, 'an-seconds');
  const hash = part(root, 'an-hash');
  const evalbar = part(root, 'an-evalbar');
  let max = Infinity;
  let shownChoices = '';

  function read() {
    return normalizeSettings({
      limit: limit.value,
      depth: Number(depth.value),
      seconds: Number(seconds.value),
      hash: Number(hash.value),
      evalbar: evalbar.checked,
    }, max);
  }
  // The number box of the limit not chosen is disabled (its value is kept).
  function showKind(kind) {
    depth.disabled = kind !== 'depth';
    seconds.disabled = kind !== 'time';
  }
  for (const el of [limit, hash, evalbar]) el.addEventListener('change', () => { showKind(limit.value); onChange(read()); });
  // A number box applies on change (Enter or leaving it), not at every keystroke.
  for (const el of [depth, seconds]) el.addEventListener('change', () => { const s = read(); depth.value = String(s.depth); seconds.value = String(s.seconds); onChange(s); });

  return {
    set(s, hashMax = Infinity) {
      max = hashMax;
      const choices = hashChoices(max);
      if (choices.join() !== shownChoices) {
        shownChoices = choices.join();
        clear(hash);
        for (const n of choices) hash.append(h('option', { value: n }, t('an.hashMb', { n })));
      }
      limit.value = s.limit;
      depth.value = String(s.depth);
      seconds.value = String(s.seconds);
      hash.value = String(s.hash);
      evalbar.checked = s.evalbar;
      showKind(s.limit);
    },
  };
}
