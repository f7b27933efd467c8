// explain.js: says concretely what a marked move allowed or missed, from the engine's
// lines only: the line after the move (the opponent's best reply and what follows)
// and the line the engine preferred before it. Material is counted on the board along
// those lines; nothing is claimed that the lines do not show. Pure (chess.js only).
//
//   allowed: "Allows mate in 2: 15.Bxf7+ Ke7 16.Nd5#."
//            "Loses a knight after 15.Bxd7+ Qxd7."
//   missed:  "Misses mate in 3: 20.Qxh7+ Kxh7 21.Rh3+ Kg8 22.Rh8#."
//            "Misses 10.Nxb5, winning a pawn."
//   else:    "10.Nxb5 was best."

import { Chess } from 'chess.js';
import { t as tr } from './i18n.js';

/** VALUE is the material count of each piece type, in pawns. */
export const VALUE = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };

// NAME lists the piece types material is counted in; their words are the catalogue's
// (explain.piece.*: "a knight", "two knights", "the queen").
const NAME = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen' };

/** MAX_PLIES bounds how far along an engine line material is counted. */
export const MAX_PLIES = 10;

/**
 * walk plays the UCI moves of line from fen and returns the positions passed:
 * [{fen, san, label, capture, color, mate}] per ply, label being the SAN with its move
 * number ("15.Bxf7+", "15...Ke7"). It stops at the first illegal move (a line that
 * does not fit the position is cut, never guessed).
 */
export function walk(fen, line) {
  const c = new Chess(fen);
  const out = [];
  for (const u of line) {
    let m;
    try {
      m = c.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
    } catch {
      break;
    }
    const num = Number(m.before.split(' ')[5]);
    out.push({
      fen: m.after,
      san: m.san,
      label: m.color === 'w' ? `${num}.${m.san}` : `${num}...${m.san}`,
      capture: !!m.captured || !!m.promotion,
      color: m.color,
      mate: c.isCheckmate(),
    });
  }
  return out;
}

/**
 * formatLine writes plies (from walk) as a move list: "15.Bxf7+ Ke7 16.Nd5#", with the
 * number on White's moves and on a first move by Black ("15...Ke7 16.Nd5#").
 */
export function formatLine(plies) {
  return plies.map((p, i) => (p.color === 'w' || i === 0 ? p.label : p.san)).join(' ');
}

/** material counts the pieces of each colour by type: {w: {p, n, b, r, q}, b: {…}}. */
export function material(fen) {
  const out = { w: { p: 0, n: 0, b: 0, r: 0, q: 0 }, b: { p: 0, n: 0, b: 0, r: 0, q: 0 } };
  for (const row of new Chess(fen).board()) for (const sq of row) if (sq && sq.type !== 'k') out[sq.color][sq.type]++;
  return out;
}

/**
 * balance compares fen b with fen a for side: lost (side's pieces gone, by type), won
 * (the opponent's gone) and net, side's loss in pawns (negative: a gain). A promotion
 * shows as a pawn lost and a queen gained (a negative count in lost).
 */
export function balance(a, b, side) {
  const ma = material(a);
  const mb = material(b);
  const opp = side === 'w' ? 'b' : 'w';
  const lost = {};
  const won = {};
  let net = 0;
  for (const t of Object.keys(NAME)) {
    lost[t] = ma[side][t] - mb[side][t];
    won[t] = ma[opp][t] - mb[opp][t];
    net += VALUE[t] * (lost[t] - won[t]);
  }
  return { lost, won, net };
}

/**
 * settle returns the index of the last ply of plies (from walk) at which the line is
 * quiet within MAX_PLIES: the next move is no capture, or the line ends there with a
 * move that captures nothing (or mates). A line that ends in the middle of an exchange
 * is counted where the exchange began (the engine's line may be cut before the
 * recapture), so "loses a knight" is never a recapture away from being wrong. -1 when
 * there is none.
 */
export function settle(plies) {
  let end = -1;
  for (let i = 0; i < Math.min(plies.length, MAX_PLIES); i++) {
    const last = i === plies.length - 1;
    if (last ? !plies[i].capture || plies[i].mate : !plies[i + 1].capture) end = i;
  }
  return end;
}

/** describe names pieces by count: {n: 1, p: 2} -> "a knight and two pawns". */
export function describe(counts) {
  const parts = [];
  for (const t of ['q', 'r', 'b', 'n', 'p']) {
    const k = counts[t];
    if (k <= 0) continue;
    parts.push(tr(`explain.piece.${t}`, { count: k, n: k >= 2 && k <= 8 ? tr(`explain.n.${k}`) : String(k) }));
  }
  if (parts.length <= 1) return parts.join('');
  // "a, b and c": the list's last pair joined by the language's "and".
  let head = parts[0];
  for (const p of parts.slice(1, -1)) head = tr('explain.listMore', { a: head, b: p });
  return tr('explain.list2', { a: head, b: parts[parts.length - 1] });
}

