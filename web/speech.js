// speech.js: chess in words for the screen-reader mode (screen-reader.js speaks them):
// a move ("Knight takes d5, check", "White castles kingside", "Pawn to e8, promotes
// to queen, checkmate"), a position piece by piece ("White: king g1, queen d1, rooks
// a1 and f1, …") and the clocks. Pure functions of SAN and FEN; no DOM. The words are
// the catalogue's (speech.*): each language phrases a move its own way around the
// square names, which stay as SAN writes them.

import { t } from './i18n.js';

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
  const bare = clean.replace(/[+#]+$/, '');
  let words;
  if (/^O-O(-O)?$/.test(bare)) {
    const side = color === 'b' ? 'b' : 'w';
    words = bare.length > 3 ? t(`speech.castleLong.${side}`) : t(`speech.castle.${side}`);
  } else {
    const m = SAN_RE.exec(bare);
    if (!m) return String(san);
    const [, piece, file, rank, capture, square, promo] = m;
    const p = { piece: t(`speech.piece.${(piece || 'P').toLowerCase()}`), square, from: `${file || ''}${rank || ''}` };
    if (file || rank) words = capture ? t('speech.fromTakes', p) : t('speech.fromTo', p);
    else words = capture ? t('speech.takes', p) : t('speech.to', p);
    if (enPassant) words = t('speech.enPassant', { move: words });
    if (promo) words = t(`speech.promotes.${promo.toLowerCase()}`, { move: words });
  }
  if (/#$/.test(clean)) return t('speech.checkmate', { move: words });
  if (/\+$/.test(clean)) return t('speech.check', { move: words });
  return words;
}

/**
 * sideMoveWords is moveWords with the side named: "Black: Knight takes d5, check";
 * castling names it already ("White castles kingside"). fenBefore is the position the
 * move was played in (to tell an en passant capture).
 */
export function sideMoveWords(san, color, fenBefore) {
  const words = moveWords(san, color, { enPassant: isEnPassant(san, fenBefore) });
  return /^O-O/.test(san) ? words : t(color === 'b' ? 'speech.by.b' : 'speech.by.w', { move: words });
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
    // A group is "rooks a1 and f1": the piece word agrees with the number of squares.
    const groups = ORDER.filter((type) => bySide[c][type]).map((type) => {
      const sq = bySide[c][type].sort();
      return t(`speech.group.${type}`, { count: sq.length, squares: andList(sq) });
    });
    return groups.length ? t(`speech.side.${c}`, { pieces: groups.join(t('list.comma')) }) : t(`speech.noPieces.${c}`);
  });
  const turn = (fen.split(' ')[1] || 'w') === 'b' ? 'b' : 'w';
  return [...sentences, t(`speech.toMove.${turn}`)].join(' ');
}

/**
 * clockWords reads the clocks {w, b, running} (milliseconds left, the running side or
 * null; started false before White's first move), or says there is none (null).
 */
export function clockWords(clocks) {
  if (!clocks) return t('speech.noClock');
  const text = t('speech.clocks', { white: durationWords(clocks.w), black: durationWords(clocks.b) });
  if (clocks.started === false) return `${text} ${t('speech.clocksWait')}`;
  return clocks.running ? `${text} ${t(clocks.running === 'b' ? 'speech.running.b' : 'speech.running.w')}` : text;
}

/** durationWords says ms as "1 hour 5 minutes", "4 minutes 32 seconds", "9 seconds" (whole seconds, rounded down). */
export function durationWords(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const parts = [];
  if (h) parts.push(t('speech.hours', { count: h }));
  if (m) parts.push(t('speech.minutes', { count: m }));
  if (sec || !parts.length) parts.push(t('speech.seconds', { count: sec }));
  return parts.join(' ');
}

// andList joins words as "a1 and f1", "a2, b2 and c2".
function andList(words) {
  if (words.length <= 1) return words.join('');
  return t('list.and', { a: words.slice(0, -1).join(t('list.comma')), b: words[words.length - 1] });
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
