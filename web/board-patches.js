// board-patches.js: every change Azurite makes to cm-chessboard's own code, in one
// module, applied once, and only to the cm-chessboard version they were written
// against. The player (board-view.js) and the embed (embed/board-element.js) both
// import it, so which of them is imported first changes nothing.
//
// The patches replace methods of cm-chessboard classes; each was read against the
// source of PATCHED_VERSION. Another version may have changed what they replace, so
// on any other version nothing is patched and console.error says why (the browser
// tests fail on that error and on the CSP reports the unpatched board then causes).
// To upgrade cm-chessboard: re-read each patch against the new source, then change
// PATCHED_VERSION with package.json (tests/web/board-patches.test.mjs checks the two
// agree).
//
//   Svg.addElement        a `style` attribute goes through the CSSOM (strict CSP)
//   Svg.removeElement     removing a detached element is a silent no-op
//   VisualMoveInput.prototype.createDraggablePiece, moveDraggablePiece
//                         the dragged piece is styled through the CSSOM (strict CSP)
//                         and, for a board in a shadow root, kept above the host page
//   VisualMoveInput.prototype.onPointerMove, onPointerUp
//                         drag and touch input inside a shadow root
//   VisualMoveInput.prototype.setMoveInputState, onPointerDown
//                         a press while the last move still glides starts a new move
//   patchFocus(board)     the keyboard focus frame inside a shadow root (per board)

import { Svg } from 'cm-chessboard/src/lib/Svg.js';
import { VisualMoveInput } from 'cm-chessboard/src/view/VisualMoveInput.js';
import { Accessibility } from 'cm-chessboard/src/extensions/accessibility/Accessibility.js';
import cmPackage from 'cm-chessboard/package.json' with { type: 'json' };

/** PATCHED_VERSION is the cm-chessboard version every patch here was checked against. */
export const PATCHED_VERSION = '8.15.1';

/** versionProblem returns why version cannot be patched, or '' when it can. */
export function versionProblem(version) {
  if (version === PATCHED_VERSION) return '';
  return `board-patches.js: cm-chessboard is ${version}, but its patches were written for ${PATCHED_VERSION}; the board is left unpatched (drag, CSP and shadow-root fixes are off). Re-read the patches against the new version, then update PATCHED_VERSION.`;
}

// applied: whether the patches are in place. The module body runs once per page and
// applyBoardPatches runs its body once, so no method is ever wrapped twice.
let applied = false;
let tried = false;

/** patchesApplied says whether the prototype patches are in place. */
export function patchesApplied() {
  return applied;
}

function shadowRootOf(input) {
  const el = input.chessboard && input.chessboard.context;
  const root = el && el.getRootNode ? el.getRootNode() : null;
  return root instanceof ShadowRoot ? root : null;
}

// retarget returns e with target replaced by the innermost element of its path.
function retarget(e) {
  const inner = e.composedPath ? e.composedPath()[0] : null;
  if (!inner || inner === e.target) return e;
  return new Proxy(e, {
    get(t, k) {
      if (k === 'target') return inner;
      const v = Reflect.get(t, k);
      return typeof v === 'function' ? v.bind(t) : v;
    },
  });
}

/**
 * applyBoardPatches patches cm-chessboard's classes and returns whether the patches are
 * in place. The module calls it on import; a later call changes nothing.
 */
