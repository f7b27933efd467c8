// play-engine.js: the engine's side of the game against it: its level's options and
// one search at a time on the live position. Anything that makes a search in flight
// moot (a new game, a takeback, the game's end, leaving an untimed game) calls
// cancel(), and that search's bestmove, whenever it arrives, is dropped.

import { lastMain, goParams, engineScore } from './play-rules.js';
import { t } from './i18n.js';

/**
 * createEngineTurn returns the engine's turn for play mode. level() and clock() give
 * the game's level and clock as they are now, now() the wall time; onGo({params, at})
 * hears of every go (the tests read the clocks it was given), onScore(cp) of every
 * score of the engine's first line (centipawns, its point of view).
 */
export function createEngineTurn(shell, { level, clock, now, onGo, onScore }) {
  // token names the search in flight; cancel() bumps it.
  let token = 0;
  // setUp is the last applyLevel: a search starts after it, so a move made while a
  // new game is being set up is searched with its level's options and not stopped
  // by the set-up's own stop.
  let setUp = Promise.resolve();

  const turn = {
    /** thinking: a search for the live game is in flight (or waits for the engine). */
    thinking: false,

    /** cancel drops the search in flight: its bestmove will be ignored. */
    cancel() {
      token++;
      turn.thinking = false;
    },

    /**
     * applyLevel sends the level's options (after the engine is ready; a refusal is a
     * notice), first telling the engine of a new game when newGame is set. Searches
     * asked for meanwhile wait for it.
     */
    applyLevel({ newGame = false } = {}) {
      const l = level();
      const run = async () => {
        await shell.engineLoaded;
        if (!shell.engineReady) return;
        try {
          await shell.engine.stop();
          if (newGame) await shell.engine.newGame();
          await shell.setOptions({ MultiPV: 1, UCI_AnalyseMode: false, OwnBook: true, ...l.options });
        } catch (e) {
          shell.notice(t('play.levelRefused', { why: e.message || e }));
        }
      };
      setUp = setUp.then(run, run);
      return setUp;
    },

    /**
     * search asks the engine for a move at the end of game()'s main line. It resolves
     * with {best, g, end}: the engine's bestmove reply ({move}) for position end of
     * game g; or {restarted: true} when the watchdog replaced a hung worker (ask
     * again); or null when the search was cancelled, the engine is not there, or it
     * failed (then a notice says so).
     */
    async search(game) {
      const mine = ++token;
      turn.thinking = true;
      shell.refresh({ animate: false });
      await shell.engineLoaded;
      await setUp;
      if (!shell.engineReady || mine !== token) {
        if (mine === token) turn.thinking = false;
        return null;
      }
      const g = game();
      const end = lastMain(g);
      const at = now();
      const params = goParams(clock(), level(), at);
      onGo({ params: { ...params }, at });
      let best;
      try {
        shell.setPosition(g.startFen, g.uciMoves(end));
        best = await shell.engine.go(params, (info) => {
          const cp = engineScore(info);
          if (cp !== null) onScore(cp);
        });
      } catch (e) {
        if (mine !== token) return null;
        turn.thinking = false;
        // The watchdog's new worker has the options and book back: the caller asks again.
        if (e && e.restarted) return { restarted: true };
        shell.notice(t('play.engineFailed', { why: e.message || e }));
        shell.refresh({ animate: false });
        return null;
      }
      if (mine !== token) return null;
      turn.thinking = false;
      return { best, g, end };
    },
  };
  return turn;
}
