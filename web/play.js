// play.js: play mode. A game against the engine at a chosen level and time control
// (an offered one or custom minutes + increment), with clocks, takeback, resign and
// draw offers (each confirmed by a second press), queued premoves, move confirmation
// (a setting) and game-over detection.
// The live game is shell.playGame and belongs to this mode alone: the Analyse and
// Review tabs get a copy (shell.js), so nothing done there can become a move of this
// game. Its main line is the game; the cursor may wander back to look.
//
// Clocks run on wall time (Date.now()) from White's first move on. The saved state
// holds the running side and the wall time its clock started, so a reload charges the
// time that really passed to the side to move, the engine included: its search starts
// again with what is left on its clock.
//
// A timed game keeps the engine (shell.engineReservedByPlay): leaving Play neither
// stops the clocks nor the engine's search, its move lands in the live game on any
// tab, a flag still falls, and the other tabs get no engine until the game ends, so no
// tab switch can stop a clock or ask the engine about the live position. An untimed
// game has no clock to cheat: leaving Play pauses it and hands the engine to the
// other tabs.
//
// The panel (form and buttons) is play-form.js's, the bars under the board (the move
// to confirm, the premove queue) play-bars.js's, the engine's search
// play-engine.js's, and the rules that need no DOM (takeback depth, flag fall, draw
// offers, go parameters) play-rules.js's; time controls are time-control.js's.

import { Chess } from 'chess.js';
import { Game } from './game.js';
import { Clock, formatClock } from './clock.js';
import { timeControlById, startMs } from './time-control.js';
import { createPlayBars } from './play-bars.js';
import { levelById, levelLabel, DEFAULT_LEVEL } from './levels.js';
import { soundFor } from './sound.js';
import { premoveChain } from './premove.js';
import { withClock } from './clk.js';
import { createPlayForm } from './play-form.js';
import { createEngineTurn } from './play-engine.js';
import { lastMain, sideToMove, newGameHeaders, pressClock, takebackTarget, flagResult, acceptsDraw } from './play-rules.js';
import { t } from './i18n.js';
// LOW_TIME_MS: below this the player's clock turns red and the low-time sound plays once.
const LOW_TIME_MS = 10000;

/**
 * createPlay returns the play-mode controller bound to the shell; root is its panel
 * (the new-game form and the game buttons), bars the two bars under the board
 * and the board ({confirm, premoves, board}: play-bars.js). It also drives shell.rows
 * during its game.
 */
