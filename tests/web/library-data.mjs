// library-data.mjs: PGN databases for the library's tests and benchmark, made from a
// seed (random legal games through chess.js), with broken games at chosen places.
import { Chess } from 'chess.js';
import { rng } from '../rng.mjs';


const PLAYERS = ['Carlsen', 'Nakamura', 'Caruana', 'Ding', 'Firouzja', 'Gukesh', 'So', 'Aronian', 'Giri', 'Nepomniachtchi'];
const EVENTS = ['Spring Open', 'Club Championship', 'Blitz Arena', 'Rapid Cup'];

/**
 * makeGames returns {text, games}: n games of up to maxPlies random legal moves in
 * one PGN text, and for each its {white, black, event, date, result, plies}. The
 * games at the indexes in broken (0-based) are damaged: an illegal move, a tag
 * without a closing quote, or a bad FEN, in turn; their entry has broken: the kind.
 */
export function makeGames(n, { seed = 1, maxPlies = 60, broken = [] } = {}) {
  const r = rng(seed);
  const parts = [];
  const games = [];
  const kinds = ['illegal', 'tag', 'fen'];
  for (let i = 0; i < n; i++) {
    const c = new Chess();
    const plies = 1 + Math.floor(r() * maxPlies);
    for (let k = 0; k < plies && !c.isGameOver(); k++) {
      const moves = c.moves();
      c.move(moves[Math.floor(r() * moves.length)]);
    }
    const white = PLAYERS[Math.floor(r() * PLAYERS.length)];
    let black = PLAYERS[Math.floor(r() * PLAYERS.length)];
    if (black === white) black = PLAYERS[(PLAYERS.indexOf(white) + 1) % PLAYERS.length];
    const event = EVENTS[i % EVENTS.length];
    const date = `20${String(10 + (i % 15)).padStart(2, '0')}.${String(1 + (i % 12)).padStart(2, '0')}.${String(1 + (i % 28)).padStart(2, '0')}`;
    const result = ['1-0', '0-1', '1/2-1/2', '*'][i % 4];
    c.header('Event', event, 'Site', 'Test', 'Date', date, 'Round', String(i + 1), 'White', white, 'Black', black, 'Result', result);
    let pgn = c.pgn();
    if (!/(1-0|0-1|1\/2-1\/2|\*)\s*$/.test(pgn)) pgn = `${pgn} ${result}`;
    const entry = { white, black, event, date, result, plies: c.history().length };
    const bi = broken.indexOf(i);
    if (bi >= 0) {
      const kind = kinds[bi % kinds.length];
      entry.broken = kind;
      if (kind === 'illegal') pgn = pgn.replace(/\n\n/, '\n\n1. Ke2 ');
      else if (kind === 'tag') pgn = pgn.replace('[Site "Test"]', '[Site "Test]');
      else pgn = pgn.replace('[Site "Test"]', '[Site "Test"]\n[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]');
    }
    parts.push(pgn);
    games.push(entry);
  }
  return { text: `${parts.join('\n\n')}\n`, games };
}
