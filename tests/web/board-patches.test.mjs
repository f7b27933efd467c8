// board-patches.test.mjs: web/board-patches.js patches the cm-chessboard version that
// package.json pins, patches it once however often it is asked, and refuses any other
// version. The patches' browser behaviour (CSP-clean drag, drag and focus inside
// <azurite-board>'s shadow root, a press while the last move glides) is checked by
// player.test.mjs, play-details.test.mjs and tests/pwa/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Svg } from 'cm-chessboard/src/lib/Svg.js';
import { VisualMoveInput } from 'cm-chessboard/src/view/VisualMoveInput.js';
import { PATCHED_VERSION, versionProblem, applyBoardPatches, patchesApplied } from '../../web/board-patches.js';
import { ROOT } from './repo.mjs';

const readJSON = (p) => JSON.parse(fs.readFileSync(path.join(ROOT, p), 'utf8'));

test('board patches: written for the cm-chessboard version package.json pins and npm installed', () => {
  assert.equal(readJSON('package.json').dependencies['cm-chessboard'], PATCHED_VERSION);
  assert.equal(readJSON('node_modules/cm-chessboard/package.json').version, PATCHED_VERSION);
});

test('board patches: another cm-chessboard version is refused with both versions named', () => {
  assert.equal(versionProblem(PATCHED_VERSION), '');
  const msg = versionProblem('8.16.0');
  assert.match(msg, /cm-chessboard is 8\.16\.0, but its patches were written for 8\.15\.1/);
  assert.match(msg, /left unpatched/);
});

test('board patches: applied on import, once; a second call wraps nothing again', () => {
  const proto = VisualMoveInput.prototype;
  const names = ['createDraggablePiece', 'moveDraggablePiece', 'onPointerMove', 'onPointerUp', 'setMoveInputState', 'onPointerDown'];
  assert.equal(patchesApplied(), true);
  const before = [...names.map((n) => proto[n]), Svg.addElement, Svg.removeElement];
  assert.deepEqual(before.map((f) => f.name), ['createDraggablePiece', 'moveDraggablePiece', 'shadowAware', 'shadowAware', 'supersedableMoveDone', 'pressDuringGlide', 'addElementCSP', 'removeElementQuiet']);
  assert.equal(applyBoardPatches(), true);
  const after = [...names.map((n) => proto[n]), Svg.addElement, Svg.removeElement];
  after.forEach((f, i) => assert.equal(f, before[i], `${f.name} was replaced by the second call`));
});

test('board patches: every cm-chessboard patch lives in board-patches.js', () => {
  // A patch elsewhere would make the result depend on import order again.
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (rel.endsWith('.js') && rel !== path.join('web', 'board-patches.js')) files.push(rel);
    }
  };
  walk('web');
  const patching = files.filter((f) => /\b(Svg|VisualMoveInput\.prototype)\.\w+\s*=[^=]/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
  assert.deepEqual(patching, []);
});
