// play.js: play mode. A game against the engine at a chosen level and time control,
// with clocks, takeback, resign, draw offers, one premove and game-over detection.
// The live game is ctx.playGame and belongs to this mode alone: the Analyse and Review
// tabs get a copy (app.js), so nothing done there can become a move of this game.
// Its main line is the game; the cursor may wander back to look.
//
// Clocks run on wall time (Date.now()) from White's first move on. The saved state
// holds the running side and the wall time its clock started, so a reload charges the
// time that really passed to the side to move, the engine included: its search starts
// again with what is left on its clock.
//
// A timed game keeps the engine (engineReservedByPlay): leaving Play neither stops the
// clocks nor the engine's search, its move lands in the live game on any tab, a flag
// still falls, and the other tabs get no engine until the game ends, so no tab switch
// can stop a clock or ask the engine about the live position. An untimed game has no
// clock to cheat: leaving Play pauses it and hands the engine to the other tabs.

import { Game } from './game.js';
import { Clock, TIME_CONTROLS, formatClock } from './clock.js';
import { LEVELS, levelById, levelLabel, DEFAULT_LEVEL } from './levels.js';
import { pgnDate } from './pgn.js';
import { soundFor } from './sound.js';
import { premoveLegal } from './premove.js';
import { byId, h, show } from './dom.js';

// The engine accepts a draw offer when its own evaluation (centipawns, its point of
// view) is at or below DRAW_ACCEPT_CP, or within DRAW_EQUAL_CP of zero once the game
// is DRAW_EQUAL_PLY half-moves old. Without an evaluation it declines.
const DRAW_ACCEPT_CP = -50;
const DRAW_EQUAL_CP = 15;
const DRAW_EQUAL_PLY = 60;
// LOW_TIME_MS: below this the player's clock turns red and the low-time sound plays once.
const LOW_TIME_MS = 10000;
/** ENGINE_RESERVED is what the other tabs say instead of starting the engine. */
export const ENGINE_RESERVED = 'Engine analysis is off during a timed game: finish or resign it first.';

