// time-chart.js: the review's move-time chart under the evaluation graph, drawn as SVG
// with createElementNS. One bar a half-move at the graph's x positions: White's above
// the middle line, Black's below, height by the square root of the time taken (a
// 2-minute think next to 1-second moves still leaves the short ones visible).
// Clicking picks a half-move.

import { s, clear } from './dom.js';
import { t, formatNumber } from './i18n.js';

const W = 600;
const H = 80;

/**
 * createTimeChart draws into el; render(times, count, currentPly) takes moveTimes'
 * entries ({ply, color, ms}), the number of positions on the line (the eval graph's
 * count, so the x positions match) and the current half-move. No times hides it.
 */
export function createTimeChart(el, { onSelect = () => {} } = {}) {
  let count = 0;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'time-chart', role: 'img', preserveAspectRatio: 'none', 'aria-label': t('chart.times') });
  el.append(svg);
  el.hidden = true;
  svg.addEventListener('click', (e) => {
    if (count < 2) return;
    const r = svg.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * W;
    onSelect(Math.max(0, Math.min(count - 1, Math.round((x / W) * (count - 1)))));
  });
  return {
    render(times, positions, currentPly = -1) {
      clear(svg);
      count = positions;
      const known = times.filter((t) => t.ms !== null);
      el.hidden = !known.length || positions < 2;
      if (el.hidden) return;
      const max = Math.sqrt(Math.max(1000, ...known.map((t) => t.ms)));
      const x = (ply) => (ply / (positions - 1)) * W;
      const bw = Math.max(1, Math.min(12, (W / positions) * 0.7));
      svg.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 't-bg' }));
      for (const m of known) {
        const hgt = (Math.sqrt(m.ms) / max) * (H / 2 - 2);
        const bar = s('rect', { x: (x(m.ply) - bw / 2).toFixed(1), y: (m.color === 'w' ? H / 2 - hgt : H / 2).toFixed(1), width: bw.toFixed(1), height: Math.max(0.5, hgt).toFixed(1), class: `t-bar ${m.color === 'w' ? 'white' : 'black'}`, 'data-ply': m.ply });
        bar.append(s('title', {}, t('chart.seconds', { s: formatNumber(m.ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })));
        svg.append(bar);
      }
      svg.append(s('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 't-mid' }));
      if (currentPly >= 0 && currentPly < positions) svg.append(s('line', { x1: x(currentPly), y1: 0, x2: x(currentPly), y2: H, class: 't-cursor' }));
    },
  };
}
