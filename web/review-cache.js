// review-cache.js: the review's evaluations per position, so reviewing a game again
// costs no search. A key names everything the result depends on: the engine build
// (review.js's engine tag: the id name and a fingerprint search), the review quality,
// the position's FEN and, for a review's searches, the moves played after it (the
// review searches a line backwards with the hash kept, so what was searched before a
// position reaches it: lineKeys); practice's searches of single positions from a
// cleared hash have the FEN alone (cacheKey). Entries live in memory and in
// localStorage under one key, the newest MAX_ENTRIES kept; a storage failure only
// costs the persistence.

import { hashKey } from './openings.js';

const STORAGE_KEY = 'azurite.review-cache.v1';

/** MAX_ENTRIES bounds the saved cache (about 120 bytes an entry). */
export const MAX_ENTRIES = 4000;

/** cacheKey names one search: engine tag, quality and FEN. */
export function cacheKey(engine, quality, fen) {
  return `${engine}|${quality}|${fen}`;
}

/**
 * lineKeys names the review's search of each position of nodes (a main line from the
 * root): cacheKey's with the number of moves after it and a hash of them, and the
 * distances to the later positions the rules end (ends[j] true: not searched). Those
 * depend on the game before the position too (a threefold repetition), and a skipped
 * search leaves the hash as it was, so they are part of what a search finds.
 */
export function lineKeys(engine, quality, nodes, ends = []) {
  const moves = nodes.slice(1).map((n) => n.uci);
  return nodes.map((n, i) => {
    const after = moves.slice(i).join(' ');
    const skipped = [];
    for (let j = i + 1; j < nodes.length; j++) if (ends[j]) skipped.push(j - i);
    // Two FNV-1a bases give the moves a 64-bit hash.
    const key = `${cacheKey(engine, quality, n.fen)}|${moves.length - i}:${hashKey(after).toString(36)}:${hashKey(after, 3735928559).toString(36)}`;
    return skipped.length ? `${key}|e:${skipped.join(',')}` : key;
  });
}

/** createReviewCache returns {get(key), set(key, value), size, clear()} over storage. */
export function createReviewCache(storage = globalThis.localStorage) {
  const map = new Map();
  try {
    const raw = storage && storage.getItem(STORAGE_KEY);
    const list = raw ? JSON.parse(raw) : [];
    if (Array.isArray(list)) {
      for (const e of list) if (Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && valid(e[1])) map.set(e[0], e[1]);
    }
  } catch {
    // a damaged cache is only a cache: start empty
  }
  let timer = 0;
  function persist() {
    if (!storage || timer) return;
    timer = setTimeout(() => {
      timer = 0;
      while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value);
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify([...map]));
      } catch {
        // quota or privacy mode: the in-memory cache still serves this session
      }
    }, 500);
  }
  return {
    get: (key) => map.get(key),
    set(key, value) {
      map.delete(key);
      map.set(key, value);
      persist();
    },
    get size() {
      return map.size;
    },
    clear() {
      map.clear();
      try {
        if (storage) storage.removeItem(STORAGE_KEY);
      } catch {
        // nothing saved to remove
      }
    },
  };
}

// valid checks a cached {cp, mate, pv} before it is trusted.
function valid(v) {
  if (!v || typeof v !== 'object') return false;
  const okCp = v.cp === null || Number.isFinite(v.cp);
  const okMate = v.mate === null || Number.isInteger(v.mate);
  return okCp && okMate && (v.cp === null) !== (v.mate === null) && Array.isArray(v.pv) && v.pv.every((u) => typeof u === 'string' && /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(u));
}
