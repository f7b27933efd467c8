// board-element.js: <azurite-board>, a chessboard with the Azurite engine for any page.
//
//   <azurite-board mode="play|analyse|view" fen="…" pgn-src="game.pgn" level="casual"
//                  orientation="white|black" lines="1..5" board="green" pieces="azurite"
//                  coordinates="off"></azurite-board>
//   (or link="…#g=…": a link the player's Copy link made, instead of fen or pgn-src)
//
// Everything lives in an open shadow root with an adopted stylesheet: page CSS does not
// reach in, ours does not leak out, and nothing uses inline styles (strict CSP). Bad
// attributes show a message inside the element; nothing is thrown at the host page.
// The board, rules and game tree are the player's own modules (board-view.js, game.js,
// pgn.js, levels.js, score.js); every board on a page shares one engine worker through
// engine-pool.js. API and events: docs/embed.md.

// The drag, touch and focus fixes for a board in a shadow root (board-view.js imports
// the same module; it patches cm-chessboard once, whichever comes first).
import '../board-patches.js';
import { createBoardView } from '../board-view.js';
import { Chess } from 'chess.js';
import { Game, drawKind } from '../game.js';
import { parseGameText, parseFen, exportPgn } from '../pgn.js';
import { levelById } from '../levels.js';
import { whiteScore, formatScore, evalBarFraction } from '../score.js';
import { EngineClient } from '../engine-client.js';
import { EnginePool } from './engine-pool.js';
import { parseAttributes, clip, LOOK_ATTRIBUTES } from './attributes.js';
import { gameFromFragment, isLinkFragment } from '../links.js';
import { pieceSetById } from '../settings.js';
import { t } from '../i18n.js';
import css from './embed.css';

/** ANALYSE_MS is how long the engine analyses one position in analyse mode. */
export const ANALYSE_MS = 5000;
/** PV_PLIES is how many moves of a line are written out in SAN. */
const PV_PLIES = 10;

// The engine, book and piece set are found beside this script, so a page anywhere on
// the site can include it with one tag.
const BASE = new URL('./', import.meta.url);

let pool = null;
/** sharedPool is the page's one engine (a single Web Worker), started on first use. */
export function sharedPool() {
  if (!pool) {
    pool = new EnginePool(() => new EngineClient({ workerUrl: new URL('worker.js', BASE).href, watchdogMs: 4000 }), {
      bookUrl: new URL('book.bin', BASE).href,
    });
  }
  return pool;
}

let sheet = null;
function styleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  return sheet;
}

