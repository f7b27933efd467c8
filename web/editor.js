// editor.js: the board editor, a dialog with a board of its own (cm-chessboard), a
// piece palette and the position's other fields. Pieces are placed by choosing one in
// the palette and clicking squares (or dragging it from the palette onto the board),
// moved by dragging them, and removed by dragging them off the board, right-clicking
// them or with the eraser. Side to move, castling rights and the en-passant square are
// offered only where the placement allows them; the FEN field follows every change
// and takes a pasted FEN. An impossible position is refused with the reason
// (position-setup.js), and from a possible one the dialog analyses it or starts a game
// against the engine from it.

import { Chessboard, COLOR, INPUT_EVENT_TYPE, BORDER_TYPE, POINTER_EVENTS } from 'cm-chessboard/src/Chessboard.js';
import { h, part, show, clear } from './dom.js';
import { Game } from './game.js';
import { START_PLACEMENT, EMPTY_PLACEMENT, boardOf, placementOf, parseSetup, castlingAllowed, epSquares, setupFen, setupProblem } from './position-setup.js';
import { LEVELS, levelLabel, DEFAULT_LEVEL } from './levels.js';
import { TIME_CONTROLS } from './time-control.js';
import { t } from './i18n.js';

const PIECES = ['K', 'Q', 'R', 'B', 'N', 'P'];
// pieceName is a palette piece's name ('wK' → "White king").
const pieceName = (id) => t(`piece.${id[0]}${id[1]}`);

// cmPiece turns 'wK' into cm-chessboard's 'wk'.
const cmPiece = (p) => `${p[0]}${p[1].toLowerCase()}`;

/**
 * createEditor wires the editor dialog (root: the <dialog>) to the shell: open(fen)
 * shows it on a position; its buttons analyse the position or play it.
 */
