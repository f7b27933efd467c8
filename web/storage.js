// storage.js: saving the game and settings in localStorage. Everything read back is
// validated by rebuilding it (the game replays every move through chess.js); a saved
// state that fails is removed and reported, never half-loaded.

import { t } from './i18n.js';

const KEY = 'azurite.v1';
// DISCARDED_KEY holds the last saved state that could not be restored, as it was;
// DISCARDED_KEY.1 and .2 the ones before it (newest first, at most KEEP_DISCARDED).
const DISCARDED_KEY = 'azurite.v1.discarded';
const KEEP_DISCARDED = 3;
const discardedKeys = Array.from({ length: KEEP_DISCARDED }, (_, i) => (i === 0 ? DISCARDED_KEY : `${DISCARDED_KEY}.${i}`));
const VERSION = 1;

/** Store wraps a Storage (localStorage by default; tests pass a Map-backed fake). */
export class Store {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
  }

  /**
   * save writes state (plain JSON data); quota or privacy-mode errors are returned, not
   * thrown. With onlyIfOurs it writes only when the stored text is still what this
   * Store last wrote (or read): a page going away must not overwrite a state another
   * tab (or a person at the console) wrote meanwhile.
   */
  save(state, { onlyIfOurs = false } = {}) {
    try {
      if (this.pinned) {
        // An unreadable state that no copy could be made of stays under KEY: saving
        // over it would lose it. load's message said so; freeing storage (and
        // reloading) lifts this.
        return null;
      }
      if (onlyIfOurs && this.storage.getItem(KEY) !== this.last) return null;
      const text = JSON.stringify({ version: VERSION, savedAt: Date.now(), ...state });
      this.storage.setItem(KEY, text);
      this.last = text;
      return null;
    } catch (e) {
      return e;
    }
  }

  /**
   * load returns {state} for a valid saved state, {state:null} when nothing is saved,
   * or {state:null, error} for a corrupt one. revive(state) must throw on anything
   * inconsistent; its return value becomes state. A corrupt state is copied aside
   * (keepDiscarded) before it is removed; when no copy can be written it stays where
   * it is, the message says so, and this Store does not save over it.
   */
  load(revive) {
    let raw;
    try {
      raw = this.storage.getItem(KEY);
    } catch (e) {
      return { state: null, error: t('storage.unavailable', { why: e.message }) };
    }
    this.last = raw;
    if (raw === null || raw === undefined) return { state: null };
    try {
      const o = JSON.parse(raw);
      if (!o || typeof o !== 'object') throw new Error('not an object');
      if (o.version !== VERSION) throw new Error(`unknown version ${o.version}`);
      return { state: revive(o) };
    } catch (e) {
      const kept = this.keepDiscarded(raw);
      if (kept.ok) {
        const dropped = kept.dropped ? ` ${t('storage.droppedCopies', { count: kept.dropped })}` : '';
        return { state: null, error: t('storage.discarded', { why: e.message, key: DISCARDED_KEY, dropped }) };
      }
      if (kept.lost) {
        return { state: null, error: t('storage.noCopy', { why: e.message }) };
      }
      this.pinned = true;
      return { state: null, error: t('storage.pinned', { why: e.message, key: KEY }) };
    }
  }

  /**
   * keepDiscarded sets raw aside as the newest of the last KEEP_DISCARDED unreadable
   * states (a second corrupt state never overwrites the first copy) and then removes
   * KEY, never the other way round. It returns {ok, dropped}: whether raw is now kept
   * under DISCARDED_KEY and no longer under KEY, and how many older copies were
   * removed to make room. When storage is full it frees room step by step: first KEY's
   * own text, which the copy replaces (written back if the copy still fails), then the
   * older copies, oldest first. {ok:false} means raw is still under KEY, unless lost:
   * storage refused even to write it back.
   */
  keepDiscarded(raw) {
    const get = (k) => { try { return this.storage.getItem(k); } catch { return null; } };
    const kept = discardedKeys.map(get).filter((v) => v !== null && v !== undefined);
    if (kept.includes(raw)) {
      this.clear();
      return { ok: true, dropped: 0 };
    }
    // Shift the older copies down and write raw. A write that fails undoes the ones
    // before it, last first, so storage passes back through states that fitted and
    // the room a failed try took is free again for the next.
    const tryKeep = (older) => {
      const undo = [];
      const set = (k, v) => {
        const prev = get(k);
        if (v === null) this.storage.removeItem(k); else this.storage.setItem(k, v);
        undo.push([k, prev]);
      };
      try {
        for (let i = KEEP_DISCARDED - 1; i > older.length; i--) set(discardedKeys[i], null);
        for (let i = older.length; i > 0; i--) set(discardedKeys[i], older[i - 1]);
        set(DISCARDED_KEY, raw);
        return true;
      } catch {
        for (const [k, prev] of undo.reverse()) {
          try {
            if (prev === null || prev === undefined) this.storage.removeItem(k); else this.storage.setItem(k, prev);
          } catch { /* an earlier state fitted; nothing more to do */ }
        }
        return false;
      }
    };
    // No room: the copy takes the place of the original (written back if the copy
    // still fails: its own room was just freed).
    let lost = false;
    const swapKeep = (older) => {
      this.clear();
      if (tryKeep(older)) return true;
      try {
        this.storage.setItem(KEY, raw);
      } catch {
        lost = true; // storage refuses even the text it held
      }
      return false;
    };
    let older = kept.slice(0, KEEP_DISCARDED - 1);
    let dropped = kept.length - older.length;
    for (;;) {
      if (tryKeep(older) || (!lost && swapKeep(older))) {
        this.clear();
        return { ok: true, dropped };
      }
      if (lost || older.length === 0) return { ok: false, lost, dropped };
      older = older.slice(0, -1); // give up the oldest copy and try again
      dropped++;
    }
  }

  /** clear removes the saved state (KEY); storage that refuses leaves nothing to do. */
  clear() {
    try {
      this.storage.removeItem(KEY);
    } catch {
      // nothing more to do: storage is unavailable
    }
  }
}

export const STORAGE_KEY = KEY;
export const STORAGE_DISCARDED_KEY = DISCARDED_KEY;
export const STORAGE_DISCARDED_KEYS = discardedKeys;
