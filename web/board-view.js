// board-view.js: the one adapter between cm-chessboard (drawing, click/drag input,
// promotion dialog, markers, arrows, keyboard input) and chess.js (which moves are
// legal). Controllers give it FENs and get legal moves back through onMove; they never
// touch cm-chessboard directly. Its patches to cm-chessboard itself are all in
// board-patches.js.

import { Chessboard, COLOR, INPUT_EVENT_TYPE, BORDER_TYPE } from 'cm-chessboard/src/Chessboard.js';
import { Markers, MARKER_TYPE } from 'cm-chessboard/src/extensions/markers/Markers.js';
import { Arrows } from 'cm-chessboard/src/extensions/arrows/Arrows.js';
import { PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE } from 'cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js';
import { Accessibility } from 'cm-chessboard/src/extensions/accessibility/Accessibility.js';
import { Chess } from 'chess.js';
import { premoveDests } from './premove.js';
import { patchFocus } from './board-patches.js';

// PREMOVE_MARKER draws the first queued premove's two squares, PREMOVE_LATER the
// later ones' (coloured by app.css); each premove also gets an arrow.
const PREMOVE_MARKER = { class: 'marker-premove', slice: 'markerSquare' };
const PREMOVE_LATER = { class: 'marker-premove-later', slice: 'markerSquare' };
const PREMOVE_ARROW = { first: { class: 'arrow-premove' }, later: { class: 'arrow-premove-later' } };

// Arrow and marker types: the engine's arrows and the user's shapes get their own CSS
// classes (board-marks.css), so neither is mistaken for the other.
const ENGINE_ARROW = {
  best: { class: 'arrow-engine-best' },
  alt: { class: 'arrow-engine-alt' },
  bad: { class: 'arrow-engine-bad' },
  threat: { class: 'arrow-engine-threat' },
};
const USER_ARROW = {
  G: { class: 'arrow-user-g' },
  R: { class: 'arrow-user-r' },
  B: { class: 'arrow-user-b' },
  Y: { class: 'arrow-user-y' },
};
const CIRCLE = {
  G: { class: 'marker-user-g', slice: 'markerCircle' },
  R: { class: 'marker-user-r', slice: 'markerCircle' },
  B: { class: 'marker-user-b', slice: 'markerCircle' },
  Y: { class: 'marker-user-y', slice: 'markerCircle' },
};
const HINT = { class: 'marker-hint', slice: 'markerCircle' };

/** defaults returns the full configuration; createBoardView merges the caller's on top. */
export function defaults() {
  return {
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    orientation: 'w',
    assetsUrl: 'assets/',
    animationMs: 180,
    pieces: 'pieces/standard.svg',
    coordinates: true,
    // onMove({from,to,promotion}) is called for a legal move the user made; return
    // false to refuse it (the board snaps back).
    onMove: () => true,
    // onPremove({from,to,promotion}) is called for a move input while set({premove:
    // true}) is in force (the opponent to move); onPremoveCancel() when the user
    // presses on the board where no premove starts, or opens its context menu, while
    // premoves are shown.
    onPremove: () => false,
    onPremoveCancel: () => {},
    // autoQueen(premove) says whether a promotion picks a queen without the chooser
    // (premove: the move is a premove).
    autoQueen: (premove) => premove,
  };
}

/**
 * createBoardView draws a board in el. Returned API:
 *   set({fen, lastMove, movable, animate, premove})  movable: 'w' | 'b' | 'both' | null
 *   setArrows([{from, to, kind}]), setShapes({arrows, circles}), setHint(square),
 *   flip(), setOrientation(c), orientation, destroy(),
 *   showPremoves(moves, fen), closePromotion(), setStyle({pieces, coordinates, animationMs}),
 *   movable, premoving, inputMove(move)
 */
