// eval-graph.js: the review's evaluation graph, drawn as SVG with createElementNS (no
// markup strings). x is the half-move, y White's winning chances; marked moves get a
// coloured dot; clicking picks a half-move.

import { s, clear } from './dom.js';
import { winPercent, toCp } from './score.js';
import { t } from './i18n.js';

const W = 600;
const H = 160;

/** defaults returns the full configuration for createEvalGraph. */
export function defaults() {
  return { onSelect: () => {} }; // onSelect(ply)
}

/**
 * scoredFrom returns the first half-move of the scored stretch at the end of points
 * (points.length when the last is not scored): a review in progress scores from the
 * end, and a position the rules decided can be scored alone before that stretch.
 */
export function scoredFrom(points) {
  let i = points.length;
  while (i > 0 && points[i - 1]) i--;
  return i;
}

/**
 * createEvalGraph draws into el; render(points, currentPly) with points [{ply, score,
 * mark}], one per half-move. A null point is a half-move not scored yet (a review
 * in progress scores the last moves first, so the scored stretch is at the end):
 * the area covers the scored stretch, and what comes before it is shaded as pending.
 */
export function createEvalGraph(el, config = {}) {
  const cfg = { ...defaults(), ...config };
  let count = 0;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'eval-graph', role: 'img', preserveAspectRatio: 'none', 'aria-label': t('chart.eval') });
  // The graph stretches to any width (preserveAspectRatio none), which would squash
  // its dots into ellipses on a phone: they go on an unscaled layer on top instead,
  // placed in percent, with a radius in pixels.
  const dots = s('svg', { class: 'eval-graph-dots', 'aria-hidden': 'true' });
  const box = document.createElement('div');
  box.className = 'eval-graph-box';
  box.append(svg, dots);
  el.append(box);
  svg.addEventListener('click', (e) => {
    if (count < 2) return;
    const r = svg.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * W;
    cfg.onSelect(Math.max(0, Math.min(count - 1, Math.round((x / W) * (count - 1)))));
  });

  return {
    render(points, currentPly = -1) {
      clear(svg);
      clear(dots);
      count = points.length;
      const from = scoredFrom(points);
      // A screen reader hears what the shading shows: how much of a review is scored.
      svg.setAttribute('aria-label', count >= 2 && from > 0 ? t('chart.evalPartial', { done: count - from, count }) : t('chart.eval'));
      if (count < 2) return;
      const x = (i) => (i / (count - 1)) * W;
      const y = (p) => H - (winPercent(toCp(p.score)) / 100) * H;
      svg.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 'g-bg' }));
      if (count - from >= 2) {
        let d = `M ${x(from).toFixed(1)} ${H}`;
        for (let i = from; i < count; i++) d += ` L ${x(i).toFixed(1)} ${y(points[i]).toFixed(1)}`;
        d += ` L ${W} ${H} Z`;
        svg.append(s('path', { d, class: 'g-area' }));
      }
      // What comes before the scored stretch is shaded as neither side's.
      if (from > 0) svg.append(s('rect', { x: 0, y: 0, width: (from < count ? x(from) : W).toFixed(1), height: H, class: 'g-pending' }));
      svg.append(s('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'g-mid' }));
      if (currentPly >= 0 && currentPly < count) {
        svg.append(s('line', { x1: x(currentPly), y1: 0, x2: x(currentPly), y2: H, class: 'g-cursor' }));
      }
      points.forEach((p, i) => {
        if (!p || !p.mark) return;
        const c = s('circle', { cx: `${((x(i) / W) * 100).toFixed(2)}%`, cy: `${((y(p) / H) * 100).toFixed(2)}%`, r: 4, class: `g-dot ${p.mark}` });
        c.append(s('title', {}, `${p.label || ''}`));
        dots.append(c);
      });
    },
  };
}
