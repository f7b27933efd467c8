// analysis.js: analysis mode. Free moves (new ones become variations), live engine
// lines (MultiPV) in SAN that can be clicked, an eval bar, an arrow per line (the
// first strongest), and loading a FEN or PGN from text or a file. Engine output is
// only ever shown for the position on the board: it is cleared when the engine stops
// and whenever the position changes (navigation, a move, a loaded game or FEN).
// While Play holds the engine (shell.engineReservedByPlay: a timed game is on) the
// engine is neither started nor stopped here; the lines say why instead.

import { Chess } from 'chess.js';
import { parseGameText, pickGame, MAX_TEXT } from './pgn.js';
import { whiteScore, formatScore, evalBarFraction } from './score.js';
import { part, h, clear, show } from './dom.js';

/**
 * createAnalysis returns the analysis-mode controller bound to the shell; root is its
 * panel (engine button, lines, load box) and evalbar the eval bar beside the board.
 */
export function createAnalysis(shell, root, { evalbar }) {
  const st = {
    running: false,
    multipv: 3,
    lines: [], // [{score, pv:[uci], depth}] by multipv index
    depth: 0,
    nps: 0,
    nodes: 0,
    token: 0,
    fen: null, // position being analysed
    optionsSent: null,
    refused: '', // why the engine was refused (Play holds it), shown in the lines
  };
  let raf = 0;
  let shownArrow = '';
  // shown is what the lines on screen say; a click plays what the person saw, not a
  // newer line that arrived since the last redraw.
  let shown = { fen: null, lines: [] };

  const btn = part(root, 'btn-engine');
  const mpv = part(root, 'multipv');
  const pvLines = part(root, 'pv-lines');
  const loadError = part(root, 'load-error');
  const loadGame = part(root, 'load-game');
  const bar = {
    el: evalbar,
    fill: part(evalbar, 'evalbar-fill'),
    text: part(evalbar, 'evalbar-text'),
  };
  btn.addEventListener('click', () => setRunning(!st.running));
  mpv.addEventListener('change', () => {
    st.multipv = Number(mpv.value) || 3;
    if (st.running) analyse();
    shell.save();
  });
  part(root, 'btn-load').addEventListener('click', () => load(part(root, 'load-text').value));
  part(root, 'load-file').addEventListener('change', async (e) => {
    const f = e.target.files && e.target.files[0];
    e.target.value = '';
    if (!f) return;
    if (f.size > MAX_TEXT) {
      showLoadError(`${f.name} is ${(f.size / 1e6).toFixed(1)} MB; the limit is ${MAX_TEXT / 1e6} MB.`);
      return;
    }
    load(await f.text(), f.name);
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

  function showLoadError(msg) {
    loadError.textContent = msg;
    if (msg) shell.say(msg);
  }

  // The games of the last text with several, for the chooser: {games, name}.
  let many = null;
  loadGame.addEventListener('change', (e) => {
    if (many) adopt(() => pickGame(many.games, Number(e.target.value)), many.name);
  });

  function load(text, name = '') {
    return adopt(() => parseGameText(text), name);
  }

  // adopt runs parse (which returns parseGameText's result or throws InputError) and
  // makes its game the current one. On an error the message is shown and the previous
  // game stays; a text with several games keeps its chooser either way.
  function adopt(parse, name) {
    let res;
    try {
      res = parse();
    } catch (e) {
      showChooser(e.games, e.index, name);
      showLoadError(e.message || String(e));
      return false;
    }
    showChooser(res.games, res.index, name);
    showLoadError('');
    shell.hideBanner();
    shell.setGame(res.game);
    const g = res.game;
    const from = name ? `${name}: ` : '';
    if (!res.games) {
      // A FEN: there are no moves to count; say whose move it is.
      shell.say(`Loaded ${from}the position, ${g.startFen.split(' ')[1] === 'w' ? 'White' : 'Black'} to move.`);
      return true;
    }
    const who = g.headers.White || g.headers.Black ? `${g.headers.White || '?'} – ${g.headers.Black || '?'}` : 'the game';
    const main = g.mainlineNodes().length;
    const side = countMoves(g.root) - main;
    const vars = side ? `, ${side} more in variations` : '';
    shell.say(`Loaded ${from}${who}, ${main} half-move${main === 1 ? '' : 's'}${vars}.${res.note ? ` ${res.note}` : ''}`);
    return true;
  }

  function countMoves(root) {
    let n = 0;
    const stack = [...root.children];
    while (stack.length) {
      const x = stack.pop();
      n++;
      stack.push(...x.children);
    }
    return n;
  }

  // showChooser lists the games of a text that holds several (games from readGames),
  // with index selected, and hides the list otherwise.
  function showChooser(games, index, name) {
    const sel = loadGame;
    const row = part(root, 'load-games-row');
    if (!games || games.length < 2) {
      if (games !== undefined) many = null;
      show(row, !!many);
      return;
    }
    if (!many || many.games !== games) {
      many = { games, name };
      clear(sel);
      games.forEach((g, i) => sel.append(h('option', { value: i }, g.summary)));
    }
    sel.value = String(index);
    show(row, true);
  }

  function setRunning(on) {
    if (on && refuse()) return;
    st.refused = '';
    st.running = on;
    btn.textContent = on ? 'Stop engine' : 'Start engine';
    btn.setAttribute('aria-pressed', String(on));
    if (on) analyse();
    else stop();
    shell.save();
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
    btn.textContent = 'Start engine';
    btn.setAttribute('aria-pressed', 'false');
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
  }

  async function analyse() {
    if (refuse()) return;
    const token = ++st.token;
    const g = shell.game;
    const node = g.current;
    st.fen = node.fen;
    st.lines = [];
    st.depth = 0;
    // Now, not at the next scheduled frame: the old position's lines must not stay
    // on screen under the new position.
    render();
    const status = g.status(node);
    if (status.over) {
      if (shell.engineReady) await shell.engine.stop().catch(() => {});
      st.final = status.reason;
      scheduleRender();
      return;
    }
    st.final = null;
    await shell.engineLoaded;
    if (!shell.engineReady || token !== st.token) return;
    try {
      const want = `${st.multipv}`;
      if (st.optionsSent !== want) {
        await shell.engine.stop();
        await shell.setOptions({ MultiPV: st.multipv, UCI_AnalyseMode: true, UCI_LimitStrength: false, OwnBook: false });
        st.optionsSent = want;
      }
      if (token !== st.token) return;
      const turn = node.fen.split(' ')[1];
      shell.setPosition(g.startFen, g.uciMoves(node));
      await shell.engine.go({ infinite: true }, (info) => {
        if (token !== st.token || !info || !Array.isArray(info.pv) || !info.pv.length) return;
        const score = whiteScore(info, turn);
        if (!score) return;
        const i = (info.multipv || 1) - 1;
        if (i >= st.multipv) return;
        st.lines[i] = { score, pv: info.pv, depth: info.depth, bound: info.bound };
        st.depth = info.depth;
        st.nps = info.nps || 0;
        st.nodes = info.nodes || 0;
        scheduleRender();
      });
    } catch (e) {
      if (token === st.token) shell.notice(`Analysis failed: ${e.message || e}`);
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
        out.push({ san: m.san, color: m.color, num: Number(m.before.split(' ')[5]) });
      } catch {
        break;
      }
    }
    return out;
  }

  function render() {
    const list = pvLines;
    // The lines are redrawn with every engine report: a keyboard user's focus on one
    // of their buttons goes to the same place in the new lines (or the first score).
    const had = list.contains(document.activeElement) ? document.activeElement : null;
    clear(list);
    // Reserve room for every requested line so nothing below jumps as lines arrive.
    list.style.setProperty('--pv-n', String(st.multipv));
    if (shell.mode !== 'analysis') return;
    // Lines of another position (the cursor moved since, or a game was loaded) are
    // never shown, even for the one frame before the new search's first line.
    if (st.fen !== shell.game.current.fen) clearLines();
    if (st.refused && !st.running) {
      list.append(h('li', { class: 'pv-refused' }, st.refused));
    } else if (st.final) {
      list.append(h('li', { class: 'pv-final' }, st.final));
    } else if (st.running && !st.lines.length) {
      list.append(h('li', { class: 'pv-wait' }, shell.engineReady ? 'Thinking…' : 'Waiting for the engine…'));
    }
    shown = { fen: st.fen, lines: st.lines.slice() };
    // data-fen names the position the lines belong to (tests check it is the board's).
    if (st.lines.some(Boolean)) list.dataset.fen = st.fen;
    else delete list.dataset.fen;
    st.lines.forEach((l, i) => {
      if (!l) return;
      const moves = sanLine(st.fen, l.pv.slice(0, 12));
      const li = h('li', { class: 'pv-line', 'data-multipv': i + 1 });
      li.append(h('button', { type: 'button', class: 'pv-score', 'data-line': i, 'data-upto': 1, 'aria-label': `Line ${i + 1}, ${formatScore(l.score)}: play ${moves[0] ? moves[0].san : ''}` }, formatScore(l.score)));
      const span = h('span', { class: 'pv-moves' });
      moves.forEach((m, j) => {
        if (m.color === 'w') span.append(h('span', { class: 'num' }, `${m.num}.`));
        else if (j === 0) span.append(h('span', { class: 'num' }, `${m.num}…`));
        span.append(h('button', { type: 'button', class: 'pv-move', 'data-line': i, 'data-upto': j + 1, tabindex: '-1' }, m.san));
      });
      li.append(span);
      list.append(li);
    });
    if (had) {
      const kind = had.classList.contains('pv-score') ? 'pv-score' : 'pv-move';
      const again = list.querySelector(`.${kind}[data-line="${had.dataset.line}"][data-upto="${had.dataset.upto}"]`) || list.querySelector('.pv-score');
      if (again) again.focus({ preventScroll: true });
    }
    part(root, 'engine-stats').textContent = st.running && st.depth ? `depth ${st.depth} · ${formatNps(st.nps)}` : '';
    drawBar(st.lines[0]);
    // One arrow per shown line, the first line's strongest; a move two lines share
    // gets one arrow.
    const arrows = [];
    st.lines.forEach((l, i) => {
      const u = l && st.running && l.pv[0] ? l.pv[0].slice(0, 4) : '';
      if (u && !arrows.some((a) => a.from + a.to === u)) arrows.push({ from: u.slice(0, 2), to: u.slice(2, 4), kind: i === 0 ? 'best' : 'alt' });
    });
    const key = arrows.map((a) => a.from + a.to).join(' ');
    if (key !== shownArrow) {
      shownArrow = key;
      shell.view.setArrows(arrows);
    }
  }

  // drawBar shows best's score on the eval bar. Without a line it shows a decided
  // position's result (the rules decide it, so with the engine off too), or, with the
  // engine off, "off" on a neutral bar: a half-filled bar would read as "equal".
  function drawBar(best) {
    const g = shell.game;
    const over = best ? null : g.status(g.current);
    const off = !best && !over.over && !st.running;
    let frac = 0.5;
    let text = '';
    let label = 'Waiting for the engine';
    if (best) {
      frac = evalBarFraction(best.score);
      text = shortScore(best.score);
      label = `Evaluation ${formatScore(best.score)}`;
    } else if (over.over) {
      frac = over.result === '1-0' ? 1 : over.result === '0-1' ? 0 : 0.5;
      text = over.result === '1/2-1/2' ? '½-½' : over.result;
      label = over.code === 'checkmate' ? `Checkmate: ${over.result === '1-0' ? 'White' : 'Black'} wins` : `Draw: ${over.reason.toLowerCase()}`;
    } else if (off) {
      text = 'off';
      label = 'Engine off';
    }
    show(bar.el, true);
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
    return String(v);
  }

  function formatNps(n) {
    if (!n) return '';
    return n >= 1e6 ? `${(n / 1e6).toFixed(1)} Mn/s` : `${Math.round(n / 1000)} kn/s`;
  }

  function playLine(i, upto) {
    const l = shown.lines[i];
    if (!l || shell.game.current.fen !== shown.fen) return;
    let played = 0;
    for (const u of l.pv.slice(0, upto)) {
      if (!shell.game.play(u)) break;
      played++;
    }
    if (played) {
      shell.refresh();
      shell.say(`Played ${played} move${played > 1 ? 's' : ''} of line ${i + 1}: ${shell.game.current.san}`);
    }
  }

  shell.listeners.add(() => {
    if (shell.mode !== 'analysis') return;
    if (st.running && shell.game.current.fen !== st.fen) analyse();
    else if (shell.game.current.fen !== st.fen) {
      clearLines();
      render();
    } else scheduleRender();
  });

  return {
    enter() {
      if (st.running) analyse();
      scheduleRender();
    },
    leave() {
      stop();
      shownArrow = '';
      shell.view.setArrows([]);
      show(bar.el, false);
    },
    movable: () => 'both',
    userMove(move) {
      const n = shell.game.play(move);
      if (!n) return false;
      shell.refresh({ animate: false });
      const s = shell.game.status(n);
      shell.say(`${n.color === 'w' ? 'White' : 'Black'} ${n.san}${s.over ? `. ${s.reason}` : ''}`);
      return true;
    },
    canNavigate: () => true,
    engineReady() {
      if (shell.mode === 'analysis' && st.running) analyse();
    },
    // engineFreed: Play's game ended; the engine may be started here again.
    engineFreed() {
      st.refused = '';
      scheduleRender();
    },
    engineRestarted() {
      st.optionsSent = null;
      if (shell.mode === 'analysis' && st.running) analyse();
    },
    toJSON: () => ({ multipv: st.multipv, running: st.running }),
    restore(o) {
      if (!o) return;
      if ([1, 2, 3, 4, 5].includes(o.multipv)) st.multipv = o.multipv;
      mpv.value = String(st.multipv);
      if (o.running) {
        st.running = true;
        btn.textContent = 'Stop engine';
        btn.setAttribute('aria-pressed', 'true');
      }
    },
    load,
    state: st,
  };
}
