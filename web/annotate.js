// annotate.js: annotating the move tree on the Analyse and Review tabs: move glyphs
// (! ? !! ?? !? ?!) and position glyphs (= ∞ ⩲ ⩱ ± ∓ +− −+) on the current move, by
// the buttons under the move list or by keys (keys.js); promoting a variation one
// level; copying the current line as PGN; collapsing and expanding the variations in
// the move list. Glyphs are the nodes' NAGs, so PGN export and import carry them.
// The rules (glyph groups, the line copied) need no DOM.

import { Game } from './game.js';
import { exportPgn } from './pgn.js';
import { part, h } from './dom.js';
import { t } from './i18n.js';

// glyphEntry is a glyph on offer; its name (annot.nag.N) is read in the page's language.
const glyphEntry = (nag, glyph, code, label) => ({
  nag,
  glyph,
  code,
  ...(label ? { label } : {}),
  get name() { return t(`annot.nag.${nag}`); },
});

/**
 * MOVE_GLYPHS and POSITION_GLYPHS are the glyphs offered, with their NAG, the key
 * (KeyboardEvent.code; Shift for the position glyphs) and what they say (name); label
 * is the button's text where the glyph is missing from common fonts. A move has at
 * most one of each group.
 */
export const MOVE_GLYPHS = [
  glyphEntry(1, '!', 'Digit1'),
  glyphEntry(2, '?', 'Digit2'),
  glyphEntry(3, '!!', 'Digit3'),
  glyphEntry(4, '??', 'Digit4'),
  glyphEntry(5, '!?', 'Digit5'),
  glyphEntry(6, '?!', 'Digit6'),
];
export const POSITION_GLYPHS = [
  glyphEntry(10, '=', 'Digit1'),
  glyphEntry(13, '∞', 'Digit2'),
  glyphEntry(14, '⩲', 'Digit3', '+='),
  glyphEntry(15, '⩱', 'Digit4', '=+'),
  glyphEntry(16, '±', 'Digit5'),
  glyphEntry(17, '∓', 'Digit6'),
  glyphEntry(18, '+−', 'Digit7'),
  glyphEntry(19, '−+', 'Digit8'),
];
/** CLEAR_CODE is the key that removes the current move's glyphs. */
export const CLEAR_CODE = 'Digit0';

// The NAG ranges of the two groups (PGN standard: 1-9 move assessments, 10-21
// position assessments).
const isMoveNag = (n) => n >= 1 && n <= 9;
const isPositionNag = (n) => n >= 10 && n <= 21;

/**
 * glyphForKey returns the glyph entry a key press stands for ({code, shiftKey}), or
 * null.
 */
export function glyphForKey({ code, shiftKey }) {
  return (shiftKey ? POSITION_GLYPHS : MOVE_GLYPHS).find((g) => g.code === code) || null;
}

/**
 * toggleGlyph adds nag to node's NAGs, replacing any other of its group, or removes
 * it when node has it; other NAGs stay. The NAGs are kept in ascending order (move
 * glyph first, as PGN writes them). A review's mark that is replaced or removed is
 * the person's choice now (reviewNag 0): a later review leaves it alone. It returns
 * whether nag is on node afterwards.
 */
export function toggleGlyph(node, nag) {
  const group = isMoveNag(nag) ? isMoveNag : isPositionNag;
  const had = node.nags.includes(nag);
  const removed = node.nags.filter((n) => n === nag || group(n));
  node.nags = node.nags.filter((n) => !removed.includes(n));
  if (!had) node.nags.push(nag);
  node.nags.sort((a, b) => a - b);
  if (removed.includes(node.reviewNag)) node.reviewNag = 0;
  return !had;
}

/** clearGlyphs removes node's move and position glyphs; it returns how many it removed. */
export function clearGlyphs(node) {
  const before = node.nags.length;
  node.nags = node.nags.filter((n) => !isMoveNag(n) && !isPositionNag(n));
  if (!node.nags.includes(node.reviewNag)) node.reviewNag = 0;
  return before - node.nags.length;
}

/**
 * lineGame returns a new Game holding the line through node as its only line: the
 * moves from the start to node, then node's main continuation to its end, with their
 * comments and NAGs, the game's start position and tags (Result "*": the line is not
 * the game). Its PGN is what "Copy line" copies.
 */
