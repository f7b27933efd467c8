// app.js: the UI shell. It creates the board view, the move list, the engine client
// and the three mode controllers (play, analysis, review), and owns what they share:
// the games, the status line, notices, tabs, navigation, export, settings and saving.
//
// Two games: ctx.playGame is the live game and belongs to play mode; ctx.workGame is
// what the Analyse and Review tabs work on. ctx.game is the active mode's one. Going
// from Play to Analyse or Review copies the live game into workGame when it changed
// since the last copy (and "Analyse game" always does), so nothing done on those tabs
// can become a move of the live game.

import { EngineClient } from './engine-client.js';
import { createBoardView } from './board-view.js';
import { createMoveList } from './movelist.js';
import { Game } from './game.js';
import { exportPgn } from './pgn.js';
import { Store } from './storage.js';
import { byId, show } from './dom.js';
import { createPlay } from './play.js';
import { createAnalysis } from './analysis.js';
import { createReview } from './review.js';
import { createSound, soundFor } from './sound.js';
import { createSettings } from './settings-panel.js';
import { loadSettings, pieceSetById, animationMs } from './settings.js';

const MODES = ['play', 'analysis', 'review'];

function boot() {
  const store = new Store();
  const engine = new EngineClient({ workerUrl: 'worker.js', watchdogMs: 4000 });
  const settings = loadSettings();

  const ctx = {
    playGame: new Game(),
    workGame: new Game(),
    // copiedFrom names the live game state workGame was last copied from (liveKey).
    copiedFrom: null,
    sound: createSound({ enabled: settings.sound }),
    engine,
    engineReady: false,
    mode: 'play',
    listeners: new Set(), // called after every position/game change
    // say writes the aria-live status line (screen readers announce it).
    say(text) {
      byId('status').textContent = text;
    },
    notice(text) {
      byId('notice-text').textContent = text;
      show(byId('notice'), !!text);
    },
    // setGame makes game the live game (which 'play') or the Analyse/Review game
    // ('work'; the default outside play mode) and shows it.
    setGame(game, which = ctx.mode === 'play' ? 'play' : 'work') {
      if (which === 'play') ctx.playGame = game;
      else ctx.workGame = game;
      ctx.refresh({ animate: false });
    },
    refresh({ animate = true } = {}) {
      const g = ctx.game;
      const n = g.current;
      const c = controllers[ctx.mode];
      const premove = !!(c.premoving && c.premoving());
      view.set({ fen: n.fen, lastMove: n.from ? { from: n.from, to: n.to } : null, movable: ctx.movable(), animate: animate && settings.animation !== 'off', premove });
      moves.render(g);
      byId('fen-text').textContent = n.fen;
      for (const fn of ctx.listeners) fn();
      ctx.save();
    },
    // movable decides which colour may move on the board right now (mode-dependent).
    movable() {
      const c = controllers[ctx.mode];
      return c.movable ? c.movable() : 'both';
    },
    // save writes the whole state; onlyIfOurs (the page going away) skips it when
    // something else wrote the saved state since this page last did.
    save({ onlyIfOurs = false } = {}) {
      if (ctx.restoring) return;
      const err = store.save({
        mode: ctx.mode,
        game: ctx.playGame.toJSON(),
        work: ctx.workGame.toJSON(),
        copiedFrom: ctx.copiedFrom,
        orientation: view.orientation,
        play: controllers.play.toJSON(),
        analysis: controllers.analysis.toJSON(),
        review: controllers.review.toJSON(),
      }, { onlyIfOurs });
      if (err && !ctx.saveWarned) {
        ctx.saveWarned = true;
        ctx.notice(`Could not save the game in this browser (${err.message}).`);
      }
    },
    banner(result, reason) {
      byId('banner-result').textContent = result;
      byId('banner-reason').textContent = reason;
      const el = byId('banner');
      show(el, true);
      // On a phone the board can be scrolled away (Resign sits below it): bring the
      // result into view, or the game ends out of sight.
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: 'center' });
      byId('banner-close').focus({ preventScroll: true });
    },
    hideBanner() {
      show(byId('banner'), false);
    },
    setMode(mode, { copyLive = false } = {}) {
      if (!MODES.includes(mode) || mode === ctx.mode && ctx.modeSet) return;
      const prev = controllers[ctx.mode];
      view.closePromotion();
      if (ctx.modeSet && prev.leave) prev.leave();
      if (ctx.modeSet && ctx.mode === 'play' && mode !== 'play') {
        const key = liveKey();
        if (copyLive || (key !== ctx.copiedFrom && ctx.playGame.root.children.length)) {
          ctx.workGame = copyGame(ctx.playGame);
          ctx.copiedFrom = key;
        }
      }
      ctx.mode = mode;
      ctx.modeSet = true;
      for (const m of MODES) {
        const tab = byId(`tab-${m}`);
        tab.setAttribute('aria-selected', String(m === mode));
        tab.tabIndex = m === mode ? 0 : -1;
        show(byId(`panel-${m}`), m === mode);
      }
      document.body.dataset.mode = mode;
      controllers[mode].enter();
      ctx.refresh({ animate: false });
    },
    // setOptions applies engine options one by one, skipping names the engine does not
    // advertise (so a level keeps working with an engine that lacks, say, Book Variety).
    async setOptions(opts) {
      const known = Array.isArray(engine.options) && engine.options.length ? new Set(engine.options.map((o) => String(o.name).toLowerCase())) : null;
      for (const [k, v] of Object.entries(opts)) {
        if (known && !known.has(k.toLowerCase())) continue;
        try {
          await engine.setOption(k, v);
        } catch (e) {
          if (e && e.restarted) throw e;
          console.warn(`setoption ${k}: ${e && e.message}`);
        }
      }
    },
    // setPosition sends the position; a refusal surfaces through go()'s rejection.
    setPosition(fen, moves) {
      const p = engine.position(fen, moves);
      if (p && p.catch) p.catch(() => {});
    },
    flip() {
      view.flip();
      for (const fn of ctx.listeners) fn();
      ctx.save();
    },
    // analyseLive opens the Analyse tab on a fresh copy of the live game, cursor
    // included ("Analyse game").
    analyseLive() {
      if (ctx.mode !== 'play') ctx.setMode('play');
      ctx.setMode('analysis', { copyLive: true });
    },
    // revealBoard scrolls the board fully into view if it is not (a phone, where the
    // new-game form or the game buttons sit below the board).
    // The page's top (tabs and engine state) comes along when it fits too.
    revealBoard() {
      const r = byId('row-top').getBoundingClientRect();
      const b = byId('status').getBoundingClientRect();
      if (r.top >= 0 && b.bottom <= window.innerHeight) return;
      const bottom = window.scrollY + b.bottom;
      window.scrollTo({ top: bottom <= window.innerHeight ? 0 : Math.max(0, window.scrollY + r.top - 4), behavior: 'instant' });
    },
  };
  Object.defineProperty(ctx, 'game', {
    get: () => (ctx.mode === 'play' ? ctx.playGame : ctx.workGame),
    set: (g) => ctx.setGame(g),
  });

  // liveKey names the live game's state: its moves, result and cursor.
  function liveKey() {
    const g = ctx.playGame;
    return `${g.startFen}|${g.uciMoves(g.mainlineNodes().pop() || g.root).join(' ')}|${g.result}|${g.current.ply}`;
  }

  // copyGame returns an independent copy of g (same moves, tags, comments and cursor).
  function copyGame(g) {
    return Game.fromJSON(g.toJSON());
  }

  const view = createBoardView(byId('board'), {
    pieces: pieceSetById(settings.pieces).file,
    coordinates: settings.coords,
    animationMs: animationMs(settings.animation),
    onMove: (move) => {
      const ok = controllers[ctx.mode].userMove(move);
      // Play mode sounds its own moves (the engine's too); the other tabs sound here.
      if (ok && ctx.mode !== 'play') ctx.sound.play(soundFor(ctx.game.current));
      return ok;
    },
    onPremove: (move) => ctx.mode === 'play' && controllers.play.premove(move),
    onPremoveCancel: () => controllers.play.cancelPremove(),
  });
  ctx.view = view;
  ctx.settings = createSettings(ctx, settings);
  const moves = createMoveList(byId('movelist'), {
    onSelect: (node) => ctx.navigate(() => ctx.game.goTo(node)),
  });

  // navigate moves the cursor if the active mode allows it (play mode keeps a live game at its end).
  ctx.navigate = (fn) => {
    const c = controllers[ctx.mode];
    if (c.canNavigate && !c.canNavigate()) return;
    fn();
    ctx.refresh();
    const n = ctx.game.current;
    ctx.say(n.san ? `${n.color === 'w' ? 'White' : 'Black'} ${n.san}` : 'Start position');
  };

  // Outside play mode the rows above and below the board name the game's players
  // (an unknown one, "?" in the PGN, by colour).
  ctx.listeners.add(() => {
    if (ctx.mode === 'play') return;
    const bottom = view.orientation;
    show(byId('turn-cue'), false);
    const name = (c) => {
      const v = ctx.game.headers[c === 'w' ? 'White' : 'Black'];
      return v && v !== '?' ? v : c === 'w' ? 'White' : 'Black';
    };
    byId('name-bottom').textContent = name(bottom);
    byId('name-top').textContent = name(bottom === 'w' ? 'b' : 'w');
  });

  const controllers = {
    play: createPlay(ctx),
    analysis: createAnalysis(ctx),
    review: createReview(ctx),
  };
  ctx.controllers = controllers;

  // Tabs (with arrow-key movement between them, as the ARIA tab pattern expects).
  for (const m of MODES) {
    const tab = byId(`tab-${m}`);
    tab.addEventListener('click', () => ctx.setMode(m));
    tab.addEventListener('keydown', (e) => {
      const i = MODES.indexOf(m);
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        const next = MODES[(i + (e.key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length];
        ctx.setMode(next);
        byId(`tab-${next}`).focus();
        e.preventDefault();
      }
    });
  }

  // Navigation buttons and keys.
  byId('nav-first').addEventListener('click', () => ctx.navigate(() => ctx.game.first()));
  byId('nav-prev').addEventListener('click', () => ctx.navigate(() => ctx.game.back()));
  byId('nav-next').addEventListener('click', () => ctx.navigate(() => ctx.game.forward()));
  byId('nav-last').addEventListener('click', () => ctx.navigate(() => ctx.game.last()));
  byId('btn-flip').addEventListener('click', () => ctx.flip());
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (e.key === 'Escape' && ctx.mode === 'play' && controllers.play.cancelPremove()) {
      e.preventDefault();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (t.closest && (t.closest('input, textarea, select, [role="tab"]') || t.closest('#board'))) return;
    const keys = {
      ArrowLeft: () => ctx.game.back(),
      ArrowRight: () => ctx.game.forward(),
      Home: () => ctx.game.first(),
      End: () => ctx.game.last(),
    };
    if (keys[e.key]) {
      e.preventDefault();
      ctx.navigate(keys[e.key]);
    } else if (e.key === 'f') {
      ctx.flip();
    }
  });

  // Export.
  const pgnText = () => exportPgn(ctx.game, controllers[ctx.mode].pgnHeaders ? controllers[ctx.mode].pgnHeaders() : {});
  async function copy(text, what) {
    try {
      await navigator.clipboard.writeText(text);
      ctx.say(`${what} copied to the clipboard.`);
    } catch {
      ctx.notice(`Copying the ${what} was refused by the browser; select it from the text instead.`);
    }
  }
  byId('btn-copy-fen').addEventListener('click', () => copy(ctx.game.current.fen, 'FEN'));
  byId('btn-copy-pgn').addEventListener('click', () => copy(pgnText(), 'PGN'));
  byId('btn-download-pgn').addEventListener('click', () => {
    const blob = new Blob([pgnText()], { type: 'application/x-chess-pgn' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `azurite-${new Date().toISOString().slice(0, 10)}.pgn`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });

  byId('notice-close').addEventListener('click', () => ctx.notice(''));
  byId('banner-close').addEventListener('click', () => ctx.hideBanner());

  // Engine start-up: the UI works (moves, PGN, navigation) before the engine is ready.
  engine.on('error', (e) => {
    const msg = e && (e.message || e.text) ? e.message || e.text : String(e);
    byId('engine-state').textContent = 'engine error';
    ctx.notice(`Engine: ${msg}`);
  });
  engine.on('restarted', () => {
    ctx.notice('The engine stopped answering and was restarted.');
    for (const c of Object.values(controllers)) if (c.engineRestarted) c.engineRestarted();
  });
  ctx.engineLoaded = engine
    .ready()
    .then(async () => {
      ctx.engineReady = true;
      performance.mark('azurite-engine-ready');
      byId('engine-state').textContent = 'engine ready';
      document.body.dataset.engine = 'ready';
      try {
        const res = await fetch('book.bin');
        if (res.ok) await engine.loadBook(await res.arrayBuffer());
      } catch {
        // no book: the engine plays from move one
      }
      for (const c of Object.values(controllers)) if (c.engineReady) c.engineReady();
    })
    .catch((e) => {
      byId('engine-state').textContent = 'engine failed';
      ctx.notice(`The engine could not start: ${e && e.message ? e.message : e}. You can still move pieces and read games.`);
    });

  // Restore the saved state (validated by replaying it), else start fresh.
  ctx.restoring = true;
  // A damaged move list keeps the moves before the damage (salvage); only a state
  // without a usable start position is discarded, and Store keeps a copy of it. A
  // state saved before the live game had its own copy (no work) showed one game in
  // every tab: it becomes both.
  const { state, error } = store.load((o) => ({
    ...o,
    game: Game.fromJSON(o.game, { salvage: true }),
    work: o.work === undefined ? Game.fromJSON(o.game, { salvage: true }) : Game.fromJSON(o.work, { salvage: true }),
  }));
  const problems = [];
  if (error) problems.push(error);
  let mode = 'play';
  if (state) {
    ctx.playGame = state.game;
    ctx.workGame = state.work;
    ctx.copiedFrom = typeof state.copiedFrom === 'string' ? state.copiedFrom : null;
    const lost = state.game.dropped.length ? state.game.dropped : state.work.dropped;
    if (lost.length) {
      const more = lost.length > 1 ? ` and ${lost.length - 1} more` : '';
      problems.push(`Part of the saved game was damaged (${lost[0]}${more}); the moves before the damage were kept.`);
    }
    if (state.orientation === 'b') view.setOrientation('b');
    if (MODES.includes(state.mode)) mode = state.mode;
    // Each controller restores against its own game: ctx.game follows ctx.mode.
    for (const name of ['play', 'analysis', 'review']) {
      ctx.mode = name;
      try {
        controllers[name].restore(state[name]);
      } catch (e) {
        problems.push(`The saved ${name} state was reset (${e.message}).`);
      }
    }
    ctx.mode = 'play';
  }
  // The clocks' state is saved whenever it changes (every move, every pause); the page
  // going away saves once more, so nothing since the last change is lost.
  document.addEventListener('visibilitychange', () => ctx.save({ onlyIfOurs: true }));
  addEventListener('pagehide', () => ctx.save({ onlyIfOurs: true }));
  if (problems.length) ctx.notice(problems.join(' '));
  ctx.setMode(mode);
  ctx.restoring = false;
  ctx.save();
  document.body.dataset.ready = 'true';
  performance.mark('azurite-ready');
  ctx.exportPgn = pgnText;
  window.azurite = ctx; // for tests and the console: read-only use
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