function el(tag, cls, attrs = {}, text = '') {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

// endText says how a game ended, from its result and game.js's status code:
// "Checkmate: White wins", "Draw (stalemate)".
function endText(result, code) {
  if (code === 'checkmate') return result === '1-0' ? t('an.barMate.w') : t('an.barMate.b');
  return t(`embed.draw.${drawKind(code)}`);
}

export class AzuriteBoard extends HTMLElement {
  static get observedAttributes() {
    return ['fen', 'mode', 'level', 'orientation', 'pgn-src', 'link', 'lines', ...LOOK_ATTRIBUTES];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styleSheet()];
    const e = {};
    e.wrap = el('div', 'az', { part: 'container' });
    e.error = el('p', 'error', { role: 'alert', part: 'error' });
    e.error.hidden = true;
    e.main = el('div', 'main');
    e.evalbar = el('div', 'evalbar', { role: 'meter', 'aria-label': t('html.evalbar.label'), 'aria-valuemin': '0', 'aria-valuemax': '100' });
    e.evalfill = el('div', 'fill');
    e.evalbar.append(e.evalfill);
    e.evalbar.hidden = true;
    e.board = el('div', 'board', { part: 'board' });
    e.main.append(e.evalbar, e.board);
    e.bar = el('div', 'bar');
    e.status = el('span', 'status', { 'aria-live': 'polite' });
    e.buttons = el('span', 'buttons');
    const btn = (name, label, text, fn) => {
      const b = el('button', name, { type: 'button', 'aria-label': label, title: label }, text);
      b.addEventListener('click', fn);
      e.buttons.append(b);
      return b;
    };
    e.first = btn('first', t('html.navFirst.label'), '«', () => this._nav('first'));
    e.prev = btn('prev', t('html.navPrev.label'), '‹', () => this._nav('back'));
    e.next = btn('next', t('html.navNext.label'), '›', () => this._nav('forward'));
    e.last = btn('last', t('html.navLast.label'), '»', () => this._nav('last'));
    e.takeback = btn('takeback', t('embed.takeback'), '↶', () => this._takeback());
    e.newgame = btn('newgame', t('embed.newGame'), '↻', () => this._newGame());
    e.flip = btn('flip', t('html.btnFlip.label'), '⇅', () => this.flip());
    e.bar.append(e.status, e.buttons);
    e.pv = el('div', 'pv', { part: 'lines' });
    e.pv.hidden = true;
    e.wrap.append(e.error, e.main, e.bar, e.pv);
    e.wrap.addEventListener('keydown', (ev) => this._key(ev));
    root.append(e.wrap);
    this._els = e;
    this._game = new Game();
    this._initial = null;
    this._cfg = parseAttributes(() => null).config;
    this._errors = [];
    this._token = 0;
    this._thinking = false;
    this._over = null;
    this._view = null;
    this._pending = false;
    this._needNewGame = true;
  }

  connectedCallback() {
    if (!this._view) {
      this._view = createBoardView(this._els.board, {
        assetsUrl: new URL('assets/', BASE).href,
        onMove: (m) => this._userMove(m),
      });
    }
    this._schedule();
  }

  disconnectedCallback() {
    this._token++;
    if (pool) pool.cancel(this);
  }

  attributeChangedCallback(name) {
    if (!this.isConnected) return;
    // A look attribute restyles the board; the game on it goes on.
    if (LOOK_ATTRIBUTES.includes(name) && this._view) {
      const { config, errors } = parseAttributes((n) => this.getAttribute(n));
      this._applyLook(config);
      this._showErrors(errors);
      return;
    }
    this._schedule();
  }

  // _applyLook sets the board colours (a named scheme, or the custom properties when
  // none is given), the piece set and the coordinates.
  _applyLook(cfg) {
    if (cfg.board) this._els.wrap.dataset.board = cfg.board;
    else delete this._els.wrap.dataset.board;
    this._view.setStyle({ pieces: pieceSetById(cfg.pieces).file, coordinates: cfg.coordinates });
  }

  // ---- public API ----

  /** position is the FEN on the board; setting it starts over from that position (throws on a bad FEN). */
  get position() {
    return this._game.current.fen;
  }

  set position(fen) {
    const game = parseFen(String(fen)); // throws InputError with the reason
    this._errors = [];
    this._showErrors([]);
    this._start(game, ++this._token);
  }

  /** pgn is the game on the board as PGN. */
  get pgn() {
    return exportPgn(this._game);
  }

  /** orientation is 'white' or 'black' (the side at the bottom). */
  get orientation() {
    return this._view && this._view.orientation === 'b' ? 'black' : 'white';
  }

  /** flip turns the board around (the player's colour in play mode stays). */
  flip() {
    if (this._view) this._view.flip();
  }

  // ---- loading ----

  _schedule() {
    if (this._pending) return;
    this._pending = true;
    queueMicrotask(() => {
      this._pending = false;
      this._load();
    });
  }

  async _load() {
    const token = ++this._token;
    if (pool) pool.cancel(this);
    const { config, errors } = parseAttributes((n) => this.getAttribute(n));
    this._cfg = config;
    let game = null;
    if (!errors.length && config.fen) {
      try {
        game = parseFen(config.fen);
      } catch (e) {
        // parseFen's message says "Invalid FEN: …" already: ours says it once.
        errors.push(t('embed.badFen', { fen: clip(config.fen), why: e.why ?? e.message }));
      }
    }
    if (!errors.length && config.link) {
      // A link the player's "Copy link" made (links.js): the whole URL or its fragment.
      const hash = config.link.includes('#') ? config.link.slice(config.link.indexOf('#')) : config.link;
      const r = isLinkFragment(hash) ? gameFromFragment(hash) : null;
      if (r && r.game) game = r.game;
      if (!r || !r.game || r.problem) errors.push(linkError(clip(config.link), r));
    }
    if (!errors.length && config.pgnSrc) {
      this._showErrors([]);
      this._status(t('embed.loading'));
      try {
        game = await loadPgn(config.pgnSrc);
      } catch (e) {
        errors.push(e.message);
      }
      if (token !== this._token) return;
      if (game) game.last();
    }
    this._errors = errors;
    this._showErrors(errors);
    if (this._view) this._applyLook(config);
    this._start(game || new Game(), token);
  }

  // _start shows game and starts the mode: the engine replies or analyses as needed.
  _start(game, token) {
    if (pool) pool.cancel(this);
    this._game = game;
    if (!this._view) return; // not connected yet: connecting loads from the attributes
    this._initial = { json: game.toJSON(), ply: game.current.ply };
    this._thinking = false;
    this._over = null;
    this._needNewGame = true;
    this._view.setOrientation(this._cfg.orientation);
    this._clearEngineView();
    this._render(false);
    if (this._errors.length) {
      this._status('');
      return;
    }
    const mode = this._cfg.mode;
    if (mode === 'play') {
      if (this._checkOver(this._game.current, false)) return;
      if (this._turn() !== this._cfg.orientation) this._engineMove(token);
    } else if (mode === 'analyse') {
      this._analyse(token);
    }
  }

  // ---- state ----

  _turn(node = this._game.current) {
    return node.fen.split(' ')[1];
  }

  _movable() {
    if (this._errors.length) return null;
    const mode = this._cfg.mode;
    if (mode === 'analyse') return this._terminal(this._game.current) ? null : 'both';
    if (mode !== 'play' || this._thinking || this._over) return null;
    const g = this._game;
    if (g.current.children.length) return null; // play mode stays at the live end
    return this._turn() === this._cfg.orientation ? this._cfg.orientation : null;
  }

  _terminal(node) {
    return this._game.status(node).over;
  }

  _emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  // ---- moves ----

  _userMove(move) {
    if (!this._movable()) return false;
    const node = this._game.play(move);
    if (!node) return false;
    this._afterMove(node, 'user');
    return true;
  }

  _afterMove(node, by) {
    this._emit('move', {
      san: node.san,
      uci: node.uci,
      from: node.from,
      to: node.to,
      promotion: node.uci.length > 4 ? node.uci[4] : null,
      color: node.color,
      fen: node.fen,
      ply: node.ply,
      by,
    });
    if (this._cfg.mode === 'analyse') {
      // The lines, arrow and bar were the last position's: they go in this task, and
      // its search with them (after a mate nothing else would end it).
      this._token++;
      if (pool) pool.cancel(this);
      this._clearEngineView();
    }
    const over = this._checkOver(node, true);
    this._render(true);
    if (over) return;
    const token = this._token;
    if (this._cfg.mode === 'play' && by === 'user') this._engineMove(token);
    else if (this._cfg.mode === 'analyse') this._analyse(token);
    else if (this._cfg.mode === 'play') this._status(this._yourMove());
  }

  _yourMove() {
    return t(`embed.yourMove.${this._cfg.orientation}`);
  }

  // _checkOver ends the game if node is final; fire says whether to send gameover.
  _checkOver(node, fire) {
    const s = this._game.status(node);
    if (!s.over) return false;
    const { result, code: reason } = s;
    if (this._cfg.mode === 'play') this._over = { result, reason };
    if (fire && this._game.isMainline(node)) {
      this._game.result = result;
      this._game.termination = reason;
    }
    const text = endText(result, reason);
    this._status(t('embed.over', { text }));
    // The bar shows the result: all White, all Black, or half for a draw.
    if (this._cfg.mode === 'analyse') this._setBar(result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5, text);
    if (fire) this._emit('gameover', { result, reason, fen: node.fen, pgn: exportPgn(this._game) });
    return true;
  }

  async _engineMove(token) {
    const g = this._game;
    const end = g.current;
    const level = levelById(this._cfg.level);
    this._thinking = true;
    this._render(false);
    this._status(t('play.thinking'));
    let best;
    try {
      const newGame = this._needNewGame;
      this._needNewGame = false;
      best = await sharedPool().search(this, {
        kind: 'play',
        fen: g.startFen,
        moves: g.uciMoves(end),
        options: { MultiPV: 1, UCI_AnalyseMode: false, OwnBook: true, ...level.options },
        params: { movetime: level.movetime },
        newGame,
      });
    } catch (e) {
      if (token === this._token) {
        this._thinking = false;
        this._showErrors([t('embed.engineFailed', { why: e && e.message ? e.message : e })]);
        this._render(false);
      }
      return;
    }
    if (token !== this._token || !best) return;
    this._thinking = false;
    if (!best.move || best.move === '0000') {
      this._render(false);
      return;
    }
    g.goTo(end);
    const node = g.play(best.move);
    if (!node) {
      this._showErrors([t('embed.illegalMove', { move: clip(best.move) })]);
      this._render(false);
      return;
    }
    this._afterMove(node, 'engine');
  }

  _takeback() {
    if (this._cfg.mode !== 'play') return;
    if (pool) pool.cancel(this);
    const token = ++this._token;
    this._thinking = false;
    this._over = null;
    const g = this._game;
    g.last();
    let n = g.current;
    // Back to the previous position where it is the player's turn, never before the start.
    do {
      if (!n.parent || n.ply <= this._initial.ply) break;
      n = n.parent;
    } while (this._turn(n) !== this._cfg.orientation);
    g.truncate(n);
    g.goTo(n);
    this._render(false);
    if (this._turn(n) !== this._cfg.orientation && !this._terminal(n)) this._engineMove(token);
    else this._status(this._yourMove());
  }

  _newGame() {
    this._start(Game.fromJSON(this._initial.json), ++this._token);
    if (this._game.current.ply !== this._initial.ply) this._game.last();
  }

  _nav(where) {
    if (this._cfg.mode === 'play' || this._errors.length) return;
    const g = this._game;
    const before = g.current;
    g[where]();
    if (g.current === before) return;
    const token = ++this._token;
    if (pool) pool.cancel(this);
    this._clearEngineView();
    this._render(false);
    if (this._cfg.mode === 'analyse') this._analyse(token);
  }

  _key(ev) {
    // The board's own keyboard input (arrows move its square cursor) has handled it.
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const map = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last' };
    if (map[ev.key] && this._cfg.mode !== 'play') {
      ev.preventDefault();
      this._nav(map[ev.key]);
    }
  }

  // ---- analysis ----

  async _analyse(token) {
    const g = this._game;
    const node = g.current;
    if (this._checkOver(node, false)) return;
    this._lines = [];
    this._status(t('embed.analysing'));
    let res;
    try {
      res = await sharedPool().search(this, {
        kind: 'analysis',
        fen: g.startFen,
        moves: g.uciMoves(node),
        options: { UCI_LimitStrength: false, UCI_AnalyseMode: true, OwnBook: false, MultiPV: this._cfg.lines },
        params: { movetime: ANALYSE_MS },
        onInfo: (info) => {
          if (token === this._token) this._onInfo(info, node);
        },
      });
    } catch (e) {
      if (token === this._token) this._showErrors([t('embed.engineFailed', { why: e && e.message ? e.message : e })]);
      return;
    }
    if (token !== this._token || !res) return;
    const top = this._lines[0];
    this._status(top ? t('embed.depthBest', { depth: top.depth, move: top.san[0] || top.pv[0] }) : t('embed.noAnalysis'));
  }

  _onInfo(info, node) {
    if (!info || (info.type && info.type !== 'info') || !Array.isArray(info.pv) || !info.pv.length) return;
    const score = whiteScore(info, this._turn(node));
    if (!score) return;
    const k = (info.multipv || 1) - 1;
    const san = toSan(node.fen, info.pv, PV_PLIES);
    this._lines[k] = { depth: info.depth, score, pv: info.pv, san };
    this._lines.length = Math.min(this._lines.length, this._cfg.lines);
    this._drawLines();
    if (k !== 0) return;
    this._setBar(evalBarFraction(score), formatScore(score));
    const best = info.pv[0];
    this._view.setArrows([{ from: best.slice(0, 2), to: best.slice(2, 4), kind: 'best' }]);
    this._emit('eval', {
      fen: node.fen,
      depth: info.depth,
      scoreCp: score.cp,
      scoreMate: score.mate,
      pv: info.pv.slice(),
      san: san.slice(),
      bestmove: best,
      nodes: info.nodes,
      nps: info.nps,
    });
  }

  _drawLines() {
    const box = this._els.pv;
    box.replaceChildren();
    for (const l of this._lines) {
      if (!l) continue;
      const row = el('div', 'line');
      row.append(el('span', 'score', {}, formatScore(l.score)), el('span', 'depth', {}, t('embed.depthShort', { depth: l.depth })), document.createTextNode(l.san.join(' ')));
      box.append(row);
    }
  }

  _clearEngineView() {
    this._lines = [];
    this._els.pv.replaceChildren();
    this._setBar(0.5, t('embed.noEval'));
    if (this._view) this._view.setArrows([]);
  }

  // _setBar fills the eval bar to White's share frac (0..1), described by text.
  _setBar(frac, text) {
    this._els.evalfill.style.height = `${(frac * 100).toFixed(1)}%`;
    this._els.evalbar.setAttribute('aria-valuenow', String(Math.round(frac * 100)));
    this._els.evalbar.setAttribute('aria-valuetext', text);
  }

  // ---- drawing ----

  _render(animate) {
    const g = this._game;
    const n = g.current;
    const mode = this._cfg.mode;
    const e = this._els;
    this._view.set({ fen: n.fen, lastMove: n.from ? { from: n.from, to: n.to } : null, movable: this._movable(), animate });
    const hasMoves = g.root.children.length > 0;
    const nav = mode !== 'play' && hasMoves && !this._errors.length;
    for (const b of [e.first, e.prev, e.next, e.last]) b.hidden = !nav;
    e.first.disabled = e.prev.disabled = !n.parent;
    e.next.disabled = e.last.disabled = !n.children.length;
    e.takeback.hidden = e.newgame.hidden = mode !== 'play' || !!this._errors.length;
    e.takeback.disabled = this._thinking || n.ply <= this._initial.ply;
    e.evalbar.hidden = e.pv.hidden = mode !== 'analyse' || !!this._errors.length;
    this.dataset.state = this._errors.length ? 'error' : this._thinking ? 'thinking' : this._over ? 'over' : 'ready';
    if (mode === 'view' && !this._errors.length) {
      this._status(n.ply ? `${Math.ceil(n.ply / 2)}${n.color === 'w' ? '.' : '…'} ${n.san}` : hasMoves ? t('embed.startOfGame') : '');
    } else if (mode === 'play' && !this._thinking && !this._over && !this._errors.length) {
      this._status(this._yourMove());
    }
  }

  _status(text) {
    this._els.status.textContent = text;
  }

  _showErrors(list) {
    this._els.error.textContent = list.join('\n');
    this._els.error.hidden = !list.length;
    if (list.length) this.dataset.state = 'error';
  }
}

