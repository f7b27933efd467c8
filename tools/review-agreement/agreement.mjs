#!/usr/bin/env node
// agreement.mjs scores the game review's marked moves against a stronger reference
// (make review-agreement; issue 34). Every game of games.pgn is reviewed as the
// player reviews it: each position of the main line searched to a fixed node count
// with the review's options (web/review.js setReviewOptions), the last position first
// with the hash kept from one search to the next and cleared only before the first
// (web/review.js lineEvals), the score taken from the last exact line (exactLine),
// positions the rules decide scored by the rules (Game.status), and the moves judged
// by the player's own judgeMoves on lichess's thresholds. The reference engine at its
// node count searches each position alone from a cleared hash, as lichess's analysis
// does; the reference at the test's node count (the line the test is read against)
// is reviewed as the test is.
// A move counts as marked when it gets any verdict (?!, ? or ??); the report gives
// precision, recall and F1 of the test's marks against the reference's, overall and
// for mistakes and blunders alone, per game and in total.
//
//   node tools/review-agreement/agreement.mjs [--engine CMD] [--nodes N]
//        [--ref CMD] [--ref-nodes N] [--games FILE] [--cache DIR] [--json FILE]
//        [--scale S] [--list] [--forward]
//
// --scale S multiplies the test engine's centipawn scores by S before they are
// judged (mates and the rules' verdicts unchanged): how much of the disagreement
// is the score's scale rather than which moves the search finds bad. The review
// itself never rescales; the default 1 is what the player shows.
// --list adds the moves the two disagree on, each with both engines' loss of winning
// chances and whether the test's own search chose the move: whether they differ on
// what is bad or only on which side of a threshold a loss falls.
// --forward reviews the way the player did before 2026-11-29: each position alone,
// first to last, from a cleared hash (the test and the line it is read against).
// The native engine gives the node-for-node search of the wasm build the player runs
// (make test-search-wasm checks the node counts agree); --engine 'node
// tools/azurite-uci.mjs' runs the wasm build itself. Evaluations are cached by engine
// fingerprint, node count and FEN in --cache (default ~/.cache/azurite/review-agreement),
// so a later run searches only what changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readGames, buildGame, nagSymbol } from '../../web/pgn.js';
import { judgeMoves, exactLine, terminalEval, QUALITY } from '../../web/review.js';
import { chancesLost, isMate, THRESHOLDS } from '../../web/judge.js';
import { moveNumberLabel } from '../../web/game.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function parseArgs(argv) {
  const o = {
    engine: path.join(root, 'bin', 'azurite'),
    nodes: QUALITY.normal,
    ref: 'stockfish',
    refNodes: 2000000,
    games: path.join(root, 'tools', 'review-agreement', 'games.pgn'),
    cache: path.join(os.homedir(), '.cache', 'azurite', 'review-agreement'),
    json: '',
    scale: 1,
    list: false,
    backward: true,
  };
  const names = { '--engine': 'engine', '--nodes': 'nodes', '--ref': 'ref', '--ref-nodes': 'refNodes', '--games': 'games', '--cache': 'cache', '--json': 'json', '--scale': 'scale' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--list') {
      o.list = true;
      continue;
    }
    if (argv[i] === '--forward') {
      o.backward = false;
      continue;
    }
    const k = names[argv[i]];
    if (!k || i + 1 >= argv.length) throw new Error(`agreement: unknown or incomplete argument ${JSON.stringify(argv[i])}`);
    const v = argv[++i];
    o[k] = k === 'nodes' || k === 'refNodes' ? Number(v) : v;
    if ((k === 'nodes' || k === 'refNodes') && !(Number.isInteger(o[k]) && o[k] > 0)) throw new Error(`agreement: ${argv[i - 1]} needs a positive whole number, not ${JSON.stringify(v)}`);
    if (k === 'scale') {
      o.scale = Number(v);
      if (!(Number.isFinite(o.scale) && o.scale > 0 && o.scale <= 10)) throw new Error(`agreement: --scale needs a number above 0 and at most 10, not ${JSON.stringify(v)}`);
    }
  }
  return o;
}

