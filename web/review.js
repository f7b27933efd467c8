// review.js: game review. The engine searches every position of the main line to a
// fixed node count (the quality: quick, normal or deep), the last position first and
// the hash kept from one search to the one before it, so that what a later position's
// search found (the refutation of a blunder, a mate) is in the hash when the move
// that led there is judged; the hash is cleared before the first search only. The
// same game, build and quality therefore give the same marks every time: a position's
// result depends on it and on the moves after it, and is cached under both
// (review-cache.js); a review uses the cache only when every position is there, and
// otherwise searches the whole line again. Each move is judged as lichess does
// (judge.js), marked ?! / ? / ?? with a comment that says what it allowed or missed
// (explain.js) and the engine's best move (also drawn as an arrow when the move is
// shown), and summed up as an accuracy and per-side counts. The marks go into the
// game as NAGs and comments, so the PGN export carries them. After a review,
// practice.js sets each marked move of a side up as a puzzle; its searches are of
// single positions from a cleared hash.

import { whiteScore, toCp, gameStats, formatScore, MATE_CP } from './score.js';
import { judgeMove } from './judge.js';
import { explain, walk } from './explain.js';
import { createEvalGraph } from './eval-graph.js';
import { createTimeChart } from './time-chart.js';
import { moveTimes, parseTimeControl } from './clk.js';
import { createReviewCache, cacheKey, lineKeys } from './review-cache.js';
import { createPractice } from './practice.js';
import { hashKey } from './openings.js';
import { DEFAULT_HASH } from './analysis-settings.js';
import { part, h, clear, show } from './dom.js';
import { moveNumberLabel } from './game.js';
import { commentText } from './pgn.js';
import { parseShapes, withShapes } from './shapes.js';
import { t, formatNumber, everyLanguage } from './i18n.js';

/**
 * QUALITY gives the nodes searched per position at each review setting. A node
 * limit (not time) makes a review repeatable: the search is the same on any machine.
 */
export const QUALITY = { quick: 20000, normal: 300000, deep: 1200000 };

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
  if (node.reviewComment && node.comment === node.reviewComment) node.comment = withShapes('', parseShapes(node.comment));
  node.reviewNag = 0;
  node.reviewComment = '';
}

/**
 * judgeMoves judges the moves nodes[1..] from evals[i] ({score: White's view, pv:
 * [uci] starting with the engine's best move, mated: the position is checkmate}) at
 * nodes[i] and writes the verdicts into the nodes: a ?!/?/?? NAG and a comment with
 * the verdict, the scores, what the move allowed or missed and the best move. A move
 * the author already assessed ($1–$6, e.g. "e4!?") keeps the author's glyph alone,
 * and an author's comment is never replaced; the verdict still counts and is listed in
 * marks. It returns {accuracy, counts, marks, points} for the summary and graph; each
 * mark is {node, judged, best (UCI), bestSan, text}.
 */
export function judgeMoves(nodes, evals) {
  const counts = { w: { 6: 0, 2: 0, 4: 0 }, b: { 6: 0, 2: 0, 4: 0 } };
  const marks = [];
  const points = [{ score: evals[0].score }];
  for (let i = 1; i < nodes.length; i++) {
    const n = nodes[i];
    const mover = n.color;
    const before = evals[i - 1];
    const after = evals[i];
    clearReviewMarks(n);
    const best = before.pv && before.pv.length ? before.pv[0] : null;
    const judged = best === n.uci ? null : judgeMove(mover, before.score, after.score, { afterMated: !!after.mated });
    let point = { score: after.score };
    if (judged) {
      if (!n.nags.some((x) => MOVE_NAGS.includes(x))) {
        n.nags.push(judged.nag);
        n.reviewNag = judged.nag;
      }
      counts[mover][judged.nag]++;
      const why = explain(n.parent.fen, n.uci, before, after);
      const text = `${judged.lead} (${formatScore(before.score)} → ${formatScore(after.score)}).${why ? ` ${why}` : ''}`;
      if (!commentText(n.comment)) {
        // Only the person's arrows and circles (or nothing) there: keep them.
        n.comment = withShapes(text, parseShapes(n.comment));
        n.reviewComment = n.comment;
      }
      const first = best ? walk(n.parent.fen, [best])[0] : null;
      marks.push({ node: n, judged, best, bestSan: first ? first.san : null, text });
      point = { ...point, mark: judged.class, label: `${n.san}${judged.symbol}` };
    }
    points.push(point);
  }
  const stats = gameStats(evals.map((e) => toCp(e.score)), nodes.length > 1 ? nodes[1].color : 'w');
  return { accuracy: stats.accuracy, acpl: stats.acpl, counts, marks, points };
}