export function createBoardView(el, config = {}) {
  const cfg = { ...defaults(), ...config };
  let fen = cfg.fen;
  let movable = null;
  let pendingPromotion = false;
  let premoveMode = false; // input queues a premove (the opponent is to move)
  let premoves = []; // the queued premoves drawn on the board, in order
  let premoveFen = null; // the position shown while premoves are queued (after them)
  let inputActive = false; // a move input (a piece picked up or selected) is under way
  let engineArrows = [];
  let userShapes = { arrows: [], circles: [] };
  // orientation is the side at the bottom as asked for last. cm-chessboard turns the
  // board in its animation queue and changes its own orientation only when the turn
  // runs, a task or more later; the names and clocks around the board, the eval bar
  // and the saved state read this one at once. Turns are chained, since cm-chessboard
  // drops a turn asked for while another waits.
  let orientation = cfg.orientation === 'b' ? 'b' : 'w';
  let turning = Promise.resolve();

  // drawArrows draws the engine's arrows under the user's, in one redraw each.
  function drawArrows() {
    board.removeArrows();
    for (const a of engineArrows) board.addArrow(ENGINE_ARROW[a.kind] || ENGINE_ARROW.best, a.from, a.to);
    for (const a of userShapes.arrows) board.addArrow(USER_ARROW[a.color] || USER_ARROW.G, a.from, a.to);
    premoves.forEach((m, i) => board.addArrow(i ? PREMOVE_ARROW.later : PREMOVE_ARROW.first, m.from, m.to));
  }

  // shownFen is the position on the board: after the queued premoves while there are.
  const shownFen = () => premoveFen || fen;

  const board = new Chessboard(el, {
    position: fen,
    orientation: cfg.orientation === 'b' ? COLOR.black : COLOR.white,
    assetsUrl: cfg.assetsUrl,
    // Sprites are referenced by URL (<use href="…svg#wk">) rather than inlined into the
    // page with insertAdjacentHTML: same picture, no markup injection.
    assetsCache: false,
    responsive: true,
    style: {
      cssClass: 'azurite',
      borderType: BORDER_TYPE.none,
      showCoordinates: cfg.coordinates,
      animationDuration: cfg.animationMs,
      pieces: { file: cfg.pieces, tileSize: 40 },
    },
    extensions: [
      { class: Markers, props: { autoMarkers: MARKER_TYPE.frame } },
      { class: Arrows },
      { class: PromotionDialog, props: { language: 'en' } },
      {
        class: Accessibility,
        props: {
          language: 'en',
          brailleNotationInAlt: true,
          keyboardMoveInput: true,
          // These three build their markup with innerHTML; the player has its own
          // move list and status line for screen readers instead.
          movePieceForm: false,
          boardAsTable: false,
          piecesAsList: false,
        },
      },
    ],
  });
  patchFocus(board);

  function legalFrom(square) {
    if (premoveMode) return premoveDests(shownFen(), square);
    try {
      return new Chess(fen).moves({ square, verbose: true });
    } catch {
      return [];
    }
  }

  // A press on the board that starts no premove (no move input under way, and no
  // piece there that could premove) cancels the queued premoves, as does the board's
  // context menu; a press on a piece queues one more (cm-chessboard sees it after this
  // capture listener).
  el.addEventListener('pointerdown', (e) => {
    if (!premoves.length || inputActive) return;
    const sq = e.target && e.target.closest ? e.target.closest('[data-square]') : null;
    const from = sq ? sq.getAttribute('data-square') : null;
    if (premoveMode && from && legalFrom(from).length) return;
    cfg.onPremoveCancel();
  }, true);
  el.addEventListener('contextmenu', (e) => {
    if (!premoves.length) return;
    e.preventDefault();
    cfg.onPremoveCancel();
  });

  function submit(move) {
    let ok = false;
    try {
      ok = cfg.onMove(move) !== false;
    } catch (e) {
      console.error(e);
    }
    if (!ok) board.setPosition(shownFen(), false);
    return ok;
  }

  // promote asks which piece a promotion to the square to takes (the chooser), or
  // picks a queen when autoQueen says so, and then calls done(piece letter) or, on a
  // cancelled chooser, puts the board back.
  function promote(to, color, premove, done) {
    if (cfg.autoQueen(premove)) {
      done('q');
      return;
    }
    pendingPromotion = true;
    board.showPromotionDialog(to, color, (result) => {
      pendingPromotion = false;
      if (result && result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected) done(result.piece.charAt(1));
      else board.setPosition(shownFen(), true);
    });
  }

  function onInput(event) {
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        if (pendingPromotion) return false;
        const moves = legalFrom(event.squareFrom);
        board.removeLegalMovesMarkers();
        board.addLegalMovesMarkers(moves);
        inputActive = moves.length > 0;
        return moves.length > 0;
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        inputActive = false;
        board.removeLegalMovesMarkers();
        const cands = legalFrom(event.squareFrom).filter((m) => m.to === event.squareTo);
        if (!cands.length) return false;
        const from = event.squareFrom;
        const to = event.squareTo;
        if (premoveMode) {
          // A premove moves nothing yet: the piece goes back, and the controller
          // shows the queue (showPremoves). A promotion premove promotes to a queen
          // unless autoQueen says no (then the chooser asks).
          const queue = (m) => {
            if (api.inputMove(m) === false) board.setPosition(shownFen(), false);
          };
          if (cands[0].promotion) {
            if (cfg.autoQueen(true)) board.state.moveInputProcess.then(() => queue({ from, to, promotion: 'q' }));
            else promote(to, cands[0].color, true, (p) => queue({ from, to, promotion: p }));
            return !cfg.autoQueen(true);
          }
          board.state.moveInputProcess.then(() => queue({ from, to }));
          return false;
        }
        if (cands[0].promotion) {
          if (cfg.autoQueen(false)) {
            board.state.moveInputProcess.then(() => submit({ from, to, promotion: 'q' }));
            return true;
          }
          promote(to, cands[0].color, false, (p) => submit({ from, to, promotion: p }));
          return true;
        }
        // The controller answers with set(); defer it until cm-chessboard has
        // finished its own move input so the two do not fight over the position.
        board.state.moveInputProcess.then(() => submit({ from: event.squareFrom, to: event.squareTo }));
        return true;
      }
      case INPUT_EVENT_TYPE.moveInputCanceled:
      case INPUT_EVENT_TYPE.moveInputFinished:
        inputActive = false;
        board.removeLegalMovesMarkers();
        return true;
      default:
        return true;
    }
  }

  function applyInput() {
    board.disableMoveInput();
    if (!movable) return;
    const color = movable === 'both' ? undefined : movable === 'w' ? COLOR.white : COLOR.black;
    board.enableMoveInput(onInput, color);
  }

  const api = {
    board,
    get orientation() {
      return orientation;
    },
    get fen() {
      return fen;
    },
    /** piecesFile is the piece sprite in use (a path under assetsUrl). */
    get piecesFile() {
      return board.props.style.pieces.file;
    },
    /**
     * set shows a position; lastMove {from,to} gets a highlight, a king in check a red
     * frame. While premoves are queued the board shows the position after them.
     */
    set({ fen: newFen, lastMove = null, movable: mv = movable, animate = true, premove = false }) {
      const changed = newFen !== fen;
      fen = newFen;
      movable = mv;
      premoveMode = !!premove;
      board.setPosition(shownFen(), animate && changed && !premoveFen);
      board.removeMarkers(MARKER_TYPE.square);
      board.removeMarkers(MARKER_TYPE.circleDanger);
      if (lastMove) {
        board.addMarker(MARKER_TYPE.square, lastMove.from);
        board.addMarker(MARKER_TYPE.square, lastMove.to);
      }
      try {
        const c = new Chess(fen);
        if (c.inCheck()) {
          const [k] = c.findPiece({ type: 'k', color: c.turn() });
          if (k) board.addMarker(MARKER_TYPE.circleDanger, k);
        }
      } catch {
        // a FEN chess.js refuses never reaches the board: controllers validate first
      }
      applyInput();
    },
    setMovable(mv) {
      movable = mv;
      applyInput();
    },
    /** movable is the colour that may move on the board now ('w', 'b', 'both' or null). */
    get movable() {
      return movable;
    },
    /** premoving says whether a move input now queues a premove (the opponent is to move). */
    get premoving() {
      return premoveMode;
    },
    /**
     * inputMove hands {from, to, promotion} to the controller as a move made on the
     * board would go: onPremove while premoving, else onMove. The caller (the typed
     * move input) has checked it is legal and of the movable colour. It returns
     * whether the move was taken.
     */
    inputMove(move) {
      if (pendingPromotion) return false;
      if (premoveMode) {
        let ok = false;
        try {
          ok = cfg.onPremove(move) !== false;
        } catch (e) {
          console.error(e);
        }
        return ok;
      }
      return submit(move);
    },
    /**
     * showPremoves draws the queued premoves (in order; [] clears them): the first's
     * squares strongest, every one an arrow, and the pieces where they will be, fen
     * (the position after the last; null: the position set()).
     */
    showPremoves(list, after = null) {
      premoves = list ? list.slice() : [];
      premoveFen = premoves.length ? after : null;
      board.removeMarkers(PREMOVE_MARKER);
      board.removeMarkers(PREMOVE_LATER);
      premoves.forEach((m, i) => {
        board.addMarker(i ? PREMOVE_LATER : PREMOVE_MARKER, m.from);
        board.addMarker(i ? PREMOVE_LATER : PREMOVE_MARKER, m.to);
      });
      board.setPosition(shownFen(), false);
      drawArrows();
    },
    /** premoves are the queued premoves drawn on the board. */
    get premoves() {
      return premoves.slice();
    },
    /** closePromotion cancels an open promotion chooser (the piece goes back). */
    closePromotion() {
      const dlg = board.getExtension(PromotionDialog);
      if (dlg && board.isPromotionDialogShown()) dlg.contextMenu({ preventDefault() {} });
    },
    /**
     * setStyle changes the piece sprite (a path under assetsUrl), the coordinates and
     * the animation length in ms; only the given fields change.
     */
    setStyle({ pieces, coordinates, animationMs } = {}) {
      const st = board.props.style;
      let redraw = false;
      if (pieces !== undefined && pieces !== st.pieces.file) {
        st.pieces.file = pieces;
        redraw = true;
      }
      if (coordinates !== undefined && !!coordinates !== st.showCoordinates) {
        st.showCoordinates = !!coordinates;
        redraw = true;
      }
      if (animationMs !== undefined) st.animationDuration = animationMs;
      if (redraw) {
        // cm-chessboard's drawCoordinates returns early when they are off, leaving
        // the old ones drawn: take them away here.
        const g = board.view.coordinatesGroup;
        if (!st.showCoordinates && g) while (g.firstChild) g.removeChild(g.firstChild);
        board.view.redrawBoard();
        board.view.redrawPieces();
      }
    },
    /**
     * setArrows replaces the engine arrows: kind 'best' (the engine's first line or
     * move), 'alt' (its other lines, drawn fainter), 'bad' or 'threat' (what the
     * opponent would play after a pass). The user's own shapes (setShapes) stay.
     */
    setArrows(list) {
      engineArrows = list;
      drawArrows();
    },
    /**
     * setShapes replaces the user's arrows and circles: {arrows: [{from, to, color}],
     * circles: [{square, color}]}, color one of G R B Y (the letters of PGN's
     * [%cal]/[%csl] commands).
     */
    setShapes(shapes) {
      userShapes = shapes || { arrows: [], circles: [] };
      drawArrows();
      for (const t of Object.values(CIRCLE)) board.removeMarkers(t);
      for (const c of userShapes.circles) board.addMarker(CIRCLE[c.color] || CIRCLE.G, c.square);
    },
    /** setHint circles square (a practice hint), or removes the hint for null. */
    setHint(square) {
      board.removeMarkers(HINT);
      if (square) board.addMarker(HINT, square);
    },
    /** setOrientation puts c ('w' or 'b') at the bottom; orientation reads c at once. */
    setOrientation(c) {
      orientation = c === 'b' ? 'b' : 'w';
      turning = turning.then(() => {
        const want = orientation === 'b' ? COLOR.black : COLOR.white;
        if (board.getOrientation() !== want) return board.setOrientation(want, false);
        return undefined;
      });
      return turning;
    },
    flip() {
      return api.setOrientation(orientation === 'w' ? 'b' : 'w');
    },
    destroy() {
      board.destroy();
    },
  };
  applyInput();
  return api;
}