/** toSan writes up to max moves of a UCI line from fen in SAN; it stops at an illegal one. */
export function toSan(fen, pv, max) {
  const out = [];
  try {
    const c = new Chess(fen);
    for (const m of pv.slice(0, max)) {
      const mv = c.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
      out.push(mv.san);
    }
  } catch {
    // an illegal move ends the SAN line; the UCI line is still in the event
  }
  return out;
}

/**
 * linkError says why the link attribute (link, clipped) gave no game or a damaged
 * one: r is gameFromFragment's answer (links.js), null when the value is not a link.
 */
function linkError(link, r) {
  if (!r || !r.problem) return t('embed.linkNotLink', { link });
  return t(r.kind === 'position' ? 'embed.linkPosition' : 'embed.linkDamaged', { link, why: r.why });
}

/** loadPgn fetches src (relative to the page) and parses its first game. */
async function loadPgn(src) {
  let url;
  try {
    url = new URL(src, document.baseURI);
  } catch {
    throw new Error(t('embed.badSrc', { src: clip(src) }));
  }
  let res;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch (e) {
    throw new Error(t('embed.fetchFailed', { src: clip(src), why: e.message }));
  }
  if (!res.ok) throw new Error(t('embed.httpError', { src: clip(src), status: `${res.status}${res.statusText ? ` ${res.statusText}` : ''}` }));
  const text = await res.text();
  try {
    return parseGameText(text).game;
  } catch (e) {
    throw new Error(t('embed.pgnError', { src: clip(src), why: e.message }));
  }
}
