// tree-edit.js: editing the move tree from the move list in analysis and review:
// delete the current move and everything after it, promote its line to the main line,
// add or edit its comment; the user's own arrows and circles on the current position
// (shapes.js), kept in the move's comment; and the opening name of the current
// position (openings.js). Everything it changes lives in the Game's nodes, so PGN
// export and import carry it.

import * as ecoTable from 'azurite:eco';
import { createOpenings } from './openings.js';
import { parseShapes, withShapes, toggleShape, attachShapeInput, setWords } from './shapes.js';
import { commentText } from './pgn.js';
import { part, show } from './dom.js';
import { t } from './i18n.js';

/**
 * createTreeEdit wires the tree tools, the comment form and the opening line (all in
 * root, the moves box) and the shape input on board to the shell.
 */
export function createTreeEdit(shell, root, { board }) {
  const openings = createOpenings(ecoTable);
  const form = part(root, 'comment-form');
  const text = part(root, 'comment-text');
  let editing = null; // the node whose comment the form edits

  part(root, 'btn-tree-delete').addEventListener('click', () => {
    const n = shell.game.current;
    if (!shell.editable() || !n.parent) return;
    const label = n.san;
    shell.game.remove(n);
    shell.refresh({ animate: false });
    shell.say(t('tree.deleted', { move: label }));
  });
  part(root, 'btn-tree-promote').addEventListener('click', () => {
    const n = shell.game.current;
    if (!shell.editable() || !n.parent) return;
    if (shell.game.isMainline(n)) {
      shell.say(t('tree.alreadyMain', { move: n.san }));
      return;
    }
    shell.game.promote(n);
    shell.refresh({ animate: false });
    shell.say(t('tree.promoted', { move: n.san }));
  });
  part(root, 'btn-tree-comment').addEventListener('click', () => {
    if (!shell.editable()) return;
    editing = shell.game.current;
    part(root, 'comment-label').textContent = editing.san ? t('tree.commentAfter', { move: editing.san }) : t('tree.commentFirst');
    text.value = commentText(editing.comment);
    show(form, true);
    text.focus();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (editing) {
      editing.comment = setWords(editing.comment, text.value);
      // The words are the person's now: a later review leaves them alone.
      editing.reviewComment = '';
    }
    editing = null;
    show(form, false);
    shell.refresh({ animate: false });
  });
  part(root, 'btn-comment-cancel').addEventListener('click', () => {
    editing = null;
    show(form, false);
  });

  attachShapeInput(board, {
    enabled: () => shell.editable(),
    onShape(shape) {
      const n = shell.game.current;
      const next = toggleShape(parseShapes(n.comment), shape);
      const wasReview = n.reviewComment && n.reviewComment === n.comment;
      n.comment = withShapes(n.comment, next);
      if (wasReview) n.reviewComment = n.comment;
      shell.refresh({ animate: false });
    },
  });

  shell.listeners.add(() => {
    const n = shell.game.current;
    const on = shell.mode !== 'play';
    // The active mode says whether drawn shapes show (not on a practice puzzle).
    shell.view.setShapes(on && shell.controllers[shell.mode].showsShapes() ? parseShapes(n.comment) : null);
    if (editing && editing !== n) {
      editing = null;
      show(form, false);
    }
    const o = on ? openings.lookup(n) : null;
    const el = part(root, 'opening');
    el.textContent = o ? `${o.eco} ${o.name}` : '';
    show(el, !!o);
  });

  return { lookup: openings.lookup };
}
