// shell.test.mjs: the shell (web/shell.js) declares all its fields when it is created
// and is sealed, so a part that assigns a field the shell lacks fails at once instead
// of growing the shared state. The browser side (the ?test hook) is in player.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createShell } from '../../web/shell.js';
import { part } from '../../web/dom.js';

// fakeRoot stands in for document.body: every id asked for under it, or under an
// element it gave, is an inert element; asked lists the selectors.
function fakeRoot() {
  const asked = [];
  const el = () => {
    const classes = new Set();
    return {
      textContent: '',
      hidden: false,
      dataset: {},
      classes,
      classList: { toggle: (name, on) => classes[on ? 'add' : 'delete'](name) },
      setAttribute() {},
      querySelector(sel) {
        asked.push(sel);
        return el();
      },
    };
  };
  return Object.assign(el(), { asked });
}

function newShell() {
  const root = fakeRoot();
  const shell = createShell({ root, engine: { options: [] }, sound: { play() {} }, store: { save: () => null } });
  return { shell, root };
}

// FIELDS is the documented list (createShell's comment); a new field belongs there.
const FIELDS = [
  'playGame', 'workGame', 'copiedFrom', 'game', 'mode', 'modeSet', 'restoring', 'saveWarned',
  'engine', 'sound', 'engineReady', 'engineLoaded', 'view', 'moves', 'settings', 'controllers', 'librarySync',
  'treeEdit', 'listeners', 'rows',
];

test('shell: every field is declared at creation, and nothing else but its methods', () => {
  const { shell } = newShell();
  const fields = Object.keys(shell).filter((k) => {
    const d = Object.getOwnPropertyDescriptor(shell, k);
    return d.get || typeof d.value !== 'function';
  });
  assert.deepEqual(fields, FIELDS);
  assert.equal(shell.mode, 'play');
  assert.equal(shell.game, shell.playGame);
  for (const k of ['view', 'moves', 'settings', 'controllers', 'librarySync', 'treeEdit', 'copiedFrom']) assert.equal(shell[k], null, k);
});

test('shell: sealed: a late field throws, declared fields stay writable', () => {
  const { shell } = newShell();
  assert.ok(Object.isSealed(shell));
  // ES modules are strict code: assigning a field the shell lacks is a TypeError.
  assert.throws(() => {
    shell.engineReservedByPlay2 = () => '';
  }, TypeError);
  assert.throws(() => {
    shell.exportedLater = 1;
  }, TypeError);
  assert.equal('exportedLater' in shell, false);
  assert.throws(() => delete shell.mode, TypeError);
  shell.copiedFrom = 'x';
  assert.equal(shell.copiedFrom, 'x');
});

test('shell: finds its page parts by id under the root it is given', () => {
  const { root } = newShell();
  for (const id of ['status', 'notice', 'banner', 'fen-text', 'engine-state', 'row-top', 'row-bottom', 'tab-review', 'panel-review', 'name-top', 'clock-bottom', 'turn-cue']) {
    assert.ok(root.asked.includes(`#${id}`), `#${id} looked up under the root`);
  }
});

test('shell: engineReservedByPlay asks play mode, and is free before it exists', () => {
  const { shell } = newShell();
  assert.equal(shell.engineReservedByPlay(), '');
  shell.controllers = { play: { engineReserved: () => 'busy' } };
  assert.equal(shell.engineReservedByPlay(), 'busy');
});

test('shell: page states go on the root it was given', () => {
  const { shell, root } = newShell();
  shell.pageData('practice', 'on');
  shell.pageClass('thinking', true);
  assert.deepEqual({ data: { ...root.dataset }, classes: [...root.classes] }, { data: { practice: 'on' }, classes: ['thinking'] });
  shell.pageData('practice', null);
  shell.pageClass('thinking', false);
  assert.deepEqual({ data: { ...root.dataset }, classes: [...root.classes] }, { data: {}, classes: [] });
});

test('part: an element missing under the root throws, naming the root and the id', () => {
  const root = { id: 'panel-review', localName: 'section', querySelector: (sel) => (sel === '#btn-review' ? { id: 'btn-review' } : null) };
  assert.deepEqual(part(root, 'btn-review'), { id: 'btn-review' });
  assert.throws(() => part(root, 'btn-resign'), { message: '#panel-review lacks #btn-resign' });
  assert.throws(() => part({ id: '', localName: 'body', querySelector: () => null }, 'status'), { message: 'body lacks #status' });
});