// parseInfo reads a UCI info line into the engine client's typed form, as exactLine
// takes it: depth, multipv, scoreCp or scoreMate, bound, pv.
export function parseInfo(line) {
  const w = line.trim().split(/\s+/);
  if (w[0] !== 'info') return null;
  const info = {};
  for (let i = 1; i < w.length; i++) {
    switch (w[i]) {
      case 'depth': info.depth = Number(w[++i]); break;
      case 'multipv': info.multipv = Number(w[++i]); break;
      case 'nodes': info.nodes = Number(w[++i]); break;
      case 'score':
        if (w[i + 1] === 'cp') info.scoreCp = Number(w[i + 2]);
        else if (w[i + 1] === 'mate') info.scoreMate = Number(w[i + 2]);
        i += 2;
        if (w[i + 1] === 'lowerbound' || w[i + 1] === 'upperbound') info.bound = w[++i];
        break;
      case 'pv': info.pv = w.slice(i + 1); i = w.length; break;
      default: break;
    }
  }
  return info;
}

// Engine talks UCI to one engine process, one command at a time.
class Engine {
  constructor(command, options) {
    const [cmd, ...args] = command.split(/\s+/);
    this.proc = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'], cwd: root });
    this.options = options;
    this.buf = '';
    this.waiters = [];
    this.lines = [];
    this.proc.stdout.on('data', (d) => {
      this.buf += d;
      let i;
      while ((i = this.buf.indexOf('\n')) >= 0) {
        const line = this.buf.slice(0, i).trim();
        this.buf = this.buf.slice(i + 1);
        this.lines.push(line);
        for (const w of this.waiters.slice()) w(line);
      }
    });
    this.exited = new Promise((resolve) => this.proc.on('exit', resolve));
  }

  send(s) {
    this.proc.stdin.write(`${s}\n`);
  }

  // until sends s and resolves with the lines up to the first that pred accepts.
  until(s, pred, onLine = () => {}) {
    return new Promise((resolve, reject) => {
      const seen = [];
      const w = (line) => {
        seen.push(line);
        onLine(line);
        if (pred(line)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          resolve(seen);
        }
      };
      this.waiters.push(w);
      this.exited.then((code) => reject(new Error(`engine exited (${code}) waiting for an answer to ${s}`)));
      if (s) this.send(s);
    });
  }

  async start() {
    const lines = await this.until('uci', (l) => l === 'uciok');
    const id = lines.find((l) => l.startsWith('id name '));
    this.name = id ? id.slice(8) : 'engine';
    const known = new Set(lines.filter((l) => l.startsWith('option name ')).map((l) => l.slice(12).split(' type ')[0]));
    for (const [k, v] of Object.entries(this.options)) if (known.has(k)) this.send(`setoption name ${k} value ${v}`);
    await this.until('isready', (l) => l === 'readyok');
    // The fingerprint names the build in the cache: a fixed search's last line.
    const fp = await this.evaluate('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 3000, true);
    // (the engine's first word, not its version: an unchanged search keeps its cache)
    this.tag = `${this.name.split(' ')[0]}#${crypto.createHash('sha256').update(fp).digest('hex').slice(0, 12)}`;
  }

  // evaluate searches fen to nodes from a cleared hash (unless keep) and returns
  // {score (White's view), pv}, as web/review.js evaluateFen does; raw returns the
  // last info line.
  async evaluate(fen, nodes, raw = false, keep = false) {
    if (!keep) this.send('ucinewgame');
    await this.until('isready', (l) => l === 'readyok');
    this.send(`position fen ${fen}`);
    const turn = fen.split(' ')[1];
    let last = null;
    let lastInfo = '';
    const lines = await this.until(`go nodes ${nodes}`, (l) => l.startsWith('bestmove'), (l) => {
      const info = parseInfo(l);
      if (info && info.pv) {
        lastInfo = l;
        last = exactLine(info, turn) || last;
      }
    });
    if (raw) return lastInfo.replace(/ (time|nps|hashfull|tbhits) \d+/g, '');
    const best = lines[lines.length - 1].split(/\s+/)[1];
    const out = last || { score: { cp: 0, mate: null }, pv: [] };
    if (best && best !== '0000' && best !== '(none)' && out.pv[0] !== best) out.pv = [best];
    return out;
  }

  async quit() {
    this.send('quit');
    await this.exited;
  }
}

// Cache keeps evaluations by engine tag and node count, one JSON line per FEN.
class Cache {
  constructor(dir, tag, nodes) {
    fs.mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, `${tag.replace(/[^\w.#-]+/g, '_')}-${nodes}.jsonl`);
    this.map = new Map();
    if (fs.existsSync(this.file)) {
      for (const line of fs.readFileSync(this.file, 'utf8').split('\n')) {
        if (!line) continue;
        try {
          const e = JSON.parse(line);
          this.map.set(e.fen, e.eval);
        } catch {
          // a line cut by an interrupted run: searched again
        }
      }
    }
  }

