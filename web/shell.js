// shell.js: the state the player's parts share, declared in one place. The shell
// holds the two games, the active mode, the engine and the parts app.js builds (board
// view, move list, controllers), and the few page-wide actions every controller uses
// (status line, notices, banner, tabs, saving). Controllers get it as `shell` and
// their own root element; they keep their state to themselves.
//
// Two games: shell.playGame is the live game and belongs to play mode; shell.workGame
// is what the Analyse and Review tabs work on. shell.game is the active mode's one.
// Going from Play to Analyse or Review copies the live game into workGame when it
// changed since the last copy (and "Analyse game" always does), so nothing done on
// those tabs can become a move of the live game.

import { Game } from './game.js';
import { exportPgn } from './pgn.js';
import { part, show } from './dom.js';
import { createPlayerRows } from './player-rows.js';
import { createEngineOptions } from './engine-options.js';
import { t } from './i18n.js';

/** MODES are the tabs, in their order on the page. */
export const MODES = ['play', 'analysis', 'review', 'library'];

/**
 * createShell returns the shell: a sealed object whose fields are all declared here,
 * so assigning a field it lacks throws (ES modules are strict code) and everything the
 * parts share is on this one list. root is the page (document.body): the status
 * line, notice, banner, tabs and panels are found under it by id.
 *
 * Fields, and who writes them (everything else only reads):
 *   playGame, workGame   the live game and the Analyse/Review game: setGame, setMode,
 *                        app.js's restore
 *   copiedFrom           the live game state workGame was copied from: setMode, restore
 *   game                 (accessor) playGame in play mode, else workGame; assigning it
 *                        is setGame(g)
 *   mode, modeSet        the active tab, and whether setMode has run: setMode; the
 *                        restore in app.js steps mode through the tabs
 *   restoring            true while app.js restores the saved state (save is off)
 *   saveWarned           a failed save has been reported once: save
 *   engine, sound        the engine client and the sounds: given to createShell
 *   engineReady          the engine answered its handshake: app.js
 *   engineLoaded         resolves once the engine is ready or has failed: app.js
 *   view, moves          the board view and the move list: app.js, once, at boot
 *   settings             the settings panel ({get, set, animationMs}): app.js, once,
 *                        at boot
 *   controllers          {play, analysis, review, library}: app.js, once, at boot;
 *                        each answers the protocol of controller.js, and none reads
 *                        or writes another's state
 *   librarySync          keeps the games in the library (library-sync.js): app.js,
 *                        once the library is open; null without one
 *   treeEdit             the move-tree tools: app.js, once, at boot
 *   listeners            called after every position or game change: parts add theirs
 *   rows                 the names, clocks and cue around the board (player-rows.js):
 *                        play mode's during its game, the shell's names otherwise
 * The methods below are the shell's actions; none replaces another's field.
 */