export function applyBoardPatches() {
  if (tried) return applied;
  tried = true;
  const problem = versionProblem(cmPackage.version);
  if (problem) {
    console.error(problem);
    return false;
  }

  // cm-chessboard gives the board coordinates their font size through a `style`
  // attribute passed to Svg.addElement, which a strict CSP (style-src 'self') blocks
  // and reports; element.style (the CSSOM) is allowed.
  const addElement = Svg.addElement;
  Svg.addElement = function addElementCSP(parent, name, attributes = {}) {
    if (!attributes || !('style' in attributes)) return addElement.call(this, parent, name, attributes);
    const { style, ...rest } = attributes;
    const el = addElement.call(this, parent, name, rest);
    el.style.cssText = style;
    return el;
  };

  // Svg.removeElement warns ("… without parentNode") when asked to remove an element
  // that a redraw has already taken out, which happens when a position is set while a
  // piece animation is still queued (the embed does so as it loads: 32 warnings per
  // page). Removing a detached element is a no-op either way.
  Svg.removeElement = function removeElementQuiet(element) {
    if (element && element.parentNode) element.parentNode.removeChild(element);
  };

  // The dragged piece: cm-chessboard positions it with setAttribute('style', …), which
  // the CSP blocks; these do the same through the CSSOM, and app.css's class does the
  // rest. It is appended to document.body, outside any stylesheet of a shadow root, so
  // for a board in one it also gets a z-index above the host page's positioned content.
  VisualMoveInput.prototype.createDraggablePiece = function createDraggablePiece(pieceName) {
    if (this.draggablePiece) throw Error('draggablePiece already exists');
    this.draggablePiece = Svg.createSvg(document.body);
    this.draggablePiece.classList.add('cm-chessboard-draggable-piece');
    this.draggablePiece.setAttribute('width', this.view.squareWidth);
    this.draggablePiece.setAttribute('height', this.view.squareHeight);
    this.draggablePiece.style.pointerEvents = 'none';
    if (shadowRootOf(this)) this.draggablePiece.style.zIndex = '2147483000';
    this.draggablePiece.name = pieceName;
    const spriteUrl = this.chessboard.props.assetsCache ? '' : this.view.getSpriteUrl();
    const piece = Svg.addElement(this.draggablePiece, 'use', { href: `${spriteUrl}#${pieceName}` });
    const scaling = this.view.squareHeight / this.chessboard.props.style.pieces.tileSize;
    const transformScale = this.draggablePiece.createSVGTransform();
    transformScale.setScale(scaling, scaling);
    piece.transform.baseVal.appendItem(transformScale);
  };
  VisualMoveInput.prototype.moveDraggablePiece = function moveDraggablePiece(x, y) {
    const st = this.draggablePiece.style;
    st.pointerEvents = 'none';
    st.position = 'absolute';
    st.left = `${x - this.view.squareHeight / 2}px`;
    st.top = `${y - this.view.squareHeight / 2}px`;
  };

  // cm-chessboard listens for mousemove/mouseup on window and reads e.target, and for
  // touches calls document.elementFromPoint. Seen from outside a shadow root both give
  // the host element, not the square under the pointer, so a drag would always end
  // "off the board". For a board inside a shadow root these hand cm-chessboard the
  // real target (the first entry of composedPath) and, for the duration of the call
  // only, resolve elementFromPoint in that shadow root. Boards in the light DOM are
  // untouched.
  for (const name of ['onPointerMove', 'onPointerUp']) {
    const orig = VisualMoveInput.prototype[name];
    VisualMoveInput.prototype[name] = function shadowAware(e) {
      const root = shadowRootOf(this);
      if (!root) return orig.call(this, e);
      // An own property shadows Document.prototype.elementFromPoint during this
      // synchronous call and is removed right after, whatever happens.
      document.elementFromPoint = (x, y) => root.elementFromPoint(x, y);
      try {
        return orig.call(this, retarget(e));
      } finally {
        delete document.elementFromPoint;
      }
    };
  }
  patchPressDuringGlide();
  applied = true;
  return true;
}

// patchPressDuringGlide: a move input ends (state moveDone) only when the moved
// piece's animation has run (180 ms at the player's normal speed), and until then
// cm-chessboard ignores every press. The engine's book reply lands within that time,
// so a move or premove clicked right after it, or a premove clicked right after one's
// own move, was dropped without a word. A press during the wait now ends the finished
// move input at once and starts the new one; the finished move's own late reset is
// then skipped, or it would drop the new move's first click.
function patchPressDuringGlide() {
  const setState = VisualMoveInput.prototype.setMoveInputState;
  VisualMoveInput.prototype.setMoveInputState = function supersedableMoveDone(state, params) {
    if (state !== 'moveDone') return setState.call(this, state, params);
    // The move is animated by chessboard.movePiece, whose promise ends the input. For
    // this synchronous call only, that promise resolves only if this move input is
    // still the one waiting when the animation ends.
    const board = this.chessboard;
    const done = {};
    this.azDone = done;
    board.movePiece = (...args) => {
      const moved = Object.getPrototypeOf(board).movePiece.apply(board, args);
      return new Promise((resolve) => {
        moved.then(() => {
          if (this.azDone === done && this.moveInputState === 'moveDone') resolve();
        });
      });
    };
    try {
      return setState.call(this, state, params);
    } finally {
      delete board.movePiece;
    }
  };
  const down = VisualMoveInput.prototype.onPointerDown;
  VisualMoveInput.prototype.onPointerDown = function pressDuringGlide(e) {
    if (this.moveInputState === 'moveDone' && this.azDone) {
      this.azDone = null;
      setState.call(this, 'reset');
    }
    return down.call(this, e);
  };
}

/**
 * patchFocus makes board's keyboard focus frame work inside a shadow root; call it
 * once per board, after construction. cm-chessboard draws the frame only while
 * document.activeElement is the board; inside a shadow root (<azurite-board>) that is
 * the host element, so the frame was never drawn and the arrow keys moved an invisible
 * cursor. For a board in a shadow root, document.activeElement answers with the
 * root's active element for the duration of the redraw only (an own property,
 * removed after). It does nothing when the version check refused the patches.
 */
export function patchFocus(board) {
  if (!applied) return;
  const acc = board.getExtension(Accessibility);
  const kbd = acc && acc.components.find((c) => typeof c.redrawFocusIndicator === 'function');
  if (!kbd) return;
  const redraw = kbd.redrawFocusIndicator;
  kbd.redrawFocusIndicator = function redrawInShadowRoot() {
    const root = board.view.svg.getRootNode();
    if (!(root instanceof ShadowRoot)) return redraw.call(this);
    Object.defineProperty(document, 'activeElement', { configurable: true, get: () => root.activeElement });
    try {
      return redraw.call(this);
    } finally {
      delete document.activeElement;
    }
  };
}

applyBoardPatches();
