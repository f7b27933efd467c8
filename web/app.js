// app.js: boots the player. It builds the shell (shell.js: the shared state and the
// page-wide actions), the board view, the move list, the settings panel, the three
// mode controllers (play, analysis, review), the typed move box and the screen-reader
// mode, each given its own root element; then it wires the tabs, navigation keys and
// export buttons, starts the engine and restores the saved state.
//
// Tests load the page as index.html?test: only then is the shell published as
// window.azurite (docs/web.md, "The shell").

import { EngineClient } from './engine-client.js';
import { createBoardView } from './board-view.js';
import { createMoveList } from './movelist.js';
import { Game } from './game.js';
import { Store } from './storage.js';
import { part, ownsKeys } from './dom.js';
import { createShell, MODES } from './shell.js';
import { createPlay } from './play.js';
import { createAnalysis } from './analysis.js';
import { createReview } from './review.js';
import { createSound, soundFor } from './sound.js';
import { createSettings, REDUCED_MOTION } from './settings-panel.js';
import { loadSettings, pieceSetById, animationMs, autoQueens } from './settings.js';
import { createTreeEdit } from './tree-edit.js';
import { checkController } from './controller.js';
import { createAnnotate } from './annotate.js';
import { createKeys } from './keys.js';
import { createMoveInput } from './move-input.js';
import { createScreenReader } from './screen-reader.js';
import { clocksAt } from './clk.js';
import * as ecoTable from 'azurite:eco';
import { createOpenings } from './openings.js';
import { createLibrary } from './library.js';
import { openLibrary } from './library-db.js';
import { createLibrarySync } from './library-sync.js';
import { recordPgn } from './library-record.js';
import { createEditor } from './editor.js';
import { gameFragment, gameFromFragment, isLinkFragment } from './links.js';
import { boardPng } from './board-image.js';
import { formatClock } from './clock.js';
import { t as tr, translateDom, language } from './i18n.js';

/** TEST_FLAG is the query parameter that publishes the shell as window.azurite. */
const TEST_FLAG = 'test';

