// move-input.js: the typed move box under the board. A move typed in SAN or UCI
// (move-text.js reads it against chess.js's legal moves) goes to the board view as a
// move made on the board would (board-view.js inputMove): to the active tab's
// controller, or as a premove while the engine thinks. So it is offered exactly where
// the board takes a move, on every tab, and by the same rules. What went wrong is
// said beside the box (a polite live region, tied to the box by aria-describedby);
// what went right is said by the controller in the status line, as for a move on
// the board.

import { parseMoveText } from './move-text.js';
import { userToMove } from './premove.js';
import { part } from './dom.js';
import { t } from './i18n.js';

/** TEXT is every sentence this file shows, from the catalogue (web/i18n). */
export const TEXT = {
  get notNow() {
    return t('moveInput.notNow');
  },
  wrongSide: (san, color) => t(`moveInput.wrongSide.${color}`, { move: san }),
  refused: (san) => t('moveInput.refused', { move: san }),
};

/**
 * createMoveInput wires the form #move-form under root (its box #move-text and its
 * message #move-msg). command(text) is asked first and returns true when the text
 * was a command it carried out (the screen-reader mode's "p" and "c"), which empties
 * the box. Returns {message} (the text shown beside the box; tests read it).
 */
export function createMoveInput(shell, root, { command = () => false } = {}) {
  const form = part(root, 'move-form');
  const input = part(form, 'move-text');
  const msg = part(form, 'move-msg');
  let shownFor = null; // the board's FEN when the message was shown

  function show(text) {
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    shownFor = text ? shell.view.fen : null;
    // The same words again are a new answer: empty the live region first, so a screen
    // reader says them again.
    if (text && msg.textContent === text) {
      msg.textContent = '';
      requestAnimationFrame(() => {
        msg.textContent = text;
      });
    } else {
      msg.textContent = text;
    }
    // The box can sit at the bottom of the screen: bring the words under it into view.
    if (text) msg.scrollIntoView({ block: 'nearest' });
  }

  function submit(text) {
    if (command(text.trim())) {
      input.value = '';
      show('');
      return;
    }
    const view = shell.view;
    const fen = !view.movable ? null : view.premoving ? userToMove(view.fen) : view.fen;
    if (!fen) {
      show(TEXT.notNow);
      return;
    }
    const r = parseMoveText(fen, text);
    if (r.error) {
      show(r.message);
      return;
    }
    if (view.movable !== 'both' && r.color !== view.movable) {
      show(TEXT.wrongSide(r.san, r.color));
      return;
    }
    if (!view.inputMove(r.move)) {
      show(TEXT.refused(r.san));
      return;
    }
    input.value = '';
    show('');
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(input.value);
    // After a press of Play the next move is typed in the box again.
    if (document.activeElement !== input) input.focus();
  });
  // A message about another position (the engine moved, the player navigated) is
  // stale: it goes when the board's position changes.
  shell.listeners.add(() => {
    if (shownFor !== null && shownFor !== shell.view.fen) show('');
  });

  return {
    get message() {
      return msg.textContent;
    },
  };
}
