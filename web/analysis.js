// analysis.js: analysis mode. Free moves (new ones become variations), live engine
// lines (MultiPV) in SAN that can be clicked and previewed on a small board, an eval
// bar, an arrow per line (the first strongest), threat mode, a search limit with "Go
// deeper", the engine settings, and the evaluation cache; loading a FEN or PGN is
// analysis-load.js's. Engine output is only ever shown for the position on the board:
// it is cleared when the engine stops and whenever the position changes (navigation,
// a move, a loaded game or FEN); the deepest lines seen for the new position
// (eval-cache.js) are shown in the same task, until the search goes deeper.
// While Play holds the engine (shell.engineReservedByPlay: a timed game is on) the
// engine is neither started, stopped nor configured here; the lines say why instead.

import { Chess } from 'chess.js';
import { whiteScore, formatScore, evalBarFraction } from './score.js';
import { part, h, clear, show } from './dom.js';
import { createLoader } from './analysis-load.js';
import { EvalCache } from './eval-cache.js';
import { nullMoveFen } from './threat.js';
import { createLinePreview } from './line-preview.js';
import { t, formatNumber } from './i18n.js';
import { drawKind } from './game.js';
import { defaultSettings, normalizeSettings, goLimits, canGoDeeper, createEngineSettings, DEFAULT_HASH } from './analysis-settings.js';

/**
 * createAnalysis returns the analysis-mode controller bound to the shell; root is its
 * panel (engine buttons, settings, lines, load box) and evalbar the eval bar beside
 * the board. cache is the evaluation cache (default: memory and IndexedDB).
 */
