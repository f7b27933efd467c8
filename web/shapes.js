// shapes.js: the user's own arrows and circles on the board, kept in the move's comment
// as the PGN commands lichess and ChessBase write ("[%cal Ge2e4,Rd1h5] [%csl Gf7]"),
// so they travel through PGN export and import with the move. Drawing: right-drag from
// one square to another for an arrow, right-click a square for a circle (or the same
// with the left button while Alt is held, for one-button pointers); Shift makes it red,
// Ctrl (or Meta) blue, Shift+Ctrl yellow, else green. Drawing a shape again removes it.

const SQUARE = /^[a-h][1-8]$/;
const COLORS = 'GRBY';

/** parseShapes reads the [%cal …] and [%csl …] commands of comment: {arrows, circles}. */
export function parseShapes(comment) {
  const arrows = [];
  const circles = [];
  const text = String(comment || '');
  for (const m of text.matchAll(/\[%(cal|csl)\s+([^\]]*)\]/g)) {
    for (const item of m[2].split(',').map((x) => x.trim())) {
      const color = item[0];
      if (!COLORS.includes(color)) continue;
      if (m[1] === 'cal' && item.length === 5 && SQUARE.test(item.slice(1, 3)) && SQUARE.test(item.slice(3, 5))) {
        arrows.push({ color, from: item.slice(1, 3), to: item.slice(3, 5) });
      } else if (m[1] === 'csl' && item.length === 3 && SQUARE.test(item.slice(1, 3))) {
        circles.push({ color, square: item.slice(1, 3) });
      }
    }
  }
  return { arrows, circles };
}

/**
 * withShapes returns comment with its [%cal]/[%csl] commands replaced by shapes' (none
 * when shapes is empty); the words and other commands ([%clk], [%eval]) stay.
 */
export function withShapes(comment, shapes) {
  const rest = String(comment || '').replace(/\s*\[%(cal|csl)\s+[^\]]*\]\s*/g, ' ').trim();
  const cmds = [];
  if (shapes.arrows.length) cmds.push(`[%cal ${shapes.arrows.map((a) => a.color + a.from + a.to).join(',')}]`);
  if (shapes.circles.length) cmds.push(`[%csl ${shapes.circles.map((c) => c.color + c.square).join(',')}]`);
  return [...cmds, rest].filter(Boolean).join(' ');
}

/**
 * setWords replaces the words of a comment and keeps its [%…] commands (shapes,
 * clocks, evals) in front of them.
 */
export function setWords(comment, words) {
  const cmds = (String(comment || '').match(/\[%[^\]]*\]/g) || []).join(' ');
  return [cmds, words.replace(/\s+/g, ' ').trim()].filter(Boolean).join(' ');
}

/**
 * toggleShape adds shape ({from, to, color} for an arrow, {square, color} for a
 * circle) to shapes, or removes it if the same shape in the same colour is there; a
 * shape on the same squares in another colour is replaced. It returns new shapes.
 */
export function toggleShape(shapes, shape) {
  const arrows = shapes.arrows.slice();
  const circles = shapes.circles.slice();
  if (shape.square) {
    const i = circles.findIndex((c) => c.square === shape.square);
    const same = i >= 0 && circles[i].color === shape.color;
    if (i >= 0) circles.splice(i, 1);
    if (!same) circles.push(shape);
  } else {
    const i = arrows.findIndex((a) => a.from === shape.from && a.to === shape.to);
    const same = i >= 0 && arrows[i].color === shape.color;
    if (i >= 0) arrows.splice(i, 1);
    if (!same) arrows.push(shape);
  }
  return { arrows, circles };
}

/** colorOf picks the shape colour from the modifier keys of a pointer event. */
export function colorOf(e) {
  const ctrl = e.ctrlKey || e.metaKey;
  if (e.shiftKey && ctrl) return 'Y';
  if (e.shiftKey) return 'R';
  if (ctrl) return 'B';
  return 'G';
}

/**
 * attachShapeInput listens on boardEl for shape gestures and calls onShape(shape)
 * for each finished one. enabled() says whether drawing is allowed now. The board's
 * squares carry data-square (cm-chessboard); the context menu is suppressed on the
 * board while drawing is enabled.
 */
export function attachShapeInput(boardEl, { enabled, onShape }) {
  let start = null;
  const squareAt = (e) => {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const sq = el && el.closest ? el.closest('[data-square]') : null;
    return sq && boardEl.contains(sq) ? sq.dataset.square : null;
  };
  const drawing = (e) => e.button === 2 || (e.button === 0 && e.altKey);
  boardEl.addEventListener('pointerdown', (e) => {
    if (!enabled() || !drawing(e)) return;
    const sq = squareAt(e);
    if (!sq) return;
    start = { square: sq, color: colorOf(e) };
    // Keep cm-chessboard from starting a move with an Alt+left press.
    e.preventDefault();
    e.stopPropagation();
  }, { capture: true });
  window.addEventListener('pointerup', (e) => {
    if (!start) return;
    const from = start;
    start = null;
    const to = squareAt(e);
    if (!to) return;
    e.preventDefault();
    e.stopPropagation();
    onShape(to === from.square ? { square: to, color: from.color } : { from: from.square, to, color: from.color });
  }, { capture: true });
  boardEl.addEventListener('contextmenu', (e) => {
    if (enabled()) e.preventDefault();
  });
}