export function createShell({ root, engine, sound, store }) {
  const el = {
    status: part(root, 'status'),
    notice: part(root, 'notice'),
    noticeText: part(root, 'notice-text'),
    banner: part(root, 'banner'),
    bannerResult: part(root, 'banner-result'),
    bannerReason: part(root, 'banner-reason'),
    bannerClose: part(root, 'banner-close'),
    fen: part(root, 'fen-text'),
    rowTop: part(root, 'row-top'),
    engineState: part(root, 'engine-state'),
    tabs: Object.fromEntries(MODES.map((m) => [m, part(root, `tab-${m}`)])),
    panels: Object.fromEntries(MODES.map((m) => [m, part(root, `panel-${m}`)])),
  };

  const options = createEngineOptions(engine);
  const shell = {
    playGame: new Game(),
    workGame: new Game(),
    copiedFrom: null,
    get game() {
      return shell.mode === 'play' ? shell.playGame : shell.workGame;
    },
    set game(g) {
      shell.setGame(g);
    },
    mode: 'play',
    modeSet: false,
    restoring: false,
    saveWarned: false,
    engine,
    sound,
    engineReady: false,
    engineLoaded: Promise.resolve(),
    view: null,
    moves: null,
    settings: null,
    controllers: null,
    librarySync: null,
    treeEdit: null,
    listeners: new Set(),
    rows: createPlayerRows(el.rowTop, part(root, 'row-bottom')),

    /** say writes the aria-live status line (screen readers announce it). */
    say(text) {
      el.status.textContent = text;
    },
    /** showEngineState writes the engine's state in the top bar (every tab shows it). */
    showEngineState(text) {
      el.engineState.textContent = text;
    },
    /**
     * pageClass and pageData set the page states the stylesheets read on the page
     * element (body.thinking, body.in-game; body[data-practice], body[data-board]),
     * so no part reaches outside its root for them. pageData with null removes the
     * attribute.
     */
    pageClass(name, on) {
      root.classList.toggle(name, !!on);
    },
    pageData(name, value) {
      if (value === null || value === undefined) delete root.dataset[name];
      else root.dataset[name] = String(value);
    },
    /** notice shows text in the dismissable notice bar ('' hides it). */
    notice(text) {
      el.noticeText.textContent = text;
      show(el.notice, !!text);
    },
    /**
     * setGame makes game the live game (which 'play') or the Analyse/Review game
     * ('work'; the default outside play mode) and shows it.
     */
    setGame(game, which = shell.mode === 'play' ? 'play' : 'work') {
      if (which === 'play') shell.playGame = game;
      else shell.workGame = game;
      shell.refresh({ animate: false });
    },
    /** refresh shows the active game's position and moves, then calls the listeners. */
    refresh({ animate = true } = {}) {
      const g = shell.game;
      const n = g.current;
      const c = shell.controllers[shell.mode];
      const premove = c.premoving();
      // No animation with the setting off, or 'auto' under the system's reduced motion.
      const animates = shell.settings ? shell.settings.animationMs() > 0 : false;
      shell.view.set({ fen: n.fen, lastMove: n.from ? { from: n.from, to: n.to } : null, movable: shell.movable(), animate: animate && animates, premove });
      shell.moves.render(g);
      el.fen.textContent = n.fen;
      for (const fn of shell.listeners) fn();
      shell.save();
    },
    /**
     * editable says whether the move tree may be edited now (the active mode answers:
     * Analyse always, Review unless it reviews or a puzzle is up).
     */
    editable() {
      return shell.controllers[shell.mode].editable();
    },
    /** movable decides which colour may move on the board right now (mode-dependent). */
    movable() {
      const c = shell.controllers[shell.mode];
      return c.movable();
    },
    /**
     * save writes the whole state; onlyIfOurs (the page going away) skips it when
     * something else wrote the saved state since this page last did.
     */
    save({ onlyIfOurs = false } = {}) {
      if (shell.restoring) return;
      const { controllers: cs } = shell;
      const err = store.save({
        mode: shell.mode,
        game: shell.playGame.toJSON(),
        work: shell.workGame.toJSON(),
        copiedFrom: shell.copiedFrom,
        orientation: shell.view.orientation,
        play: cs.play.toJSON(),
        analysis: cs.analysis.toJSON(),
        review: cs.review.toJSON(),
        library: cs.library.toJSON(),
      }, { onlyIfOurs });
      if (shell.librarySync) shell.librarySync.changed();
      if (err && !shell.saveWarned) {
        shell.saveWarned = true;
        // A notice still on screen (why the saved game could not be restored) stays.
        const shown = el.notice.hidden ? '' : `${el.noticeText.textContent} `;
        shell.notice(`${shown}${t('shell.unsaved', { why: err.message })}`);
      }
    },
    /** banner shows a game's result over the board. */
    banner(result, reason) {
      el.bannerResult.textContent = result;
      el.bannerReason.textContent = reason;
      show(el.banner, true);
      // On a phone the board can be scrolled away (Resign sits below it): bring the
      // result into view, or the game ends out of sight.
      const r = el.banner.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) el.banner.scrollIntoView({ block: 'center' });
      el.bannerClose.focus({ preventScroll: true });
    },
    hideBanner() {
      show(el.banner, false);
    },
    /**
     * setMode switches tabs; copyLive copies the live game into workGame even when it
     * has not changed since the last copy.
     */
    setMode(mode, { copyLive = false } = {}) {
      if (!MODES.includes(mode) || mode === shell.mode && shell.modeSet) return;
      const cs = shell.controllers;
      const prev = cs[shell.mode];
      shell.view.closePromotion();
      if (shell.modeSet) prev.leave();
      if (shell.modeSet && shell.mode === 'play' && mode !== 'play') {
        const key = liveKey();
        if (copyLive || (key !== shell.copiedFrom && shell.playGame.root.children.length)) {
          shell.workGame = copyGame(shell.playGame);
          shell.copiedFrom = key;
        }
      }
      shell.mode = mode;
      shell.modeSet = true;
      for (const m of MODES) {
        const tab = el.tabs[m];
        tab.setAttribute('aria-selected', String(m === mode));
        tab.tabIndex = m === mode ? 0 : -1;
        show(el.panels[m], m === mode);
      }
      root.dataset.mode = mode;
      cs[mode].enter();
      shell.refresh({ animate: false });
    },
    /**
     * setOptions is the one way to the engine's options (engine-options.js): it sends
     * each option whose value differs from what the engine was last given, by any
     * mode, skipping names the engine does not advertise, and stops the search first
     * when anything is sent. It resolves with the names sent.
     */
    setOptions(opts) {
      return options.apply(opts);
    },
    /** setPosition sends the position; a refusal surfaces through go()'s rejection. */
    setPosition(fen, moves) {
      const p = engine.position(fen, moves);
      if (p && p.catch) p.catch(() => {});
    },
    /**
     * engineReservedByPlay is the one gate for every use of the engine outside Play:
     * it returns why the engine may not be used ('' when it may). Nothing outside Play
     * may start, stop or configure the engine while it returns a reason.
     */
    engineReservedByPlay() {
      return shell.controllers ? shell.controllers.play.engineReserved() : '';
    },
    /**
     * announce tells every mode of an engine event: 'engineReady', 'engineFreed' (play
     * mode's timed game ended) or 'engineRestarted' (controller.js).
     */
    announce(event) {
      if (!['engineReady', 'engineFreed', 'engineRestarted'].includes(event)) throw new TypeError(`unknown engine event ${event}`);
      for (const c of Object.values(shell.controllers)) c[event]();
    },
    /** navigate moves the cursor with fn if the active mode allows it (play mode keeps a live game at its end). */
    navigate(fn) {
      const c = shell.controllers[shell.mode];
      if (!c.canNavigate()) return;
      fn();
      shell.refresh();
      const n = shell.game.current;
      shell.say(n.san ? t(`shell.navMove.${n.color}`, { san: n.san }) : t('shell.navStart'));
    },
    flip() {
      shell.view.flip();
      for (const fn of shell.listeners) fn();
      shell.save();
    },
    /** analyseLive opens the Analyse tab on a fresh copy of the live game, cursor included ("Analyse game"). */
    analyseLive() {
      if (shell.mode !== 'play') shell.setMode('play');
      shell.setMode('analysis', { copyLive: true });
    },
    /**
     * revealBoard scrolls the board fully into view if it is not (a phone, where the
     * new-game form or the game buttons sit below the board). The page's top (tabs
     * and engine state) comes along when it fits too.
     */
    revealBoard() {
      const r = el.rowTop.getBoundingClientRect();
      const b = el.status.getBoundingClientRect();
      if (r.top >= 0 && b.bottom <= window.innerHeight) return;
      const bottom = window.scrollY + b.bottom;
      window.scrollTo({ top: bottom <= window.innerHeight ? 0 : Math.max(0, window.scrollY + r.top - 4), behavior: 'instant' });
    },
    /** exportPgn returns the active game as PGN, with the active mode's extra tags. */
    exportPgn() {
      const c = shell.controllers[shell.mode];
      return exportPgn(shell.game, c.pgnHeaders());
    },
  };

  // liveKey names the live game's state: its moves, result and cursor.
  function liveKey() {
    const g = shell.playGame;
    return `${g.startFen}|${g.uciMoves(g.mainlineNodes().pop() || g.root).join(' ')}|${g.result}|${g.current.ply}`;
  }

  return Object.seal(shell);
}

// copyGame returns an independent copy of g (same moves, tags, comments and cursor),
// not tied to g's library record: the copy's edits never change that record.
function copyGame(g) {
  const c = Game.fromJSON(g.toJSON());
  c.libraryId = null;
  c.libraryRev = 0;
  return c;
}
