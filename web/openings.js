// openings.js: the opening name and ECO code of a position, from the table build.go
// bundles (internal/eco: the lichess chess-openings tables, keyed by position so that
// transpositions are named). A game's opening is named by the last named position on
// the way to the current move. The table is parsed once, on first use.

/** positionKey is a FEN's placement, side to move and castling fields (internal/eco.Key). */
export function positionKey(fen) {
  return fen.split(' ').slice(0, 3).join(' ');
}

/**
 * hashKey is internal/eco.Hash: two 32-bit FNV-1a hashes of the key's bytes (ASCII)
 * with offset bases 2166136261 and 2538058380, combined as h1·2^21 + (h2 >>> 11).
 */
export function hashKey(key) {
  let h1 = 2166136261;
  let h2 = 2538058380;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 16777619) >>> 0;
    h2 = Math.imul(h2 ^ c, 16777619) >>> 0;
  }
  return h1 * 2097152 + (h2 >>> 11);
}

/**
 * createOpenings returns lookup(node) over a table module ({MAX_PLY, FAMILIES, TABLE}
 * as internal/eco.Module writes it): {eco, name} of the last named position from the
 * start to node (a node with parent, fen and ply), or null. Answers are remembered
 * per node.
 */
export function createOpenings(table) {
  let map = null;
  const memo = new WeakMap();
  function load() {
    map = new Map();
    for (const row of table.TABLE.split('\n')) {
      const [h, eco, fam, rest] = row.split('\t');
      const family = table.FAMILIES[parseInt(fam, 36)];
      map.set(parseInt(h, 36), { eco, name: rest ? `${family}: ${rest}` : family });
    }
  }
  function lookup(node) {
    if (!node) return null;
    if (memo.has(node)) return memo.get(node);
    if (!map) load();
    let found = null;
    if (node.ply <= table.MAX_PLY) found = map.get(hashKey(positionKey(node.fen))) || null;
    if (!found && node.parent) found = lookup(node.parent);
    memo.set(node, found);
    return found;
  }
  return { lookup };
}
