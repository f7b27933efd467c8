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
import { byId, show } from './dom.js';

/** editable says whether the tree may be edited in the shell's current state. */
function editable(ctx) {
  if (ctx.mode === 'analysis') return true;
  return ctx.mode === 'review' && !ctx.controllers.review.practice.active && !ctx.controllers.review.state.running;
}

/** createTreeEdit wires the tree tools, the shape input and the opening line to ctx. */
export function createTreeEdit(ctx) {
  const openings = createOpenings(ecoTable);
  const form = byId('comment-form');
  const text = byId('comment-text');
  let editing = null; // the node whose comment the form edits

  byId('btn-tree-delete').addEventListener('click', () => {
    const n = ctx.game.current;
    if (!editable(ctx) || !n.parent) return;
    const label = n.san;
    ctx.game.remove(n);
    ctx.refresh({ animate: false });
    ctx.say(`Deleted ${label} and the moves after it.`);
  });
  byId('btn-tree-promote').addEventListener('click', () => {
    const n = ctx.game.current;
    if (!editable(ctx) || !n.parent) return;
    if (ctx.game.isMainline(n)) {
      ctx.say(`${n.san} is already on the main line.`);
      return;
    }
    ctx.game.promote(n);
    ctx.refresh({ animate: false });
    ctx.say(`${n.san}'s line is now the main line.`);
  });
  byId('btn-tree-comment').addEventListener('click', () => {
    if (!editable(ctx)) return;
    editing = ctx.game.current;
    byId('comment-label').textContent = editing.san ? `Comment after ${editing.san}` : 'Comment before the first move';
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
    ctx.refresh({ animate: false });
  });
  byId('btn-comment-cancel').addEventListener('click', () => {
    editing = null;
    show(form, false);
  });

  attachShapeInput(byId('board'), {
    enabled: () => editable(ctx),
    onShape(shape) {
      const n = ctx.game.current;
      const next = toggleShape(parseShapes(n.comment), shape);
      const wasReview = n.reviewComment && n.reviewComment === n.comment;
      n.comment = withShapes(n.comment, next);
      if (wasReview) n.reviewComment = n.comment;
      ctx.refresh({ animate: false });
    },
  });

  ctx.listeners.add(() => {
    const n = ctx.game.current;
    const on = ctx.mode !== 'play';
    ctx.view.setShapes(on && !(ctx.mode === 'review' && ctx.controllers.review.practice.active) ? parseShapes(n.comment) : null);
    if (editing && editing !== n) {
      editing = null;
      show(form, false);
    }
    const o = on ? openings.lookup(n) : null;
    const el = byId('opening');
    el.textContent = o ? `${o.eco} ${o.name}` : '';
    show(el, !!o);
  });

  return { lookup: openings.lookup };
}
