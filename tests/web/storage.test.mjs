// Saved state at the storage quota (issue 32): an unreadable saved game is
// copied aside before it is removed, freeing room step by step; when no copy
// can be made it stays where it was and nothing saves over it. Before the
// fix the copy failed quietly on a full quota and the original was removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../web/storage.js';

const KEY = 'azurite.v1';
const COPIES = ['azurite.v1.discarded', 'azurite.v1.discarded.1', 'azurite.v1.discarded.2'];

// quotaStorage is a Storage whose keys and values may hold at most quota
// characters together, as a browser's localStorage counts them.
function quotaStorage(quota) {
  const mem = new Map();
  const used = () => [...mem].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    mem,
    getItem: (k) => (mem.has(k) ? mem.get(k) : null),
    setItem(k, v) {
      const next = used() - (mem.has(k) ? k.length + mem.get(k).length : 0) + k.length + String(v).length;
      if (next > quota) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      mem.set(k, String(v));
    },
    removeItem: (k) => mem.delete(k),
  };
}

const bad = (tag, n) => `{${tag}` + 'x'.repeat(n); // not JSON
const failing = () => { throw new Error('bad'); };

test('storage full: the unreadable game is copied aside, never lost', () => {
  const rows = [
    // name, free room after what is stored before, that, copies expected after
    // (newest first), message. The copy's key is 10 characters longer than KEY's.
    ['room-to-spare', 10000, { [KEY]: bad('new', 100) }, [bad('new', 100)], /a copy is kept .*"azurite\.v1\.discarded"\.$/],
    ['full-copy-replaces-original', 10, { [KEY]: bad('new', 100), filler: 'f'.repeat(200) }, [bad('new', 100)], /a copy is kept/],
    ['oldest-copy-makes-room', 0, { [KEY]: bad('new', 400), [COPIES[0]]: bad('one', 100), [COPIES[1]]: bad('two', 100) },
      [bad('new', 400), bad('one', 100)], /1 older unreadable copy was removed to make room/],
  ];
  for (const [name, room, before, want, msg] of rows) {
    const st = quotaStorage(1e9);
    for (const [k, v] of Object.entries(before)) st.setItem(k, v);
    const used = [...st.mem].reduce((n, [k, v]) => n + k.length + v.length, 0);
    const full = quotaStorage(used + room);
    for (const [k, v] of st.mem) full.mem.set(k, v);
    const s = new Store(full);
    const r = s.load(failing);
    assert.equal(r.state, null, name);
    assert.match(r.error, msg, name);
    assert.equal(full.getItem(KEY), null, `${name}: the original is removed once copied`);
    assert.deepEqual(COPIES.map((k) => full.getItem(k)).filter((v) => v !== null), want, name);
    if (before.filler) assert.equal(full.getItem('filler'), before.filler, `${name}: other data untouched`);
  }
});

test('storage refuses every copy: the original stays and nothing saves over it', () => {
  const st = quotaStorage(1e6);
  st.setItem(KEY, bad('only', 50));
  const refuse = { ...st, setItem: (k, v) => { if (k !== KEY) throw new Error('QuotaExceededError'); st.setItem(k, v); } };
  const s = new Store(refuse);
  const r = s.load(failing);
  assert.equal(r.state, null);
  assert.match(r.error, /storage is too full to copy it aside: it is left as it was under "azurite\.v1"/);
  assert.equal(st.getItem(KEY), bad('only', 50));
  assert.equal(s.save({ game: 1 }), null, 'no second message: load said nothing is saved');
  assert.equal(st.getItem(KEY), bad('only', 50), 'a save does not overwrite it');
});

// fillStorage fills localStorage to its quota, then frees room characters (by
// removing the smallest fillers), and returns how many fillers are left.
function fillStorage(room) {
  const sizes = [];
  for (let size = 1 << 20; size >= 1; ) {
    try {
      localStorage.setItem(`filler.${sizes.length}`, 'f'.repeat(size));
      sizes.push(size);
    } catch {
      size >>= 1;
    }
  }
  for (let freed = 0; freed < room && sizes.length > 0; ) freed += sizes.pop(), localStorage.removeItem(`filler.${sizes.length}`);
  return sizes.length;
}

for (const [room, want, copied] of [
  [64, /could not be restored and was discarded .*a copy is kept in this browser's storage under "azurite\.v1\.discarded"/, true],
  [0, /could not be restored .*storage is too full to copy it aside: it is left as it was under "azurite\.v1" and nothing will be saved over it/, false],
]) {
  test(`in Chromium, localStorage at its quota with ${room} characters free: the unreadable game is not lost`, async () => {
    const { startServer, openBrowser, gotoApp, clickMove, waitEngine } = await import('./harness.mjs');
    const server = await startServer();
    const b = await openBrowser();
    try {
      const corrupt = '{"version":1,"game":{"fen":"garbage"},"pad":"' + 'p'.repeat(20000) + '"}';
      await gotoApp(b.page, server.url);
      await b.page.evaluate((text) => localStorage.setItem('azurite.v1', text), corrupt);
      const fillers = await b.page.evaluate(fillStorage, room);
      assert.ok(fillers > 0, 'storage is full');
      await b.page.reload();
      await b.page.waitForSelector('body[data-ready="true"]');
      assert.match(await b.page.textContent('#notice-text'), want);
      const where = copied ? 'azurite.v1.discarded' : 'azurite.v1';
      assert.equal(await b.page.evaluate((k) => localStorage.getItem(k), where), corrupt, `the text is kept under ${where}`);
      // Playing on saves nothing over it.
      await waitEngine(b.page);
      await clickMove(b.page, 'e2', 'e4');
      await b.page.waitForTimeout(300);
      assert.equal(await b.page.evaluate((k) => localStorage.getItem(k), where), corrupt, 'still kept after a move');
      assert.equal(await b.page.evaluate(() => localStorage.getItem('filler.0').length), 1 << 20, 'other data is untouched');
      assert.deepEqual(b.problems.errors, []);
    } finally {
      await b.close();
      server.stop();
    }
  });
}