/**
 * terminalEval scores node's position when the rules have already decided it (mate,
 * stalemate, a draw by rule), as a review records it; null when they have not.
 */
export function terminalEval(game, node) {
  const s = game.status(node);
  if (!s.over) return null;
  if (s.result === '1-0') return { score: { cp: MATE_CP, mate: null }, pv: [], mated: true };
  if (s.result === '0-1') return { score: { cp: -MATE_CP, mate: null }, pv: [], mated: true };
  return { score: { cp: 0, mate: null }, pv: [] };
}

/**
 * exactLine returns {score (White's view), pv} from an engine info of the search's first
 * line when it carries an exact score and a PV, else null. Lines with a bound are
 * skipped: the engine reports an aspiration fail only once its CurrMoveDelay has
 * passed, so whether one arrives depends on the machine's speed, and taking it would
 * make a review depend on it too (the exact lines come at completed iterations, at
 * node counts that depend on nothing else).
 */
export function exactLine(info, turn) {
  if (!info || info.bound || (info.multipv && info.multipv !== 1) || !Array.isArray(info.pv) || !info.pv.length) return null;
  const score = whiteScore(info, turn);
  return score ? { score, pv: info.pv.slice(0, 16) } : null;
}

/**
 * createReview returns the review-mode controller bound to the shell; root is its
 * panel (quality, progress, graph, summary, practice box, marked moves).
 */
