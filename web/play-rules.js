// play-rules.js: play mode's rules that need no DOM and no engine: the tags of a new
// game, the engine's go parameters, the clock press, how far a takeback goes, what a
// flag fall scores, and when the engine accepts a draw. play.js applies them.

import { pgnDate } from './pgn.js';
import { timeControlTag } from './time-control.js';
import { t } from './i18n.js';

// The engine accepts a draw offer when its own evaluation (centipawns, its point of
// view) is at or below DRAW_ACCEPT_CP, or within DRAW_EQUAL_CP of zero once the game
// is DRAW_EQUAL_PLY half-moves old. Without an evaluation it declines.
const DRAW_ACCEPT_CP = -50;
const DRAW_EQUAL_CP = 15;
const DRAW_EQUAL_PLY = 60;
// MATE_SCORE_CP stands for a mate score among centipawns (its sign is the winner's).
const MATE_SCORE_CP = 10000;

const other = (c) => (c === 'w' ? 'b' : 'w');

/** lastMain returns the last node of g's main line (the live position of a game). */
export function lastMain(g) {
  let n = g.root;
  while (n.children[0]) n = n.children[0];
  return n;
}

/** sideToMove returns 'w' or 'b', the side to move at node. */
export function sideToMove(node) {
  return node.fen.split(' ')[1];
}

/**
 * newGameHeaders returns the PGN tags of a game the person plays as userColor against
 * level ({name}) at time control tc ({initialMs, incMs}; initialMs null: untimed;
 * time-control.js),
 * started at date: a game played here gets real values for the whole tag roster. The
 * event and the person's name are in the page's language, as the rest of the record
 * it shows (review.js finds the person's side by that name).
 */
export function newGameHeaders(userColor, level, tc, date) {
  const engine = `Azurite (${level.name})`;
  const you = t('play.you');
  return {
    Event: t('play.event'),
    Site: 'Azurite',
    Date: pgnDate(date),
    Round: '-',
    White: userColor === 'w' ? you : engine,
    Black: userColor === 'b' ? you : engine,
    TimeControl: timeControlTag(tc),
  };
}

/**
 * goParams returns the engine's go parameters at wall time t: both clocks and
 * increments in a timed game, else the level's movetime.
 */
export function goParams(clock, level, t) {
  if (!clock.timed) return { movetime: level.movetime };
  return {
    wtime: Math.round(clock.left('w', t)),
    btime: Math.round(clock.left('b', t)),
    winc: clock.incMs,
    binc: clock.incMs,
  };
}

/**
 * engineScore returns the score in centipawns, the engine's point of view, that an
 * info line of its first line gives (a mate as ±MATE_SCORE_CP), or null when it gives
 * none.
 */
export function engineScore(info) {
  if (info && (!info.multipv || info.multipv === 1) && typeof info.scoreCp === 'number') return info.scoreCp;
  if (info && typeof info.scoreMate === 'number') return info.scoreMate > 0 ? MATE_SCORE_CP : -MATE_SCORE_CP;
  return null;
}

/**
 * pressClock ends mover's move on clock at wall time t: the first move of the game
 * (White's) starts the opponent's clock, later ones press it. An untimed clock is
 * left alone.
 */
export function pressClock(clock, mover, t) {
  if (!clock.timed) return;
  if (clock.running) clock.press(t);
  else clock.start(other(mover), t);
}

/**
 * takebackTarget returns how far a takeback from end (the live position) goes: back to
 * the last position with userColor to move, at least one half-move, as {node, undone}
 * (undone 0: nothing to take back). At the start of a game where the user plays Black
 * it stops at the root, with the engine to move.
 */
export function takebackTarget(end, userColor) {
  let node = end;
  let undone = 0;
  while (node.parent && (undone === 0 || sideToMove(node) !== userColor)) {
    node = node.parent;
    undone++;
  }
  return { node, undone };
}

/**
 * flagResult scores a flag fall of side flagged, with board (chess.js's board() of the
 * position) deciding whether the opponent could still mate: {result, reason}.
 */
export function flagResult(flagged, board) {
  if (!canMate(board, other(flagged))) return { result: '1/2-1/2', reason: t(`play.flagNoMate.${flagged}`) };
  return { result: flagged === 'w' ? '0-1' : '1-0', reason: t(`play.flag.${flagged}`) };
}

/** acceptsDraw says whether the engine, with evaluation cp (null: none yet), takes a draw offered at ply. */
export function acceptsDraw(cp, ply) {
  return cp !== null && (cp <= DRAW_ACCEPT_CP || (Math.abs(cp) <= DRAW_EQUAL_CP && ply >= DRAW_EQUAL_PLY));
}

/**
 * canMate says whether color has material that could ever mate: anything beyond a
 * lone king or a king and one minor piece. board is chess.js's board() (rows of
 * {type, color} or null).
 */
export function canMate(board, color) {
  let minors = 0;
  for (const row of board) {
    for (const p of row) {
      if (!p || p.color !== color || p.type === 'k') continue;
      if (p.type === 'n' || p.type === 'b') minors++;
      else return true;
    }
  }
  return minors >= 2;
}
