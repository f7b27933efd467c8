// keys.js: the page's keyboard help sheet (the ? key or the ⌨ button: a dialog listing
// every key, from KEYS) and the keys of the analysis tools: variations (↑/↓ at a
// branch, Shift+← out of one), threat mode (x), the engine's move (Space), glyphs
// (1–6, Shift+1–8, 0) and collapsing variations (v). The page's older keys (←/→,
// Home/End, f, p/c) are app.js's and screen-reader.js's; KEYS lists them too, so the
// sheet is the one list of them all.

import { part, h, clear, ownsKeys } from './dom.js';
import { MOVE_GLYPHS, POSITION_GLYPHS, CLEAR_CODE, glyphForKey } from './annotate.js';
import { t } from './i18n.js';

// Where a key works: every tab, Analyse, or the two tabs with a move tree.
const ALL = () => t('keys.allTabs');
const ANALYSE = () => t('html.tabAnalysis');
const TREE = () => [t('html.tabAnalysis'), t('html.tabReview')].join(t('list.comma'));
const digit = (g) => g.code.slice(5);

// row is one line of the sheet; its words are read when the sheet is drawn, in the
// page's language. keys() lists the key caps, each shown as its own <kbd>.
const row = (keys, what, where) => ({
  get keys() { return keys(); },
  get what() { return what(); },
  get where() { return where(); },
});

/** KEYS is the help sheet: rows of {keys (the caps), what they do, where}. */
export const KEYS = [
  row(() => ['←', '→'], () => t('keys.moves'), ALL),
  row(() => [t('keys.cap.home'), t('keys.cap.end')], () => t('keys.firstLast'), ALL),
  row(() => ['↑', '↓'], () => t('keys.branch'), TREE),
  row(() => [`${t('keys.cap.shift')}+←`], () => t('keys.leave'), TREE),
  row(() => ['f'], () => t('keys.flip'), ALL),
  row(() => ['x'], () => t('keys.threat'), ANALYSE),
  row(() => [t('keys.cap.space')], () => t('keys.best'), ANALYSE),
  row(() => MOVE_GLYPHS.map(digit), () => t('keys.moveGlyphs', { glyphs: MOVE_GLYPHS.map((g) => g.glyph).join(' ') }), TREE),
  row(() => [`${t('keys.cap.shift')}+${digit(POSITION_GLYPHS[0])}…${digit(POSITION_GLYPHS[POSITION_GLYPHS.length - 1])}`],
    () => t('keys.positionGlyphs', { glyphs: POSITION_GLYPHS.map((g) => g.label || g.glyph).join(' ') }), TREE),
  row(() => [CLEAR_CODE.slice(5)], () => t('keys.clearGlyphs'), TREE),
  row(() => ['v'], () => t('keys.collapse'), TREE),
  row(() => ['←', '→', t('keys.cap.enter')], () => t('keys.engineLine'), ANALYSE),
  row(() => ['p', 'c'], () => t('keys.read'), ALL),
  row(() => [t('keys.cap.escape')], () => t('keys.escape'), ALL),
  row(() => ['?'], () => t('keys.help'), ALL),
];

/**
 * createKeys wires the help dialog (dialog, opened by the button open) and the keys
 * above to the shell; analysis is the Analyse controller (toggleThreat, playBest) and
 * annotate annotate.js's ({glyph, clear, toggleCollapse}).
 */
export function createKeys(shell, { dialog, open, analysis, annotate }) {
  const list = part(dialog, 'keys-list');
  clear(list);
  for (const { keys, what, where } of KEYS) {
    list.append(h('tr', {},
      h('th', { scope: 'row' }, ...keys.flatMap((k, i) => [i ? ' ' : null, h('kbd', {}, k)])),
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
      shell.say(t('keys.noBranch'));
      return;
    }
    const next = sib[(sib.indexOf(n) + dir + sib.length) % sib.length];
    shell.navigate(() => shell.game.goTo(next));
  }

  // leave goes back to the move where the current variation branches off.
  function leave() {
    const start = shell.game.variationStart(shell.game.current);
    if (!start) {
      shell.say(t('keys.onMainLine'));
      return;
    }
    shell.navigate(() => shell.game.goTo(start.parent));
  }

  // Capture phase: these keys are handled before app.js's (Shift+← would otherwise
  // also step back one move there).
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const el = e.target;
    if (ownsKeys(el)) return;
    let act = null;
    if (e.key === '?') act = showHelp;
    else if (treeTab() && (e.key === 'ArrowUp' || e.key === 'ArrowDown') && !e.shiftKey) act = () => branch(e.key === 'ArrowUp' ? -1 : 1);
    else if (treeTab() && e.key === 'ArrowLeft' && e.shiftKey) act = leave;
    else if (shell.mode === 'analysis' && (e.key === 'x' || e.key === 'X') && !e.shiftKey) act = () => analysis.toggleThreat();
    else if (shell.mode === 'analysis' && e.key === ' ' && !(el.closest && el.closest('button, a, summary, [role="button"]'))) act = () => analysis.playBest();
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