export function createAnalysis(shell, root, { evalbar, cache = new EvalCache() }) {
  const st = {
    running: false,
    multipv: 3,
    lines: [], // shown: [{score, pv:[uci], depth}] by multipv index
    depth: 0,
    nps: 0,
    nodes: 0,
    token: 0,
    fen: null, // the board position being analysed
    searchFen: null, // the position searched: fen, or after a pass in threat mode
    live: { lines: [], depth: 0 }, // what the running search has reported
    stored: null, // the cache entry for searchFen when the search began (or found since)
    cached: false, // the lines shown are stored ones, deeper than the search's so far
    done: false, // the search stopped at its limit
    deeper: 0, // "Go deeper" presses at deeperAt
    deeperAt: null,
    threat: false,
    threatError: '', // why threat mode shows nothing here (the side to move is in check)
    settings: defaultSettings(),
    refused: '', // why the engine was refused (Play holds it), shown in the lines
  };
  let raf = 0;
  let shownArrow = '';
  // shown is what the lines on screen say; a click plays what the person saw, not a
  // newer line that arrived since the last redraw.
  let shown = { fen: null, lines: [] };

  const btn = part(root, 'btn-engine');
  const threatBtn = part(root, 'btn-threat');
  const deeperBtn = part(root, 'btn-deeper');
  const mpv = part(root, 'multipv');
  const pvLines = part(root, 'pv-lines');
  const loader = createLoader(shell, root);
  const bar = {
    el: evalbar,
    fill: part(evalbar, 'evalbar-fill'),
    text: part(evalbar, 'evalbar-text'),
  };
  const settingsBox = createEngineSettings(root, {
    onChange(s) {
      const search = s.limit !== st.settings.limit || s.depth !== st.settings.depth || s.seconds !== st.settings.seconds || s.hash !== st.settings.hash;
      st.settings = s;
      if (search) st.deeper = 0;
      if (search && st.running) analyse();
      else render();
      shell.save();
    },
  });
  const preview = createLinePreview(pvLines, root, {
    position: previewAt,
    orientation: () => shell.view.orientation,
    pieces: () => shell.view.piecesFile,
    onClose: () => scheduleRender(),
  });

  btn.addEventListener('click', () => setRunning(!st.running));
  threatBtn.addEventListener('click', () => toggleThreat());
  deeperBtn.addEventListener('click', () => goDeeper());
  mpv.addEventListener('change', () => {
    st.multipv = Number(mpv.value) || 3;
    if (st.running) analyse();
    shell.save();
  });
  pvLines.addEventListener('click', (e) => {
    const b = e.target.closest('[data-line]');
    if (!b) return;
    playLine(Number(b.dataset.line), Number(b.dataset.upto));
  });
  // The keyboard's way along a line: Tab reaches each line's score; ← and → move
  // along that line's moves (which are out of the Tab order), Enter plays up to one.
  pvLines.addEventListener('keydown', (e) => {
    const b = e.target.closest('[data-line]');
    if (!b || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') || e.altKey || e.ctrlKey || e.metaKey) return;
    const row = [...b.closest('.pv-line').querySelectorAll('[data-line]')];
    const next = row[row.indexOf(b) + (e.key === 'ArrowRight' ? 1 : -1)];
    // Kept from the page's own ←/→ (which step through the game).
    e.preventDefault();
    e.stopPropagation();
    if (next) next.focus();
  });

  function setButton(el, on, onText, offText) {
    el.textContent = on ? onText : offText;
    el.setAttribute('aria-pressed', String(on));
  }

  function setRunning(on) {
    if (on && refuse()) return;
    st.refused = '';
    st.running = on;
    setButton(btn, on, t('an.stop'), t('an.start'));
    if (on) analyse();
    else stop();
    shell.save();
  }

  /**
   * toggleThreat turns threat mode on (starting the engine) or off. It is refused, and
   * stays off, while the side to move is in check (a side in check cannot pass) and
   * while Play holds the engine.
   */
  function toggleThreat() {
    if (!st.threat && refuse()) return false;
    if (!st.threat) {
      const pass = nullMoveFen(shell.game.current.fen);
      if (pass.error) {
        shell.say(pass.error);
        return false;
      }
    }
    st.threat = !st.threat;
    threatBtn.setAttribute('aria-pressed', String(st.threat));
    shell.say(st.threat ? t('an.threatOn') : t('an.threatOff'));
    if (st.threat && !st.running) setRunning(true);
    else if (st.running) analyse();
    return true;
  }

  /** goDeeper searches the position again with the limit extended. */
  function goDeeper() {
    if (!st.running || !canGoDeeper(st.settings, st.deeper)) return;
    st.deeper++;
    analyse();
  }

  // stop ends the search and clears what it showed: lines, depth, arrows and the
  // eval bar belong to a running analysis of one position only.
  async function stop() {
    st.token++;
    clearLines();
    render();
    if (shell.engineReady && !shell.engineReservedByPlay()) await shell.engine.stop().catch(() => {});
  }

  // refuse turns the analysis off and says why when Play holds the engine; it
  // returns whether it did.
  function refuse() {
    const why = shell.engineReservedByPlay();
    if (!why) return false;
    st.token++;
    st.running = false;
    st.refused = why;
    setButton(btn, false, t('an.stop'), t('an.start'));
    clearLines();
    render();
    shell.say(why);
    shell.save();
    return true;
  }

  function clearLines() {
    st.lines = [];
    st.depth = 0;
    st.nps = 0;
    st.final = null;
    st.fen = null;
    st.searchFen = null;
    st.live = { lines: [], depth: 0 };
    st.stored = null;
    st.cached = false;
    st.done = false;
    st.threatError = '';
  }

  // wantLines is how many lines a complete depth has at fen: the Lines setting, or
  // fewer when the position has fewer legal moves.
  function wantLines(fen) {
    return Math.min(st.multipv, new Chess(fen).moves().length);
  }

  // useStored shows entry (from the cache, for st.searchFen) if it is deeper than
  // what is shown and complete enough; it returns whether it did.
  function useStored(entry) {
    if (!entry || !st.searchFen || entry.lines.length < wantLines(st.searchFen)) return false;
    if (entry.depth <= st.live.depth || (st.stored && st.stored.depth >= entry.depth && st.cached)) return false;
    st.stored = entry;
    st.lines = entry.lines.slice(0, st.multipv);
    st.depth = entry.depth;
    st.cached = true;
    return true;
  }

  async function analyse() {
    if (refuse()) return;
    const token = ++st.token;
    const g = shell.game;
    const node = g.current;
    clearLines();
    st.fen = node.fen;
    st.searchFen = node.fen;
    if (st.deeperAt !== node.fen) {
      st.deeper = 0;
      st.deeperAt = node.fen;
    }
    const status = g.status(node);
    if (status.over) {
      render();
      if (shell.engineReady) await shell.engine.stop().catch(() => {});
      st.final = status.reason;
      scheduleRender();
      return;
    }
    if (st.threat) {
      const pass = nullMoveFen(node.fen);
      if (pass.error) {
        st.threatError = pass.error;
        render();
        if (shell.engineReady) await shell.engine.stop().catch(() => {});
        return;
      }
      st.searchFen = pass.fen;
    }
    const searchFen = st.searchFen;
    // Now, not at the next scheduled frame: the old position's lines must not stay
    // on screen under the new position; the stored ones for this one may.
    useStored(cache.peek(searchFen));
    render();
    cache.lookup(searchFen).then((e) => {
      if (token === st.token && useStored(e)) scheduleRender();
    });
    await shell.engineLoaded;
    if (!shell.engineReady || token !== st.token) return;
    try {
      // Only what the engine does not have already is sent (the shell remembers what
      // every mode gave it), and a search in flight is stopped first when anything is.
      await shell.setOptions({ MultiPV: st.multipv, UCI_AnalyseMode: true, UCI_LimitStrength: false, OwnBook: false, Hash: st.settings.hash });
      if (token !== st.token) return;
      const turn = searchFen.split(' ')[1];
      if (st.threat) shell.setPosition(searchFen, []);
      else shell.setPosition(g.startFen, g.uciMoves(node));
      const complete = wantLines(searchFen);
      await shell.engine.go(goLimits(st.settings, st.deeper), (info) => {
        if (token !== st.token || !info || !Array.isArray(info.pv) || !info.pv.length) return;
        const score = whiteScore(info, turn);
        if (!score) return;
        const i = (info.multipv || 1) - 1;
        if (i >= st.multipv) return;
        const live = st.live;
        live.lines[i] = { score, pv: info.pv, depth: info.depth, bound: info.bound };
        live.depth = Math.max(live.depth, info.depth);
        st.nps = info.nps || 0;
        st.nodes = info.nodes || 0;
        // A depth is complete when its last line has come, every line exact.
        const done = live.lines.slice(0, complete);
        if (i === complete - 1 && done.length === complete && done.every((l) => l && !l.bound && l.depth === info.depth)) {
          cache.put(searchFen, { depth: info.depth, lines: done.map((l) => ({ score: l.score, pv: l.pv, depth: l.depth })) });
        }
        if (!st.stored || live.depth > st.stored.depth) {
          st.lines = live.lines;
          st.depth = live.depth;
          st.cached = false;
        }
        scheduleRender();
      });
      if (token !== st.token) return;
      st.done = true;
      scheduleRender();
    } catch (e) {
      if (token === st.token) shell.notice(t('an.failed', { why: e.message || String(e) }));
    }
  }

  // Lines are redrawn at most every RENDER_MS: faster than people read, and it keeps
  // the main thread free for the board while the engine streams info lines.
  const RENDER_MS = 120;
  let lastRender = 0;
  function scheduleRender() {
    if (raf) return;
    const wait = Math.max(0, lastRender + RENDER_MS - performance.now());
    raf = setTimeout(() => {
      requestAnimationFrame(() => {
        raf = 0;
        lastRender = performance.now();
        render();
      });
    }, wait);
  }

  // sanLine converts a PV of UCI moves to SAN from fen, stopping at the first move that
  // is not legal (a PV that arrives for an older position is dropped by the token check).
  function sanLine(fen, pv) {
    const c = new Chess(fen);
    const out = [];
    for (const u of pv) {
      try {
        const m = c.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
        out.push({ san: m.san, color: m.color, num: Number(m.before.split(' ')[5]), uci: u, from: m.from, to: m.to, after: m.after });
      } catch {
        break;
      }
    }
    return out;
  }

  // previewAt is the preview board's position after the first upto moves of shown
  // line i.
  function previewAt(i, upto) {
    const l = shown.lines[i];
    if (!l || !shown.fen) return null;
    const moves = sanLine(shown.fen, l.pv.slice(0, upto));
    const m = moves[upto - 1];
    if (!m) return null;
    return { fen: m.after, lastMove: { from: m.from, to: m.to }, caption: t(`an.after.${m.color}`, { num: String(m.num), san: m.san }) };
  }

  function render() {
    const list = pvLines;
    // Reserve room for every requested line so nothing below jumps as lines arrive.
    list.style.setProperty('--pv-n', String(st.multipv));
    if (shell.mode !== 'analysis') {
      clear(list);
      preview.hide();
      return;
    }
    // Lines of another position (the cursor moved since, or a game was loaded) are
    // never shown, even for the one frame before the new search's first line.
    if (st.fen !== shell.game.current.fen) clearLines();
    drawStats();
    // Under an open preview the lines hold still (the move under the pointer keeps
    // its place) as long as they are for the position on the board.
    if (preview.active() && shown.fen && shown.fen === st.searchFen) return;
    preview.hide();
    // The lines are redrawn with every engine report: a keyboard user's focus on one
    // of their buttons goes to the same place in the new lines (or the first score).
    const had = list.contains(document.activeElement) ? document.activeElement : null;
    clear(list);
    list.classList.toggle('threat', st.threat);
    if (st.refused && !st.running) {
      list.append(h('li', { class: 'pv-refused' }, st.refused));
    } else if (st.final) {
      list.append(h('li', { class: 'pv-final' }, st.final));
    } else if (st.threatError) {
      list.append(h('li', { class: 'pv-refused' }, st.threatError));
    } else if (st.running && !st.lines.length) {
      list.append(h('li', { class: 'pv-wait' }, shell.engineReady ? t('an.thinking') : t('an.waiting')));
    }
    if (st.running && st.threat && st.searchFen && !st.threatError) {
      list.prepend(h('li', { class: 'pv-threat-head' }, t(`an.threatHead.${st.searchFen.split(' ')[1]}`)));
    }
    shown = { fen: st.searchFen, lines: st.lines.slice() };
    // data-fen names the position the lines belong to (tests check it is the board's,
    // or in threat mode the board's after a pass); data-depth their depth, and
    // data-cached whether they are stored ones.
    if (st.lines.some(Boolean)) {
      list.dataset.fen = st.searchFen;
      list.dataset.depth = String(st.depth);
      list.dataset.cached = String(st.cached);
    } else {
      delete list.dataset.fen;
      delete list.dataset.depth;
      delete list.dataset.cached;
    }
    st.lines.forEach((l, i) => {
      if (!l) return;
      const moves = sanLine(st.searchFen, l.pv.slice(0, 12));
      const li = h('li', { class: 'pv-line', 'data-multipv': i + 1 });
      const label = t(st.threat ? 'an.threatLine' : 'an.line', { n: String(i + 1), score: formatScore(l.score), san: moves[0] ? moves[0].san : '' });
      li.append(h('button', { type: 'button', class: 'pv-score', 'data-line': i, 'data-upto': 1, 'aria-label': label }, formatScore(l.score)));
      const span = h('span', { class: 'pv-moves' });
      moves.forEach((m, j) => {
        if (m.color === 'w') span.append(h('span', { class: 'num' }, `${m.num}.`));
        else if (j === 0) span.append(h('span', { class: 'num' }, `${m.num}…`));
        span.append(h('button', { type: 'button', class: 'pv-move', 'data-line': i, 'data-upto': j + 1, 'data-uci': m.uci, tabindex: '-1' }, m.san));
      });
      li.append(span);
      list.append(li);
    });
    if (had) {
      const kind = had.classList.contains('pv-score') ? 'pv-score' : 'pv-move';
      const again = list.querySelector(`.${kind}[data-line="${had.dataset.line}"][data-upto="${had.dataset.upto}"]`) || list.querySelector('.pv-score');
      if (again) again.focus({ preventScroll: true });
    }
    drawBar(st.threat ? threatBar() : st.lines[0]);
    // One arrow per shown line, the first line's strongest; a move two lines share
    // gets one arrow. In threat mode, one red arrow: the threat.
    const arrows = [];
    st.lines.forEach((l, i) => {
      const u = l && st.running && l.pv[0] ? l.pv[0].slice(0, 4) : '';
      if (!u || (st.threat && i > 0)) return;
      if (!arrows.some((a) => a.from + a.to === u)) arrows.push({ from: u.slice(0, 2), to: u.slice(2, 4), kind: st.threat ? 'threat' : i === 0 ? 'best' : 'alt' });
    });
    const key = arrows.map((a) => a.kind + a.from + a.to).join(' ');
    if (key !== shownArrow) {
      shownArrow = key;
      shell.view.setArrows(arrows);
    }
  }

  // drawStats writes the depth line and shows "Go deeper" when the search stopped at
  // its limit and the limit can grow.
  function drawStats() {
    const parts = [];
    if (st.running && st.depth) {
      parts.push(t(st.cached ? 'an.depthStored' : 'an.depth', { depth: String(st.depth) }));
      if (st.done) parts.push(t('an.done'));
      else if (st.nps) parts.push(formatNps(st.nps));
    }
    part(root, 'engine-stats').textContent = parts.join(' · ');
    show(deeperBtn, st.running && st.done && !st.final && canGoDeeper(st.settings, st.deeper));
  }

  // threatBar is the eval bar's line in threat mode: the position's own stored
  // evaluation, if any (the threat search's score is not the position's).
  function threatBar() {
    const e = st.fen ? cache.peek(st.fen) : null;
    return e ? e.lines[0] : null;
  }

  // drawBar shows best's score on the eval bar. Without a line it shows a decided
  // position's result (the rules decide it, so with the engine off too), or, with the
  // engine off (or in threat mode), "off" on a neutral bar: a half-filled bar would
  // read as "equal". The eval bar setting off hides it.
  function drawBar(best) {
    const g = shell.game;
    const over = best ? null : g.status(g.current);
    const off = !best && !over.over && (!st.running || st.threat);
    let frac = 0.5;
    let text = '';
    let label = t('an.barWaiting');
    if (best) {
      frac = evalBarFraction(best.score);
      text = shortScore(best.score);
      label = t('an.barEval', { score: formatScore(best.score) });
    } else if (over.over) {
      frac = over.result === '1-0' ? 1 : over.result === '0-1' ? 0 : 0.5;
      text = over.result === '1/2-1/2' ? '½-½' : over.result;
      label = over.code === 'checkmate' ? t(over.result === '1-0' ? 'an.barMate.w' : 'an.barMate.b') : t(`an.barDraw.${drawKind(over.code)}`);
    } else if (off) {
      text = t('an.barOff');
      label = st.threat ? t('an.barThreat') : t('an.barEngineOff');
    }
    show(bar.el, st.settings.evalbar);
    bar.el.classList.toggle('off', off);
    bar.fill.style.height = `${(frac * 100).toFixed(1)}%`;
    bar.text.textContent = text;
    bar.el.setAttribute('aria-valuenow', String(Math.round(frac * 100)));
    bar.el.setAttribute('aria-valuetext', label);
    bar.el.classList.toggle('flipped', shell.view.orientation === 'b');
    // The label sits at White's end of the bar; when White's share is too thin to hold
    // it, it is drawn light on the dark part instead.
    bar.el.classList.toggle('label-on-dark', !off && frac < 0.1);
  }

  // shortScore fits the narrow eval bar: one decimal, no plus sign.
  function shortScore(sc) {
    if (sc.mate !== null && sc.mate !== undefined) return `#${sc.mate}`;
    const v = Math.abs(sc.cp) >= 1000 ? Math.round(sc.cp / 100) : (sc.cp / 100).toFixed(1);
    // -0.04 rounds to "-0.0": an equal position has no sign.
    return v === '-0.0' ? '0.0' : String(v);
  }

  function formatNps(n) {
    if (!n) return '';
    return n >= 1e6 ? t('an.mnps', { n: formatNumber(n / 1e6, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) }) : t('an.knps', { n: Math.round(n / 1000) });
  }

  function playLine(i, upto) {
    const l = shown.lines[i];
    if (!l || shell.game.current.fen !== st.fen || shown.fen !== st.searchFen) return false;
    if (st.threat) {
      shell.say(t('an.threatLineNoPlay'));
      return false;
    }
    let played = 0;
    for (const u of l.pv.slice(0, upto)) {
      if (!shell.game.play(u)) break;
      played++;
    }
    if (played) {
      shell.refresh();
      shell.say(t('an.playedLine', { count: played, line: String(i + 1), san: shell.game.current.san }));
    }
    return played > 0;
  }

  /** playBest plays the first move of the first line shown (the Space key). */
  function playBest() {
    if (!st.running || st.threat || !shown.lines[0]) {
      shell.say(st.threat ? t('an.threatNoPlay') : t('an.noEngineMove'));
      return false;
    }
    return playLine(0, 1);
  }

  // hashMax is the engine's advertised Hash maximum (Infinity before it is known).
  function hashMax() {
    const o = Array.isArray(shell.engine.options) ? shell.engine.options.find((x) => String(x.name).toLowerCase() === 'hash') : null;
    return o && Number.isFinite(o.max) ? o.max : Infinity;
  }

  shell.listeners.add(() => {
    if (shell.mode !== 'analysis') return;
    if (st.running && shell.game.current.fen !== st.fen) analyse();
    else if (shell.game.current.fen !== st.fen) {
      clearLines();
      render();
    } else scheduleRender();
  });

  settingsBox.set(st.settings);

  return {
    enter() {
      if (st.running) analyse();
      scheduleRender();
    },
    leave() {
      stop();
      preview.hide();
      shownArrow = '';
      shell.view.setArrows([]);
      show(bar.el, false);
      // The other tabs search with the engine's default hash (a review's marks depend
      // on it): a larger one set here goes when the tab is left.
      if (shell.engineReady && !shell.engineReservedByPlay()) shell.setOptions({ Hash: DEFAULT_HASH }).catch(() => {});
    },
    movable: () => 'both',
    userMove(move) {
      const n = shell.game.play(move);
      if (!n) return false;
      shell.refresh({ animate: false });
      const s = shell.game.status(n);
      shell.say(s.over ? t(`an.moveOver.${n.color}`, { san: n.san, reason: s.reason }) : t(`shell.navMove.${n.color}`, { san: n.san }));
      return true;
    },
    premoving: () => false,
    canNavigate: () => true,
    editable: () => true,
    showsShapes: () => true,
    pgnHeaders: () => ({}),
    engineReady() {
      st.settings = normalizeSettings(st.settings, hashMax());
      settingsBox.set(st.settings, hashMax());
      if (shell.mode === 'analysis' && st.running) analyse();
    },
    // engineFreed: Play's game ended; the engine may be started here again.
    engineFreed() {
      st.refused = '';
      scheduleRender();
    },
    engineRestarted() {
      if (shell.mode === 'analysis' && st.running) analyse();
    },
    toJSON: () => ({ multipv: st.multipv, running: st.running, settings: st.settings }),
    restore(o) {
      if (!o) return;
      if ([1, 2, 3, 4, 5].includes(o.multipv)) st.multipv = o.multipv;
      mpv.value = String(st.multipv);
      st.settings = normalizeSettings(o.settings, hashMax());
      settingsBox.set(st.settings, hashMax());
      if (o.running) {
        st.running = true;
        setButton(btn, true, t('an.stop'), t('an.start'));
      }
    },
    load: loader.load,
    toggleThreat,
    playBest,
    goDeeper,
    cache,
    state: st,
  };
}
