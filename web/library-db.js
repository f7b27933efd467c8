// library-db.js: the game library's storage in IndexedDB, no DOM. Two object stores
// keyed by the game's id: `summaries` (what the list shows and filters on: players,
// result, date, event, opening, length, source, reviewed, star, tags, times) and
// `bodies` (the game as PGN and its review), so opening the list never reads the
// games themselves. A `meta` store keeps one-off facts (the migration from
// localStorage has run).
//
// Every record carries rev, raised by each write. A write names the rev it started
// from; when the stored rev differs (another tab wrote the game meanwhile) the write
// is refused with a ConflictError and nothing is overwritten. Each change is
// announced on a BroadcastChannel, so other tabs' lists follow without a reload.
//
// Failures are values: every method rejects with a LibraryError whose message says
// what could not be done and why ("Storage is full: …" for a quota error), and a
// failed transaction leaves what was stored before it untouched.

import { searchText } from './library-record.js';
import { t } from './i18n.js';

const DB_NAME = 'azurite-library';
const DB_VERSION = 1;
const CHANNEL = 'azurite-library';

/** LibraryError is a failed library operation; kind is 'quota', 'conflict', 'missing' or 'failed'. */
export class LibraryError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = 'LibraryError';
    this.kind = kind;
  }
}

// wrap turns an IndexedDB failure into a LibraryError that says what was being done:
// op is the operation's message key, item (words) what a full quota kept out.
function wrap(op, e, item = t('db.item.changes')) {
  if (e instanceof LibraryError) return e;
  const name = e && e.name;
  if (name === 'QuotaExceededError') return new LibraryError('quota', t('db.quota', { item }));
  return new LibraryError('failed', t('db.failed', { op: t(op), why: (e && e.message) || name || e }));
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new DOMException('transaction aborted', 'AbortError'));
  });
}

/** newId returns a fresh game id, unique across tabs. */
export function newId() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * openLibrary opens (creating on first use) the library database. It resolves with a
 * Library, or with null when IndexedDB is unavailable (some private modes, a blocked
 * storage setting): the caller then says so and keeps working without it.
 */
export async function openLibrary({ idb = globalThis.indexedDB, name = DB_NAME } = {}) {
  if (!idb) return null;
  let db;
  try {
    const req = idb.open(name, DB_VERSION);
    req.onupgradeneeded = () => {
      const d = req.result;
      if (!d.objectStoreNames.contains('summaries')) d.createObjectStore('summaries', { keyPath: 'id' });
      if (!d.objectStoreNames.contains('bodies')) d.createObjectStore('bodies', { keyPath: 'id' });
      if (!d.objectStoreNames.contains('meta')) d.createObjectStore('meta', { keyPath: 'key' });
    };
    db = await request(req);
  } catch {
    return null;
  }
  return new Library(db);
}

/** Library is an open library database; see the file comment for its contract. */
export class Library {
  constructor(db) {
    this.db = db;
    this.listeners = new Set();
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (this.channel) {
      this.channel.onmessage = (e) => {
        const d = e.data;
        if (d && d.type === 'changed' && Array.isArray(d.ids)) this.emit(d.ids, true);
      };
    }
    // Another tab upgrading the database asks this one to let go.
    db.onversionchange = () => db.close();
  }