  get(fen) {
    return this.map.get(fen);
  }

  set(fen, ev) {
    this.map.set(fen, ev);
    fs.appendFileSync(this.file, `${JSON.stringify({ fen, eval: ev })}\n`);
  }
}

// scaled returns ev with its centipawn score multiplied by s (mates unchanged).
export function scaled(ev, s) {
  if (s === 1 || ev.score.cp == null) return ev;
  return { ...ev, score: { ...ev.score, cp: Math.round(ev.score.cp * s) } };
}

// moveLosses gives, for each move of line (nodes from the root) judged with evals
// (one per node, White's view), the mover's loss of winning chances in lichess's
// points (judgeMove's drop; a mate counts as 1 000 cp, where lichess clamps, and
// mate says one of the two scores was a mate, judged by judgeMove's mate rules) and
// whether the move was the search's own choice (then the review never marks it).
export function moveLosses(line, evals) {
  const cp = (s) => (isMate(s) ? Math.sign(s.mate) * 1000 : s.cp);
  const out = new Map();
  for (let i = 1; i < line.length; i++) {
    const n = line[i];
    const before = evals[i - 1];
    const drop = chancesLost(n.color === 'w' ? 1 : -1, cp(before.score), cp(evals[i].score));
    out.set(n.ply, { drop, mate: isMate(before.score) || isMate(evals[i].score), chosen: !!(before.pv && before.pv[0] === n.uci) });
  }
  return out;
}

// backwardEvals searches line's positions last to first with the hash kept from one
// to the next, as the player's review does. Each evaluation depends on the searches
// before it, so the cache keys them by the game's positions as well, and a game any
// of whose positions is missing is searched again whole.
export async function backwardEvals(game, line, engine, nodes, cache, progress) {
  const id = crypto.createHash('sha256').update(line.map((n) => n.fen).join('|')).digest('hex').slice(0, 16);
  const key = (n) => `${id} ${n.fen}`;
  const evals = line.map((n) => terminalEval(game, n));
  if (line.every((n, i) => evals[i] || cache.get(key(n)))) return evals.map((ev, i) => ev || cache.get(key(line[i])));
  let cleared = false;
  for (let i = line.length - 1; i >= 0; i--) {
    if (evals[i]) continue;
    evals[i] = await engine.evaluate(line[i].fen, nodes, false, cleared);
    cleared = true;
    cache.set(key(line[i]), evals[i]);
    progress();
  }
  return evals;
}

// marksOf reviews one game with engine at nodes and returns its marks, Map(ply →
// NAG), and each move's loss (moveLosses); the searched scores are multiplied by
// scale before they are judged. backward searches as backwardEvals does.
async function marksOf(sg, engine, nodes, cache, progress, scale = 1, backward = false) {
  const game = buildGame(sg);
  const line = [game.root, ...game.mainlineNodes()];
  let evals = [];
  if (backward) {
    evals = (await backwardEvals(game, line, engine, nodes, cache, progress)).map((ev) => scaled(ev, scale));
  } else {
    for (const n of line) {
      let ev = terminalEval(game, n);
      if (!ev) {
        ev = cache.get(n.fen);
        if (!ev) {
          ev = await engine.evaluate(n.fen, nodes);
          cache.set(n.fen, ev);
          progress();
        }
      }
      evals.push(scaled(ev, scale));
    }
  }
  const r = judgeMoves(line, evals);
  const marks = new Map(r.marks.map((m) => [m.node.ply, m.judged.nag]));
  marks.losses = moveLosses(line, evals);
  marks.moves = new Map(line.slice(1).map((n) => [n.ply, `${moveNumberLabel(n, game.startFen)}${n.san}`]));
  return marks;
}

