// game.js: the game model, a tree of moves with variations. chess.js decides what is
// legal and writes SAN/FEN; this module only keeps the tree, the cursor and the tags.
// It needs no DOM, so node tests can build and check it directly.

import { Chess, DEFAULT_POSITION } from 'chess.js';
import { t } from './i18n.js';

export const START_FEN = DEFAULT_POSITION;

/** MAX_PLY bounds the length of any line, so saved trees stay cheap to rebuild. */
export const MAX_PLY = 2000;

let nextId = 1;


// CASTLING gives, per FEN letter, the colour and the king's and rook's squares.
const CASTLING = { K: ['w', 'e1', 'h1'], Q: ['w', 'e1', 'a1'], k: ['b', 'e8', 'h8'], q: ['b', 'e8', 'a8'] };

/**
 * positionProblem says why chess (loaded from fen) is not a position a game can reach
 * although chess.js accepts it, or returns ''. These are the checks the engine's FEN
 * reader makes beyond chess.js's, so a position the page accepts is one the engine
 * accepts too (a FEN with White in check and Black to move used to load, then every
 * engine search failed with "no valid position").
 */
export function positionProblem(chess, fen) {
  const [, turn, castling = '-', ep = '-'] = fen.trim().split(/\s+/);
  const other = turn === 'w' ? 'b' : 'w';
  const count = { w: { all: 0, p: 0 }, b: { all: 0, p: 0 } };
  for (const row of chess.board()) {
    for (const p of row) {
      if (!p) continue;
      count[p.color].all++;
      if (p.type === 'p') count[p.color].p++;
    }
  }
  for (const c of ['w', 'b']) {
    if (count[c].p > 8) return t(`pos.pawns.${c}`, { count: count[c].p });
    if (count[c].all > 16) return t(`pos.pieces.${c}`, { count: count[c].all });
  }
  const theirKing = chess.findPiece({ type: 'k', color: other })[0];
  if (theirKing && chess.isAttacked(theirKing, turn)) {
    return t(`pos.checkNotToMove.${other}`);
  }
  const ourKing = chess.findPiece({ type: 'k', color: turn })[0];
  if (ourKing && chess.attackers(ourKing, other).length > 2) {
    return t(`pos.tooManyCheckers.${turn}`, { count: chess.attackers(ourKing, other).length });
  }
  for (const letter of castling === '-' ? '' : castling) {
    const cs = CASTLING[letter];
    if (!cs) continue; // chess.js has judged the letters
    const [c, king, rook] = cs;
    const has = (sq, type) => {
      const p = chess.get(sq);
      return p && p.color === c && p.type === type;
    };
    if (!has(king, 'k') || !has(rook, 'r')) {
      return t(`pos.castling.${c}`, { right: letter, king, rook });
    }
  }
  if (/^[a-h][36]$/.test(ep)) {
    // The pawn that moved two squares stands in front of ep and came from behind it.
    const dir = turn === 'w' ? -1 : 1;
    const at = (d) => `${ep[0]}${Number(ep[1]) + d}`;
    const pushed = chess.get(at(dir));
    if (!pushed || pushed.type !== 'p' || pushed.color !== other) {
      return t(`pos.epPawn.${other}`, { ep, square: at(dir) });
    }
    if (chess.get(ep) || chess.get(at(-dir))) return t('pos.epEmpty', { ep, square: at(-dir) });
  }
  return '';
}

// DRAW_KINDS names each drawn status code's kind, the last part of the catalogue keys
// that say it (status.stalemate, an.barDraw.stalemate, embed.draw.stalemate, …).
const DRAW_KINDS = { stalemate: 'stalemate', 'insufficient-material': 'material', 'threefold-repetition': 'threefold', 'fifty-move-rule': 'fifty' };

/** drawKind returns the kind of a drawn status code (DRAW_KINDS), 'other' for any other. */
export function drawKind(code) {
  return DRAW_KINDS[code] || 'other';
}

// statusCache remembers status() per node object; dropped nodes are collected with it.
const statusCache = new WeakMap();

