// review.js: game review. The engine searches every position of the main line for a
// fixed time; each move is then judged by how much it lowered the mover's winning
// chances (score.js), marked ?! / ? / ?? with the better move, and summed up as an
// accuracy per side. The marks go into the game as NAGs and comments, so the PGN
// export carries them.

import { Chess } from 'chess.js';
import { whiteScore, winPercent, toCp, classify, moveAccuracy, gameAccuracy, formatScore, MATE_CP } from './score.js';
import { createEvalGraph } from './eval-graph.js';
import { byId, h, clear, show } from './dom.js';
import { moveNumberLabel } from './game.js';

// Move-assessment NAGs ($1 ! … $6 ?!): a move carries at most one of them.
const MOVE_NAGS = [1, 2, 3, 4, 5, 6];

/**
 * clearReviewMarks takes back what an earlier review wrote on node: the NAG it added
 * (node.reviewNag) and its comment (node.reviewComment, if the comment is still that
 * text). Marks and comments from the game's author, e.g. an imported "e5?", stay.
 */
export function clearReviewMarks(node) {
  if (node.reviewNag) {
    const i = node.nags.indexOf(node.reviewNag);
    if (i >= 0) node.nags.splice(i, 1);
  }
  if (node.reviewComment && node.comment === node.reviewComment) node.comment = '';
  node.reviewNag = 0;
  node.reviewComment = '';
}

/**
 * judgeMoves judges the moves nodes[1..] from evals[i] (White's score at nodes[i] and
 * the engine's best move there) and writes the verdicts into the nodes: a ?!/?/?? NAG
 * and a comment naming the better move. A move the author already assessed ($1–$6,
 * e.g. "e4!?") keeps the author's glyph alone, and an author's comment is never
 * replaced; the verdict still counts and is listed in marks. sanOf(fen, uci) names
 * the best move. It returns {accuracy, counts, marks, points} for the summary and graph.
 */
export function judgeMoves(nodes, evals, sanOf) {
  const acc = { w: [], b: [] };
  const counts = { w: { 6: 0, 2: 0, 4: 0 }, b: { 6: 0, 2: 0, 4: 0 } };
  const marks = [];
  const points = [{ score: evals[0].score }];
  for (let i = 1; i < nodes.length; i++) {
    const n = nodes[i];
    const mover = n.color;
    const sign = mover === 'w' ? 1 : -1;
    const before = winPercent(sign * toCp(evals[i - 1].score));
    const after = winPercent(sign * toCp(evals[i].score));
    const drop = before - after;
    acc[mover].push(moveAccuracy(drop));
    clearReviewMarks(n);
    const best = evals[i - 1].best;
    const judged = best === n.uci ? null : classify(drop);
    let point = { score: evals[i].score };
    if (judged) {
      if (!n.nags.some((x) => MOVE_NAGS.includes(x))) {
        n.nags.push(judged.nag);
        n.reviewNag = judged.nag;
      }
      counts[mover][judged.nag]++;
      const bestSan = best ? sanOf(n.parent.fen, best) : null;
      const text = `${judged.label} (${formatScore(evals[i - 1].score)} → ${formatScore(evals[i].score)}).${bestSan ? ` ${bestSan} was best.` : ''}`;
      if (!n.comment) {
        n.comment = text;
        n.reviewComment = text;
      }
      marks.push({ node: n, judged, bestSan });
      point = { ...point, mark: judged.label.toLowerCase(), label: `${n.san}${judged.symbol}` };
    }
    points.push(point);
  }
  return { accuracy: { w: gameAccuracy(acc.w), b: gameAccuracy(acc.b) }, counts, marks, points };
}

