// The play mode's strength levels (web/levels.js): labels carry the measured Elo, the
// levels get stronger in order, and each limited level asks the engine for a UCI_Elo
// that is one of the engine's calibration rows (engine/session/strength.go), so the
// page plays exactly the level that was measured (docs/levels.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './repo.mjs';
import { LEVELS, ELO_PROVISIONAL, levelLabel, levelById, DEFAULT_LEVEL } from '../../web/levels.js';

/** eloRows reads the UCI_Elo column of eloLevels from the Go source. */
function eloRows() {
  const src = fs.readFileSync(path.join(ROOT, 'engine', 'session', 'strength.go'), 'utf8');
  const block = /var eloLevels = \[\.\.\.\]struct \{[^}]*\}\{([\s\S]*?)\n\}/.exec(src);
  assert.ok(block, 'eloLevels table not found in strength.go');
  const opts = fs.readFileSync(path.join(ROOT, 'engine', 'session', 'options.go'), 'utf8');
  const konst = (name) => Number(new RegExp(`${name}\\s*=\\s*(\\d+)`).exec(opts)[1]);
  return [...block[1].matchAll(/\{(\w+), [\d.]+\}/g)].map((m) => (/^\d+$/.test(m[1]) ? Number(m[1]) : konst(m[1])));
}

test('levels are measured, ordered and labelled with their Elo', () => {
  assert.equal(ELO_PROVISIONAL, false, 'the labels must carry measured figures');
  const limited = LEVELS.filter((l) => l.options.UCI_LimitStrength);
  assert.ok(limited.length >= 5, 'at least five limited levels');
  let prev = 0;
  for (const l of limited) {
    assert.equal(typeof l.elo, 'number', `${l.id}: measured Elo`);
    assert.ok(l.elo > prev, `${l.id}: ${l.elo} not above the level below (${prev})`);
    prev = l.elo;
    assert.match(levelLabel(l), new RegExp(`^${l.name} \\(~${l.elo}\\)$`));
    assert.ok(l.movetime > 0, `${l.id}: movetime`);
  }
  const full = LEVELS[LEVELS.length - 1];
  assert.equal(full.options.UCI_LimitStrength, false, 'the last level is full strength');
  assert.ok(full.elo > prev, `full strength's ${full.elo} not above the strongest limited level (${prev})`);
  assert.equal(levelLabel(full), `Full strength (~${full.elo})`);
  assert.equal(levelById('nonsense').id, DEFAULT_LEVEL);
});

test('each limited level requests a calibrated UCI_Elo row of the engine', () => {
  const rows = eloRows();
  assert.ok(rows.length >= 2, `rows ${rows}`);
  for (const l of LEVELS.filter((x) => x.options.UCI_LimitStrength)) {
    assert.ok(rows.includes(l.options.UCI_Elo), `${l.id}: UCI_Elo ${l.options.UCI_Elo} is not one of ${rows}`);
  }
});

test('weaker levels vary their openings at least as much', () => {
  let prev = 101;
  for (const l of LEVELS) {
    const v = l.options['Book Variety'];
    assert.ok(v <= prev, `${l.id}: Book Variety ${v} above the weaker level's ${prev}`);
    prev = v;
  }
});
