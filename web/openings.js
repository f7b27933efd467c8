// openings.js: the opening name and ECO code of a position, from the table build.go
// bundles (internal/eco: the lichess chess-openings tables, keyed by position so that
// transpositions are named). A game's opening is named by the last named position on
// the way to the current move. The table is parsed once, on first use.

/** positionKey is a FEN's placement, side to move and castling fields (internal/eco.Key). */
export function positionKey(fen) {
  return fen.split(' ').slice(0, 3).join(' ');
}

/**
 * hashKey is internal/eco.Hash: the 32-bit FNV-1a hash of the key's bytes (ASCII).
 * Another basis gives another hash of the same key (review-cache.js joins two).
 */
export function hashKey(key, basis = 2166136261) {
  let h = basis;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/**
 * createOpenings returns lookup(node) over a table module (MAX_PLY, FAMILIES,
 * HASHES, ECO, FAMILY, REST as internal/eco.Module writes them): {eco, name} of the
 * last named position from the start to node (a node with parent, fen and ply), or
 * null. The columns are turned into a map on first use; answers are remembered per
 * node.
 */
export function createOpenings(table) {
  let map = null;
  const memo = new WeakMap();
  function load() {
    map = new Map();
    const hashes = table.HASHES.split(',');
    const fams = table.FAMILY.split(',');
    const rests = table.REST.split('\n');
    hashes.forEach((h, i) => {
      const family = table.FAMILIES[parseInt(fams[i], 36)];
      map.set(parseInt(h, 36), { eco: table.ECO.slice(3 * i, 3 * i + 3), name: rests[i] ? `${family}: ${rests[i]}` : family });
    });
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