/** createPlay returns the play-mode controller bound to the shell context. */
export function createPlay(ctx) {
  const st = {
    active: false,
    started: false,
    userColor: 'w',
    levelId: DEFAULT_LEVEL,
    tcId: 'none',
    clock: new Clock(null),
    thinking: false,
    token: 0, // bumps on new game / takeback so a late bestmove is ignored
    engineCp: null, // last score of the engine's own search, its point of view
    premove: null, // {from, to, promotion}: the user's move queued while the engine thinks
    lowWarned: false, // the low-time sound has played for the user's clock
    lastGo: null, // {params, at}: the engine's last go (the tests read the clock it was given)
  };
  const now = () => Date.now();
  const live = () => ctx.playGame;
  // reserved: a timed game is on, so the engine is the live game's on every tab.
  const reserved = () => st.active && st.clock.timed;
  // engineReservedByPlay is the one gate for every use of the engine outside Play: it
  // returns why the engine may not be used ('' when it may). Nothing outside Play may
  // start, stop or configure the engine while it returns a reason.
  ctx.engineReservedByPlay = () => (reserved() ? ENGINE_RESERVED : '');

  // Form: levels and time controls.
  const levelSel = byId('level');
  for (const l of LEVELS) levelSel.append(h('option', { value: l.id }, levelLabel(l)));
  const tcSel = byId('tc');
  for (const t of TIME_CONTROLS) tcSel.append(h('option', { value: t.id }, t.label));
  levelSel.value = st.levelId;
  tcSel.value = st.tcId;

  byId('newgame-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const fd = new FormData(e.target);
    let color = fd.get('color');
    if (color === 'random') color = Math.random() < 0.5 ? 'w' : 'b';
    newGame({ color, levelId: fd.get('level'), tcId: fd.get('tc') });
  });
  byId('btn-takeback').addEventListener('click', takeback);
  byId('btn-resign').addEventListener('click', resign);
  byId('btn-draw').addEventListener('click', offerDraw);
  byId('btn-analyse-game').addEventListener('click', () => ctx.analyseLive());

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

  function lastMain(g) {
    let n = g.root;
    while (n.children[0]) n = n.children[0];
    return n;
  }

  function turn() {
    return lastMain(live()).fen.split(' ')[1];
  }

  // pressClock ends mover's move on the clock: the first move of the game (White's)
  // starts the opponent's clock, later ones press it.
  function pressClock(mover) {
    if (!st.clock.timed) return;
    if (st.clock.running) st.clock.press(now());
    else st.clock.start(mover === 'w' ? 'b' : 'w', now());
  }

  function setPremove(m) {
    st.premove = m;
    ctx.view.showPremove(m);
  }

  async function applyLevel() {
    const l = level();
    await ctx.engineLoaded;
    if (!ctx.engineReady) return;
    try {
      await ctx.engine.stop();
      await ctx.setOptions({ MultiPV: 1, UCI_AnalyseMode: false, OwnBook: true, ...l.options });
      ctx.controllers.analysis.state.optionsSent = null;
    } catch (e) {
      ctx.notice(`The engine refused a level setting: ${e.message || e}`);
    }
  }

  async function newGame({ color, levelId, tcId }) {
    st.token++;
    st.thinking = false;
    st.userColor = color === 'b' ? 'b' : 'w';
    st.levelId = levelById(levelId).id;
    st.tcId = TIME_CONTROLS.some((t) => t.id === tcId) ? tcId : 'none';
    const tc = TIME_CONTROLS.find((t) => t.id === st.tcId);
    st.clock = new Clock(tc.initialMs, tc.incMs);
    st.active = true;
    st.started = true;
    st.engineCp = null;
    st.lowWarned = false;
    setPremove(null);
    const g = new Game();
    // A game played here gets real values for the whole tag roster.
    g.headers = {
      Event: 'Casual game',
      Site: 'Azurite',
      Date: pgnDate(new Date()),
      Round: '-',
      White: st.userColor === 'w' ? 'You' : `Azurite (${level().name})`,
      Black: st.userColor === 'b' ? 'You' : `Azurite (${level().name})`,
      TimeControl: tc.initialMs ? `${tc.initialMs / 1000}+${tc.incMs / 1000}` : '-',
    };
    ctx.hideBanner();
    ctx.view.setOrientation(st.userColor);
    ctx.setGame(g, 'play');
    ctx.revealBoard();
    const cue = st.clock.timed && st.userColor === 'w' ? ' Your move: the clocks start with it.' : '';
    ctx.say(`New game: you play ${st.userColor === 'w' ? 'White' : 'Black'} against ${levelLabel(level())}.${cue}`);
    if (ctx.engineReady) {
      await ctx.engine.stop();
      await ctx.engine.newGame();
    }
    await applyLevel();
    maybeEngineMove();
  }

  function maybeEngineMove() {
    if ((ctx.mode !== 'play' && !reserved()) || !st.active || st.thinking) return;
    if (turn() !== engineColor()) return;
    engineMove();
  }

  async function engineMove() {
    const token = ++st.token;
    st.thinking = true;
    ctx.refresh({ animate: false });
    await ctx.engineLoaded;
    if (!ctx.engineReady || token !== st.token) {
      st.thinking = false;
      return;
    }
    const g = live();
    const end = lastMain(g);
    const t = now();
    const params = {};
    if (st.clock.timed) {
      params.wtime = Math.round(st.clock.left('w', t));
      params.btime = Math.round(st.clock.left('b', t));
      params.winc = st.clock.incMs;
      params.binc = st.clock.incMs;
    } else {
      params.movetime = level().movetime;
    }
    st.lastGo = { params: { ...params }, at: t };
    let best;
    try {
      ctx.setPosition(g.startFen, g.uciMoves(end));
      best = await ctx.engine.go(params, (info) => {
        if (info && (!info.multipv || info.multipv === 1) && typeof info.scoreCp === 'number') st.engineCp = info.scoreCp;
        else if (info && typeof info.scoreMate === 'number') st.engineCp = info.scoreMate > 0 ? 10000 : -10000;
      });
    } catch (e) {
      if (token === st.token) {
        st.thinking = false;
        if (e && e.restarted) {
          // The watchdog replaced a hung worker (options and book restored): ask again.
          await applyLevel();
          maybeEngineMove();
          return;
        }
        ctx.notice(`The engine failed to move: ${e.message || e}`);
        ctx.refresh({ animate: false });
      }
      return;
    }
    if (token !== st.token || !st.active) return;
    st.thinking = false;
    if (!best || !best.move || best.move === '0000') {
      ctx.refresh({ animate: false });
      return;
    }
    g.goTo(end);
    const n = g.play(best.move);
    if (!n) {
      ctx.notice(`The engine sent an illegal move (${best.move}); the game is paused.`);
      st.active = false;
      ctx.refresh({ animate: false });
      return;
    }
    pressClock(n.color);
    if (ctx.mode === 'play') ctx.refresh();
    else {
      ctx.save();
      updateRows();
    }
    ctx.sound.play(soundFor(n));
    if (checkEnd()) return;
    if (ctx.mode !== 'play') {
      ctx.say(`Azurite played ${n.san} in the live game: your move, your clock runs.`);
      return;
    }
    const pre = st.premove;
    setPremove(null);
    if (pre && playUser(pre, true)) return;
    ctx.say(`Azurite played ${n.san}. ${pre ? 'The premove was not legal any more. ' : ''}Your move.`);
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
    st.thinking = false;
    st.token++;
    st.clock.stop(now());
    setPremove(null);
    live().result = result;
    live().termination = reason;
    if (ctx.engineReady) ctx.engine.stop().catch(() => {});
    // The engine is the other tabs' again (reserved() is false now).
    for (const c of Object.values(ctx.controllers)) if (c !== api && c.engineFreed) c.engineFreed();
    ctx.refresh({ animate: false });
    ctx.sound.play('end');
    const text = result === '1/2-1/2' ? 'Draw' : (result === '1-0') === (st.userColor === 'w') ? 'You won' : 'Azurite won';
    ctx.banner(`${text} (${result})`, reason);
    ctx.say(`Game over: ${text}, ${result}. ${reason}.`);
  }

  function userMove(move) {
    return playUser(move, false);
  }

  // playUser plays the user's move at the end of the live game (a premove when
  // premoved is set: it is played the moment the engine's move lands).
  function playUser(move, premoved) {
    const g = live();
    if (!st.active || st.thinking || turn() !== st.userColor) return false;
    if (!premoved && !atLiveEnd()) return false;
    g.goTo(lastMain(g));
    const n = g.play(move);
    if (!n) return false;
    pressClock(n.color);
    ctx.refresh({ animate: premoved });
    ctx.sound.play(soundFor(n));
    if (!checkEnd()) {
      ctx.say(`You ${premoved ? 'premoved' : 'played'} ${n.san}.`);
      maybeEngineMove();
    }
    return true;
  }

  // premove queues the user's move while the engine thinks (one at a time, as on
  // lichess: a new one replaces it). It must be a move of the user's pieces in the
  // position on the board; whether it is legal is decided when the engine has moved.
  function premove(move) {
    if (!st.active || !st.thinking || turn() === st.userColor) return false;
    if (!premoveLegal(lastMain(live()).fen, move)) return false;
    setPremove(move);
    ctx.say(`Premove ${move.from}-${move.to} queued; press Escape or tap the board to cancel it.`);
    return true;
  }

  function cancelPremove() {
    if (!st.premove) return false;
    setPremove(null);
    ctx.say('Premove cancelled.');
    return true;
  }

  async function takeback() {
    if (!st.active) return;
    const g = live();
    let end = lastMain(g);
    setPremove(null);
    if (st.thinking) {
      st.token++;
      st.thinking = false;
      await ctx.engine.stop().catch(() => {});
    }
    // Undo back to the last position where it was the user's turn, at least one move.
    let undone = 0;
    while (end.parent && (undone === 0 || end.fen.split(' ')[1] !== st.userColor)) {
      end = end.parent;
      undone++;
    }
    if (!undone) return;
    g.goTo(end);
    g.truncate(end);
    if (end.fen.split(' ')[1] !== st.userColor) {
      // Only the engine's first move was left (user plays Black): let it move again.
      ctx.refresh({ animate: false });
      maybeEngineMove();
      return;
    }
    if (end.ply === 0) st.clock.stop(now()); // back before White's first move: no clock runs
    else if (st.clock.timed && st.clock.running !== st.userColor) st.clock.start(st.userColor, now());
    ctx.refresh({ animate: false });
    ctx.say(`Took back ${undone} half-move${undone > 1 ? 's' : ''}. Your move.`);
  }

  function resign() {
    if (!st.active) return;
    finish(st.userColor === 'w' ? '0-1' : '1-0', `${st.userColor === 'w' ? 'White' : 'Black'} resigned`);
  }

  function offerDraw() {
    if (!st.active) return;
    const ply = lastMain(live()).ply;
    const cp = st.engineCp;
    const accept = cp !== null && (cp <= DRAW_ACCEPT_CP || (Math.abs(cp) <= DRAW_EQUAL_CP && ply >= DRAW_EQUAL_PLY));
    if (accept) finish('1/2-1/2', 'Draw agreed');
    else ctx.say(cp === null ? 'Azurite declines the draw: it has not evaluated the position yet.' : 'Azurite declines the draw offer.');
  }

  // Clock display and flag fall, ticking while the page is open.
  function tick() {
    const t = now();
    const timed = st.clock.timed && st.started;
    const bottom = ctx.view.orientation;
    const top = bottom === 'w' ? 'b' : 'w';
    for (const [pos, color] of [['top', top], ['bottom', bottom]]) {
      const el = byId(`clock-${pos}`);
      if (ctx.mode !== 'play' || !timed) {
        show(el, false);
        continue;
      }
      show(el, true);
      const left = st.clock.left(color, t);
      el.textContent = formatClock(left);
      el.classList.toggle('running', st.clock.running === color);
      el.classList.toggle('low', left < LOW_TIME_MS);
      el.setAttribute('aria-label', `${color === 'w' ? 'White' : 'Black'} clock`);
    }
    // The low-time sound and the flag fall do not wait for the Play tab: the clocks
    // run on every tab.
    if (st.active && timed && st.clock.running === st.userColor && st.clock.left(st.userColor, t) < LOW_TIME_MS && !st.lowWarned) {
      st.lowWarned = true;
      ctx.sound.play('lowtime');
    }
    if (st.active && timed) {
      const flagged = st.clock.flagged(t);
      if (flagged) {
        const other = flagged === 'w' ? 'b' : 'w';
        const name = flagged === 'w' ? 'White' : 'Black';
        if (!canMate(other)) finish('1/2-1/2', `${name} ran out of time; the opponent cannot mate`);
        else finish(flagged === 'w' ? '0-1' : '1-0', `${name} ran out of time`);
      }
    }
  }
  setInterval(tick, 100);

  // canMate: does color have enough material to ever mate (anything beyond a lone king,
  // a lone minor piece)? Used to score a flag fall as a draw.
  function canMate(color) {
    const c = live().position(lastMain(live()));
    let minors = 0;
    for (const row of c.board()) {
      for (const p of row) {
        if (!p || p.color !== color || p.type === 'k') continue;
        if (p.type === 'n' || p.type === 'b') minors++;
        else return true;
      }
    }
    return minors >= 2;
  }

  function updateRows() {
    // The engine state line is on every tab: during a timed game it tells the other
    // tabs that the engine thinks for the live game. The player rows are Play's.
    byId('engine-state').textContent = engineText();
    document.body.classList.toggle('thinking', st.thinking && ctx.mode === 'play');
    if (ctx.mode !== 'play') return;
    const bottom = ctx.view.orientation;
    const name = (c) => (st.started ? (c === st.userColor ? 'You' : `Azurite · ${level().name}`) : c === 'w' ? 'White' : 'Black');
    byId('name-bottom').textContent = name(bottom);
    byId('name-top').textContent = name(bottom === 'w' ? 'b' : 'w');
    const ply = lastMain(live()).ply;
    byId('btn-takeback').disabled = !st.active || ply === 0;
    byId('btn-resign').disabled = !st.active;
    byId('btn-draw').disabled = !st.active;
    document.body.classList.toggle('in-game', st.active);
    // The "your move" cue: the user is to move in a running game (before White's first
    // move it also says that the clocks start with it).
    const yours = st.active && !st.thinking && turn() === st.userColor;
    show(byId('turn-cue'), yours);
    byId('turn-cue').textContent = yours && st.clock.timed && ply === 0 ? 'Your move · clock starts' : 'Your move';
    tick();
  }

  function engineText() {
    if (!ctx.engineReady) return byId('engine-state').textContent;
    if (ctx.mode !== 'play' && reserved()) return st.thinking ? 'Azurite thinking (live game)…' : 'engine kept for the live game';
    if (st.thinking) return 'Azurite thinking…';
    return 'engine ready';
  }
  ctx.listeners.add(updateRows);

  const api = {
    enter() {
      if (!st.started) {
        // First visit: start a game at once.
        if (!live().root.children.length) newGame({ color: 'w', levelId: st.levelId, tcId: st.tcId });
        else ctx.say('Press Start game to play against Azurite.');
        return;
      }
      live().last();
      // A clock saved running was charged by the time that passed (Clock.fromJSON); a
      // timed game is never paused now, but one saved paused by an older build (the
      // player was on another tab) runs again, once White has moved.
      if (st.active && st.clock.timed && !st.clock.running && lastMain(live()).ply > 0) st.clock.start(turn(), now());
      tick(); // a flag that fell while the page was closed ends the game here
      maybeEngineMove();
    },
    leave() {
      // The premove is drawn on the board, which shows another game now.
      setPremove(null);
      // A timed game goes on: its clocks run and the engine keeps thinking.
      if (reserved()) return;
      // An untimed game pauses: the engine's search is abandoned (the other tabs may
      // use the engine) and coming back resumes it.
      st.clock.stop(now());
      if (st.thinking) {
        st.token++;
        st.thinking = false;
        ctx.engine.stop().catch(() => {});
      }
    },
    movable() {
      if (!st.active || !atLiveEnd()) return null;
      if (st.thinking) return st.userColor; // premoves
      return turn() === st.userColor ? st.userColor : null;
    },
    // premoving tells the board that input now queues a premove.
    premoving: () => st.active && st.thinking && atLiveEnd() && turn() !== st.userColor,
    premove,
    cancelPremove,
    userMove,
    canNavigate: () => true,
    engineReady() {
      if (ctx.mode === 'play' || reserved()) applyLevel().then(maybeEngineMove);
    },
    engineRestarted() {
      // engineMove's rejected go() (restarted) asks again; nothing else to do here.
    },
    pgnHeaders() {
      return live().termination ? { Termination: live().termination } : {};
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
      st.tcId = TIME_CONTROLS.some((t) => t.id === o.tcId) ? o.tcId : 'none';
      st.clock = Clock.fromJSON(o.clock);
      st.active = !!o.active && live().result === '*';
      st.started = !!o.started;
      levelSel.value = st.levelId;
      tcSel.value = st.tcId;
      for (const r of document.querySelectorAll('input[name="color"]')) r.checked = r.value === st.userColor;
    },
    state: st,
  };
  return api;
}