export function createEditor(shell, root, { pieces = 'pieces/standard.svg' } = {}) {
  const el = (id) => part(root, id);
  const st = { setup: parseSetup(`${START_PLACEMENT} w KQkq - 0 1`), tool: 'wQ', orientation: 'w', placed: null };
  let board = null;

  function ensureBoard() {
    if (board) return;
    board = new Chessboard(el('editor-board'), {
      position: st.setup.placement,
      assetsUrl: 'assets/',
      assetsCache: false,
      responsive: true,
      style: { cssClass: 'azurite', borderType: BORDER_TYPE.none, showCoordinates: true, animationDuration: 0, pieces: { file: pieces } },
    });
    // Drag a piece to another square to move it, off the board to remove it.
    // A click that placed or removed a piece (square select, below) is not also the
    // first or second click of a click-click move.
    const justPlaced = (square) => st.placed && st.placed.square === square && performance.now() - st.placed.t < 1000;
    board.enableMoveInput((e) => {
      if (e.type === INPUT_EVENT_TYPE.moveInputStarted) return !justPlaced(e.squareFrom);
      if (e.type === INPUT_EVENT_TYPE.validateMoveInput) {
        if (justPlaced(e.squareTo)) return false;
        const b = boardOf(st.setup.placement);
        const p = b.get(e.squareFrom);
        b.delete(e.squareFrom);
        if (p) b.set(e.squareTo, p);
        setPlacement(placementOf(b));
        return false; // the editor redraws the position itself
      }
      if (e.type === INPUT_EVENT_TYPE.moveInputCanceled && e.reason === 'movedOutOfBoard') {
        const b = boardOf(st.setup.placement);
        b.delete(e.squareFrom);
        setPlacement(placementOf(b));
      }
      return true;
    });
    // A click on an empty square (or any square with the eraser) uses the palette's tool;
    // a right click removes the piece there.
    board.enableSquareSelect(POINTER_EVENTS.pointerdown, (e) => {
      if (!e.square) return;
      const right = e.event.button === 2;
      const b = boardOf(st.setup.placement);
      const here = b.get(e.square);
      if (!right && here && st.tool !== 'erase' && st.tool !== here) return; // a drag starts there
      if (right || st.tool === 'erase' || here === st.tool) b.delete(e.square);
      else b.set(e.square, st.tool);
      st.placed = { square: e.square, t: performance.now() };
      setPlacement(placementOf(b));
    });
    el('editor-board').addEventListener('contextmenu', (e) => e.preventDefault());
  }

  // ---- palette ----

  // Two rows: White's pieces and the eraser, then Black's.
  const palette = el('editor-palette');
  for (const c of ['w', 'b']) {
    for (const t of PIECES) {
      const id = `${c}${t}`;
      palette.append(h('button', { type: 'button', class: 'palette-piece', 'data-piece': id, 'aria-pressed': 'false', 'aria-label': pieceName(id), title: pieceName(id) },
        pieceIcon(id)));
    }
    if (c === 'w') palette.append(h('button', { type: 'button', class: 'palette-piece erase', 'data-piece': 'erase', 'aria-pressed': 'false', 'aria-label': t('editor.eraser'), title: t('editor.eraser') }, '⌫'));
  }

  function pieceIcon(id) {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 40 40');
    svg.setAttribute('aria-hidden', 'true');
    const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
    use.setAttribute('href', `assets/${pieces}#${cmPiece(id)}`);
    svg.append(use);
    return svg;
  }

  function setTool(tool) {
    st.tool = tool;
    for (const b of palette.querySelectorAll('[data-piece]')) b.setAttribute('aria-pressed', String(b.dataset.piece === tool));
  }
  palette.addEventListener('click', (e) => {
    const b = e.target.closest('[data-piece]');
    if (b) setTool(b.dataset.piece);
  });
  // Dragging from the palette drops the piece on the square under the pointer.
  palette.addEventListener('pointerdown', (e) => {
    const b = e.target.closest('[data-piece]');
    if (!b || b.dataset.piece === 'erase' || e.button !== 0) return;
    setTool(b.dataset.piece);
    const piece = b.dataset.piece;
    const ghost = h('div', { class: 'editor-ghost', 'aria-hidden': 'true' }, pieceIcon(piece));
    let moved = false;
    const move = (ev) => {
      if (!moved) {
        moved = true;
        document.body.append(ghost);
      }
      ghost.style.transform = `translate(${ev.clientX - 20}px, ${ev.clientY - 20}px)`;
    };
    const up = (ev) => {
      removeEventListener('pointermove', move);
      removeEventListener('pointerup', up);
      ghost.remove();
      if (!moved) return;
      const target = document.elementFromPoint(ev.clientX, ev.clientY);
      const sq = target && target.closest && target.closest('#editor-board [data-square]');
      if (!sq) return;
      const bd = boardOf(st.setup.placement);
      bd.set(sq.getAttribute('data-square'), piece);
      setPlacement(placementOf(bd));
    };
    addEventListener('pointermove', move);
    addEventListener('pointerup', up);
  });

  // ---- fields ----

  function setPlacement(placement) {
    st.setup = { ...st.setup, placement };
    render();
  }

  function render() {
    const s = st.setup;
    if (board) board.setPosition(s.placement, false);
    el(`editor-turn-${s.turn}`).checked = true;
    const allowed = castlingAllowed(s.placement);
    for (const x of 'KQkq') {
      const box = el(`editor-castle-${x === x.toUpperCase() ? 'w' : 'b'}${x.toLowerCase()}`);
      box.disabled = !allowed.includes(x);
      box.checked = allowed.includes(x) && s.castling.includes(x);
    }
    const ep = el('editor-ep');
    const eps = epSquares(s.placement, s.turn);
    clear(ep);
    ep.append(h('option', { value: '' }, t('editor.noEp')), ...eps.map((sq) => h('option', { value: sq }, sq)));
    ep.value = eps.includes(s.ep) ? s.ep : '';
    ep.disabled = !eps.length;
    const fen = setupFen(s);
    const input = el('editor-fen');
    if (document.activeElement !== input) input.value = fen;
    const why = setupProblem(s);
    el('editor-problem').textContent = why ? t('editor.impossible', { why }) : '';
    for (const id of ['editor-analyse', 'editor-play']) el(id).disabled = !!why;
    el('editor-play').disabled = !!why || !!shell.engineReservedByPlay();
  }

  for (const c of ['w', 'b']) {
    el(`editor-turn-${c}`).addEventListener('change', () => {
      st.setup = { ...st.setup, turn: c };
      render();
    });
  }
  for (const x of 'KQkq') {
    el(`editor-castle-${x === x.toUpperCase() ? 'w' : 'b'}${x.toLowerCase()}`).addEventListener('change', (e) => {
      const rest = st.setup.castling.replace(x, '');
      st.setup = { ...st.setup, castling: e.target.checked ? rest + x : rest };
      render();
    });
  }
  el('editor-ep').addEventListener('change', (e) => {
    st.setup = { ...st.setup, ep: e.target.value };
    render();
  });
  el('editor-fen').addEventListener('change', (e) => {
    const text = e.target.value.trim();
    const parts = text.split(/\s+/);
    if (!/^[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]+){7}$/.test(parts[0] || '') || !validRows(parts[0])) {
      el('editor-problem').textContent = t('editor.notFen');
      return;
    }
    st.setup = parseSetup(text);
    render();
  });
  el('editor-clear').addEventListener('click', () => {
    st.setup = { placement: EMPTY_PLACEMENT, turn: 'w', castling: '', ep: '' };
    render();
  });
  el('editor-start').addEventListener('click', () => {
    st.setup = parseSetup(`${START_PLACEMENT} w KQkq - 0 1`);
    render();
  });
  el('editor-flip').addEventListener('click', () => {
    st.orientation = st.orientation === 'w' ? 'b' : 'w';
    if (board) board.setOrientation(st.orientation === 'w' ? COLOR.white : COLOR.black, false);
  });

  // ---- leaving ----

  el('editor-cancel').addEventListener('click', () => root.close());
  el('editor-analyse').addEventListener('click', () => {
    if (setupProblem(st.setup)) return;
    const game = new Game(setupFen(st.setup));
    root.close();
    shell.setMode('analysis');
    shell.setGame(game, 'work');
    shell.say(t('editor.analysing'));
  });
  el('editor-play').addEventListener('click', () => {
    if (setupProblem(st.setup)) return;
    const fen = setupFen(st.setup);
    const ok = shell.controllers.play.startFrom(fen, {
      color: el('editor-color').value,
      levelId: el('editor-level').value,
      tcId: el('editor-tc').value,
    });
    if (ok) root.close();
    else el('editor-problem').textContent = t('editor.timedGame');
  });
  for (const l of LEVELS) el('editor-level').append(h('option', { value: l.id }, levelLabel(l)));
  for (const t of TIME_CONTROLS) el('editor-tc').append(h('option', { value: t.id }, t.label));
  el('editor-level').value = DEFAULT_LEVEL;

  return {
    /**
     * open shows the editor on fen (the current position by default); with play set,
     * the focus goes to the play options.
     */
    open(fen = shell.game.current.fen, { play = false } = {}) {
      st.setup = parseSetup(fen);
      st.orientation = shell.view ? shell.view.orientation : 'w';
      root.showModal();
      ensureBoard();
      board.setOrientation(st.orientation === 'w' ? COLOR.white : COLOR.black, false);
      setTool(st.tool);
      render();
      if (play) el('editor-color').focus();
    },
    /** setup returns the position being edited (tests read it). */
    setup: () => ({ ...st.setup, fen: setupFen(st.setup), problem: setupProblem(st.setup) }),
  };
}

// validRows says each of the placement's ranks has eight squares.
function validRows(placement) {
  return placement.split('/').every((r) => [...r].reduce((n, ch) => n + (/\d/.test(ch) ? Number(ch) : 1), 0) === 8);
}
