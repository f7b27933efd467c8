// board-image.js: the board as a PNG image. The page's CSP allows no blob: or data:
// images, so the board is painted on a canvas directly: the squares in the board's
// own colours (read from the drawn board), the last move's squares tinted, and each
// piece drawn from the piece sprite's SVG shapes (path, line, polyline, polygon,
// circle, ellipse, rect; g with translate/rotate; fill, stroke, stroke-width,
// fill-opacity, line caps and joins), the subset both bundled sprites use.

import { t } from './i18n.js';

const SIZE = 60; // pixels a square
const SPRITE_UNIT = 40; // the sprites draw a piece in a 40×40 box

const spriteCache = new Map();

async function loadSprite(url) {
  if (!spriteCache.has(url)) {
    spriteCache.set(url, fetch(url).then((r) => {
      if (!r.ok) throw new Error(t('image.sprite', { status: r.status }));
      return r.text();
    }).then((text) => new DOMParser().parseFromString(text, 'image/svg+xml')));
  }
  return spriteCache.get(url);
}

const num = (el, name, d = 0) => {
  const v = el.getAttribute(name);
  return v === null ? d : parseFloat(v);
};

// applyTransform applies an SVG transform list of translate and rotate to ctx.
function applyTransform(ctx, t) {
  for (const m of String(t || '').matchAll(/(translate|rotate)\(([^)]*)\)/g)) {
    const a = m[2].split(/[\s,]+/).filter(Boolean).map(Number);
    if (m[1] === 'translate') ctx.translate(a[0] || 0, a[1] || 0);
    else ctx.rotate(((a[0] || 0) * Math.PI) / 180);
  }
}

// paint draws el and its children with the inherited style st.
function paint(ctx, el, inherited) {
  const st = { ...inherited };
  for (const k of ['fill', 'stroke', 'stroke-width', 'fill-opacity', 'stroke-linecap', 'stroke-linejoin']) {
    const v = el.getAttribute(k);
    if (v !== null) st[k] = v;
  }
  ctx.save();
  applyTransform(ctx, el.getAttribute('transform'));
  const tag = el.localName;
  let path = null;
  if (tag === 'path') path = new Path2D(el.getAttribute('d') || '');
  else if (tag === 'line') {
    path = new Path2D();
    path.moveTo(num(el, 'x1'), num(el, 'y1'));
    path.lineTo(num(el, 'x2'), num(el, 'y2'));
  } else if (tag === 'polyline' || tag === 'polygon') {
    const pts = (el.getAttribute('points') || '').trim().split(/[\s,]+/).map(Number);
    path = new Path2D();
    for (let i = 0; i + 1 < pts.length; i += 2) (i ? path.lineTo : path.moveTo).call(path, pts[i], pts[i + 1]);
    if (tag === 'polygon') path.closePath();
  } else if (tag === 'circle' || tag === 'ellipse') {
    path = new Path2D();
    const rx = tag === 'circle' ? num(el, 'r') : num(el, 'rx');
    const ry = tag === 'circle' ? num(el, 'r') : num(el, 'ry');
    path.ellipse(num(el, 'cx'), num(el, 'cy'), rx, ry, 0, 0, Math.PI * 2);
  } else if (tag === 'rect') {
    path = new Path2D();
    const rx = num(el, 'rx');
    if (rx && path.roundRect) path.roundRect(num(el, 'x'), num(el, 'y'), num(el, 'width'), num(el, 'height'), rx);
    else path.rect(num(el, 'x'), num(el, 'y'), num(el, 'width'), num(el, 'height'));
  }
  if (path) {
    const fill = st.fill === undefined ? '#000' : st.fill;
    if (fill !== 'none' && tag !== 'line') {
      ctx.globalAlpha = st['fill-opacity'] === undefined ? 1 : Number(st['fill-opacity']);
      ctx.fillStyle = fill;
      ctx.fill(path);
      ctx.globalAlpha = 1;
    }
    if (st.stroke && st.stroke !== 'none') {
      ctx.strokeStyle = st.stroke;
      ctx.lineWidth = st['stroke-width'] === undefined ? 1 : Number(st['stroke-width']);
      ctx.lineCap = st['stroke-linecap'] || 'butt';
      ctx.lineJoin = st['stroke-linejoin'] || 'miter';
      ctx.stroke(path);
    }
  }
  for (const c of el.children) paint(ctx, c, st);
  ctx.restore();
}

/**
 * boardPng paints the position fen (orientation 'w' or 'b', lastMove {from, to} or
 * null) with the colours of boardEl (the drawn board) and the sprite at spriteUrl,
 * and resolves with a PNG Blob.
 */
export async function boardPng({ fen, orientation = 'w', lastMove = null, boardEl, spriteUrl }) {
  const sprite = await loadSprite(spriteUrl);
  const canvas = document.createElement('canvas');
  canvas.width = SIZE * 8;
  canvas.height = SIZE * 8;
  const ctx = canvas.getContext('2d');
  const colour = (cls, fallback) => {
    const r = boardEl && boardEl.querySelector(`.square.${cls}`);
    const f = r ? getComputedStyle(r).fill : '';
    return f && f !== 'none' ? f : fallback;
  };
  const light = colour('white', '#eeeed2');
  const dark = colour('black', '#769656');
  const rows = fen.split(' ')[0].split('/');
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      const file = orientation === 'w' ? f : 7 - f;
      const rank = orientation === 'w' ? 7 - r : r; // 0-based rank of the drawn row
      const sq = `${'abcdefgh'[file]}${rank + 1}`;
      ctx.fillStyle = (file + rank) % 2 === 1 ? light : dark;
      ctx.fillRect(f * SIZE, r * SIZE, SIZE, SIZE);
      if (lastMove && (lastMove.from === sq || lastMove.to === sq)) {
        ctx.fillStyle = 'rgba(255, 221, 0, 0.4)';
        ctx.fillRect(f * SIZE, r * SIZE, SIZE, SIZE);
      }
    }
  }
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const id = `${ch === ch.toUpperCase() ? 'w' : 'b'}${ch.toLowerCase()}`;
      const g = sprite.getElementById(id);
      const x = orientation === 'w' ? file : 7 - file;
      const y = orientation === 'w' ? i : 7 - i;
      if (g) {
        ctx.save();
        ctx.translate(x * SIZE, y * SIZE);
        ctx.scale(SIZE / SPRITE_UNIT, SIZE / SPRITE_UNIT);
        paint(ctx, g, {});
        ctx.restore();
      }
      file++;
    }
  });
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(t('image.failed')))), 'image/png'));
}