  /** onChange registers fn(ids, remote): called after every change, this tab's or another's. */
  onChange(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(ids, remote = false) {
    for (const fn of this.listeners) fn(ids, remote);
    if (!remote && this.channel) this.channel.postMessage({ type: 'changed', ids });
  }

  /** list resolves with every game's summary, in no particular order. */
  async list() {
    try {
      const tx = this.db.transaction('summaries', 'readonly');
      return await request(tx.objectStore('summaries').getAll());
    } catch (e) {
      throw wrap('db.op.readLibrary', e);
    }
  }

  /** count resolves with the number of games. */
  async count() {
    try {
      return await request(this.db.transaction('summaries', 'readonly').objectStore('summaries').count());
    } catch (e) {
      throw wrap('db.op.count', e);
    }
  }

  /** get resolves with {summary, body} of game id (body: {id, pgn, review}), or null. */
  async get(id) {
    try {
      const tx = this.db.transaction(['summaries', 'bodies'], 'readonly');
      const [summary, body] = await Promise.all([request(tx.objectStore('summaries').get(id)), request(tx.objectStore('bodies').get(id))]);
      return summary && body ? { summary, body } : null;
    } catch (e) {
      throw wrap('db.op.readGame', e);
    }
  }

  /**
   * put writes one game: summary (with id) and body ({pgn, review}). rev is the rev
   * the caller read (0 for a new game); a stored rev that differs refuses the write
   * with a ConflictError (kind 'conflict'). Resolves with the stored summary (its new
   * rev).
   */
  async put(summary, body, { rev = 0, live = false } = {}) {
    const id = summary.id;
    let stored;
    try {
      const tx = this.db.transaction(['summaries', 'bodies'], 'readwrite');
      const sums = tx.objectStore('summaries');
      const finished = done(tx);
      const old = await request(sums.get(id));
      const oldRev = old ? old.rev : 0;
      if (oldRev !== rev) {
        tx.abort();
        await finished.catch(() => {});
        throw new LibraryError('conflict', t(live ? 'db.conflict.live' : 'db.conflict.game'));
      }
      // What the person set in the list (star, tags) and where the game came from
      // stay as stored.
      stored = { ...summary, rev: oldRev + 1, updated: Date.now() };
      if (old) {
        for (const k of ['starred', 'tags', 'source', 'file', 'added']) stored[k] = old[k];
        stored.search = searchText(stored);
      }
      sums.put(stored);
      tx.objectStore('bodies').put({ id, pgn: body.pgn, review: body.review || null });
      await finished;
    } catch (e) {
      throw wrap('db.op.save', e, t(live ? 'db.item.live' : 'db.item.game'));
    }
    this.emit([id]);
    return stored;
  }

  /**
   * update changes game id in one transaction (no rev check: it applies to what is
   * stored now): bodyFn(body) → body, when given, first, then fn(summary, body) →
   * summary with the new body (null without bodyFn). A change of the game itself
   * (bodyFn given: its headers) raises rev, so a tab holding the old version will not
   * write over it; a star or tags do not. If fn or bodyFn throws, nothing is written.
   * Resolves with the new summary.
   */
  async update(id, fn, bodyFn = null) {
    let stored;
    try {
      const tx = this.db.transaction(['summaries', 'bodies'], 'readwrite');
      const finished = done(tx);
      const abort = async (err) => {
        tx.abort();
        await finished.catch(() => {});
        throw err;
      };
      const old = await request(tx.objectStore('summaries').get(id));
      if (!old) await abort(new LibraryError('missing', t('lib.gone')));
      let body = null;
      try {
        if (bodyFn) {
          const oldBody = await request(tx.objectStore('bodies').get(id));
          body = { ...bodyFn(oldBody || { id, pgn: '', review: null }), id };
        }
        stored = { ...fn({ ...old }, body), id, rev: bodyFn ? old.rev + 1 : old.rev, updated: Date.now() };
      } catch (e) {
        await abort(e);
      }
      stored.search = searchText(stored);
      tx.objectStore('summaries').put(stored);
      if (body) tx.objectStore('bodies').put(body);
      await finished;
    } catch (e) {
      throw wrap('db.op.change', e);
    }
    this.emit([id]);
    return stored;
  }

  /**
   * addMany stores new games ([{summary, body}], ids unique) in one transaction: all
   * or none. Resolves with their ids.
   */
  async addMany(items) {
    const ids = items.map((x) => x.summary.id);
    try {
      const tx = this.db.transaction(['summaries', 'bodies'], 'readwrite');
      const finished = done(tx);
      const sums = tx.objectStore('summaries');
      const bodies = tx.objectStore('bodies');
      const now = Date.now();
      for (const { summary, body } of items) {
        sums.put({ ...summary, rev: 1, updated: now });
        bodies.put({ id: summary.id, pgn: body.pgn, review: body.review || null });
      }
      await finished;
    } catch (e) {
      throw wrap('db.op.import', e, t('db.item.games', { count: items.length }));
    }
    if (ids.length) this.emit(ids);
    return ids;
  }

  /**
   * remove deletes the games ids and resolves with what was removed
   * ([{summary, body}]), which restore puts back (undo).
   */
  async remove(ids) {
    const removed = [];
    try {
      const tx = this.db.transaction(['summaries', 'bodies'], 'readwrite');
      const finished = done(tx);
      const sums = tx.objectStore('summaries');
      const bodies = tx.objectStore('bodies');
      for (const id of ids) {
        const [summary, body] = await Promise.all([request(sums.get(id)), request(bodies.get(id))]);
        if (!summary) continue;
        removed.push({ summary, body });
        sums.delete(id);
        bodies.delete(id);
      }
      await finished;
    } catch (e) {
      throw wrap('db.op.delete', e);
    }
    if (removed.length) this.emit(removed.map((r) => r.summary.id));
    return removed;
  }

  /** restore puts back games remove returned, as they were. */
  async restore(items) {
    try {
      const tx = this.db.transaction(['summaries', 'bodies'], 'readwrite');
      const finished = done(tx);
      for (const { summary, body } of items) {
        tx.objectStore('summaries').put(summary);
        if (body) tx.objectStore('bodies').put(body);
      }
      await finished;
    } catch (e) {
      throw wrap('db.op.undo', e);
    }
    if (items.length) this.emit(items.map((r) => r.summary.id));
  }

  /** bodies resolves with the bodies of ids, in that order (missing ones left out). */
  async bodies(ids) {
    try {
      const tx = this.db.transaction('bodies', 'readonly');
      const st = tx.objectStore('bodies');
      const all = await Promise.all(ids.map((id) => request(st.get(id))));
      return all.filter(Boolean);
    } catch (e) {
      throw wrap('db.op.readGames', e);
    }
  }

  /** getMeta and setMeta read and write one-off facts by key. */
  async getMeta(key) {
    try {
      const r = await request(this.db.transaction('meta', 'readonly').objectStore('meta').get(key));
      return r ? r.value : undefined;
    } catch (e) {
      throw wrap('db.op.readLibrary', e);
    }
  }

  async setMeta(key, value) {
    try {
      const tx = this.db.transaction('meta', 'readwrite');
      const finished = done(tx);
      tx.objectStore('meta').put({ key, value });
      await finished;
    } catch (e) {
      throw wrap('db.op.write', e);
    }
  }

  close() {
    if (this.channel) this.channel.close();
    this.db.close();
  }
}

/**
 * storageInfo resolves with {usage, quota, persisted} in bytes from the Storage API,
 * or null where the browser lacks it.
 */
export async function storageInfo() {
  const s = globalThis.navigator && navigator.storage;
  if (!s || !s.estimate) return null;
  try {
    const e = await s.estimate();
    const persisted = s.persisted ? await s.persisted() : false;
    return { usage: e.usage || 0, quota: e.quota || 0, persisted };
  } catch {
    return null;
  }
}

/** askPersistent asks the browser to keep the library's storage (resolves true when granted). */
export async function askPersistent() {
  const s = globalThis.navigator && navigator.storage;
  if (!s || !s.persist) return false;
  try {
    return (await s.persisted()) || (await s.persist());
  } catch {
    return false;
  }
}