/**
 * trade words a material change for the side that made it: what went (gone) against
 * what came (got), both counts by type with a trade of equal pieces cancelled. It
 * returns null when a count is negative (a promotion: the piece lists no longer add
 * up to what happened, so the caller says nothing about material).
 */
export function trade(gone, got) {
  const g = { ...gone };
  const h = { ...got };
  for (const t of Object.keys(NAME)) {
    if (g[t] < 0 || h[t] < 0) return null;
    const both = Math.min(g[t], h[t]);
    g[t] -= both;
    h[t] -= both;
  }
  // A bishop for a knight is an even trade too.
  for (const [x, y] of [['b', 'n'], ['n', 'b']]) {
    const both = Math.min(g[x], h[y]);
    g[x] -= both;
    h[y] -= both;
  }
  const only = (c, t) => Object.keys(NAME).every((x) => c[x] === (x === t ? 1 : 0));
  if (only(g, 'r') && (only(h, 'n') || only(h, 'b'))) return tr('explain.exchange');
  const a = describe(g);
  const b = describe(h);
  if (!a) return null;
  return b ? tr('explain.for', { a, b }) : a;
}

/**
 * explain returns the sentences on a marked move: what it allowed, then what it
 * missed (or which move was best). fen is the position before the move, played its UCI
 * move, before and after the evaluations of the positions before and after it, each
 * {score: {cp, mate} White's view, pv: [uci]} (pv of before starts with the engine's
 * best move, pv of after with the opponent's best reply). Every claim is checked on
 * the board along those lines: a mate is only named in full when the line ends in
 * checkmate, material only at a quiet point of the line.
 */
export function explain(fen, played, before, after) {
  const mover = fen.split(' ')[1];
  const sign = mover === 'w' ? 1 : -1;
  const out = [];
  const playedLine = walk(fen, [played, ...(after.pv || [])]);
  const bestLine = walk(fen, before.pv || []);
  // What the move allowed.
  const theirMate = after.score.mate ? -sign * after.score.mate : 0;
  if (theirMate > 0 && playedLine.length > 1) {
    out.push(tr('explain.allowsMate', { n: theirMate, line: mateLine(playedLine.slice(1), theirMate) }));
  } else {
    const loss = materialAlong(fen, playedLine, mover);
    if (loss && loss.net >= 1) {
      const what = trade(loss.lost, loss.won);
      const line = playedLine.slice(1, loss.lastChange + 1);
      if (what && line.length) out.push(tr('explain.loses', { what, line: formatLine(line) }));
    }
  }
  // What it missed.
  const ourMate = before.score.mate ? sign * before.score.mate : 0;
  const afterOurs = after.score.mate ? sign * after.score.mate : 0;
  const bestFirst = bestLine.length ? bestLine[0] : null;
  if (ourMate > 0 && !(afterOurs > 0) && bestLine.length && bestLine[0].fen) {
    out.push(tr('explain.missesMate', { n: ourMate, line: mateLine(bestLine, ourMate) }));
    return out.join(' ');
  }
  const gain = materialAlong(fen, bestLine, mover);
  const playedNet = materialAlong(fen, playedLine, mover);
  if (bestFirst && gain && gain.net <= -1 && gain.net < (playedNet ? playedNet.net : 0)) {
    const what = trade(gain.won, gain.lost);
    if (what) {
      const rest = bestLine.slice(0, gain.lastChange + 1);
      out.push(rest.length > 1
        ? tr('explain.missesWinLine', { move: bestFirst.label, what, line: formatLine(rest) })
        : tr('explain.missesWin', { move: bestFirst.label, what }));
      return out.join(' ');
    }
  }
  if (bestFirst) out.push(tr('explain.best', { move: bestFirst.label }));
  return out.join(' ');
}

// materialAlong counts side's material change from fen along plies: the change at the
// line's quiet end (settle) is what the line wins or loses, and it is reported at the
// first quiet point where it is already complete, so the sentence names the short
// line that does the damage, not the later moves. Returns {lost, won, net,
// lastChange} (lastChange: the last ply up to that point that changed material), or
// null when the line has no quiet point.
function materialAlong(fen, plies, side) {
  const end = settle(plies);
  if (end < 0) return null;
  const final = balance(fen, plies[end].fen, side);
  let at = end;
  let b = final;
  for (let i = 0; i < end; i++) {
    if (plies[i + 1].capture) continue;
    const x = balance(fen, plies[i].fen, side);
    if ((final.net > 0 && x.net >= final.net) || (final.net < 0 && x.net <= final.net)) {
      at = i;
      b = x;
      break;
    }
  }
  let lastChange = -1;
  for (let i = 0; i <= at; i++) if (plies[i].capture) lastChange = i;
  return { ...b, lastChange };
}

// mateLine writes the first 2n-1 plies of a mating line when they end in checkmate,
// else as many as the line has, followed by "…" (the engine's line was cut short).
function mateLine(plies, n) {
  const want = plies.slice(0, 2 * n - 1);
  const whole = want.length === 2 * n - 1 && want[want.length - 1].mate;
  return formatLine(want) + (whole ? '' : ' …');
}
