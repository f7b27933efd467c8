// library-sync.js: keeps the games being played and studied in the library as they
// change. The live game is written from its first move on (source "played"); the
// Analyse/Review game is written back only when it was opened from the library (it
// then carries the record's id). The review's evaluations go with the game, so opening
// a reviewed game brings its marks back at once.
//
// Writes follow every saved change, a quarter second later at most. The live game is
// also in localStorage, written synchronously on every move (storage.js): a tab closed
// before a library write loses nothing, since the next start writes the game again.
//
// A write carries the rev the game was read at; when another tab changed the record
// meanwhile, nothing is written over it: this tab's version is kept as a new game and
// the notice says so.

import { newId, LibraryError } from './library-db.js';
import { summarize, recordPgn } from './library-record.js';
import { t } from './i18n.js';

const DELAY_MS = 250;

// recordKey names what a record holds (its PGN and review), to tell whether a write
// would change it.
function recordKey(pgn, review) {
  return `${pgn}\u0000${review ? JSON.stringify(review) : ''}`;
}

/**
 * createLibrarySync returns {changed, flush, init, keep, adopt, forget} for the
 * shell's games.
 * library is an open Library; lookup the opening lookup; onError(message) reports a
 * failed write (once per kind of failure until a write succeeds).
 */
export function createLibrarySync(shell, library, { lookup, onError }) {
  const written = new Map(); // id → the PGN and review text last written or read
  const dropped = new WeakMap(); // game → its text when its record was deleted: not written again until it changes
  let timer = null;
  let running = null;
  let again = false;
  let warned = '';

  /** changed schedules a write of whatever changed. */
  function changed() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      flush();
    }, DELAY_MS);
  }

  /** flush writes now; it resolves when the games are written (or have failed). */
  async function flush() {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await write(shell.playGame, 'played', true);
        if (shell.workGame.libraryId) await write(shell.workGame, 'analysis', false);
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function reviewOf(game) {
    if (game !== shell.workGame || !shell.controllers) return null;
    const r = shell.controllers.review.toJSON();
    return r && r.evals ? r : null;
  }

  async function write(game, source, isLive) {
    if (isLive && !game.libraryId && !game.root.children.length) return;
    const pgn = recordPgn(game);
    const review = reviewOf(game);
    const key = recordKey(pgn, review);
    if (game.libraryId && written.get(game.libraryId) === key) return;
    if (!game.libraryId && dropped.get(game) === key) return;
    const fresh = !game.libraryId;
    const id = game.libraryId || newId();
    const summary = summarize(game, lookup, { id, source, reviewed: !!review });
    try {
      const stored = await library.put(summary, { pgn, review }, { rev: fresh ? 0 : game.libraryRev, live: isLive });
      game.libraryId = id;
      game.libraryRev = stored.rev;
      written.set(id, key);
      warned = '';
      // The rev goes into the saved state (localStorage), so a reload writes on from it.
      shell.save();
    } catch (e) {
      if (e instanceof LibraryError && (e.kind === 'conflict' || e.kind === 'missing')) {
        // Another tab changed or deleted the record: keep this version as a new game.
        game.libraryId = null;
        game.libraryRev = 0;
        const copy = await write(game, source, isLive);
        if (e.kind === 'conflict' && game.libraryId) onError(`${e.message} ${t('sync.keptCopy')}`);
        return copy;
      }
      const msg = e && e.message ? e.message : String(e);
      if (warned !== msg) {
        warned = msg;
        onError(msg);
      }
    }
    return undefined;
  }

  /**
   * init runs once the library is open: a game that names a record whose stored rev
   * is the one it was saved at needs no write, the others are written (flush).
   */
  async function init() {
    for (const g of [shell.playGame, shell.workGame]) {
      if (!g.libraryId) continue;
      const rec = await library.get(g.libraryId).catch(() => null);
      if (rec && rec.summary.rev === g.libraryRev) written.set(g.libraryId, recordKey(rec.body.pgn, rec.body.review));
    }
    return flush();
  }

  /** keep adds game to the library as a new record from source, and ties it to it. */
  async function keep(game, source) {
    game.libraryId = null;
    game.libraryRev = 0;
    await write(game, source, true);
  }

  /** adopt ties game to record {id, rev} whose PGN and review were just read. */
  function adopt(game, summary, body) {
    game.libraryId = summary.id;
    game.libraryRev = summary.rev;
    written.set(summary.id, recordKey(body.pgn, body.review));
  }

  /** forget unties the games from the records ids (they were deleted). */
  function forget(ids) {
    for (const g of [shell.playGame, shell.workGame]) {
      if (g.libraryId && ids.includes(g.libraryId)) {
        dropped.set(g, written.get(g.libraryId));
        g.libraryId = null;
        g.libraryRev = 0;
      }
    }
  }

  return { changed, flush, init, keep, adopt, forget };
}
