// The message catalogue (web/i18n.js): every key the player's code names exists in
// the English catalogue, plural messages have their forms, and t() fills parameters,
// plurals and numbers as the language writes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './repo.mjs';
import { t, pickLanguage, setLanguage, language, CATALOGUES, LANGUAGES } from '../../web/i18n.js';

const en = CATALOGUES.en;

// jsFiles lists web/'s modules, recursively.
function jsFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...jsFiles(p));
    else if (e.name.endsWith('.js')) out.push(p);
  }
  return out;
}

test('every key the code names is in the English catalogue', () => {
  let literal = 0;
  let templated = 0;
  const missing = [];
  for (const file of jsFiles(path.join(ROOT, 'web'))) {
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/\b(?:t|tr)\(\s*'([A-Za-z0-9_.]+)'/g)) {
      literal++;
      if (!(m[1] in en)) missing.push(`${path.relative(ROOT, file)}: ${m[1]}`);
    }
    // A key built from a template (`pos.pawns.${c}`) must match some key.
    for (const m of src.matchAll(/\b(?:t|tr)\(\s*`([^`]*)`/g)) {
      templated++;
      const re = new RegExp(`^${m[1].split(/\$\{[^}]*\}/).map((x) => x.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[A-Za-z0-9_]*')}$`);
      if (!Object.keys(en).some((k) => re.test(k))) missing.push(`${path.relative(ROOT, file)}: ${m[1]}`);
    }
  }
  assert.deepEqual(missing, []);
  assert.ok(literal > 150 && templated > 10, `${literal} literal and ${templated} templated keys found`);
});

test('plural messages have the forms English needs; no message is empty', () => {
  for (const [k, v] of Object.entries(en)) {
    if (typeof v === 'object') assert.ok(typeof v.one === 'string' && typeof v.other === 'string', k);
    else assert.ok(typeof v === 'string' && v.length > 0, k);
  }
});

test('t fills parameters, picks plural forms and writes numbers', () => {
  setLanguage('en');
  assert.equal(language(), 'en');
  assert.equal(t('lib.count', { count: 1 }), '1 game');
  assert.equal(t('lib.count', { count: 0 }), '0 games');
  assert.equal(t('lib.count', { count: 10000 }), '10,000 games');
  assert.equal(t('lib.importError', { game: '3', line: '1204', column: '7', why: 'x' }), 'Game 3 (line 1204, column 7): x');
  assert.equal(t('lib.opened', {}), 'Opened {game}.', 'a missing parameter stays visible');
  assert.throws(() => t('no.such.key'), /no message "no.such.key"/);
});

test('the language: the saved one, else the browser\'s, else English', () => {
  const ids = LANGUAGES.map((l) => l.id);
  assert.ok(ids.includes('en'));
  assert.equal(pickLanguage('en', ['fr-FR']), 'en');
  assert.equal(pickLanguage(undefined, ['xx-YY', 'en-GB']), 'en');
  assert.equal(pickLanguage('klingon', []), 'en');
});