// NEAR is how many points under the inaccuracy threshold a loss counts as near it.
const NEAR = 2;

// emptyTally is disagreements' tally before any move is counted.
const emptyTally = () => ({ missed: 0, chosen: 0, missedNear: 0, extra: 0, extraNear: 0 });

// disagreements lists the moves one of test and ref marks and the other does not
// (Maps from marksOf), as table rows for game, with a tally: of the reference's
// marks the test missed, how many were its own search's choice and how many came
// within near points of the inaccuracy threshold; of the test's own marks, how many
// came that near in the reference.
export function disagreements(game, test, ref, near = NEAR) {
  const rows = [];
  const tally = emptyTally();
  const nearFrom = THRESHOLDS.inaccuracy - near;
  const plies = [...new Set([...test.keys(), ...ref.keys()])].sort((a, b) => a - b);
  const fmtLoss = (m, ply) => {
    const l = m.losses.get(ply);
    return `${nagSymbol(m.get(ply)) || '–'} ${l.drop.toFixed(1)}${l.mate ? ' (a mate score)' : ''}${l.chosen ? ' (its choice)' : ''}`;
  };
  for (const ply of plies) {
    if (test.has(ply) === ref.has(ply)) continue;
    const t = test.losses.get(ply);
    const close = t.drop >= nearFrom;
    if (ref.has(ply)) {
      tally.missed++;
      if (t.chosen) tally.chosen++;
      else if (close) tally.missedNear++;
    } else {
      tally.extra++;
      if (ref.losses.get(ply).drop >= nearFrom) tally.extraNear++;
    }
    rows.push(`| ${game} | ${test.moves.get(ply)} | ${fmtLoss(ref, ply)} | ${fmtLoss(test, ply)} |`);
  }
  return { rows, tally };
}

// score compares test marks with reference marks (Maps ply → NAG); keep picks the
// NAGs that count.
export function score(test, ref, keep = () => true) {
  const t = [...test].filter(([, nag]) => keep(nag)).map(([p]) => p);
  const r = new Set([...ref].filter(([, nag]) => keep(nag)).map(([p]) => p));
  const hit = t.filter((p) => r.has(p)).length;
  return { test: t.length, ref: r.size, hit };
}

function prf({ test, ref, hit }) {
  const p = test ? hit / test : ref ? 0 : 1;
  const r = ref ? hit / ref : 1;
  const f = p + r ? (2 * p * r) / (p + r) : 0;
  return { precision: p, recall: r, f1: f };
}