function boot() {
  const page = document.body;
  // index.html's static text, in the page's language (i18n.js chose it on import).
  document.documentElement.lang = language();
  translateDom(document);
  const store = new Store();
  const engine = new EngineClient({ workerUrl: 'worker.js', watchdogMs: 4000 });
  const settings = loadSettings();
  const shell = createShell({ root: page, engine, sound: createSound({ enabled: settings.sound }), store });

  const view = createBoardView(part(page, 'board'), {
    pieces: pieceSetById(settings.pieces).file,
    coordinates: settings.coords,
    animationMs: animationMs(settings.animation, window.matchMedia(REDUCED_MOTION).matches),
    onMove: (move) => {
      const ok = shell.controllers[shell.mode].userMove(move);
      // Play mode sounds its own moves (the engine's too); the other tabs sound here.
      if (ok && shell.mode !== 'play') shell.sound.play(soundFor(shell.game.current));
      return ok;
    },
    onPremove: (move) => shell.mode === 'play' && shell.controllers.play.premove(move),
    onPremoveCancel: () => shell.controllers.play.cancelPremove(),
    // Auto-queen is a setting of games against the engine; the other tabs always ask.
    autoQueen: (premove) => shell.mode === 'play' && autoQueens(shell.settings.get().autoQueen, premove),
  });
  shell.view = view;
  shell.settings = createSettings(shell, settings, {
    dialog: part(page, 'settings-dialog'),
    open: part(page, 'btn-settings'),
    mute: part(page, 'btn-mute'),
  });
  shell.moves = createMoveList(part(page, 'movelist'), {
    onSelect: (node) => shell.navigate(() => shell.game.goTo(node)),
  });

  // Outside play mode the rows above and below the board name the game's players
  // (an unknown one, "?" in the PGN, by colour).
  shell.listeners.add(() => {
    if (shell.mode === 'play') return;
    const bottom = view.orientation;
    shell.rows.setCue('');
    const name = (c) => {
      const v = shell.game.headers[c === 'w' ? 'White' : 'Black'];
      return v && v !== '?' ? v : tr(`rows.name.${c}`);
    };
    shell.rows.setNames(name(bottom === 'w' ? 'b' : 'w'), name(bottom));
    // The clocks recorded in the game ([%clk]) at the current move, unless a timed
    // game's live clocks are shown there (play.js).
    if (shell.engineReservedByPlay()) return;
    const clk = clocksAt(shell.game.current);
    for (const [at, c] of [['top', bottom === 'w' ? 'b' : 'w'], ['bottom', bottom]]) {
      shell.rows.setClock(at, clk[c] === null ? null : { text: formatClock(clk[c]), running: false, low: false, color: c });
    }
  });

  const panels = Object.fromEntries(MODES.map((m) => [m, part(page, `panel-${m}`)]));
  const openings = createOpenings(ecoTable);
  shell.controllers = {
    play: createPlay(shell, panels.play, { confirm: part(page, 'confirm-move'), premoves: part(page, 'premove-bar'), board: part(page, 'board') }),
    analysis: createAnalysis(shell, panels.analysis, { evalbar: part(page, 'evalbar') }),
    review: createReview(shell, panels.review),
    library: createLibrary(shell, panels.library, { lookup: openings.lookup }),
  };
  // Every mode answers the one protocol (controller.js): a missing method fails here.
  for (const m of MODES) checkController(shell.controllers[m], m);
  shell.treeEdit = createTreeEdit(shell, part(page, 'moves-box'), { board: part(page, 'board') });
  const { controllers } = shell;
  // Glyphs, promote one level, copy line, collapse; the help sheet and the analysis keys.
  const annotate = createAnnotate(shell, part(page, 'moves-box'), { editable: () => shell.editable() });
  createKeys(shell, { dialog: part(page, 'keys-dialog'), open: part(page, 'btn-keys'), analysis: controllers.analysis, annotate });
  // The typed move box and the screen-reader mode (its commands may be typed there).
  const screenReader = createScreenReader(shell, page);
  createMoveInput(shell, part(page, 'board-col'), { command: (text) => screenReader.command(text) });

  // Tabs (with arrow-key movement between them, as the ARIA tab pattern expects).
  for (const m of MODES) {
    const tab = part(page, `tab-${m}`);
    tab.addEventListener('click', () => shell.setMode(m));
    tab.addEventListener('keydown', (e) => {
      const i = MODES.indexOf(m);
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        const next = MODES[(i + (e.key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length];
        shell.setMode(next);
        part(page, `tab-${next}`).focus();
        e.preventDefault();
      }
    });
  }

  // Navigation buttons and keys.
  part(page, 'nav-first').addEventListener('click', () => shell.navigate(() => shell.game.first()));
  part(page, 'nav-prev').addEventListener('click', () => shell.navigate(() => shell.game.back()));
  part(page, 'nav-next').addEventListener('click', () => shell.navigate(() => shell.game.forward()));
  part(page, 'nav-last').addEventListener('click', () => shell.navigate(() => shell.game.last()));
  part(page, 'btn-flip').addEventListener('click', () => shell.flip());
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    // Escape takes back a move waiting for Confirm, else cancels every premove.
    if (e.key === 'Escape' && shell.mode === 'play' && !(t.closest && t.closest('dialog')) && (controllers.play.cancelPending() || controllers.play.cancelPremove())) {
      e.preventDefault();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // Backspace cancels the last premove of the queue (on the board too).
    if (e.key === 'Backspace' && shell.mode === 'play' && !(t.closest && t.closest('input, textarea, select, dialog')) && controllers.play.cancelLastPremove()) {
      e.preventDefault();
      return;
    }
    if (ownsKeys(t)) return;
    const keys = {
      ArrowLeft: () => shell.game.back(),
      ArrowRight: () => shell.game.forward(),
      Home: () => shell.game.first(),
      End: () => shell.game.last(),
    };
    if (keys[e.key]) {
      e.preventDefault();
      shell.navigate(keys[e.key]);
    } else if (e.key === 'f') {
      shell.flip();
    }
  });

  // Export.
  async function copy(text, what) {
    try {
      await navigator.clipboard.writeText(text);
      shell.say(tr('app.copied', { what }));
    } catch {
      shell.notice(tr('app.copyRefused', { what }));
    }
  }
  part(page, 'btn-copy-fen').addEventListener('click', () => copy(shell.game.current.fen, 'FEN'));
  // A link to the game at its current move (links.js); where the clipboard is refused
  // the notice shows the link to copy by hand.
  part(page, 'btn-copy-link').addEventListener('click', async () => {
    const url = `${location.origin}${location.pathname}${location.search}#${gameFragment(shell.game)}`;
    try {
      await navigator.clipboard.writeText(url);
      shell.say(tr('app.linkCopied'));
    } catch {
      shell.notice(tr('app.linkRefused', { url }));
    }
  });
  part(page, 'btn-board-png').addEventListener('click', async () => {
    const n = shell.game.current;
    try {
      const blob = await boardPng({ fen: n.fen, orientation: view.orientation, lastMove: n.from ? { from: n.from, to: n.to } : null, boardEl: part(page, 'board'), spriteUrl: `assets/${pieceSetById(shell.settings.get().pieces).file}` });
      download(blob, `azurite-board-${new Date().toISOString().slice(0, 10)}.png`);
      shell.say(tr('app.imageSaved'));
    } catch (e) {
      shell.notice(tr('app.imageFailed', { why: e.message }));
    }
  });
  part(page, 'btn-copy-pgn').addEventListener('click', () => copy(shell.exportPgn(), 'PGN'));
  function download(blob, name) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    page.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
  part(page, 'btn-download-pgn').addEventListener('click', () => {
    download(new Blob([shell.exportPgn()], { type: 'application/x-chess-pgn' }), `azurite-${new Date().toISOString().slice(0, 10)}.pgn`);
  });

  // The board editor: from the move box (the current position) and the Library tab.
  const editor = createEditor(shell, part(page, 'editor-dialog'), { pieces: pieceSetById(settings.pieces).file });
  part(page, 'btn-setup').addEventListener('click', () => editor.open());
  part(page, 'btn-play-here').addEventListener('click', () => editor.open(shell.game.current.fen, { play: true }));
  part(page, 'lib-setup').addEventListener('click', () => editor.open());

  part(page, 'notice-close').addEventListener('click', () => shell.notice(''));
  part(page, 'banner-close').addEventListener('click', () => shell.hideBanner());

  // Engine start-up: the UI works (moves, PGN, navigation) before the engine is ready.
  engine.on('error', (e) => {
    const msg = e && (e.message || e.text) ? e.message || e.text : String(e);
    shell.showEngineState(tr('app.engineState.error'));
    shell.notice(tr('app.engineSays', { msg }));
  });
  engine.on('restarted', () => {
    shell.notice(tr('app.engineRestarted'));
    shell.announce('engineRestarted');
  });
  shell.engineLoaded = engine
    .ready()
    .then(async () => {
      shell.engineReady = true;
      performance.mark('azurite-engine-ready');
      shell.showEngineState(tr('app.engineState.ready'));
      page.dataset.engine = 'ready';
      try {
        const res = await fetch('book.bin');
        if (res.ok) await engine.loadBook(await res.arrayBuffer());
      } catch {
        // no book: the engine plays from move one
      }
      shell.announce('engineReady');
    })
    .catch((e) => {
      shell.showEngineState(tr('app.engineState.failed'));
      shell.notice(tr('app.engineFailed', { why: e && e.message ? e.message : String(e) }));
    });

  // Restore the saved state (validated by replaying it), else start fresh.
  shell.restoring = true;
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
    shell.playGame = state.game;
    shell.workGame = state.work;
    shell.copiedFrom = typeof state.copiedFrom === 'string' ? state.copiedFrom : null;
    const lost = state.game.dropped.length ? state.game.dropped : state.work.dropped;
    if (lost.length) {
      problems.push(lost.length > 1 ? tr('app.damagedMore', { first: lost[0], count: lost.length - 1 }) : tr('app.damaged', { first: lost[0] }));
    }
    if (state.orientation === 'b') view.setOrientation('b');
    if (MODES.includes(state.mode)) mode = state.mode;
    // Each controller restores against its own game: shell.game follows shell.mode.
    for (const name of MODES) {
      shell.mode = name;
      try {
        controllers[name].restore(state[name]);
      } catch (e) {
        problems.push(tr(`app.stateReset.${name}`, { why: e.message }));
      }
    }
    shell.mode = 'play';
  }
  // The clocks' state is saved whenever it changes (every move, every pause); the page
  // going away saves once more, so nothing since the last change is lost.
  document.addEventListener('visibilitychange', () => shell.save({ onlyIfOurs: true }));
  addEventListener('pagehide', () => shell.save({ onlyIfOurs: true }));
  if (problems.length) shell.notice(problems.join(' '));
  shell.setMode(mode);
  shell.restoring = false;
  shell.save();
  // A link's position or game (#fen=…, #g=…) opens on the Analyse tab, at load and
  // when the fragment changes; the fragment is then taken off the address, so a
  // reload shows the work as it is now.
  const openLink = () => {
    if (!isLinkFragment(location.hash)) return;
    const { game, problem } = gameFromFragment(location.hash);
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    if (problem) shell.notice(problem);
    if (!game) return;
    shell.setMode('analysis');
    shell.setGame(game, 'work');
    shell.say(game.root.children.length ? tr('app.linkGame') : tr('app.linkPosition'));
  };
  openLink();
  addEventListener('hashchange', openLink);
  startLibrary(shell, page, openings.lookup);
  // The test hook: the sealed shell, for tests to read (and to call its actions).
  if (new URLSearchParams(location.search).has(TEST_FLAG)) window.azurite = shell;
  page.dataset.ready = 'true';
  performance.mark('azurite-ready');
}

// startLibrary opens the library (IndexedDB) and starts keeping the games in it. On
// the first start with a library, the live game and a separate Analyse game saved in
// localStorage are added to it (they stay in localStorage too). page's data-library
// says when it is done: "ready" or "unavailable".
async function startLibrary(shell, page, lookup) {
  const tab = shell.controllers.library;
  let lib = null;
  try {
    lib = await openLibrary();
  } catch {
    lib = null;
  }
  if (!lib) {
    tab.unavailable(tr('app.noIndexedDb'));
    page.dataset.library = 'unavailable';
    return;
  }
  const sync = createLibrarySync(shell, lib, { lookup, onError: (msg) => shell.notice(msg) });
  shell.librarySync = sync;
  try {
    await tab.attach(lib, sync);
    const migrated = await lib.getMeta('migrated');
    await sync.init();
    if (!migrated) {
      const w = shell.workGame;
      if (w.root.children.length && !w.libraryId && recordPgn(w) !== recordPgn(shell.playGame)) await sync.keep(w, 'analysis');
      await lib.setMeta('migrated', Date.now());
    }
  } catch (e) {
    shell.notice(tr('app.libraryFailed', { why: e.message || String(e) }));
  }
  page.dataset.library = 'ready';
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
