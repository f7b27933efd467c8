// controller.test.mjs: the one protocol the modes answer (web/controller.js) and the
// one owner of the engine's options (web/engine-options.js), without a browser; and a
// scan of web/ that fails when a module reaches into a mode's state, or calls on a
// mode anything but the protocol and that mode's declared actions. The boot-time
// check in a real page is in shell.test.mjs's browser half (player.test.mjs) and below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { METHODS, ACTIONS, checkController } from '../../web/controller.js';
import { createEngineOptions } from '../../web/engine-options.js';
import { MODES } from '../../web/shell.js';
import { ROOT } from './repo.mjs';
import { withPage, startServer, gotoApp } from './harness.mjs';

const noop = () => {};
const complete = (extra = []) => Object.fromEntries([...METHODS, ...extra].map((m) => [m, noop]));

test('checkController: a mode lacking a method or its actions fails, naming them', () => {
  for (const m of MODES) assert.ok(ACTIONS[m], `actions declared for ${m}`);
  const play = complete(ACTIONS.play);
  assert.equal(checkController(play, 'play'), play);
  for (const gone of ['editable', 'engineFreed', 'userMove']) {
    const c = complete(ACTIONS.analysis);
    delete c[gone];
    assert.throws(() => checkController(c, 'analysis'), new TypeError(`controller analysis lacks ${gone} (web/controller.js)`));
  }
  const c = complete();
  assert.throws(() => checkController(c, 'play'), /controller play lacks startFrom, premove, cancelPremove, cancelLastPremove, cancelPending, clocks, engineReserved/);
  assert.throws(() => checkController({ ...complete(ACTIONS.review), restore: 1 }, 'review'), /lacks restore/);
  assert.throws(() => checkController(null, 'library'), /not an object/);
});

// fakeEngine records what reaches it; options as the engine advertised them.
function fakeEngine(options = [{ name: 'Hash', default: 16 }, { name: 'MultiPV', default: 1 }, { name: 'OwnBook', default: true }, { name: 'UCI_AnalyseMode', default: false }]) {
  const log = [];
  return {
    log,
    options,
    stop: async () => log.push('stop'),
    setOption: async (k, v) => {
      if (k === 'MultiPV' && v === 99) throw new Error('out of range');
      log.push(`${k}=${v}`);
    },
  };
}

test('engine options: one owner sends only what the engine does not have, whoever set it', async () => {
  const e = fakeEngine();
  const o = createEngineOptions(e);
  // The advertised defaults count as set: Hash 16 and MultiPV 1 are not sent.
  assert.deepEqual(await o.apply({ Hash: 16, MultiPV: 1 }), []);
  assert.deepEqual(e.log, []);
  // What differs is sent after a stop; an unknown name is skipped.
  assert.deepEqual(await o.apply({ MultiPV: 3, UCI_AnalyseMode: true, OwnBook: false, 'Book Variety': 5 }), ['MultiPV', 'UCI_AnalyseMode', 'OwnBook']);
  assert.deepEqual(e.log, ['stop', 'MultiPV=3', 'UCI_AnalyseMode=true', 'OwnBook=false']);
  assert.equal(o.sent('multipv'), '3');
  // Another mode (play) sets its own; analysis asking again sends only MultiPV back.
  e.log.length = 0;
  await o.apply({ MultiPV: 1, UCI_AnalyseMode: false, OwnBook: true });
  assert.deepEqual(e.log, ['stop', 'MultiPV=1', 'UCI_AnalyseMode=false', 'OwnBook=true']);
  e.log.length = 0;
  await o.apply({ MultiPV: 1, UCI_AnalyseMode: false });
  assert.deepEqual(e.log, [], 'nothing sent twice');
  // A refused value is not remembered: it is tried again.
  await o.apply({ MultiPV: 99 });
  assert.equal(o.sent('MultiPV'), '1');
  // A restart rejects through.
  const r = fakeEngine();
  r.setOption = async () => {
    throw Object.assign(new Error('engine restarted'), { restarted: true });
  };
  await assert.rejects(createEngineOptions(r).apply({ Hash: 64 }), /engine restarted/);
});

// Every `controllers.X.member`, `controllers[...].member` and any `.state` or
// `.practice` of a controller in web/: a member must be a protocol method or one of
// X's declared actions, and no module but app.js (the composer) holds a mode itself.
test('no module reaches into another mode: only the protocol and declared actions', () => {
  const dir = path.join(ROOT, 'web');
  const bad = [];
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.js'))) {
    if (f === 'controller.js') continue;
    const src = fs.readFileSync(path.join(dir, f), 'utf8').replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const m of src.matchAll(/controllers\s*\.\s*(\w+)(\s*\.\s*(\w+))?/g)) {
      const [, mode, , member] = m;
      if (!MODES.includes(mode)) {
        bad.push(`${f}: controllers.${mode}`);
        continue;
      }
      if (!member) {
        if (f !== 'app.js') bad.push(`${f}: holds controllers.${mode}`);
        continue;
      }
      if (!METHODS.includes(member) && !ACTIONS[mode].includes(member)) bad.push(`${f}: controllers.${mode}.${member}`);
    }
    for (const m of src.matchAll(/controllers\s*\[[^\]]+\]\s*\.\s*(\w+)/g)) {
      if (!METHODS.includes(m[1])) bad.push(`${f}: controllers[…].${m[1]}`);
    }
    for (const m of src.matchAll(/\b(optionsSent|hashSent)\b/g)) bad.push(`${f}: ${m[1]}`);
  }
  assert.deepEqual(bad, []);
});

test('the scan fails on a reach into another mode (it can fail)', () => {
  const src = "shell.controllers.review.practice.active; shell.controllers.analysis.state.optionsSent = null; shell.controllers[shell.mode].state";
  const hits = [...src.matchAll(/controllers\s*\.\s*(\w+)(\s*\.\s*(\w+))?/g)].map((m) => m[3]).filter((x) => !METHODS.includes(x));
  assert.deepEqual(hits, ['practice', 'state']);
  assert.equal([...src.matchAll(/controllers\s*\[[^\]]+\]\s*\.\s*(\w+)/g)].filter((m) => !METHODS.includes(m[1])).length, 1);
});

test('boot: app.js checks every mode against the protocol, and the page boots', async () => {
  const app = fs.readFileSync(path.join(ROOT, 'web', 'app.js'), 'utf8');
  assert.match(app, /for \(const m of MODES\) checkController\(shell\.controllers\[m\], m\);/);
  const server = await startServer();
  try {
    await withPage({}, async (page) => {
      await gotoApp(page, server.url);
      const missing = await page.evaluate(({ methods, actions }) => Object.entries(window.azurite.controllers).flatMap(([m, c]) => [...methods, ...actions[m]].filter((k) => typeof c[k] !== 'function').map((k) => `${m}.${k}`)), { methods: METHODS, actions: ACTIONS });
      assert.deepEqual(missing, []);
    });
  } finally {
    server.stop();
  }
});