// positionStatus judges chess.js position c (no history needed) given how often the
// position has occurred (repetitions, node included). Checks in chess.js's order.
function positionStatus(c, repetitions) {
  if (c.isCheckmate()) {
    return { over: true, result: c.turn() === 'w' ? '0-1' : '1-0', reason: t(`status.mated.${c.turn()}`), code: 'checkmate' };
  }
  const draw = (code) => ({ over: true, result: '1/2-1/2', reason: t(`status.${drawKind(code)}`), code });
  if (c.isStalemate()) return draw('stalemate');
  if (c.isInsufficientMaterial()) return draw('insufficient-material');
  if (repetitions >= 3) return draw('threefold-repetition');
  if (c.isDrawByFiftyMoves()) return draw('fifty-move-rule');
  return { over: false, inCheck: c.inCheck(), turn: c.turn() };
}

function makeNode(parent, fen, move) {
  return {
    id: nextId++,
    parent,
    children: [], // children[0] continues the line; the others are variations
    fen,
    ply: parent ? parent.ply + 1 : 0,
    san: move ? move.san : null,
    uci: move ? move.from + move.to + (move.promotion || '') : null,
    from: move ? move.from : null,
    to: move ? move.to : null,
    color: move ? move.color : null, // the side that made the move
    comment: '', // words after the move
    commentBefore: '', // words before it (opening a variation, or after one closed)
    nags: [], // numeric annotation glyphs, e.g. 2 for "?"
    reviewNag: 0, // the NAG among nags that game review added (0: none), see review.js
    reviewComment: '', // the comment review wrote, while comment is still that text
  };
}

/** Game is a move tree from a start position, with a cursor (current node). */
export class Game {
  /** Throws an Error with a readable message when fen is not a legal position. */
  constructor(fen = START_FEN) {
    const chess = new Chess(fen); // throws on a bad FEN
    const why = positionProblem(chess, fen);
    if (why) throw new Error(why);
    this.startFen = chess.fen();
    this.root = makeNode(null, this.startFen, null);
    this.current = this.root;
    this.headers = {};
    this.result = '*';
    this.termination = ''; // human-readable reason once the game has ended
    // The library record this game is kept in (library-sync.js) and the record's rev
    // it was read or last written at; null for a game the library does not hold.
    this.libraryId = null;
    this.libraryRev = 0;
  }

  /**
   * chess returns a new chess.js instance at node (default: current) with the full
   * history, replayed from the start: it costs a few chess.js move generations per ply
   * (about 60–140 ms at ply 300), so nothing that runs per move or per render calls it.
   * status() and position() answer the usual questions without a replay.
   */
  chess(node = this.current) {
    const c = new Chess(this.startFen);
    for (const n of this.path(node)) c.move(n.uci ? { from: n.from, to: n.to, promotion: n.uci[4] } : n.san);
    return c;
  }

  /** position returns a chess.js instance at node's position, without the history (cheap). */
  position(node = this.current) {
    return new Chess(node.fen);
  }

  /**
   * repetitions counts how often node's position has occurred on the way to it, node
   * included (3 is a threefold repetition). Positions are equal when the first four FEN
   * fields are (pieces, side to move, castling rights, and an en-passant square only
   * when a capture there is legal: chess.js writes it only then). Only the last
   * halfmove-clock plies can repeat (a capture or pawn move cannot be undone), so the
   * walk is at most 100 plies whatever the game's length.
   */
  repetitions(node = this.current) {
    const fields = node.fen.split(' ');
    const key = fields.slice(0, 4).join(' ');
    const clock = Number(fields[4]) || 0;
    let count = 1;
    // Same side to move: two plies at a time.
    for (let n = node.parent && node.parent.parent, k = 2; n && k <= clock; n = n.parent && n.parent.parent, k += 2) {
      if (n.fen.startsWith(`${key} `)) count++;
    }
    return count;
  }