/**
 * createMiniBoard draws a small board in el that only shows positions (no input, no
 * coordinates, no animation): the engine lines' preview. show({fen, orientation,
 * lastMove, pieces}) draws a position, lastMove {from, to} highlighted, with the piece
 * sprite pieces (the main board's, piecesFile).
 */
export function createMiniBoard(el, { assetsUrl = defaults().assetsUrl, pieces = defaults().pieces } = {}) {
  const board = new Chessboard(el, {
    position: defaults().fen,
    assetsUrl,
    assetsCache: false,
    responsive: true,
    style: {
      cssClass: 'azurite',
      borderType: BORDER_TYPE.none,
      showCoordinates: false,
      animationDuration: 0,
      pieces: { file: pieces, tileSize: 40 },
    },
    extensions: [{ class: Markers, props: { autoMarkers: null } }],
  });
  return {
    async show({ fen, orientation = 'w', lastMove = null, pieces: file = null }) {
      const st = board.props.style;
      if (file && file !== st.pieces.file) {
        st.pieces.file = file;
        board.view.redrawPieces();
      }
      const want = orientation === 'b' ? COLOR.black : COLOR.white;
      if (board.getOrientation() !== want) await board.setOrientation(want, false);
      await board.setPosition(fen, false);
      board.removeMarkers(MARKER_TYPE.square);
      if (lastMove) {
        board.addMarker(MARKER_TYPE.square, lastMove.from);
        board.addMarker(MARKER_TYPE.square, lastMove.to);
      }
    },
    destroy() {
      board.destroy();
    },
  };
}
