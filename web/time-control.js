// time-control.js: the time controls a game against the engine can be played at: the
// offered ones and any custom minutes + increment, read from the form with a reason
// when the text is no time control, named by one id ("5+3", "0.5+0", "90+30",
// "none") that is saved with the game, and written as the PGN TimeControl tag. Pure,
// no DOM.
//
// A game of 0 minutes starts each clock at its increment, at least MIN_START_MS, as
// lichess does (0+1 starts at 3 s): a clock at zero would fall before the first move.
// The tag keeps the chosen minutes ("0+1"), as lichess writes it; moveTimes (clk.js)
// applies the same start time.

import { t } from './i18n.js';

/** MAX_MINUTES and MAX_INC_S bound a custom time control (lichess's bounds). */
export const MAX_MINUTES = 180;
export const MAX_INC_S = 180;
/** MIN_START_MS is the least time a 0-minute game's clocks start with. */
export const MIN_START_MS = 3000;

/** TIME_CONTROLS are the offered choices: minutes + increment seconds. */
export const TIME_CONTROLS = [
  { id: 'none', get label() { return t('tc.untimed'); }, initialMs: null, incMs: 0 },
  { id: '1+0', get label() { return t('tc.bullet', { tc: '1 + 0' }); }, initialMs: 60000, incMs: 0 },
  { id: '3+2', get label() { return t('tc.blitz', { tc: '3 + 2' }); }, initialMs: 180000, incMs: 2000 },
  { id: '5+3', get label() { return t('tc.blitz', { tc: '5 + 3' }); }, initialMs: 300000, incMs: 3000 },
  { id: '10+5', get label() { return t('tc.rapid', { tc: '10 + 5' }); }, initialMs: 600000, incMs: 5000 },
  { id: '15+10', get label() { return t('tc.rapid', { tc: '15 + 10' }); }, initialMs: 900000, incMs: 10000 },
  { id: '30+20', get label() { return t('tc.classical', { tc: '30 + 20' }); }, initialMs: 1800000, incMs: 20000 },
];

/**
 * MESSAGES are the reasons a custom time control is refused, in one table for the
 * translation catalogue.
 */
export const MESSAGES = {
  get minutes() {
    return t('tc.minutes', { max: MAX_MINUTES });
  },
  get minutesRange() {
    return t('tc.minutesRange', { max: MAX_MINUTES });
  },
  get minutesSeconds() {
    return t('tc.minutesSeconds');
  },
  get inc() {
    return t('tc.inc', { max: MAX_INC_S });
  },
  get none() {
    return t('tc.none');
  },
};

/** startMs is the time each clock starts with at initialMs + incMs (ms; initialMs 0: see above). */
export function startMs(initialMs, incMs) {
  return initialMs === 0 ? Math.max(incMs, MIN_START_MS) : initialMs;
}

// number reads a decimal written with a point or a comma ("1.5", "1,5"), or NaN.
function number(text) {
  const t = String(text ?? '').trim().replace(',', '.');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(t) ? Number(t) : NaN;
}

// fromParts returns the time control of initialS seconds + incS, named and labelled.
function fromParts(initialS, incS) {
  const preset = TIME_CONTROLS.find((t) => t.initialMs === initialS * 1000 && t.incMs === incS * 1000);
  if (preset) return { ...preset };
  const minutes = String(initialS / 60);
  return { id: `${minutes}+${incS}`, label: `${minutes} + ${incS}`, initialMs: initialS * 1000, incMs: incS * 1000 };
}

/**
 * customTimeControl reads the form's minutes and increment texts: {tc} (tc as a
 * TIME_CONTROLS entry, the offered one when it is one of them) or {error, field}
 * (field 'minutes' or 'inc': where the problem is; the message from MESSAGES).
 */
export function customTimeControl(minutesText, incText) {
  const min = number(minutesText);
  if (Number.isNaN(min)) return { error: MESSAGES.minutes, field: 'minutes' };
  if (min > MAX_MINUTES) return { error: MESSAGES.minutesRange, field: 'minutes' };
  const initialS = min * 60;
  if (Math.abs(initialS - Math.round(initialS)) > 1e-9) return { error: MESSAGES.minutesSeconds, field: 'minutes' };
  const inc = number(incText);
  if (Number.isNaN(inc) || !Number.isInteger(inc) || inc > MAX_INC_S) return { error: MESSAGES.inc, field: 'inc' };
  if (Math.round(initialS) === 0 && inc === 0) return { error: MESSAGES.none, field: 'minutes' };
  return { tc: fromParts(Math.round(initialS), inc) };
}

/**
 * timeControlById returns the time control an id names ("none", an offered one, or
 * "M+I" with M minutes and I seconds within the custom bounds), or null.
 */
export function timeControlById(id) {
  const preset = TIME_CONTROLS.find((t) => t.id === id);
  if (preset) return { ...preset };
  const m = /^([\d.]+)\+(\d+)$/.exec(String(id ?? ''));
  if (!m) return null;
  const r = customTimeControl(m[1], m[2]);
  return r.tc || null;
}

/** timeControlTag is the PGN TimeControl tag of tc: "seconds+increment", or "-" untimed. */
export function timeControlTag(tc) {
  return tc.initialMs === null ? '-' : `${tc.initialMs / 1000}+${tc.incMs / 1000}`;
}
