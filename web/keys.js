// keys.js: the page's keyboard help sheet (the ? key or the ⌨ button: a dialog listing
// every key, from KEYS) and the keys of the analysis tools: variations (↑/↓ at a
// branch, Shift+← out of one), threat mode (x), the engine's move (Space), glyphs
// (1–6, Shift+1–8, 0) and collapsing variations (v). The page's older keys (←/→,
// Home/End, f, p/c) are app.js's and screen-reader.js's; KEYS lists them too, so the
// sheet is the one list of them all.

import { part, h, clear } from './dom.js';
import { MOVE_GLYPHS, POSITION_GLYPHS, CLEAR_CODE, glyphForKey } from './annotate.js';

/** KEYS is the help sheet: [keys, what they do, where]. */
export const KEYS = [
  ['← →', 'Previous / next move', 'all tabs'],
  ['Home End', 'First / last move', 'all tabs'],
  ['↑ ↓', 'Previous / next move at this branch (the current move\'s alternatives)', 'Analyse, Review'],
  ['Shift+←', 'Leave the variation: back to the move where it branches off', 'Analyse, Review'],
  ['f', 'Flip the board', 'all tabs'],
  ['x', 'Threat mode on / off: what the other side would play if it were its move', 'Analyse'],
  ['Space', 'Play the engine\'s best move', 'Analyse'],
  [MOVE_GLYPHS.map((g) => g.code.slice(5)).join(' '), `Move glyphs ${MOVE_GLYPHS.map((g) => g.glyph).join(' ')} on the current move (again: remove)`, 'Analyse, Review'],
  [`Shift+${POSITION_GLYPHS[0].code.slice(5)}…${POSITION_GLYPHS[POSITION_GLYPHS.length - 1].code.slice(5)}`, `Position glyphs ${POSITION_GLYPHS.map((g) => g.label || g.glyph).join(' ')}`, 'Analyse, Review'],
  [CLEAR_CODE.slice(5), 'Remove the current move\'s glyphs', 'Analyse, Review'],
  ['v', 'Collapse / expand all variations', 'Analyse, Review'],
  ['← → Enter', 'In an engine line: walk its moves (each previewed), play up to one', 'Analyse'],
  ['p c', 'Read the position / the clocks (screen-reader mode)', 'all tabs'],
  ['Escape', 'Cancel a premove; close a dialog or the preview', 'all tabs'],
  ['?', 'This list', 'all tabs'],
];

// ignored says whether a key press on t belongs to t itself: text and choice fields,
// the tabs (their arrows), the board (cm-chessboard's keys) and open dialogs.
function ignored(t) {
  return !!(t.closest && (t.closest('input, textarea, select, [role="tab"], dialog, [contenteditable="true"]') || t.closest('#board')));
}

/**
 * createKeys wires the help dialog (dialog, opened by the button open) and the keys
 * above to the shell; analysis is the Analyse controller (toggleThreat, playBest) and
 * annotate annotate.js's ({glyph, clear, toggleCollapse}).
 */
export function createKeys(shell, { dialog, open, analysis, annotate }) {
  const list = part(dialog, 'keys-list');
  clear(list);
  for (const [keys, what, where] of KEYS) {
    list.append(h('tr', {},
      h('th', { scope: 'row' }, ...keys.split(' ').flatMap((k, i) => [i ? ' ' : null, h('kbd', {}, k)])),
      h('td', {}, what),
      h('td', { class: 'muted' }, where)));
  }
  const showHelp = () => {
    if (!dialog.open) dialog.showModal();
  };
  open.addEventListener('click', showHelp);

  const treeTab = () => shell.mode === 'analysis' || shell.mode === 'review';

  // branch steps to the previous (-1) or next (+1) of the current move's siblings.
  function branch(dir) {
    const n = shell.game.current;
    const sib = n.parent ? n.parent.children : [];
    if (sib.length < 2) {
      shell.say('No other move here: ↑ and ↓ choose among the moves at a branch.');
      return;
    }
    const next = sib[(sib.indexOf(n) + dir + sib.length) % sib.length];
    shell.navigate(() => shell.game.goTo(next));
  }

  // leave goes back to the move where the current variation branches off.
  function leave() {
    const start = shell.game.variationStart(shell.game.current);
    if (!start) {
      shell.say('The current move is on the main line.');
      return;
    }
    shell.navigate(() => shell.game.goTo(start.parent));
  }

  // Capture phase: these keys are handled before app.js's (Shift+← would otherwise
  // also step back one move there).
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const t = e.target;
    if (ignored(t)) return;
    let act = null;
    if (e.key === '?') act = showHelp;
    else if (treeTab() && (e.key === 'ArrowUp' || e.key === 'ArrowDown') && !e.shiftKey) act = () => branch(e.key === 'ArrowUp' ? -1 : 1);
    else if (treeTab() && e.key === 'ArrowLeft' && e.shiftKey) act = leave;
    else if (shell.mode === 'analysis' && (e.key === 'x' || e.key === 'X') && !e.shiftKey) act = () => analysis.toggleThreat();
    else if (shell.mode === 'analysis' && e.key === ' ' && !(t.closest && t.closest('button, a, summary, [role="button"]'))) act = () => analysis.playBest();
    else if (treeTab() && e.code === CLEAR_CODE && !e.shiftKey) act = () => annotate.clear();
    else if (treeTab() && glyphForKey(e)) act = () => annotate.glyph(glyphForKey(e).nag);
    else if (treeTab() && e.key === 'v' && !e.shiftKey) act = () => annotate.toggleCollapse();
    if (!act) return;
    e.preventDefault();
    e.stopPropagation();
    act();
  }, true);

  return { showHelp };
}