/** createReview returns the review-mode controller bound to the shell context. */
export function createReview(ctx) {
  // evals and line are the last finished review (saved, so a reload keeps it) and the
  // main line it judged, as UCI moves: a review belongs to that line only.
  const st = { running: false, token: 0, points: [], result: null, evals: null, line: null };
  const graph = createEvalGraph(byId('review-graph'), {
    onSelect: (ply) => {
      const nodes = [ctx.game.root, ...ctx.game.mainlineNodes()];
      if (nodes[ply]) ctx.navigate(() => ctx.game.goTo(nodes[ply]));
    },
  });
  const btn = byId('btn-review');
  btn.addEventListener('click', () => (st.running ? cancel() : run()));
  byId('review-marks').addEventListener('click', (e) => {
    const b = e.target.closest('[data-node]');
    if (!b) return;
    const n = ctx.game.findById(Number(b.dataset.node));
    if (n) ctx.navigate(() => ctx.game.goTo(n));
  });

  function cancel() {
    st.token++;
    st.running = false;
    btn.textContent = 'Review game';
    show(byId('review-progress'), false);
    if (ctx.engineReady) ctx.engine.stop().catch(() => {});
  }

  // terminalScore scores a position the rules have already decided.
  function terminalScore(game, node) {
    const s = game.status(node);
    if (!s.over) return null;
    if (s.result === '1-0') return { cp: null, mate: 0, white: MATE_CP };
    if (s.result === '0-1') return { cp: null, mate: 0, white: -MATE_CP };
    return { cp: 0, mate: null };
  }

  async function run() {
    const game = ctx.game;
    const nodes = [game.root, ...game.mainlineNodes()];
    if (nodes.length < 2) {
      ctx.say('There are no moves to review.');
      return;
    }
    const token = ++st.token;
    st.running = true;
    st.result = null;
    st.evals = null; // a new review replaces the last one, even if it is cancelled
    st.line = null;
    btn.textContent = 'Cancel review';
    const prog = byId('review-progress');
    prog.max = nodes.length;
    prog.value = 0;
    show(prog, true);
    ctx.say(`Reviewing ${nodes.length - 1} half-moves…`);
    await ctx.engineLoaded;
    if (!ctx.engineReady) {
      ctx.notice('The engine is not available, so the game cannot be reviewed.');
      cancel();
      return;
    }
    const budget = Number(byId('review-budget').value) || 300;
    const evals = [];
    try {
      await ctx.engine.stop();
      await ctx.setOptions({ MultiPV: 1, UCI_LimitStrength: false, UCI_AnalyseMode: true, OwnBook: false });
      ctx.controllers.analysis.state.optionsSent = null;
      for (let i = 0; i < nodes.length; i++) {
        if (token !== st.token) return;
        const n = nodes[i];
        const term = terminalScore(game, n);
        if (term) {
          evals.push({ score: term.white !== undefined ? { cp: term.white, mate: null } : term, best: null });
        } else {
          const turn = n.fen.split(' ')[1];
          let last = null;
          ctx.setPosition(game.startFen, game.uciMoves(n));
          const res = await ctx.engine.go({ movetime: budget }, (info) => {
            if (info && (!info.multipv || info.multipv === 1) && Array.isArray(info.pv) && info.pv.length) {
              const sc = whiteScore(info, turn);
              if (sc) last = sc;
            }
          });
          evals.push({ score: last || { cp: 0, mate: null }, best: res && res.move && res.move !== '0000' ? res.move : null });
        }
        prog.value = i + 1;
        st.points = evals.map((e) => ({ score: e.score }));
        graph.render(st.points, nodes.indexOf(ctx.game.current));
      }
    } catch (e) {
      if (token === st.token) ctx.notice(`Review stopped: ${e.message || e}`);
      cancel();
      return;
    }
    if (token !== st.token) return;
    annotate(game, nodes, evals);
    st.evals = evals;
    st.line = lineOf(nodes);
    st.running = false;
    btn.textContent = 'Review again';
    show(prog, false);
    ctx.refresh({ animate: false });
  }

  // annotate judges every move and shows the summary (quietly when restoring).
  function annotate(game, nodes, evals, quiet = false) {
    const r = judgeMoves(nodes, evals, sanOf);
    st.points = r.points;
    st.result = { accuracy: r.accuracy, counts: r.counts, marks: r.marks };
    game.headers.Annotator = 'Azurite';
    renderSummary();
    if (quiet) return;
    const { marks } = r;
    ctx.say(`Review done. Accuracy: White ${fmtAcc(r.accuracy.w)}, Black ${fmtAcc(r.accuracy.b)}. ${marks.length} marked move${marks.length === 1 ? '' : 's'}.`);
  }

  function sanOf(fen, uci) {
    try {
      return new Chess(fen).move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] }).san;
    } catch {
      return null;
    }
  }

  function fmtAcc(a) {
    return a === null ? '–' : `${a.toFixed(1)}%`;
  }

  function renderSummary() {
    const sum = byId('review-summary');
    const list = byId('review-marks');
    clear(sum);
    clear(list);
    if (!st.result) return;
    const r = st.result;
    const table = h('table', { class: 'acc' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''), h('th', { scope: 'col' }, 'Accuracy'), h('th', { scope: 'col' }, '?!'), h('th', { scope: 'col' }, '?'), h('th', { scope: 'col' }, '??'))),
      h('tbody', {},
        ...['w', 'b'].map((c) => h('tr', {},
          h('th', { scope: 'row' }, ctx.game.headers[c === 'w' ? 'White' : 'Black'] || (c === 'w' ? 'White' : 'Black')),
          h('td', { class: 'acc-value', 'data-color': c }, fmtAcc(r.accuracy[c])),
          h('td', {}, String(r.counts[c][6])), h('td', {}, String(r.counts[c][2])), h('td', {}, String(r.counts[c][4]))))));
    sum.append(table);
    for (const m of r.marks) {
      const n = m.node;
      const num = moveNumberLabel(n, ctx.game.startFen).replace('...', '…');
      list.append(h('li', { class: `mark ${m.judged.label.toLowerCase()}` },
        h('button', { type: 'button', 'data-node': n.id }, `${num} ${n.san}${m.judged.symbol}`),
        h('span', {}, ` ${m.judged.label}${m.bestSan ? `; best was ${m.bestSan}` : ''}`)));
    }
  }

  // dropIfStale forgets the shown review once the main line is no longer the one it
  // judged (another game loaded, a move added at the end, a variation promoted).
  function dropIfStale(nodes) {
    if (st.running || st.line === lineOf(nodes) || (st.line === null && !st.points.length)) return;
    st.points = [];
    st.result = null;
    st.evals = null;
    st.line = null;
    btn.textContent = 'Review game';
    graph.render([], -1);
    renderSummary();
  }

  ctx.listeners.add(() => {
    if (ctx.mode !== 'review') return;
    const nodes = [ctx.game.root, ...ctx.game.mainlineNodes()];
    dropIfStale(nodes);
    if (st.running || st.line !== null) graph.render(st.points, nodes.indexOf(ctx.game.current));
  });

  // restore brings back a saved review if its main line is still the game's; a review
  // of another line (the game changed since) is dropped without a word.
  function restore(o) {
    if (!o || o.evals === undefined) return;
    if (typeof o.line !== 'string' || !Array.isArray(o.evals)) throw new Error('bad review state');
    const evals = o.evals.map(decodeEval);
    const nodes = [ctx.game.root, ...ctx.game.mainlineNodes()];
    if (o.line !== lineOf(nodes) || evals.length !== nodes.length) return;
    annotate(ctx.game, nodes, evals, true);
    st.evals = evals;
    st.line = o.line;
    btn.textContent = 'Review again';
  }

  return {
    enter() {
      dropIfStale([ctx.game.root, ...ctx.game.mainlineNodes()]);
    },
    leave() {
      if (st.running) cancel();
    },
    movable: () => 'both',
    userMove(move) {
      const n = ctx.game.play(move);
      if (!n) return false;
      ctx.refresh({ animate: false });
      return true;
    },
    canNavigate: () => true,
    pgnHeaders: () => ({}),
    // A finished review as [cp, mate, best] per main-line position (about 25 bytes each).
    toJSON: () => (st.evals && !st.running ? { line: st.line, evals: st.evals.map((e) => [e.score.cp, e.score.mate, e.best]) } : {}),
    restore,
    run,
    state: st,
  };
}

// lineOf names a main line (nodes from the root) by its UCI moves.
function lineOf(nodes) {
  return nodes.slice(1).map((n) => n.uci).join(' ');
}

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

// decodeEval checks one saved [cp, mate, best] and returns {score, best}; it throws on
// anything else, so a damaged saved review is reported, never half-shown.
function decodeEval(x) {
  if (!Array.isArray(x) || x.length !== 3) throw new Error('bad review entry');
  const [cp, mate, best] = x;
  const okCp = cp === null || (Number.isFinite(cp) && Math.abs(cp) <= 100000);
  const okMate = mate === null || (Number.isInteger(mate) && Math.abs(mate) < 1000);
  if (!okCp || !okMate || (cp === null) === (mate === null)) throw new Error('bad review score');
  if (best !== null && !(typeof best === 'string' && UCI_MOVE.test(best))) throw new Error('bad review move');
  return { score: { cp, mate }, best };
}
