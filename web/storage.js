// storage.js: saving the game and settings in localStorage. Everything read back is
// validated by rebuilding it (the game replays every move through chess.js); a saved
// state that fails is removed and reported, never half-loaded.

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
   * or {state:null, error} after discarding a corrupt one. revive(state) must throw on
   * anything inconsistent; its return value becomes state.
   */
  load(revive) {
    let raw;
    try {
      raw = this.storage.getItem(KEY);
    } catch (e) {
      return { state: null, error: `Saved state unavailable: ${e.message}` };
    }
    this.last = raw;
    if (raw === null || raw === undefined) return { state: null };
    try {
      const o = JSON.parse(raw);
      if (!o || typeof o !== 'object') throw new Error('not an object');
      if (o.version !== VERSION) throw new Error(`unknown version ${o.version}`);
      return { state: revive(o) };
    } catch (e) {
      // Keep the unreadable text beside the live key (a later version, or a person
      // with the console, may still recover it); the next save replaces only KEY.
      this.keepDiscarded(raw);
      this.clear();
      return { state: null, error: `The saved game could not be restored and was discarded (${e.message}).` };
    }
  }

  /**
   * keepDiscarded sets raw aside as the newest of the last KEEP_DISCARDED unreadable
   * states, so a second corrupt state never overwrites the first copy. The older
   * copies move down first (the oldest drops out), then raw is written: when storage
   * is full, that last write fails and every older copy is still there.
   */
  keepDiscarded(raw) {
    try {
      const kept = discardedKeys.map((k) => this.storage.getItem(k)).filter((v) => v !== null && v !== undefined);
      if (kept.includes(raw)) return;
      for (let i = Math.min(kept.length, KEEP_DISCARDED - 1); i > 0; i--) this.storage.setItem(discardedKeys[i], kept[i - 1]);
      this.storage.setItem(DISCARDED_KEY, raw);
    } catch {
      // no room, or storage unavailable: the notice still says what happened
    }
  }

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