export function createReview(shell, root) {
  // evals and line are the last finished review (saved, so a reload keeps it) and the
  // main line it judged, as UCI moves: a review belongs to that line only.
  const st = { running: false, token: 0, points: [], result: null, evals: null, line: null, quality: 'normal', byNode: new Map(), searched: 0, ms: 0 };
  const cache = createReviewCache();
  const practice = createPractice(shell, part(root, 'practice-box'), { evaluate: (fen) => evaluateFen(fen, st.reviewed || st.quality) });
  const graph = createEvalGraph(part(root, 'review-graph'), {
    onSelect: (ply) => {
      const nodes = [shell.game.root, ...shell.game.mainlineNodes()];
      if (nodes[ply]) shell.navigate(() => shell.game.goTo(nodes[ply]));
    },
  });
  const times = createTimeChart(part(root, 'review-times'), {
    onSelect: (ply) => {
      const nodes = [shell.game.root, ...shell.game.mainlineNodes()];
      if (nodes[ply]) shell.navigate(() => shell.game.goTo(nodes[ply]));
    },
  });
  const btn = part(root, 'btn-review');
  const sel = part(root, 'review-quality');
  sel.addEventListener('change', () => {
    if (QUALITY[sel.value]) st.quality = sel.value;
    shell.save();
  });
  btn.addEventListener('click', () => (st.running ? cancel() : run()));
  part(root, 'review-marks').addEventListener('click', (e) => {
    const b = e.target.closest('[data-node]');
    if (!b) return;
    const n = shell.game.findById(Number(b.dataset.node));
    if (n) shell.navigate(() => shell.game.goTo(n));
  });
  part(root, 'btn-practice').addEventListener('click', () => {
    if (!st.result) return;
    const side = part(root, 'practice-side').value;
    practice.start(st.result.marks.filter((m) => side === 'both' || m.node.color === side).map((m) => ({
      node: m.node,
      fen: m.node.parent.fen,
      played: m.node.uci,
      best: m.best,
      bestSan: m.bestSan,
      before: st.evals[m.node.ply - 1],
      text: m.text,
    })));
  });

  function progress(done, total) {
    const prog = part(root, 'review-progress');
    prog.max = total;
    prog.value = done;
    part(root, 'review-progress-text').textContent = total ? t('review.progress', { done, count: total }) : '';
  }

  function cancel() {
    st.token++;
    st.running = false;
    btn.textContent = t('html.btnReview');
    show(part(root, 'review-progress-row'), false);
    if (shell.engineReady && !shell.engineReservedByPlay()) shell.engine.stop().catch(() => {});
  }

  // evaluateFen searches fen to the quality's node count from a cleared hash (cached)
  // and returns {score (White's view), pv}. The engine is sent the FEN alone.
  async function evaluateFen(fen, quality) {
    // Play holds the engine during a timed game (practice says this as its error).
    const why = shell.engineReservedByPlay();
    if (why) throw new Error(why);
    if (!engineTag) engineTag = await fingerprint();
    const key = cacheKey(engineTag, quality, fen);
    const hit = cached(key);
    if (hit) return hit;
    const out = await search(fen, quality, key, false);
    if (!out) throw new Error(t('review.interrupted'));
    return out;
  }

  // cached returns the evaluation under key, or null.
  function cached(key) {
    const hit = cache.get(key);
    return hit ? { score: { cp: hit.cp, mate: hit.mate }, pv: hit.pv.slice() } : null;
  }

  // search searches fen to the quality's node count, from a cleared hash unless
  // warm, caches the result under key and returns {score (White's view), pv}; or
  // null, caching nothing, when the search was stopped (a cancel, another mode's
  // search or options), since it may have ended before its node count.
  async function search(fen, quality, key, warm) {
    await setReviewOptions();
    const turn = fen.split(' ')[1];
    let last = null;
    st.searched++;
    if (!warm) await shell.engine.newGame();
    shell.setPosition(fen, []);
    const res = await shell.engine.go({ nodes: QUALITY[quality] }, (info) => {
      last = exactLine(info, turn) || last;
    });
    if (res && res.stopped) return null;
    const best = res && res.move && res.move !== '0000' ? res.move : null;
    const out = last || { score: { cp: 0, mate: null }, pv: [] };
    if (best && out.pv[0] !== best) out.pv = [best];
    cache.set(key, { cp: out.score.cp, mate: out.score.mate, pv: out.pv });
    return out;
  }

  // lineEvals evaluates every position of nodes (the main line from the root) at
  // quality, as the module comment says: the rules' verdict where the game is over,
  // else the cache if it holds every searched position of this line, else searches
  // from the last position back. step(i, evals) follows each evaluation; token
  // stops it (null) when a newer review or a cancel took over.
  async function lineEvals(game, nodes, quality, token, step) {
    const why = shell.engineReservedByPlay();
    if (why) throw new Error(why);
    if (!engineTag) engineTag = await fingerprint();
    const evals = nodes.map((n) => terminalEval(game, n));
    const keys = lineKeys(engineTag, quality, nodes, evals.map(Boolean));
    const hits = keys.map((k, i) => (evals[i] ? null : cached(k)));
    if (evals.every((e, i) => e || hits[i])) return evals.map((e, i) => e || hits[i]);
    let warm = false;
    for (let i = nodes.length - 1; i >= 0; i--) {
      if (token !== st.token) return null;
      if (!evals[i]) {
        if (shell.engineReservedByPlay()) throw new Error(shell.engineReservedByPlay());
        evals[i] = await search(nodes[i].fen, quality, keys[i], warm);
        if (token !== st.token) return null;
        if (!evals[i]) throw new Error(t('review.interrupted'));
        warm = true;
      }
      step(i, evals);
    }
    return evals;
  }
  // engineTag names the engine build in cache keys: its id name (every development
  // build is "Azurite dev") and a fingerprint of its search, the last info line of a
  // fixed 3000-node search of the start position, which changes with any change to
  // the search or evaluation that could change a review.
  let engineTag = '';
  async function fingerprint() {
    await setReviewOptions();
    let last = '';
    await shell.engine.newGame();
    shell.setPosition(null, []);
    await shell.engine.go({ nodes: 3000 }, (info) => {
      if (exactLine(info, 'w')) last = `${info.depth}/${info.seldepth}/${info.scoreCp ?? `#${info.scoreMate}`}/${info.nodes}/${info.pv.join(',')}`;
    });
    return `${(shell.engine.id && shell.engine.id.name) || 'engine'}#${hashKey(last).toString(36)}`;
  }

  // setReviewOptions gives the engine the review's options; the shell sends only
  // those it does not have already, whichever mode set them last. The hash is the
  // engine's default whatever the Analyse tab chose: with the hash kept between a
  // line's searches its size is part of the result, and the cache keys omit it.
  async function setReviewOptions() {
    await shell.setOptions({ MultiPV: 1, UCI_LimitStrength: false, UCI_AnalyseMode: true, OwnBook: false, Hash: DEFAULT_HASH });
  }

  async function run() {
    const game = shell.game;
    const nodes = [game.root, ...game.mainlineNodes()];
    if (nodes.length < 2) {
      shell.say(t('review.noMoves'));
      return;
    }
    const why = shell.engineReservedByPlay();
    if (why) {
      shell.notice(why);
      shell.say(why);
      return;
    }
    practice.stop();
    const token = ++st.token;
    st.running = true;
    st.result = null;
    st.evals = null; // a new review replaces the last one, even if it is cancelled
    st.line = null;
    st.byNode = new Map();
    btn.textContent = t('review.cancel');
    progress(0, nodes.length);
    show(part(root, 'review-progress-row'), true);
    show(part(root, 'practice-box'), false);
    shell.say(t('review.reviewing', { count: nodes.length - 1 }));
    await shell.engineLoaded;
    if (!shell.engineReady) {
      shell.notice(t('review.noEngine'));
      cancel();
      return;
    }
    const quality = st.quality;
    let evals = null;
    st.searched = 0; // positions the engine searched in this review (the rest were cached)
    const t0 = performance.now();
    try {
      let done = 0;
      evals = await lineEvals(game, nodes, quality, token, (i, partial) => {
        progress(++done, nodes.length);
        st.points = partial.map((e) => e && { score: e.score });
        graph.render(st.points, nodes.indexOf(shell.game.current));
      });
      if (!evals) return;
    } catch (e) {
      // A review cancelled or replaced meanwhile is the newer one's business.
      if (token !== st.token) return;
      shell.notice(t('review.stopped', { why: e.message || e }));
      cancel();
      return;
    }
    if (token !== st.token) return;
    st.ms = Math.round(performance.now() - t0);
    annotate(game, nodes, evals);
    st.evals = evals;
    st.line = lineOf(nodes);
    st.reviewed = quality;
    st.running = false;
    btn.textContent = t('review.again');
    show(part(root, 'review-progress-row'), false);
    shell.refresh({ animate: false });
  }

  // annotate judges every move and shows the summary (quietly when restoring).
  function annotate(game, nodes, evals, quiet = false) {
    const r = judgeMoves(nodes, evals);
    st.points = r.points;
    st.result = { accuracy: r.accuracy, acpl: r.acpl, counts: r.counts, marks: r.marks };
    st.byNode = new Map(r.marks.map((m) => [m.node.id, m]));
    game.headers.Annotator = 'Azurite';
    // A game played here names the person "You" (play.you, in the language it was
    // played in): practise that side's mistakes.
    const names = everyLanguage('play.you');
    const you = ['w', 'b'].find((c) => names.includes(game.headers[c === 'w' ? 'White' : 'Black']));
    part(root, 'practice-side').value = you || 'both';
    renderSummary();
    if (quiet) return;
    const { marks } = r;
    shell.say(t('review.done', { white: fmtAcc(r.accuracy.w), black: fmtAcc(r.accuracy.b), count: marks.length }));
  }

  // fmtAcc writes an accuracy to one decimal as the language writes a percentage.
  function fmtAcc(a) {
    return a === null ? '–' : t('review.percent', { value: formatNumber(a, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  }

  function renderSummary() {
    const sum = part(root, 'review-summary');
    const list = part(root, 'review-marks');
    clear(sum);
    clear(list);
    show(part(root, 'practice-box'), !!(st.result && st.result.marks.length));
    if (!st.result) return;
    const r = st.result;
    const table = h('table', { class: 'acc' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''), h('th', { scope: 'col' }, t('review.accuracy')),
        h('th', { scope: 'col', title: t('review.acplTitle') }, t('review.acpl')),
        h('th', { scope: 'col', title: t('review.inaccuracies') }, '?!'), h('th', { scope: 'col', title: t('review.mistakes') }, '?'), h('th', { scope: 'col', title: t('review.blunders') }, '??'))),
      h('tbody', {},
        ...['w', 'b'].map((c) => h('tr', { 'data-color': c },
          h('th', { scope: 'row' }, shell.game.headers[c === 'w' ? 'White' : 'Black'] || t(`html.color.${c}`)),
          h('td', { class: 'acc-value', 'data-color': c }, fmtAcc(r.accuracy[c])),
          h('td', { class: 'acpl-value', 'data-color': c }, r.acpl && r.acpl[c] !== null ? String(r.acpl[c]) : '–'),
          h('td', { class: 'count-inaccuracy' }, String(r.counts[c][6])), h('td', { class: 'count-mistake' }, String(r.counts[c][2])), h('td', { class: 'count-blunder' }, String(r.counts[c][4]))))));
    sum.append(table);
    for (const m of r.marks) {
      const n = m.node;
      const num = moveNumberLabel(n, shell.game.startFen).replace('...', '…');
      // The whole row is one button: its explanation leads to the move as well.
      list.append(h('li', { class: `mark ${m.judged.class}`, 'data-kind': m.judged.kind },
        h('button', { type: 'button', 'data-node': n.id },
          h('span', { class: 'mark-move' }, `${num} ${n.san}${m.judged.symbol}`),
          h('span', { class: 'mark-text' }, ` ${m.text}`))));
    }
  }

  // showArrow draws the engine's best move at a marked move (from the position before
  // it, where it could have been played), or nothing elsewhere.
  let shownArrow = '';
  function showArrow() {
    const m = shell.mode === 'review' && !practice.active ? st.byNode.get(shell.game.current.id) : null;
    const want = m && m.best ? m.best.slice(0, 4) : '';
    if (want === shownArrow) return;
    shownArrow = want;
    shell.view.setArrows(want ? [{ from: want.slice(0, 2), to: want.slice(2, 4), kind: 'best' }] : []);
  }

  // dropIfStale forgets the shown review once the main line is no longer the one it
  // judged (another game loaded, a move added at the end, a variation promoted).
  function dropIfStale(nodes) {
    if (st.running || st.line === lineOf(nodes) || (st.line === null && !st.points.length)) return;
    st.points = [];
    st.result = null;
    st.evals = null;
    st.line = null;
    st.byNode = new Map();
    practice.stop();
    btn.textContent = t('html.btnReview');
    graph.render([], -1);
    renderSummary();
  }

  shell.listeners.add(() => {
    if (shell.mode !== 'review') return;
    const nodes = [shell.game.root, ...shell.game.mainlineNodes()];
    dropIfStale(nodes);
    if (st.running || st.line !== null) graph.render(st.points, nodes.indexOf(shell.game.current));
    times.render(moveTimes(nodes, parseTimeControl(shell.game.headers.TimeControl)), nodes.length, nodes.indexOf(shell.game.current));
    showArrow();
  });

  // restore brings back a saved review if its main line is still the game's; a review
  // of another line (the game changed since) is dropped without a word.
  function restore(o) {
    if (!o) return;
    if (QUALITY[o.quality]) st.quality = o.quality;
    if (QUALITY[o.reviewed]) st.reviewed = o.reviewed;
    sel.value = st.quality;
    if (o.evals === undefined) return;
    if (typeof o.line !== 'string' || !Array.isArray(o.evals)) throw new Error('bad review state');
    const evals = o.evals.map(decodeEval);
    const nodes = [shell.game.root, ...shell.game.mainlineNodes()];
    if (o.line !== lineOf(nodes) || evals.length !== nodes.length) return;
    nodes.forEach((n, i) => {
      if (shell.game.status(n).code === 'checkmate') evals[i].mated = true;
    });
    annotate(shell.game, nodes, evals, true);
    st.evals = evals;
    st.line = o.line;
    btn.textContent = t('review.again');
  }

  return {
    enter() {
      dropIfStale([shell.game.root, ...shell.game.mainlineNodes()]);
      shownArrow = null;
      showArrow();
    },
    leave() {
      if (st.running) cancel();
      practice.stop();
      shownArrow = '';
      shell.view.setArrows([]);
    },
    movable: () => (practice.active ? practice.movable() : 'both'),
    userMove(move) {
      if (practice.active) return practice.userMove(move);
      const n = shell.game.play(move);
      if (!n) return false;
      shell.refresh({ animate: false });
      return true;
    },
    canNavigate: () => !practice.active,
    premoving: () => false,
    editable: () => !practice.active && !st.running,
    // A puzzle's position shows none of the game's drawn arrows and circles.
    showsShapes: () => !practice.active,
    engineReady() {},
    engineFreed() {},
    engineRestarted() {
      engineTag = '';
    },
    pgnHeaders: () => ({}),
    // A finished review as [cp, mate, pv] per main-line position (pv: UCI moves
    // joined by spaces, at most 16), the quality it was searched at (reviewed: what
    // practice searches at) and the quality setting.
    toJSON: () => (st.evals && !st.running
      ? { quality: st.quality, reviewed: st.reviewed, line: st.line, evals: st.evals.map((e) => [e.score.cp, e.score.mate, (e.pv || []).join(' ') || null]) }
      : { quality: st.quality }),
    restore,
    run,
    practice,
    /** clearCache forgets every cached evaluation (memory and storage). */
    clearCache: () => cache.clear(),
    state: st,
  };
}

// lineOf names a main line (nodes from the root) by its UCI moves.
function lineOf(nodes) {
  return nodes.slice(1).map((n) => n.uci).join(' ');
}

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

// decodeEval checks one saved [cp, mate, pv] (pv: UCI moves joined by spaces, or
// null) and returns {score, pv}; it throws on anything else, so a damaged saved
// review is reported, never half-shown.
function decodeEval(x) {
  if (!Array.isArray(x) || x.length !== 3) throw new Error('bad review entry');
  const [cp, mate, line] = x;
  const okCp = cp === null || (Number.isFinite(cp) && Math.abs(cp) <= 100000);
  const okMate = mate === null || (Number.isInteger(mate) && Math.abs(mate) < 1000);
  if (!okCp || !okMate || (cp === null) === (mate === null)) throw new Error('bad review score');
  if (line !== null && typeof line !== 'string') throw new Error('bad review move');
  const pv = line ? line.split(' ') : [];
  if (pv.length > 16 || !pv.every((u) => UCI_MOVE.test(u))) throw new Error('bad review move');
  return { score: { cp, mate }, pv };
}
