// clk.js: each move's remaining clock time, kept in the move's comment as the PGN
// command lichess writes ("[%clk 0:04:59]"), so a game played here carries its clocks
// through export, import and the library. Pure functions, no DOM.

import { startMs } from './time-control.js';

const CLK = /\[%clk\s+(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)\s*\]/;
const CLK_ALL = /\s*\[%clk\s+[^\]]*\]\s*/g;

/** parseClock returns the [%clk] time of comment in milliseconds, or null when it has none. */
export function parseClock(comment) {
  const m = CLK.exec(String(comment || ''));
  if (!m) return null;
  const [h, min, sec] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (min > 59 || sec >= 60) return null;
  return Math.round(((h * 60 + min) * 60 + sec) * 1000);
}

/**
 * formatClk writes ms as lichess does in [%clk]: H:MM:SS, whole seconds (rounded down,
 * so a clock never reads more than was left).
 */
export function formatClk(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * withClock returns comment with its [%clk] command set to ms (in front, where lichess
 * writes it); the words and the other commands stay. ms null removes it.
 */
export function withClock(comment, ms) {
  const rest = String(comment || '').replace(CLK_ALL, ' ').trim();
  if (ms === null || ms === undefined) return rest;
  return [`[%clk ${formatClk(ms)}]`, rest].filter(Boolean).join(' ');
}

/**
 * clocksAt returns each side's clock at node (the time left after that side's last
 * move on the path from the root to node): {w, b}, each ms or null.
 */
export function clocksAt(node) {
  const out = { w: null, b: null };
  for (let n = node; n && n.parent && (out.w === null || out.b === null); n = n.parent) {
    if (out[n.color] === null) {
      const ms = parseClock(n.comment);
      if (ms !== null) out[n.color] = ms;
    }
  }
  return out;
}

/**
 * parseTimeControl reads a PGN TimeControl tag of the form "seconds+increment"
 * ("300+3", "5400+30", "60"): {initialMs, incMs}, or null for "-", "?" and the forms
 * with moves per period.
 */
export function parseTimeControl(tag) {
  const m = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(String(tag || '').trim());
  if (!m) return null;
  return { initialMs: Math.round(Number(m[1]) * 1000), incMs: Math.round(Number(m[2] || 0) * 1000) };
}

/**
 * moveTimes returns the time each move of nodes (a line from the root, nodes[0] the
 * root) took, from the [%clk] of consecutive moves of one side: before − after +
 * increment. A side's first move is measured against the initial time when tc (from
 * parseTimeControl) gives it. Each entry is {ply, color, ms} with ms null where a
 * clock is missing; the result is empty when no move has a clock.
 */
export function moveTimes(nodes, tc) {
  // A 0-minute game's clocks start at its increment, at least 3 s (time-control.js).
  const start = tc ? startMs(tc.initialMs, tc.incMs) : null;
  const last = { w: start, b: start };
  const inc = tc ? tc.incMs : 0;
  const out = [];
  let any = false;
  for (const n of nodes.slice(1)) {
    const clk = parseClock(n.comment);
    const before = last[n.color];
    out.push({ ply: n.ply, color: n.color, ms: clk !== null && before !== null ? Math.max(0, before - clk + inc) : null });
    if (clk !== null) any = true;
    last[n.color] = clk;
  }
  return any ? out : [];
}
