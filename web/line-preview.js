// line-preview.js: a small board beside the engine lines that shows the position
// after one of their moves, while the pointer rests on it (mouse), while a finger
// holds it (a long press; the tap that ends it plays nothing), or while the keyboard
// focus is on it (the lines' ←/→). The board is cm-chessboard's (createMiniBoard),
// made the first time it is needed.

import { createMiniBoard } from './board-view.js';
import { h, show } from './dom.js';

/** LONG_PRESS_MS is how long a finger rests on a move before its preview opens. */
export const LONG_PRESS_MS = 450;
// How long after a long press ends its click is swallowed (it is the finger lifting).
const SWALLOW_MS = 800;

/**
 * createLinePreview watches the buttons of list (the engine lines: data-line and
 * data-upto on each move) and shows the preview in a box appended to host.
 * position(line, upto) returns {fen, lastMove, caption} for the position after the
 * line's first upto moves, or null when the lines shown have no such move;
 * orientation() and pieces() give the main board's side at the bottom and sprite;
 * onClose() is called when an open preview closes.
 * It returns {active(), refresh(), hide()}: active says whether a preview is open (the
 * lines should hold still under it); refresh redraws it after the lines changed.
 */
export function createLinePreview(list, host, { position, orientation, pieces, onClose = () => {} }) {
  const boardEl = h('div', { class: 'pv-preview-board' });
  const caption = h('p', { class: 'pv-preview-caption' });
  // The moves' own buttons say what they play; the board is a picture of it, so
  // screen readers skip the box (the status line reads the move when it is played).
  const box = h('div', { class: 'pv-preview', id: 'pv-preview', 'aria-hidden': 'true' }, boardEl, caption);
  show(box, false);
  host.append(box);
  let mini = null;
  let at = null; // {line, upto, anchor}: what the preview shows
  let pressTimer = 0;
  let pressed = false; // the preview was opened by a long press
  let swallowUntil = 0;

  function target(e) {
    const b = e.target.closest && e.target.closest('.pv-move');
    return b && list.contains(b) ? b : null;
  }

  function place(anchor) {
    const r = anchor.getBoundingClientRect();
    const w = box.offsetWidth;
    const ht = box.offsetHeight;
    const left = Math.max(4, Math.min(r.left, innerWidth - w - 4));
    const below = r.bottom + 6;
    const top = below + ht <= innerHeight - 4 ? below : Math.max(4, r.top - ht - 6);
    box.style.left = `${Math.round(left)}px`;
    box.style.top = `${Math.round(top)}px`;
  }

  async function open(anchor) {
    const line = Number(anchor.dataset.line);
    const upto = Number(anchor.dataset.upto);
    const p = position(line, upto);
    if (!p) return hide();
    at = { line, upto, anchor };
    caption.textContent = p.caption;
    box.dataset.fen = p.fen;
    show(box, true);
    if (!mini) mini = createMiniBoard(boardEl, { pieces: pieces() });
    place(anchor);
    await mini.show({ fen: p.fen, orientation: orientation(), lastMove: p.lastMove, pieces: pieces() });
    return undefined;
  }

  function hide() {
    const was = !!at;
    at = null;
    pressed = false;
    show(box, false);
    delete box.dataset.fen;
    if (was) onClose();
  }

  list.addEventListener('pointerover', (e) => {
    const b = target(e);
    if (b && e.pointerType === 'mouse') open(b);
  });
  list.addEventListener('pointerout', (e) => {
    if (e.pointerType !== 'mouse' || !at) return;
    const to = e.relatedTarget && e.relatedTarget.closest ? e.relatedTarget.closest('.pv-move') : null;
    if (!to || !list.contains(to)) hide();
  });
  // Only a keyboard focus (focus-visible) opens it: a tap focuses the button too. A
  // preview closed with Escape stays closed while the focus stays on its move (the
  // lines, redrawn, give the focus back to the same move).
  let escaped = '';
  list.addEventListener('focusin', (e) => {
    const b = target(e);
    const key = b ? `${b.dataset.line}/${b.dataset.upto}` : '';
    if (b && key === escaped) return;
    escaped = '';
    if (b && b.matches(':focus-visible')) open(b);
    else if (at && !pressed) hide();
  });
  list.addEventListener('focusout', (e) => {
    if (!pressed && !(e.relatedTarget && target({ target: e.relatedTarget }))) hide();
  });
  list.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !at) return;
    escaped = `${at.line}/${at.upto}`;
    hide();
  });

  // Touch: a long press opens the preview, lifting the finger closes it, and the
  // click that lifting makes plays nothing.
  list.addEventListener('pointerdown', (e) => {
    const b = target(e);
    if (!b || e.pointerType === 'mouse') return;
    clearTimeout(pressTimer);
    const { line, upto } = b.dataset;
    // The lines may be redrawn while the finger rests: open on the same move's button.
    pressTimer = setTimeout(() => {
      const now = b.isConnected ? b : list.querySelector(`.pv-move[data-line="${line}"][data-upto="${upto}"]`);
      if (!now) return;
      pressed = true;
      open(now);
    }, LONG_PRESS_MS);
  });
  const release = () => {
    clearTimeout(pressTimer);
    if (!pressed) return;
    swallowUntil = performance.now() + SWALLOW_MS;
    hide();
  };
  list.addEventListener('pointerup', release);
  list.addEventListener('pointercancel', release);
  list.addEventListener('click', (e) => {
    if (performance.now() < swallowUntil) {
      swallowUntil = 0;
      e.stopImmediatePropagation();
      e.preventDefault();
    }
  }, true);
  // A long press also opens the browser's context menu on some phones.
  list.addEventListener('contextmenu', (e) => {
    if (target(e)) e.preventDefault();
  });

  return {
    active: () => !!at,
    refresh() {
      if (!at) return;
      if (!at.anchor.isConnected) {
        const again = list.querySelector(`.pv-move[data-line="${at.line}"][data-upto="${at.upto}"]`);
        if (!again) return hide();
        at.anchor = again;
      }
      return open(at.anchor);
    },
    hide,
  };
}
