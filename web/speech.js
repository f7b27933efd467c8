// speech.js: chess in words for the screen-reader mode (screen-reader.js speaks them):
// a move ("Knight takes d5, check", "White castles kingside", "Pawn to e8, promotes
// to queen, checkmate"), a position piece by piece ("White: king g1, queen d1, rooks
// a1 and f1, …") and the clocks. Pure functions of SAN and FEN; no DOM.

/** WORDS are every word this file speaks, in one place for a later catalogue. */
export const WORDS = {
  side: { w: 'White', b: 'Black' },
  piece: { k: 'King', q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight', p: 'Pawn' },
  pieces: { k: 'kings', q: 'queens', r: 'rooks', b: 'bishops', n: 'knights', p: 'pawns' },
  castles: (side, long) => `${side} castles ${long ? 'queenside' : 'kingside'}`,
  from: (sq) => `from ${sq}`,
  takes: (sq) => `takes ${sq}`,
  to: (sq) => `to ${sq}`,
  enPassant: 'en passant',
  promotes: (piece) => `promotes to ${piece}`,
  check: 'check',
  checkmate: 'checkmate',
  and: 'and',
  toMove: (side) => `${side} to move.`,
  noPieces: 'no pieces',
  start: 'Start position.',
  by: (side, words) => `${side}: ${words}`,
  played: (text) => `${text}.`,
  after: (num, text) => `After move ${num}, ${text}.`,
  noClock: 'This game has no clock.',
  clocksWait: 'The clocks start with White\'s first move.',
  clock: (side, time) => `${side} ${time}`,
  running: (side) => `${side}'s clock is running.`,
  hours: (n) => `${n} hour${n === 1 ? '' : 's'}`,
  minutes: (n) => `${n} minute${n === 1 ? '' : 's'}`,
  seconds: (n) => `${n} second${n === 1 ? '' : 's'}`,
};

const ORDER = ['k', 'q', 'r', 'b', 'n', 'p'];
const SAN_RE = /^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([QRBN]))?$/;

/**
 * moveWords says a move in words from its SAN and the side that made it (color 'w' or
 * 'b'): "Knight takes d5, check", "Pawn from e takes d6, en passant" (enPassant: the
 * capture took a pawn beside the target square, which SAN does not say), "White
 * castles kingside", "Pawn to e8, promotes to queen, checkmate". A disambiguation is
 * said as "Knight from b to d2". A SAN it cannot read comes back as it is.
 */
export function moveWords(san, color, { enPassant = false } = {}) {
  const clean = String(san).replace(/[!?]+$/, '');
  const mark = /#$/.test(clean) ? WORDS.checkmate : /\+$/.test(clean) ? WORDS.check : '';
  const bare = clean.replace(/[+#]+$/, '');
  const parts = [];
  if (/^O-O(-O)?$/.test(bare)) {
    parts.push(WORDS.castles(WORDS.side[color] || '', bare.length > 3));
  } else {
    const m = SAN_RE.exec(bare);
    if (!m) return String(san);
    const [, piece, file, rank, capture, to, promo] = m;
    const words = [WORDS.piece[(piece || 'P').toLowerCase()]];
    if (file || rank) words.push(WORDS.from(`${file || ''}${rank || ''}`));
    words.push(capture ? WORDS.takes(to) : WORDS.to(to));
    parts.push(words.join(' '));
    if (enPassant) parts.push(WORDS.enPassant);
    if (promo) parts.push(WORDS.promotes(WORDS.piece[promo.toLowerCase()].toLowerCase()));
  }
  if (mark) parts.push(mark);
  return parts.join(', ');
}

/**
 * sideMoveWords is moveWords with the side named: "Black: Knight takes d5, check";
 * castling names it already ("White castles kingside"). fenBefore is the position the
 * move was played in (to tell an en passant capture).
 */
export function sideMoveWords(san, color, fenBefore) {
  const words = moveWords(san, color, { enPassant: isEnPassant(san, fenBefore) });
  return /^O-O/.test(san) ? words : WORDS.by(WORDS.side[color], words);
}

/**
 * isEnPassant says whether the pawn capture san, played in the position fenBefore,
 * took en passant (its target square was empty).
 */
export function isEnPassant(san, fenBefore) {
  const m = /^([a-h])x([a-h][1-8])/.exec(String(san));
  if (!m) return false;
  return pieceAt(fenBefore, m[2]) === null;
}

/**
 * positionWords reads the position in fen piece by piece, White first: "White: king
 * g1, queen d1, rooks a1 and f1, pawns a2, b2 and c2. Black: king g8. White to move."
 * Pieces go king, queen, rooks, bishops, knights, pawns; squares by file, then rank.
 */
export function positionWords(fen) {
  const bySide = { w: {}, b: {} };
  for (const { square, color, type } of pieces(fen)) (bySide[color][type] ||= []).push(square);
  const sentences = ['w', 'b'].map((c) => {
    const groups = ORDER.filter((t) => bySide[c][t]).map((t) => {
      const sq = bySide[c][t].sort();
      const name = sq.length === 1 ? WORDS.piece[t].toLowerCase() : WORDS.pieces[t];
      return `${name} ${andList(sq)}`;
    });
    return `${WORDS.side[c]}: ${groups.length ? groups.join(', ') : WORDS.noPieces}.`;
  });
  const turn = (fen.split(' ')[1] || 'w') === 'b' ? 'b' : 'w';
  return `${sentences.join(' ')} ${WORDS.toMove(WORDS.side[turn])}`;
}

/**
 * clockWords reads the clocks {w, b, running} (milliseconds left, the running side or
 * null; started false before White's first move), or says there is none (null).
 */
export function clockWords(clocks) {
  if (!clocks) return WORDS.noClock;
  const text = `${WORDS.clock(WORDS.side.w, durationWords(clocks.w))}, ${WORDS.clock(WORDS.side.b, durationWords(clocks.b))}.`;
  if (clocks.started === false) return `${text} ${WORDS.clocksWait}`;
  return clocks.running ? `${text} ${WORDS.running(WORDS.side[clocks.running])}` : text;
}

/** durationWords says ms as "1 hour 5 minutes", "4 minutes 32 seconds", "9 seconds" (whole seconds, rounded down). */
export function durationWords(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const parts = [];
  if (h) parts.push(WORDS.hours(h));
  if (m) parts.push(WORDS.minutes(m));
  if (sec || !parts.length) parts.push(WORDS.seconds(sec));
  return parts.join(' ');
}

function andList(words) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${WORDS.and} ${words[words.length - 1]}`;
}

// pieces lists the pieces of fen's placement field as {square, color, type}.
function pieces(fen) {
  const out = [];
  const rows = String(fen).split(' ')[0].split('/');
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/[1-8]/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const type = ch.toLowerCase();
      if (ORDER.includes(type)) out.push({ square: `${'abcdefgh'[file]}${8 - i}`, color: ch === type ? 'b' : 'w', type });
      file++;
    }
  });
  return out;
}

function pieceAt(fen, square) {
  return pieces(fen).find((p) => p.square === square) || null;
}