const SERIOUS = (nag) => nag === 2 || nag === 4;
const fmt = (x) => x.toFixed(3);

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const games = readGames(fs.readFileSync(o.games, 'utf8'));
  const reviewOptions = { Hash: 16, Threads: 1, MultiPV: 1, UCI_LimitStrength: 'false', UCI_AnalyseMode: 'true', OwnBook: 'false' };
  const test = new Engine(o.engine, reviewOptions);
  const ref = new Engine(o.ref, reviewOptions);
  await test.start();
  await ref.start();
  const caches = {
    test: new Cache(o.cache, o.backward ? `${test.tag}-backward` : test.tag, o.nodes),
    ref: new Cache(o.cache, ref.tag, o.refNodes),
    refLow: new Cache(o.cache, o.backward ? `${ref.tag}-backward` : ref.tag, o.nodes),
  };
  let searched = 0;
  const t0 = Date.now();
  const progress = () => {
    searched++;
    if (searched % 50 === 0) process.stderr.write(`agreement: ${searched} positions searched, ${Math.round((Date.now() - t0) / 1000)} s\n`);
  };
  const rows = [];
  const listed = [];
  const tally = emptyTally();
  const total = { all: { test: 0, ref: 0, hit: 0 }, serious: { test: 0, ref: 0, hit: 0 }, baseAll: { test: 0, ref: 0, hit: 0 }, baseSerious: { test: 0, ref: 0, hit: 0 } };
  for (const sg of games) {
    const mRef = await marksOf(sg, ref, o.refNodes, caches.ref, progress);
    const mTest = await marksOf(sg, test, o.nodes, caches.test, progress, o.scale, o.backward);
    const mBase = await marksOf(sg, ref, o.nodes, caches.refLow, progress, 1, o.backward);
    const row = { game: `${sg.tags.White} – ${sg.tags.Black}, ${(sg.tags.Date || '').slice(0, 4)}`, all: score(mTest, mRef), serious: score(mTest, mRef, SERIOUS), baseAll: score(mBase, mRef), baseSerious: score(mBase, mRef, SERIOUS) };
    for (const k of Object.keys(total)) for (const f of ['test', 'ref', 'hit']) total[k][f] += row[k][f];
    rows.push(row);
    if (o.list) {
      const d = disagreements(row.game, mTest, mRef);
      listed.push(...d.rows);
      for (const k of Object.keys(tally)) tally[k] += d.tally[k];
    }
  }
  await test.quit();
  await ref.quit();
  const head = `| game | ref marks | ${test.name} marks (hit) | F1 | ${ref.name} @${o.nodes} marks (hit) | F1 |`;
  const out = [`Marked moves (?!, ?, ??) against ${ref.name} at ${o.refNodes} nodes; test ${test.name} (${test.tag}) at ${o.nodes} nodes${o.backward ? '' : ', each position alone from a cleared hash (--forward)'}${o.scale === 1 ? '' : `, its centipawns × ${o.scale}`}.`, '', head, '|---|---|---|---|---|---|'];
  for (const r of rows) out.push(`| ${r.game} | ${r.all.ref} | ${r.all.test} (${r.all.hit}) | ${fmt(prf(r.all).f1)} | ${r.baseAll.test} (${r.baseAll.hit}) | ${fmt(prf(r.baseAll).f1)} |`);
  const line = (name, k, b) => {
    const a = prf(total[k]);
    const c = prf(total[b]);
    return `| ${name} | ${total[k].ref} | ${total[k].test} (${total[k].hit}) | P ${fmt(a.precision)} R ${fmt(a.recall)} **F1 ${fmt(a.f1)}** | ${total[b].test} (${total[b].hit}) | P ${fmt(c.precision)} R ${fmt(c.recall)} F1 ${fmt(c.f1)} |`;
  };
  out.push(line('**all marks**', 'all', 'baseAll'));
  out.push(line('**mistakes and blunders**', 'serious', 'baseSerious'));
  if (o.list) {
    out.push('', `Moves marked by one and not the other: verdict and loss of winning chances in points (inaccuracy at ${THRESHOLDS.inaccuracy}).`, '', `| game | move | ${ref.name} @${o.refNodes} | ${test.name} @${o.nodes} |`, '|---|---|---|---|', ...listed);
    out.push('', `Of the ${tally.missed} reference marks the test missed, ${tally.chosen} were its own search's choice and ${tally.missedNear} more lost at least ${THRESHOLDS.inaccuracy - NEAR} points in its eyes; of its ${tally.extra} marks the reference did not make, ${tally.extraNear} lost at least ${THRESHOLDS.inaccuracy - NEAR} points in the reference's.`);
  }
  out.push('', `${games.length} games; ${searched} positions searched in this run (${Math.round((Date.now() - t0) / 1000)} s), the rest from ${o.cache}.`);
  console.log(out.join('\n'));
  if (o.json) fs.writeFileSync(o.json, JSON.stringify({ test: { tag: test.tag, nodes: o.nodes, scale: o.scale, backward: o.backward }, ref: { tag: ref.tag, nodes: o.refNodes }, rows, total }, null, 1));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e.message || e);
    process.exit(1);
  });
}