export function lineGame(game, node) {
  const line = game.path(node);
  for (let n = node.children[0]; n; n = n.children[0]) line.push(n);
  const g = new Game(game.startFen);
  g.headers = { ...game.headers };
  delete g.headers.Result;
  delete g.headers.Termination;
  let at = g.root;
  for (const n of line) {
    g.goTo(at);
    const copy = g.play(n.uci);
    copy.comment = n.comment;
    copy.commentBefore = n.commentBefore;
    copy.nags = n.nags.slice();
    at = copy;
  }
  g.goTo(g.root);
  return g;
}

/** linePgn is the PGN of lineGame(game, node). */
export function linePgn(game, node) {
  return exportPgn(lineGame(game, node));
}

/**
 * createAnnotate wires the glyph buttons (built into #annotate inside root, the moves
 * box) and the tree buttons #btn-tree-up (promote one level), #btn-tree-copy (copy
 * the line as PGN) and #btn-tree-collapse (all variations); editable() says whether
 * the tree may be changed now. It returns {glyph(nag), clear(), promoteOne(),
 * copyLine(), toggleCollapse()} for the keys.
 */
export function createAnnotate(shell, root, { editable }) {
  const box = part(root, 'annotate');
  const collapseBtn = part(root, 'btn-tree-collapse');
  const buttons = new Map(); // nag -> button
  const group = (label, list) => {
    const g = h('div', { class: 'glyph-group', role: 'group', 'aria-label': label });
    for (const x of list) {
      const b = h('button', { type: 'button', class: 'btn glyph-btn', 'data-nag': x.nag, 'aria-pressed': 'false', 'aria-label': `${x.name} (${x.glyph})`, title: `${x.name}` }, x.label || x.glyph);
      b.addEventListener('click', () => glyph(x.nag));
      buttons.set(x.nag, b);
      g.append(b);
    }
    return g;
  };
  box.append(group(t('annot.moveGlyphs'), MOVE_GLYPHS), group(t('annot.positionGlyphs'), POSITION_GLYPHS));

  function current() {
    const n = shell.game.current;
    return editable() && n.parent ? n : null;
  }

  function glyph(nag) {
    const n = current();
    if (!n) return false;
    const on = toggleGlyph(n, nag);
    const g = [...MOVE_GLYPHS, ...POSITION_GLYPHS].find((x) => x.nag === nag);
    shell.refresh({ animate: false });
    shell.say(on ? t('annot.glyphOn', { move: n.san, name: g.name, glyph: g.glyph }) : t('annot.glyphOff', { move: n.san, glyph: g.glyph }));
    return true;
  }

  function clear() {
    const n = current();
    if (!n) return false;
    const k = clearGlyphs(n);
    shell.refresh({ animate: false });
    shell.say(k ? t('annot.cleared', { move: n.san }) : t('annot.noGlyph', { move: n.san }));
    return true;
  }

  function promoteOne() {
    const n = current();
    if (!n) return false;
    const moved = shell.game.promoteOne(n);
    if (!moved) {
      shell.say(t('tree.alreadyMain', { move: n.san }));
      return false;
    }
    shell.refresh({ animate: false });
    const up = shell.game.variationStart(moved);
    shell.say(up ? t('annot.movedUp', { move: moved.san, parent: up.san }) : t('tree.promoted', { move: moved.san }));
    return true;
  }

  async function copyLine() {
    const g = shell.game;
    const text = linePgn(g, g.current);
    try {
      await navigator.clipboard.writeText(text);
      shell.say(t('annot.copied'));
      return true;
    } catch {
      shell.notice(t('annot.copyRefused'));
      return false;
    }
  }

  const showCollapsed = () => collapseBtn.setAttribute('aria-pressed', String(shell.moves.allCollapsed()));

  function toggleCollapse() {
    const on = !shell.moves.allCollapsed();
    shell.moves.collapseAll(on, shell.game);
    showCollapsed();
    shell.say(on ? t('annot.collapsed') : t('annot.expanded'));
  }

  part(root, 'btn-tree-up').addEventListener('click', promoteOne);
  part(root, 'btn-tree-copy').addEventListener('click', copyLine);
  collapseBtn.addEventListener('click', toggleCollapse);
  // A variation's own toggle (the move list's) may collapse the last open one.
  part(root, 'movelist').addEventListener('click', (e) => {
    if (e.target.closest('[data-toggle]')) showCollapsed();
  });

  // The buttons show the current move's glyphs, and are off where nothing can be
  // annotated (the start position, a practice puzzle, a review in progress).
  shell.listeners.add(() => {
    const n = current();
    for (const [nag, b] of buttons) {
      b.disabled = !n;
      b.setAttribute('aria-pressed', String(!!n && n.nags.includes(nag)));
    }
    showCollapsed();
  });

  return { glyph, clear, promoteOne, copyLine, toggleCollapse };
}
