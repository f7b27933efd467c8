// movelist.js: renders a Game's move tree as text with inline variations, lets people
// click a move to go there, collapse and expand variations, and keeps the current
// move in view. Built only from createElement/textContent (SAN and comments come from
// files people paste).

import { h, clear } from './dom.js';
import { nagSymbol, commentText } from './pgn.js';
import { countMoves } from './game.js';
import { t } from './i18n.js';

/** defaults returns the full configuration for createMoveList. */
export function defaults() {
  return {
    onSelect: () => {}, // onSelect(node)
    marks: true, // show ?!/?/?? glyphs from node.nags
  };
}

/** createMoveList draws into el; call render(game) after every change. */
export function createMoveList(el, config = {}) {
  const cfg = { ...defaults(), ...config };
  const byId = new Map();
  // The first moves of the collapsed variations (node ids): a collapsed variation
  // shows its first move and how many more it holds.
  const collapsed = new Set();
  let shownCurrent = null;

  el.addEventListener('click', (e) => {
    const tog = e.target.closest('[data-toggle]');
    if (tog) {
      const id = Number(tog.dataset.toggle);
      if (collapsed.has(id)) collapsed.delete(id);
      else collapsed.add(id);
      if (drawn.game) api.render(drawn.game);
      const again = el.querySelector(`[data-toggle="${id}"]`);
      if (again) again.focus({ preventScroll: true });
      return;
    }
    const t = e.target.closest('[data-node]');
    if (!t) return;
    const n = byId.get(Number(t.dataset.node));
    if (n) cfg.onSelect(n);
  });

  function moveEl(game, n, forceNumber) {
    const parts = [];
    const before = commentText(n.commentBefore);
    if (before) {
      parts.push(h('span', { class: 'comment' }, before));
      forceNumber = true;
    }
    const full = Number(game.startFen.split(' ')[5] || 1);
    const startBlack = game.startFen.split(' ')[1] === 'b';
    const num = full + Math.floor((n.ply - 1 + (startBlack ? 1 : 0)) / 2);
    if (n.color === 'w') parts.push(h('span', { class: 'num' }, `${num}.`));
    else if (forceNumber) parts.push(h('span', { class: 'num' }, `${num}…`));
    const glyphs = cfg.marks ? n.nags.map(nagSymbol).join('') : '';
    const cls = ['mv'];
    if (n === game.current) cls.push('current');
    if (n.nags.includes(4)) cls.push('blunder');
    else if (n.nags.includes(2)) cls.push('mistake');
    else if (n.nags.includes(6)) cls.push('inaccuracy');
    const label = t(`moves.label.${n.color}`, { num: String(num), san: glyphs ? `${n.san} ${glyphs}` : n.san });
    parts.push(
      h('button', { type: 'button', class: cls.join(' '), 'data-node': n.id, tabindex: '-1', 'aria-label': label, 'aria-current': n === game.current ? 'true' : null },
        n.san, glyphs ? h('span', { class: 'glyph' }, glyphs) : null),
    );
    byId.set(n.id, n);
    const after = commentText(n.comment);
    if (after) parts.push(h('span', { class: 'comment' }, after));
    return parts;
  }

  // line renders the continuation after node into container; variations nest.
  function line(game, node, container, forceNumber) {
    let n = node;
    let needNumber = forceNumber;
    while (n.children.length) {
      const [main, ...vars] = n.children;
      container.append(...moveEl(game, main, needNumber));
      needNumber = !!commentText(main.comment);
      for (const v of vars) {
        const shut = collapsed.has(v.id);
        const box = h('span', { class: shut ? 'variation collapsed' : 'variation' });
        box.append(h('button', { type: 'button', class: 'var-toggle', 'data-toggle': v.id, tabindex: '-1', 'aria-expanded': String(!shut), 'aria-label': t(shut ? 'moves.expand' : 'moves.collapse', { san: v.san }) }, shut ? '+' : '−'));
        box.append(...moveEl(game, v, true));
        if (shut) {
          const more = countMoves(v);
          if (more) box.append(h('span', { class: 'var-more' }, t('moves.more', { count: more })));
        } else {
          line(game, v, box, false);
        }
        container.append(box);
        needNumber = true;
      }
      n = main;
    }
  }

  // What the last full render drew: the game and its signature (see signature). When
  // neither changed, only the cursor moved, and render just moves the highlight: on a
  // 300-move game a rebuild costs tens of ms per arrow key, the highlight almost nothing.
  let drawn = { game: null, sig: '' };

  function scrollToCurrent(game) {
    const cur = el.querySelector('.mv.current');
    if (cur) {
      const top = cur.offsetTop - el.offsetTop;
      if (top < el.scrollTop || top > el.scrollTop + el.clientHeight - 24) el.scrollTop = top - el.clientHeight / 2;
    } else if (game.current === game.root) {
      el.scrollTop = 0;
    }
  }

  function moveHighlight(game) {
    for (const b of el.querySelectorAll('.mv.current')) {
      b.classList.remove('current');
      b.removeAttribute('aria-current');
    }
    const b = el.querySelector(`.mv[data-node="${game.current.id}"]`);
    if (b) {
      b.classList.add('current');
      b.setAttribute('aria-current', 'true');
    }
  }

  // variations lists the first moves of game's variations.
  function variations(game) {
    const out = [];
    const stack = [game.root];
    while (stack.length) {
      const n = stack.pop();
      n.children.forEach((c, i) => {
        if (i > 0) out.push(c);
        stack.push(c);
      });
    }
    return out;
  }

  const api = {
    /** collapseAll collapses (on) or expands every variation of game and redraws. */
    collapseAll(on, game) {
      collapsed.clear();
      if (on) for (const v of variations(game)) collapsed.add(v.id);
      api.render(game);
    },
    /** allCollapsed says whether the game drawn has variations, all collapsed. */
    allCollapsed() {
      if (!drawn.game) return false;
      const vs = variations(drawn.game);
      return vs.length > 0 && vs.every((v) => collapsed.has(v.id));
    },
    render(game) {
      // Going to a move inside a collapsed variation opens it.
      if (game.current !== shownCurrent) {
        shownCurrent = game.current;
        for (let n = game.current.parent; n; n = n.parent) collapsed.delete(n.id);
      }
      const sig = `${signature(game, cfg.marks)}\u0001${[...collapsed].join(',')}`;
      if (drawn.game === game && drawn.sig === sig) {
        moveHighlight(game);
        scrollToCurrent(game);
        return;
      }
      drawn = { game, sig };
      byId.clear();
      clear(el);
      const body = h('div', { class: 'moves-flow' });
      const intro = commentText(game.root.comment);
      if (intro) body.append(h('span', { class: 'comment' }, intro));
      line(game, game.root, body, true);
      // The result comes last and apart ("No moves were played. 0-1" after a flag fall
      // before the first move, never "0-1No moves yet.").
      const over = game.result && game.result !== '*';
      if (!game.root.children.length) body.append(h('span', { class: 'empty' }, over ? t('moves.nonePlayed') : t('moves.noneYet')));
      if (over) body.append(' ', h('span', { class: 'result' }, game.result));
      el.append(body);
      scrollToCurrent(game);
    },
  };
  return api;
}

// signature sums up everything the move list shows except the cursor: the tree's
// shape and order, each move's id, glyphs and comments, the start, the intro and the
// result. Walking the tree is a few microseconds per move; building its DOM is not.
function signature(game, marks) {
  const parts = [game.startFen, game.result, game.root.comment, marks];
  const stack = [game.root];
  while (stack.length) {
    const n = stack.pop();
    parts.push(n.id, n.nags.join(','), n.comment, n.commentBefore, n.children.length);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return parts.join('\u0001');
}