  /** path returns the nodes from the first move to node (root excluded). */
  path(node = this.current) {
    const out = [];
    for (let n = node; n && n.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** uciMoves returns the UCI moves from the start position to node. */
  uciMoves(node = this.current) {
    return this.path(node).map((n) => n.uci);
  }

  /**
   * play makes move (SAN string, UCI string or {from,to,promotion}) from the current
   * node. If that move already exists there, the cursor follows it; otherwise a new
   * line is added (the main line if none exists, else a variation). Returns the new
   * node, or null when the move is illegal.
   */
  play(move) {
    const c = new Chess(this.current.fen);
    let m;
    try {
      if (typeof move === 'string' && /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(move)) {
        m = c.move({ from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] });
      } else {
        m = c.move(move);
      }
    } catch {
      return null;
    }
    if (m.san === '--' || m.from === m.to) return null; // chess.js plays "--" as a null move (a8a8); a game has none
    const child = this.attach(this.current, m);
    this.current = child;
    return child;
  }

  /**
   * attach adds m, a move chess.js made from parent's position, as parent's last
   * child and returns it; if parent already has that move, it returns that child.
   * The cursor does not move. pgn.js builds imported trees with it.
   */
  attach(parent, m) {
    const uci = m.from + m.to + (m.promotion || '');
    let child = parent.children.find((ch) => ch.uci === uci);
    if (!child) {
      child = makeNode(parent, m.after, m);
      parent.children.push(child);
    }
    return child;
  }

  /** mainlineNodes returns the main line from the root (root excluded). */
  mainlineNodes() {
    const out = [];
    for (let n = this.root.children[0]; n; n = n.children[0]) out.push(n);
    return out;
  }

  isMainline(node) {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  goTo(node) {
    this.current = node;
  }

  back() {
    if (this.current.parent) this.current = this.current.parent;
    return this.current;
  }

  forward() {
    if (this.current.children[0]) this.current = this.current.children[0];
    return this.current;
  }

  first() {
    this.current = this.root;
  }

  last() {
    while (this.current.children[0]) this.current = this.current.children[0];
  }

  /** truncate removes everything after node on its line (used by takeback in play mode). */
  truncate(node) {
    if (this.isBelow(this.current, node)) this.current = node;
    node.children = [];
  }

  isBelow(n, ancestor) {
    for (let x = n.parent; x; x = x.parent) if (x === ancestor) return true;
    return false;
  }

  /** promote makes node's line the main line at every branch point above it. */
  promote(node) {
    while (this.promoteOne(node));
  }

  /**
   * promoteOne moves node's line up one level: at the nearest branch above node (node
   * included) where its line is a variation, it becomes the first line there and the
   * line it replaced the first variation. It returns the node whose place changed, or
   * null when node is on the main line. promote does this at every level.
   */
  promoteOne(node) {
    const n = this.variationStart(node);
    if (!n) return null;
    const sib = n.parent.children;
    sib.splice(sib.indexOf(n), 1);
    sib.unshift(n);
    return n;
  }

  /**
   * variationStart returns the first move of the variation node is in (the nearest
   * node from node up that is not its parent's first child), or null on the main line.
   */
  variationStart(node) {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return n;
    return null;
  }

  /** remove deletes node and its subtree; the cursor moves to its parent if inside. */
  remove(node) {
    if (!node.parent) return;
    if (this.current === node || this.isBelow(this.current, node)) this.current = node.parent;
    node.parent.children = node.parent.children.filter((c) => c !== node);
  }

  findById(id) {
    const stack = [this.root];
    while (stack.length) {
      const n = stack.pop();
      if (n.id === id) return n;
      stack.push(...n.children);
    }
    return null;
  }

  /**
   * status reports whether the position at node ends the game by the rules:
   * {over: true, result, reason, code} (code: checkmate, stalemate,
   * insufficient-material, threefold-repetition or fifty-move-rule) or
   * {over: false, inCheck, turn}. It reads node's FEN
   * and walks back at most the halfmove clock for repetitions (see repetitions), and
   * remembers the answer per node (a node's position and ancestors never change), so
   * it costs the same at ply 300 as at ply 3.
   */
  status(node = this.current) {
    let s = statusCache.get(node);
    if (!s) {
      s = positionStatus(this.position(node), this.repetitions(node));
      statusCache.set(node, s);
    }
    return { ...s };
  }

  /** toJSON gives a compact form for storage: the start FEN, tags and the move tree as UCI. */
  toJSON() {
    const enc = (n) => {
      const o = { m: n.uci };
      if (n.comment) o.c = n.comment;
      if (n.commentBefore) o.b = n.commentBefore;
      if (n.nags.length) o.n = n.nags.slice();
      if (n.reviewNag) o.r = n.reviewNag;
      if (n.reviewComment && n.reviewComment === n.comment) o.rc = 1;
      if (n.children.length) o.k = n.children.map(enc);
      return o;
    };
    const out = {
      fen: this.startFen,
      headers: { ...this.headers },
      result: this.result,
      termination: this.termination,
      comment: this.root.comment || undefined,
      tree: this.root.children.map(enc),
      cursor: this.path().map((n) => n.parent.children.indexOf(n)),
    };
    if (this.libraryId) out.lib = { id: this.libraryId, rev: this.libraryRev };
    return out;
  }

  /**
   * fromJSON rebuilds a game from toJSON output, replaying every move. It throws on
   * anything inconsistent, unless salvage is set: then only a missing or bad start
   * FEN throws, a bad move entry is dropped with the moves after it on its line, and
   * the game's dropped array says what was dropped (empty when nothing was), so a
   * saved game damaged at move 30 still gives back its first 29 moves.
   */
  static fromJSON(o, { salvage = false } = {}) {
    if (!o || typeof o !== 'object') throw new Error('not an object');
    if (typeof o.fen !== 'string') throw new Error('missing start FEN');
    const g = new Game(o.fen);
    g.dropped = [];
    if (o.headers && typeof o.headers === 'object') {
      for (const [k, v] of Object.entries(o.headers)) if (typeof v === 'string') g.headers[k] = v;
    }
    if (['1-0', '0-1', '1/2-1/2', '*'].includes(o.result)) g.result = o.result;
    if (typeof o.termination === 'string') g.termination = o.termination;
    if (typeof o.comment === 'string') g.root.comment = o.comment;
    if (o.lib && typeof o.lib.id === 'string' && o.lib.id.length <= 64 && Number.isInteger(o.lib.rev) && o.lib.rev >= 0) {
      g.libraryId = o.lib.id;
      g.libraryRev = o.lib.rev;
    }
    const bad = (msg) => {
      if (!salvage) throw new Error(msg);
      g.dropped.push(msg);
    };
    const dec = (parent, list, depth) => {
      if (!Array.isArray(list)) return bad(`bad move list after ply ${parent.ply}`);
      if (depth > MAX_PLY) return bad('tree too deep');
      for (const item of list) {
        g.current = parent;
        if (!item || typeof item.m !== 'string') {
          bad(`bad move entry after ply ${parent.ply}`);
          continue;
        }
        const n = g.play(item.m);
        if (!n) {
          bad(`illegal move ${String(item.m).slice(0, 12)} after ply ${parent.ply}`);
          continue;
        }
        if (typeof item.c === 'string') n.comment = item.c;
        if (typeof item.b === 'string') n.commentBefore = item.b;
        if (Array.isArray(item.n)) n.nags = item.n.filter((x) => Number.isInteger(x) && x >= 0 && x < 256);
        if (n.nags.includes(item.r)) n.reviewNag = item.r;
        if (item.rc === 1 && n.comment) n.reviewComment = n.comment;
        if (item.k) dec(n, item.k, depth + 1);
      }
      return undefined;
    };
    dec(g.root, o.tree || [], 0);
    g.current = g.root;
    for (const i of Array.isArray(o.cursor) ? o.cursor : []) {
      const next = g.current.children[i];
      if (!next) break;
      g.current = next;
    }
    return g;
  }
}

/** moveNumberLabel gives "12." for a white move and "12..." for a black one at node. */
export function moveNumberLabel(node, startFen) {
  const full = Number(startFen.split(' ')[5] || 1);
  const startBlack = startFen.split(' ')[1] === 'b';
  const plyIndex = node.ply - 1 + (startBlack ? 1 : 0);
  const num = full + Math.floor(plyIndex / 2);
  return node.color === 'w' ? `${num}.` : `${num}...`;
}

/** countMoves counts the moves after node in its subtree, variations included. */
export function countMoves(node) {
  let n = 0;
  const stack = [...node.children];
  while (stack.length) {
    const x = stack.pop();
    n++;
    stack.push(...x.children);
  }
  return n;
}
