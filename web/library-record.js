// library-record.js: what the library keeps of a game and how its list is searched,
// pure functions with no DOM or storage. A game is stored as PGN (exportPgn's form,
// so an export gives back what was imported) and summarised for the list.

import { exportPgn } from './pgn.js';

/** SOURCES name where a game came from: played here, the live game's analysis copy, or imported (summary.file names the file). */
export const SOURCES = ['played', 'analysis', 'imported'];

const UNKNOWN = /^[?\s.-]*$/;

// known returns a tag's value, or '' for an unknown one ("?", "????.??.??").
function known(v) {
  return typeof v === 'string' && !UNKNOWN.test(v) ? v.trim() : '';
}

/**
 * summarize returns the list's summary of game: {id, white, black, result, date,
 * event, site, eco, opening, plies, source, file, reviewed, starred, tags, added,
 * search}. openings is createOpenings(...).lookup (or null); extra sets the fields
 * the caller knows (id, source, file, reviewed, starred, tags, added).
 */
export function summarize(game, lookup, extra = {}) {
  const h = game.headers;
  const line = game.mainlineNodes();
  let opening = null;
  if (lookup && line.length) opening = lookup(line[Math.min(line.length, 40) - 1]);
  const s = {
    id: extra.id,
    white: known(h.White),
    black: known(h.Black),
    result: game.result || '*',
    date: known(h.Date),
    event: known(h.Event),
    site: known(h.Site),
    eco: opening ? opening.eco : known(h.ECO),
    opening: opening ? opening.name : known(h.Opening),
    plies: line.length,
    source: SOURCES.includes(extra.source) ? extra.source : 'imported',
    file: extra.file || '',
    reviewed: !!extra.reviewed,
    starred: !!extra.starred,
    tags: Array.isArray(extra.tags) ? extra.tags.slice() : [],
    added: extra.added || Date.now(),
  };
  s.search = searchText(s);
  return s;
}

/** searchText is the lower-case text the list's search box matches a summary against. */
export function searchText(s) {
  return [s.white, s.black, s.event, s.site, s.date, s.eco, s.opening, s.result, s.file, ...(s.tags || [])].join(' \u0001 ').toLowerCase();
}

/** recordPgn is the PGN the library stores for game. */
export function recordPgn(game) {
  return exportPgn(game);
}

// dateKey turns a PGN date (YYYY.MM.DD, parts may be ??) into YYYY-MM-DD for
// comparisons with a date input; unknown parts sort first.
function dateKey(d) {
  const [y = '0000', m = '00', day = '00'] = String(d || '').split('.');
  const part = (x, n) => (/^\d+$/.test(x) ? x.padStart(n, '0') : '0'.repeat(n));
  return `${part(y, 4)}-${part(m, 2)}-${part(day, 2)}`;
}

const RESULTS = { white: '1-0', black: '0-1', draw: '1/2-1/2', unfinished: '*' };

/**
 * filterGames returns the summaries matching q, sorted: q = {text (words all
 * present, any field), player (White or Black contains it), opening (name or ECO
 * contains it), result ('white', 'black', 'draw', 'unfinished' or ''), from and to
 * (YYYY-MM-DD, the game's date), starred (only starred ones), source ('' or one of
 * SOURCES), sort ('added', 'date', 'white', 'black', 'opening', 'plies', 'result'),
 * desc}.
 */
export function filterGames(list, q = {}) {
  const words = String(q.text || '').toLowerCase().split(/\s+/).filter(Boolean);
  const player = String(q.player || '').toLowerCase().trim();
  const opening = String(q.opening || '').toLowerCase().trim();
  const result = RESULTS[q.result] || null;
  const out = list.filter((s) => {
    if (q.starred && !s.starred) return false;
    if (q.source && s.source !== q.source) return false;
    if (result && s.result !== result) return false;
    if (player && !s.white.toLowerCase().includes(player) && !s.black.toLowerCase().includes(player)) return false;
    if (opening && !s.opening.toLowerCase().includes(opening) && !s.eco.toLowerCase().includes(opening)) return false;
    if (q.from || q.to) {
      const d = dateKey(s.date);
      if (q.from && d < q.from) return false;
      if (q.to && d > q.to) return false;
    }
    if (words.length) {
      const t = s.search || searchText(s);
      if (!words.every((w) => t.includes(w))) return false;
    }
    return true;
  });
  const key = {
    added: (s) => s.added,
    date: (s) => dateKey(s.date),
    white: (s) => s.white.toLowerCase(),
    black: (s) => s.black.toLowerCase(),
    opening: (s) => `${s.eco} ${s.opening}`.toLowerCase(),
    plies: (s) => s.plies,
    result: (s) => s.result,
  }[q.sort] || ((s) => s.added);
  const dir = q.desc === false ? 1 : -1;
  out.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x < y) return -dir;
    if (x > y) return dir;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return out;
}
