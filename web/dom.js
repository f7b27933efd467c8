// dom.js: the only way the player builds DOM. Text goes in through textContent and
// attributes through setAttribute, never through innerHTML, so nothing from a PGN,
// a FEN or the engine can become markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * h creates an HTML element: h('button', {class: 'x', onclick: fn}, 'text', child…).
 * Attributes starting with "on" become event listeners; null/false attributes are
 * skipped; strings and numbers among the children become text nodes.
 */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** s creates an SVG element with the same conventions as h. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (typeof c === 'string' || typeof c === 'number') el.appendChild(document.createTextNode(String(c)));
    else el.appendChild(c);
  }
}

/** clear removes every child of el. */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** replace sets el's children to the given ones. */
export function replace(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

/**
 * part returns the element with the id inside root, or throws naming both: each part of
 * the player looks only inside the element it was given, and a broken index.html fails
 * loudly.
 */
export function part(root, id) {
  const el = root.querySelector(`#${id}`);
  if (!el) throw new Error(`${root.id ? `#${root.id}` : root.localName} lacks #${id}`);
  return el;
}

/** show toggles the hidden attribute. */
export function show(el, visible) {
  el.hidden = !visible;
}

/**
 * ownsKeys says whether a key press on el belongs to el itself, so that the player's
 * own keys leave it alone: text and choice fields, the tabs (their arrows), open
 * dialogs, editable text and the board (cm-chessboard's keys).
 */
export function ownsKeys(el) {
  return !!(el && el.closest && (el.closest('input, textarea, select, [role="tab"], dialog, [contenteditable="true"]') || el.closest('#board')));
}