export function createPlay(shell, root, bars) {
  const st = {
    active: false,
    started: false,
    userColor: 'w',
    levelId: DEFAULT_LEVEL,
    tcId: 'none',
    clock: new Clock(null),
    engineCp: null, // last score of the engine's own search, its point of view
    premoves: [], // [{from, to, promotion}]: the user's moves queued while the engine thinks, in order
    pending: null, // {move, san, fen, from, to}: the user's move waiting for Confirm (a setting)
    lowWarned: false, // the low-time sound has played for the user's clock
    lastGo: null, // {params, at}: the engine's last go (the tests read the clock it was given)
    liveAway: false, // the rows on another tab show this game's running clocks
  };
  const now = () => Date.now();
  const live = () => shell.playGame;
  // reserved: a timed game is on, so the engine is the live game's on every tab.
  const reserved = () => st.active && st.clock.timed;
  const engineTurn = createEngineTurn(shell, {
    level: () => level(),
    clock: () => st.clock,
    now,
    onGo: (go) => {
      st.lastGo = go;
    },
    onScore: (cp) => {
      st.engineCp = cp;
    },
  });
  const form = createPlayForm(root, {
    newGame({ color, levelId, tcId }) {
      newGame({ color: color === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : color, levelId, tcId });
    },
    takeback,
    resign,
    offerDraw,
    armed: (text) => {
      if (text) shell.say(text);
    },
    analyse: () => shell.analyseLive(),
  });
  form.setChoices({ levelId: st.levelId, tcId: st.tcId });
  const bar = createPlayBars(bars, {
    confirm: () => confirmPending(),
    cancel: () => cancelPending(),
    undoPremove: () => cancelLastPremove(),
    clearPremoves: () => cancelPremove(),
  });

  function level() {
    return levelById(st.levelId);
  }

  function engineColor() {
    return st.userColor === 'w' ? 'b' : 'w';
  }

  function atLiveEnd() {
    const g = live();
    return g.current === lastMain(g);
  }

  function turn() {
    return sideToMove(lastMain(live()));
  }

  // stampClock writes the mover's time left after move n (increment included) into its
  // comment as [%clk], so the record keeps every move's clock (clk.js).
  function stampClock(n) {
    if (st.clock.timed) n.comment = withClock(n.comment, st.clock.left(n.color, now()));
  }

  // setPremoves queues list (every one a premove after the ones before it, from the
  // live position) and shows it: on the board (the pieces where they will be) and in
  // the premove bar.
  function setPremoves(list) {
    const chain = list.length ? premoveChain(lastMain(live()).fen, list) : [];
    st.premoves = list.slice(0, chain.length);
    shell.view.showPremoves(st.premoves, chain.length ? chain[chain.length - 1].fen : null);
    bar.showPremoves(chain.map((c) => c.san));
  }

  // setPending shows the user's move p waiting for confirmation on the board (the
  // position after it, no input) and in the confirmation bar, or takes it away (null).
  function setPending(p) {
    st.pending = p;
    bar.askConfirm(p ? p.san : null);
    if (p) shell.view.set({ fen: p.fen, lastMove: { from: p.from, to: p.to }, movable: null, animate: false });
  }

  // confirming: the move-confirmation setting is on.
  const confirming = () => !!(shell.settings && shell.settings.get().confirmMove);

  // newGame starts a game from fen (the standard start when none is given).
  async function newGame({ color, levelId, tcId, fen = undefined }) {
    engineTurn.cancel();
    st.userColor = color === 'b' ? 'b' : 'w';
    st.levelId = levelById(levelId).id;
    const tc = timeControlById(tcId) || timeControlById('none');
    st.tcId = tc.id;
    st.clock = new Clock(tc.initialMs === null ? null : startMs(tc.initialMs, tc.incMs), tc.incMs);
    st.active = true;
    st.started = true;
    st.engineCp = null;
    st.lowWarned = false;
    setPending(null);
    setPremoves([]);
    const g = new Game(fen);
    g.headers = newGameHeaders(st.userColor, level(), tc, new Date());
    shell.hideBanner();
    shell.view.setOrientation(st.userColor);
    shell.setGame(g, 'play');
    shell.revealBoard();
    const against = { level: levelLabel(level()) };
    if (st.userColor === 'b') shell.say(t('play.newGame.b', against));
    else shell.say(st.clock.timed ? t('play.newGame.wClock', against) : t('play.newGame.w', against));
    await engineTurn.applyLevel({ newGame: true });
    maybeEngineMove();
  }

  function maybeEngineMove() {
    if ((shell.mode !== 'play' && !reserved()) || !st.active || engineTurn.thinking) return;
    if (turn() !== engineColor()) return;
    engineMove();
  }

  async function engineMove() {
    const res = await engineTurn.search(live);
    if (!res) return;
    if (res.restarted) {
      await engineTurn.applyLevel();
      maybeEngineMove();
      return;
    }
    if (!st.active) return;
    const { best, g, end } = res;
    if (!best || !best.move || best.move === '0000') {
      shell.refresh({ animate: false });
      return;
    }
    // The queue comes off the board before the engine's move is shown, so that move
    // animates from the position it was played in; the first premove is played next.
    const pres = st.premoves;
    if (pres.length) setPremoves([]);
    g.goTo(end);
    const n = g.play(best.move);
    if (!n) {
      shell.notice(t('play.illegalEngineMove', { move: best.move }));
      st.active = false;
      shell.refresh({ animate: false });
      return;
    }
    pressClock(st.clock, n.color, now());
    stampClock(n);
    if (shell.mode === 'play') shell.refresh();
    else {
      shell.save();
      updateRows();
    }
    shell.sound.play(soundFor(n));
    if (checkEnd()) return;
    if (shell.mode !== 'play') {
      shell.say(t('play.playedAway', { move: n.san }));
      return;
    }
    if (!pres.length) {
      shell.say(t('play.played', { move: n.san }));
      return;
    }
    const [first, ...rest] = pres;
    const firstSan = premoveChain(end.fen, [first]).map((c) => c.san)[0] || `${first.from}-${first.to}`;
    if (!playUser(first, true)) {
      const p = { move: n.san, premove: firstSan, count: rest.length };
      shell.say(rest.length ? t('play.premoveIllegalMore', p) : t('play.premoveIllegal', p));
      return;
    }
    // The rest wait for the engine's next move; if the position no longer allows one
    // of them, it and those after it go.
    if (rest.length && st.active && engineTurn.thinking) {
      setPremoves(rest);
      const kept = st.premoves.length;
      const p = { move: live().current.san, count: kept };
      if (kept < rest.length) {
        p.premove = `${rest[kept].from}-${rest[kept].to}`;
        shell.say(kept ? t('play.premoveDroppedKept', p) : t('play.premoveDropped', p));
      } else shell.say(t('play.premovedQueued', p));
    }
  }

  // checkEnd ends the game if the position at the end of the main line is final.
  function checkEnd() {
    const s = live().status(lastMain(live()));
    if (!s.over) return false;
    finish(s.result, s.reason);
    return true;
  }

  function finish(result, reason) {
    st.active = false;
    engineTurn.cancel();
    st.clock.stop(now());
    setPending(null);
    setPremoves([]);
    live().result = result;
    live().termination = reason;
    if (shell.engineReady) shell.engine.stop().catch(() => {});
    // The engine is the other tabs' again (reserved() is false now).
    shell.announce('engineFreed');
    shell.refresh({ animate: false });
    shell.sound.play('end');
    shell.banner(t(`play.banner.${outcome(result)}`, { result }), reason);
    shell.say(overText());
  }

  // outcome says who won result from the player's side: 'won', 'lost' or 'draw'.
  function outcome(result) {
    return result === '1/2-1/2' ? 'draw' : (result === '1-0') === (st.userColor === 'w') ? 'won' : 'lost';
  }

  function overText() {
    const g = live();
    return t(`play.over.${outcome(g.result)}`, { result: g.result, reason: g.termination });
  }

  // sayState tells the live game's state in the status line, for coming back to
  // Play: what another tab said there (Analyse's refusal of the engine, a loaded
  // game) is not this game's state.
  function sayState() {
    const g = live();
    const last = lastMain(g);
    if (!st.active) {
      shell.say(g.result !== '*' && g.termination ? overText() : t('play.pressStart'));
      return;
    }
    if (engineTurn.thinking || turn() !== st.userColor) {
      shell.say(t('play.thinking'));
      return;
    }
    // Before White's first move there is no move of Azurite's to tell.
    if (last.san && last.color !== st.userColor) shell.say(t('play.played', { move: last.san }));
    else shell.say(st.clock.timed && last.ply === 0 ? t('play.yourMoveClock') : t('play.yourMove'));
  }

  // userMove takes a move made on the board or typed: played at once, or shown
  // waiting for Confirm while the move-confirmation setting is on (the clock keeps
  // running and the engine waits until it is confirmed).
  function userMove(move) {
    if (!confirming()) return playUser(move, false);
    if (st.pending || !st.active || engineTurn.thinking || turn() !== st.userColor || !atLiveEnd()) return false;
    const n = lastMain(live());
    let r;
    try {
      r = new Chess(n.fen).move({ from: move.from, to: move.to, ...(move.promotion ? { promotion: move.promotion } : {}) });
    } catch {
      return false;
    }
    setPending({ move: { from: r.from, to: r.to, ...(r.promotion ? { promotion: r.promotion } : {}) }, san: r.san, fen: r.after, from: r.from, to: r.to });
    shell.say(t('play.confirmWaits', { move: r.san }));
    return true;
  }

  // confirmPending plays the move waiting for confirmation.
  function confirmPending() {
    const p = st.pending;
    if (!p) return false;
    setPending(null);
    if (playUser(p.move, false)) return true;
    shell.refresh({ animate: false });
    return false;
  }

  // cancelPending takes back the move waiting for confirmation; false when none waits.
  function cancelPending() {
    if (!st.pending) return false;
    setPending(null);
    shell.refresh({ animate: false });
    shell.say(t('play.moveTakenBack'));
    return true;
  }

  // playUser plays the user's move at the end of the live game (a premove when
  // premoved is set: it is played the moment the engine's move lands).
  function playUser(move, premoved) {
    const g = live();
    if (!st.active || engineTurn.thinking || turn() !== st.userColor) return false;
    if (!premoved && !atLiveEnd()) return false;
    g.goTo(lastMain(g));
    const n = g.play(move);
    if (!n) return false;
    pressClock(st.clock, n.color, now());
    stampClock(n);
    shell.refresh({ animate: premoved });
    shell.sound.play(soundFor(n));
    if (!checkEnd()) {
      shell.say(premoved ? t('play.youPremoved', { move: n.san }) : t('play.youPlayed', { move: n.san }));
      maybeEngineMove();
    }
    return true;
  }

  // premove adds the user's move to the premove queue while the engine thinks (as
  // lichess's mobile app and chess.com allow). It must be a move of the user's pieces
  // in the position after the premoves before it; whether it is legal is decided when
  // its turn comes.
  function premove(move) {
    if (!st.active || !engineTurn.thinking || turn() === st.userColor) return false;
    const next = [...st.premoves, move];
    const chain = premoveChain(lastMain(live()).fen, next);
    if (chain.length !== next.length) return false;
    setPremoves(next);
    const n = next.length;
    shell.say(t('play.premoveQueued', { move: chain[n - 1].san, count: n }));
    return true;
  }

  // cancelPremove drops every queued premove; false when there is none.
  function cancelPremove() {
    if (!st.premoves.length) return false;
    const n = st.premoves.length;
    setPremoves([]);
    shell.say(n > 1 ? t('play.premovesCancelled', { count: n }) : t('play.premoveCancelled'));
    return true;
  }

  // cancelLastPremove drops the last queued premove; false when there is none.
  function cancelLastPremove() {
    if (!st.premoves.length) return false;
    const left = st.premoves.slice(0, -1);
    setPremoves(left);
    shell.say(left.length ? t('play.lastPremoveCancelled', { count: left.length }) : t('play.premoveCancelled'));
    return true;
  }

  async function takeback() {
    if (!st.active) return;
    const g = live();
    const from = lastMain(g);
    setPending(null);
    setPremoves([]);
    if (engineTurn.thinking) {
      engineTurn.cancel();
      await shell.engine.stop().catch(() => {});
    }
    const { node: end, undone } = takebackTarget(from, st.userColor);
    if (!undone) return;
    g.goTo(end);
    g.truncate(end);
    if (sideToMove(end) !== st.userColor) {
      // Only the engine's first move was left (user plays Black): let it move again.
      shell.refresh({ animate: false });
      maybeEngineMove();
      return;
    }
    if (end.ply === 0) st.clock.stop(now()); // back before White's first move: no clock runs
    else if (st.clock.timed && st.clock.running !== st.userColor) st.clock.start(st.userColor, now());
    shell.refresh({ animate: false });
    shell.say(t('play.tookBack', { count: undone }));
  }

  function resign() {
    if (!st.active) return;
    finish(st.userColor === 'w' ? '0-1' : '1-0', t(`play.resigned.${st.userColor}`));
  }

  function offerDraw() {
    if (!st.active) return;
    const cp = st.engineCp;
    const accept = acceptsDraw(cp, lastMain(live()).ply);
    if (accept) finish('1/2-1/2', t('play.drawAgreed'));
    else shell.say(cp === null ? t('play.drawDeclinedNoEval') : t('play.drawDeclined'));
  }

  // Clock display and flag fall, ticking while the page is open.
  function tick() {
    const ms = now();
    const timed = st.clock.timed && st.started;
    const bottom = shell.view.orientation;
    const top = bottom === 'w' ? 'b' : 'w';
    // On the other tabs a running timed game's clocks stay in view, read-only and
    // marked as the live game's: its time runs there too (reserved()).
    const away = shell.mode !== 'play';
    // The game's clocks stopped running while shown on another tab: that tab's own
    // (recorded) clocks take the rows back.
    if (st.liveAway && !(away && reserved())) {
      st.liveAway = false;
      if (away) shell.refresh({ animate: false });
    }
    if (away && reserved()) st.liveAway = true;
    for (const [at, color] of [['top', top], ['bottom', bottom]]) {
      // Away from Play without a running timed game, the rows show the clocks
      // recorded in the game on that tab (app.js): leave them.
      if (away && !reserved()) continue;
      if (!timed) {
        shell.rows.setClock(at, null);
        continue;
      }
      const left = st.clock.left(color, ms);
      shell.rows.setClock(at, { text: formatClock(left), running: st.clock.running === color, low: left < LOW_TIME_MS, color, live: away });
    }
    // The low-time sound and the flag fall do not wait for the Play tab: the clocks
    // run on every tab.
    if (st.active && timed && st.clock.running === st.userColor && st.clock.left(st.userColor, ms) < LOW_TIME_MS && !st.lowWarned) {
      st.lowWarned = true;
      shell.sound.play('lowtime');
    }
    if (st.active && timed) {
      const flagged = st.clock.flagged(ms);
      if (flagged) {
        const { result, reason } = flagResult(flagged, live().position(lastMain(live())).board());
        finish(result, reason);
      }
    }
  }
  setInterval(tick, 100);

  function updateRows() {
    // A move waiting for Confirm stays on the board whatever redrew it.
    if (st.pending && shell.mode === 'play') shell.view.set({ fen: st.pending.fen, lastMove: { from: st.pending.from, to: st.pending.to }, movable: null, animate: false });
    // The engine state line is on every tab: during a timed game it tells the other
    // tabs that the engine thinks for the live game. The player rows are Play's.
    if (shell.engineReady) shell.showEngineState(engineText());
    shell.pageClass('thinking', engineTurn.thinking && shell.mode === 'play');
    const bottom = shell.view.orientation;
    // The rows go by place: after a flip the player's row is the top one.
    const userAt = bottom === st.userColor ? 'bottom' : 'top';
    shell.rows.setThinking(engineTurn.thinking && shell.mode === 'play' ? (userAt === 'top' ? 'bottom' : 'top') : null);
    if (shell.mode !== 'play') return;
    const name = (c) => (st.started ? (c === st.userColor ? t('play.you') : t('play.engineRow', { level: level().name })) : t(`html.color.${c}`));
    shell.rows.setNames(name(bottom === 'w' ? 'b' : 'w'), name(bottom));
    const ply = lastMain(live()).ply;
    form.setButtons({ active: st.active, moved: ply > 0 });
    shell.pageClass('in-game', st.active);
    // The "your move" cue: the user is to move in a running game (before White's first
    // move it also says that the clocks start with it).
    const yours = st.active && !engineTurn.thinking && turn() === st.userColor;
    shell.rows.setCue(!yours ? '' : (st.clock.timed && ply === 0 ? t('play.cueClock') : t('html.turnCue')), userAt);
    tick();
  }

  // engineText is the engine state line once the engine is ready.
  function engineText() {
    if (shell.mode !== 'play' && reserved()) return engineTurn.thinking ? t('play.engineThinkingLive') : t('play.engineKept');
    if (engineTurn.thinking) return t('play.engineThinking');
    return t('app.engineState.ready');
  }
  shell.listeners.add(updateRows);

  const api = {
    /**
     * startFrom starts a game against the engine from fen (a legal position): color
     * 'w', 'b' or 'random', levelId and tcId as the new-game form's. It switches to
     * Play; a timed game still running must be ended first (engineReserved).
     */
    startFrom(fen, { color = 'w', levelId = st.levelId, tcId = st.tcId } = {}) {
      if (reserved()) return false;
      const c = color === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : color;
      form.setChoices({ levelId, tcId });
      st.started = true; // entering Play must not start a game of its own first
      shell.setMode('play');
      newGame({ color: c, levelId, tcId, fen });
      return true;
    },
    enter() {
      if (!st.started) {
        // First visit: start a game at once.
        if (!live().root.children.length) newGame({ color: 'w', levelId: st.levelId, tcId: st.tcId });
        else shell.say(t('play.pressStart'));
        return;
      }
      live().last();
      // A clock saved running was charged by the time that passed (Clock.fromJSON); a
      // timed game is never paused now, but one saved paused by an older build (the
      // player was on another tab) runs again, once White has moved.
      if (st.active && st.clock.timed && !st.clock.running && lastMain(live()).ply > 0) st.clock.start(turn(), now());
      sayState();
      tick(); // a flag that fell while the page was closed ends the game here
      maybeEngineMove();
    },
    leave() {
      // The premoves and a move waiting for Confirm are drawn on the board, which
      // shows another game now.
      setPending(null);
      setPremoves([]);
      // A timed game goes on: its clocks run and the engine keeps thinking.
      if (reserved()) return;
      // An untimed game pauses: the engine's search is abandoned (the other tabs may
      // use the engine) and coming back resumes it.
      st.clock.stop(now());
      if (engineTurn.thinking) {
        engineTurn.cancel();
        shell.engine.stop().catch(() => {});
      }
    },
    movable() {
      if (!st.active || !atLiveEnd() || st.pending) return null;
      if (engineTurn.thinking) return st.userColor; // premoves
      return turn() === st.userColor ? st.userColor : null;
    },
    // premoving tells the board that input now queues a premove.
    premoving: () => st.active && engineTurn.thinking && atLiveEnd() && turn() !== st.userColor,
    premove,
    cancelPremove,
    cancelLastPremove,
    cancelPending,
    userMove,
    // The cursor stays while a move waits for Confirm.
    canNavigate: () => !st.pending,
    // engineReserved returns why the other tabs may not use the engine ('' when they
    // may): a timed game is on (shell.engineReservedByPlay asks this), and what they say
    // instead of starting it.
    engineReserved: () => (reserved() ? t('play.engineReserved') : ''),
    engineReady() {
      if (shell.mode === 'play' || reserved()) engineTurn.applyLevel().then(maybeEngineMove);
    },
    engineRestarted() {
      // engineMove's rejected go() (restarted) asks again; nothing else to do here.
    },
    engineFreed() {},
    editable: () => false,
    showsShapes: () => false,
    pgnHeaders() {
      return live().termination ? { Termination: live().termination } : {};
    },
    // clocks returns the live game's clocks now, {w, b, running, started} in ms left
    // (started: White has moved, so they run), or null without a timed game.
    clocks() {
      if (!st.started || !st.clock.timed) return null;
      const ms = now();
      return { w: st.clock.left('w', ms), b: st.clock.left('b', ms), running: st.clock.running, started: lastMain(live()).ply > 0 };
    },
    toJSON() {
      return {
        active: st.active,
        started: st.started,
        userColor: st.userColor,
        levelId: st.levelId,
        tcId: st.tcId,
        clock: st.clock.toJSON(),
      };
    },
    restore(o) {
      if (!o) return;
      st.userColor = o.userColor === 'b' ? 'b' : 'w';
      st.levelId = levelById(o.levelId).id;
      const tc = timeControlById(o.tcId);
      st.tcId = tc ? tc.id : 'none';
      st.clock = Clock.fromJSON(o.clock);
      st.active = !!o.active && live().result === '*';
      st.started = !!o.started;
      form.setChoices(st);
    },
    state: st,
  };
  return api;
}
