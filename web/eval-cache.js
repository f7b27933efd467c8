// eval-cache.js: the Analyse tab's evaluations per position, so that the deepest
// result seen for a position is shown at once when the board comes back to it, also
// after a reload.
//
// An entry is {depth, lines: [{score: {cp, mate} (White's view), pv: [uci…], depth}]},
// the engine's lines for one position at one completed depth. Keys are the FEN's first
// four fields (placement, side to move, castling, en passant): the move counters do not
// change what the engine finds. A put replaces an entry only when it is deeper, or as
// deep with more lines (better), so what is kept is the deepest result seen.
//
// Two levels: a Map in least-recently-used order (at most memoryMax entries) answers
// peek() in the same task; IndexedDB (database azurite-evals, store evals, at most
// diskMax entries, the least recently written evicted first) keeps them across
// reloads. Writes to IndexedDB are batched (one transaction per FLUSH_MS) and never
// replace a better entry there. Where IndexedDB is missing or refuses (node, a
// private window that blocks it), the Map alone serves and nothing fails.

/** MEMORY_MAX and DISK_MAX bound the two levels, in entries (a few hundred bytes each). */
export const MEMORY_MAX = 2000;
export const DISK_MAX = 20000;
/** FLUSH_MS is how long puts gather before one IndexedDB transaction writes them. */
export const FLUSH_MS = 800;

const DB_VERSION = 1;
const STORE = 'evals';

/** cacheKey returns the key of fen: its first four fields (no move counters). */
export function cacheKey(fen) {
  return String(fen).trim().split(/\s+/).slice(0, 4).join(' ');
}

/** better says whether entry b should replace entry a (a may be null). */
export function better(a, b) {
  if (!b) return false;
  if (!a) return true;
  return b.depth > a.depth || (b.depth === a.depth && b.lines.length > a.lines.length);
}

const isScore = (s) => !!s && typeof s === 'object' && ((Number.isInteger(s.cp) && s.mate === null) || (Number.isInteger(s.mate) && s.cp === null));
const isLine = (l) => !!l && isScore(l.score) && Array.isArray(l.pv) && l.pv.length > 0 && l.pv.every((u) => typeof u === 'string' && /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(u)) && Number.isInteger(l.depth);

/**
 * validEntry returns a clean copy of o if it is an entry (what IndexedDB gives back
 * may be from another build or damaged), else null.
 */
export function validEntry(o) {
  if (!o || typeof o !== 'object' || !Number.isInteger(o.depth) || o.depth < 1 || !Array.isArray(o.lines) || !o.lines.length) return null;
  if (!o.lines.every(isLine)) return null;
  return { depth: o.depth, lines: o.lines.map((l) => ({ score: { cp: l.score.cp, mate: l.score.mate }, pv: l.pv.slice(), depth: l.depth })) };
}

// req turns an IDBRequest into a promise.
function req(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** EvalCache is the two-level cache; see the file comment. */
export class EvalCache {
  /**
   * indexedDB: the factory to use (default the page's; null for memory only);
   * now: the clock for the eviction order (tests pass their own).
   */
  constructor({ memoryMax = MEMORY_MAX, diskMax = DISK_MAX, indexedDB = globalThis.indexedDB, dbName = 'azurite-evals', now = () => Date.now() } = {}) {
    this.memoryMax = memoryMax;
    this.diskMax = diskMax;
    this.factory = indexedDB || null;
    this.dbName = dbName;
    this.now = now;
    this.memory = new Map();
    this.pending = new Map(); // key -> entry, waiting for the next flush
    this.timer = 0;
    this.flushing = Promise.resolve();
    this.db = null; // a promise of the IDBDatabase, or of null when there is none
  }

  /** persistent says whether IndexedDB is in use (false once it refused to open). */
  async persistent() {
    return !!(await this.open());
  }

  open() {
    if (!this.db) {
      this.db = new Promise((resolve) => {
        if (!this.factory) return resolve(null);
        let r;
        try {
          r = this.factory.open(this.dbName, DB_VERSION);
        } catch {
          return resolve(null);
        }
        r.onupgradeneeded = () => {
          const store = r.result.createObjectStore(STORE, { keyPath: 'key' });
          store.createIndex('at', 'at');
        };
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => resolve(null);
        r.onblocked = () => resolve(null);
        return undefined;
      });
    }
    return this.db;
  }

  // remember puts entry into the memory level as the most recently used, evicting the
  // least recently used beyond memoryMax.
  remember(key, entry) {
    this.memory.delete(key);
    this.memory.set(key, entry);
    while (this.memory.size > this.memoryMax) this.memory.delete(this.memory.keys().next().value);
  }

  /** peek returns the entry for fen from memory (no IndexedDB), or null. */
  peek(fen) {
    const key = cacheKey(fen);
    const e = this.memory.get(key);
    if (!e) return null;
    this.remember(key, e);
    return e;
  }

  /** lookup returns the entry for fen from memory, else from IndexedDB, or null. */
  async lookup(fen) {
    const hit = this.peek(fen);
    if (hit) return hit;
    const db = await this.open();
    if (!db) return null;
    const key = cacheKey(fen);
    try {
      const got = validEntry(await req(db.transaction(STORE).objectStore(STORE).get(key)));
      if (!got) return null;
      // A put may have come in meanwhile; keep the better one.
      const now = this.memory.get(key);
      if (better(now, got)) this.remember(key, got);
      return this.memory.get(key);
    } catch {
      return null;
    }
  }

  /**
   * put offers entry for fen and returns whether it was kept (better than the entry
   * in memory). A kept entry is written to IndexedDB at the next flush.
   */
  put(fen, entry) {
    const e = validEntry(entry);
    const key = cacheKey(fen);
    if (!e || !better(this.memory.get(key), e)) return false;
    this.remember(key, e);
    this.pending.set(key, e);
    if (!this.timer) this.timer = setTimeout(() => this.flush(), FLUSH_MS);
    return true;
  }

  /** flush writes the pending entries now; it resolves once they are written. */
  flush() {
    clearTimeout(this.timer);
    this.timer = 0;
    const batch = [...this.pending];
    this.pending.clear();
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  async write(batch) {
    if (!batch.length) return;
    const db = await this.open();
    if (!db) return;
    try {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const at = this.now();
      for (const [key, e] of batch) {
        const r = store.get(key);
        r.onsuccess = () => {
          if (better(validEntry(r.result), e)) store.put({ key, at, depth: e.depth, lines: e.lines });
        };
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
      await this.evict(db);
    } catch {
      // A full disk or a closed database loses these writes, not the memory level.
    }
  }

  // evict deletes the least recently written entries beyond diskMax.
  async evict(db) {
    const n = await req(db.transaction(STORE).objectStore(STORE).count());
    let extra = n - this.diskMax;
    if (extra <= 0) return;
    const tx = db.transaction(STORE, 'readwrite');
    const cursor = tx.objectStore(STORE).index('at').openCursor();
    await new Promise((resolve, reject) => {
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c || extra <= 0) return resolve();
        c.delete();
        extra--;
        c.continue();
        return undefined;
      };
      cursor.onerror = () => reject(cursor.error);
    });
  }

  /** size returns the number of entries on disk (0 without IndexedDB); for tests. */
  async size() {
    const db = await this.open();
    return db ? req(db.transaction(STORE).objectStore(STORE).count()) : 0;
  }
}
