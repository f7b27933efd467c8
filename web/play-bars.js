// play-bars.js: the two bars under the board in a game against the engine: the move
// waiting for confirmation (Confirm / Cancel) and the queued premoves (Cancel last /
// Cancel all). They only show and wire their elements; what the buttons do is
// play.js's.

import { part, show } from './dom.js';
import { t } from './i18n.js';

/**
 * createPlayBars wires the confirmation bar (confirm, #confirm-move) and the premove
 * bar (premoves, #premove-bar) beside the board element (board). on holds the
 * handlers: confirm(), cancel(), undoPremove(), clearPremoves().
 */
export function createPlayBars({ confirm, premoves, board }, on) {
  const el = {
    text: part(confirm, 'confirm-move-text'),
    ok: part(confirm, 'confirm-move-ok'),
    cancel: part(confirm, 'confirm-move-cancel'),
    list: part(premoves, 'premove-list'),
    undo: part(premoves, 'premove-undo'),
    clear: part(premoves, 'premove-clear'),
  };
  // back is the element that had the focus before Confirm took it, given back after.
  let back = null;
  el.ok.addEventListener('click', () => on.confirm());
  el.cancel.addEventListener('click', () => on.cancel());
  el.undo.addEventListener('click', () => on.undoPremove());
  el.clear.addEventListener('click', () => on.clearPremoves());
  // The press on the board that made the move focuses the board after its handlers
  // have run (the browser's default action), and the board takes no move while one
  // waits: the focus goes on to Confirm.
  board.addEventListener('focusin', () => {
    if (!confirm.hidden) el.ok.focus({ preventScroll: true });
  });

  return {
    /**
     * askConfirm shows san ("Nf3") waiting for confirmation and puts the focus on
     * Confirm (Enter confirms there; Escape anywhere cancels, app.js); null hides the
     * bar and gives the focus back where it was.
     */
    askConfirm(san) {
      const shown = !confirm.hidden;
      if (san) {
        el.text.textContent = t('play.confirmPlay', { move: san });
        show(confirm, true);
        if (!shown) back = document.activeElement;
        el.ok.focus({ preventScroll: true });
        return;
      }
      const had = confirm.contains(document.activeElement);
      show(confirm, false);
      const lost = had || document.activeElement === document.body;
      if (shown && lost && back && back.isConnected && typeof back.focus === 'function') back.focus({ preventScroll: true });
      back = null;
    },
    /** showPremoves lists the queued premoves' SAN in order ([] hides the bar). */
    showPremoves(sans) {
      el.list.textContent = sans.length ? t('play.premoveList', { moves: sans.map((s, i) => `${i + 1}. ${s}`).join('  ') }) : '';
      show(premoves, sans.length > 0);
    },
  };
}
