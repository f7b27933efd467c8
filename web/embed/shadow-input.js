// shadow-input.js: makes cm-chessboard's drag and touch input work inside a shadow root.
//
// cm-chessboard listens for mousemove/mouseup on window and reads e.target, and for
// touches calls document.elementFromPoint. Seen from outside a shadow root both give
// the host element, not the square under the pointer, so a drag would always end "off
// the board". For boards inside a shadow root these wrappers hand cm-chessboard the
// real target (the first entry of composedPath) and, for the duration of the call only,
// resolve elementFromPoint in that shadow root. Boards in the light DOM are untouched.

import { VisualMoveInput } from 'cm-chessboard/src/view/VisualMoveInput.js';

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

// The dragged piece is appended to document.body, outside any stylesheet of ours; keep
// it above the host page's positioned content.
const createDraggablePiece = VisualMoveInput.prototype.createDraggablePiece;
VisualMoveInput.prototype.createDraggablePiece = function createOnTop(pieceName) {
  createDraggablePiece.call(this, pieceName);
  if (shadowRootOf(this) && this.draggablePiece) this.draggablePiece.style.zIndex = '2147483000';
};
