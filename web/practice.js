// practice.js: "learn from your mistakes" after a review. Each marked move of the
// chosen side becomes a puzzle: the board shows the position before it and the person
// looks for a better move. The engine's best move is accepted at once, the game's
// move refused at once; any other move is searched (as the review searched, through
// evaluate) and accepted when it loses less than an inaccuracy against the best
// (judge.js), so a second good move counts too. Hint circles the piece to move; Retry
// sets the puzzle up again; everything runs on the local engine, offline.

import { judgeMove } from './judge.js';
import { walk } from './explain.js';
import { formatScore } from './score.js';
import { part, show, clear } from './dom.js';
import { t } from './i18n.js';

/** acceptMove is the verdict on move (UCI) in a puzzle whose best evaluation is before:
 * {ok, why}. after is the evaluation of the position after move (null when the move is
 * the best or the game's move, which need no search), mated whether it checkmates. */
export function acceptMove(puzzle, move, after, mated = false) {
  if (move === puzzle.best || mated) return { ok: true, why: 'best' };
  if (move === puzzle.played) return { ok: false, why: 'played' };
  const mover = puzzle.fen.split(' ')[1];
  const v = judgeMove(mover, puzzle.before.score, after.score, { afterMated: mated });
  return v ? { ok: false, why: 'worse', verdict: v } : { ok: true, why: 'good' };
}

/**
 * createPractice returns the practice controller, working in root (the practice box of
 * the review panel): start(puzzles) with puzzles
 * [{node, fen, played, best, bestSan, before, text}], stop(), active, movable(),
 * userMove(move). evaluate(fen) resolves with {score, pv} for a position.
 */
export function createPractice(shell, root, { evaluate }) {
  const st = { active: false, list: [], i: 0, solved: 0, busy: false, token: 0, done: false };
  const box = part(root, 'practice-run');
  const say = (text) => {
    part(root, 'practice-status').textContent = text;
    shell.say(text);
  };
  part(root, 'btn-practice-hint').addEventListener('click', hint);
  part(root, 'btn-practice-retry').addEventListener('click', () => setUp());
  part(root, 'btn-practice-next').addEventListener('click', () => next(1));
  part(root, 'btn-practice-solution').addEventListener('click', solution);
  part(root, 'btn-practice-stop').addEventListener('click', () => api.stop());

  function current() {
    return st.list[st.i];
  }

  // setUp shows the puzzle's position with the side to move free to move.
  function setUp() {
    const p = current();
    if (!p) return;
    st.token++;
    st.busy = false;
    st.done = false;
    shell.game.goTo(p.node.parent);
    shell.refresh({ animate: false });
    shell.view.setArrows([]);
    shell.view.setHint(null);
    part(root, 'practice-count').textContent = t('practice.count', { n: st.i + 1, count: st.list.length, solved: st.solved });
    say(t(`practice.toMove.${p.fen.split(' ')[1]}`, { move: p.node.san }));
    show(part(root, 'btn-practice-next'), false);
  }

  function hint() {
    const p = current();
    if (!p || !p.best) return;
    shell.view.setHint(p.best.slice(0, 2));
    say(t('practice.hint', { square: p.best.slice(0, 2) }));
  }

  function solution() {
    const p = current();
    if (!p || !p.best) return;
    st.token++;
    st.done = true;
    shell.view.setHint(null);
    shell.view.setArrows([{ from: p.best.slice(0, 2), to: p.best.slice(2, 4), kind: 'best' }]);
    say(t('practice.solution', { move: p.bestSan, text: p.text }));
    show(part(root, 'btn-practice-next'), st.i + 1 < st.list.length);
  }

  function next(step) {
    st.i = Math.min(st.list.length - 1, st.i + step);
    setUp();
  }

  // showMove draws move played from the puzzle's position without touching the game.
  function showMove(p, ply) {
    shell.view.set({ fen: ply.fen, lastMove: { from: ply.uci.slice(0, 2), to: ply.uci.slice(2, 4) }, movable: null, animate: false });
  }

  async function judge(p, move) {
    const [ply] = walk(p.fen, [move]);
    if (!ply) return false;
    ply.uci = move;
    const token = ++st.token;
    st.busy = true;
    shell.view.setHint(null);
    showMove(p, ply);
    let res;
    if (move === p.best || move === p.played || ply.mate) {
      res = acceptMove(p, move, null, ply.mate);
    } else {
      say(t('practice.checking', { move: ply.san }));
      let after;
      try {
        after = await evaluate(ply.fen);
      } catch (e) {
        if (token === st.token) say(t('practice.engineFailed', { why: e.message || e }));
        st.busy = false;
        return true;
      }
      if (token !== st.token) return true;
      res = acceptMove(p, move, after);
      res.after = after;
    }
    st.busy = false;
    if (res.ok) {
      st.solved++;
      st.done = true;
      const also = res.why === 'good' && p.bestSan ? ` ${t('practice.engineChoice', { move: p.bestSan })}` : '';
      const last = st.i + 1 >= st.list.length ? ` ${t('practice.last', { solved: st.solved, count: st.list.length })}` : '';
      say(`${t(res.why === 'best' ? 'practice.correctBest' : 'practice.correctGood', { move: ply.san })}${also}${last}`);
      part(root, 'practice-count').textContent = t('practice.count', { n: st.i + 1, count: st.list.length, solved: st.solved });
      show(part(root, 'btn-practice-next'), !last);
    } else {
      const why = res.why === 'played'
        ? t('practice.gameMove', { move: ply.san })
        : t('practice.noBetter', { move: ply.san, verdict: res.verdict.lead.toLowerCase(), before: formatScore(p.before.score), after: formatScore(res.after.score) });
      say(`${why} ${t('practice.tryAgain')}`);
      // Put the puzzle back after a moment, so the refused move is seen first.
      setTimeout(() => {
        if (token === st.token && st.active) {
          shell.view.set({ fen: p.fen, lastMove: null, movable: api.movable(), animate: true });
        }
      }, 700);
    }
    return true;
  }

  const api = {
    get active() {
      return st.active;
    },
    start(list) {
      st.list = list.filter((p) => p.best);
      st.i = 0;
      st.solved = 0;
      if (!st.list.length) {
        say(t('practice.none'));
        return;
      }
      st.active = true;
      show(box, true);
      show(part(root, 'practice-setup'), false);
      shell.pageData('practice', 'on');
      setUp();
    },
    stop() {
      if (!st.active) return;
      st.active = false;
      st.token++;
      show(box, false);
      show(part(root, 'practice-setup'), true);
      clear(part(root, 'practice-status'));
      shell.pageData('practice', null);
      shell.view.setHint(null);
      shell.refresh({ animate: false });
    },
    movable() {
      const p = current();
      if (!st.active || !p || st.busy || st.done) return null;
      return p.fen.split(' ')[1];
    },
    userMove(move) {
      const p = current();
      if (!p || st.busy || st.done) return false;
      const uci = move.from + move.to + (move.promotion || '');
      judge(p, uci);
      return true;
    },
    state: st,
  };
  return api;
}
