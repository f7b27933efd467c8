// The message catalogues (web/i18n.js): every key the player's code names exists in
// English's, every language has exactly English's keys with the same placeholders and
// the plural forms its Intl.PluralRules uses, no text a player reads in web/ or
// index.html is outside the catalogue, and t() fills parameters, plurals and numbers
// as each language writes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './repo.mjs';
import { t, pickLanguage, setLanguage, language, chooseLanguage, savedLanguage, everyLanguage, LANGUAGE_KEY, CATALOGUES, LANGUAGES } from '../../web/i18n.js';
import { jsFindings, htmlFindings, literals, prose } from './i18n-scan.mjs';

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

test('each language writes its own numbers and plural forms', () => {
  try {
    setLanguage('fr');
    assert.equal(t('lib.count', { count: 0 }), '0 partie', 'French counts zero as one');
    assert.equal(t('lib.count', { count: 2 }), '2 parties');
    assert.equal(t('lib.count', { count: 10000 }), '10\u202f000 parties', 'a narrow no-break space groups thousands');
    assert.equal(t('lib.count', { count: 1000000 }), '1\u202f000\u202f000 de parties', 'the many form');
    setLanguage('de');
    assert.equal(t('lib.count', { count: 1 }), '1 Partie');
    assert.equal(t('lib.count', { count: 10000 }), '10.000 Partien');
    assert.equal(t('lib.importError', { game: '3', line: '1204', column: '7', why: 'x' }), 'Partie 3 (Zeile 1204, Spalte 7): x', 'identifiers are not grouped');
    setLanguage('es');
    assert.equal(t('lib.count', { count: 1000000 }), '1.000.000 de partidas');
    assert.equal(t('speech.takes', { piece: t('speech.piece.n'), square: 'd5' }), 'Caballo captura en d5');
    assert.deepEqual(everyLanguage('play.you'), ['You', 'Vous', 'Du', 'Tú'], 'a saved game names the player in the language it was played in');
  } finally {
    setLanguage('en');
  }
});

test('the language: the saved one, else the browser\'s, else English', () => {
  const ids = LANGUAGES.map((l) => l.id);
  assert.ok(ids.includes('en'));
  assert.equal(pickLanguage('en', ['fr-FR']), 'en');
  assert.equal(pickLanguage(undefined, ['xx-YY', 'en-GB']), 'en');
  assert.equal(pickLanguage('klingon', []), 'en');
  assert.equal(pickLanguage(undefined, ['fr-CA', 'en']), 'fr', 'the primary subtag decides');
  assert.equal(pickLanguage(undefined, ['pt-BR', 'de-AT']), 'de', 'the first language the player has');
  assert.equal(pickLanguage('es', ['fr-FR']), 'es', 'a saved choice wins over the browser');
  assert.deepEqual(ids, ['en', 'fr', 'de', 'es']);
});

// placeholders lists the {names} of a message (every form of a plural one), sorted.
function placeholders(msg) {
  const forms = typeof msg === 'object' ? Object.values(msg) : [msg];
  return [...new Set(forms.flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
}

test('every language has English\'s keys, placeholders and its own plural forms', () => {
  assert.deepEqual(Object.keys(CATALOGUES).sort(), LANGUAGES.map((l) => l.id).sort(), 'a catalogue per language');
  for (const { id } of LANGUAGES) {
    const cat = CATALOGUES[id];
    const forms = new Intl.PluralRules(id).resolvedOptions().pluralCategories;
    const problems = [];
    for (const [k, v] of Object.entries(en)) {
      const m = cat[k];
      if (m === undefined) { problems.push(`${k}: missing`); continue; }
      if ((typeof m === 'object') !== (typeof v === 'object')) { problems.push(`${k}: plural in one catalogue only`); continue; }
      if (typeof m === 'object') {
        for (const f of forms) if (typeof m[f] !== 'string' || !m[f]) problems.push(`${k}: no "${f}" form`);
        for (const f of Object.keys(m)) if (!forms.includes(f)) problems.push(`${k}: "${f}" is no ${id} plural form`);
      } else if (!m) problems.push(`${k}: empty`);
      const want = placeholders(v);
      const got = placeholders(m);
      if (want.join() !== got.join()) problems.push(`${k}: placeholders {${got}} instead of {${want}}`);
    }
    for (const k of Object.keys(cat)) if (!(k in en)) problems.push(`${k}: not in English`);
    assert.deepEqual(problems, [], `${id} catalogue`);
  }
});

// ALLOWED are prose-like literals that no player reads, by file, each with its reason.
const ALLOWED = {
  // Reasons a saved game or a worker fails: diagnostics, shown only as the {why} of a
  // catalogue sentence ("The saved Play state was reset ({why}).").
  'web/game.js': ['bad move list after ply ${parent.ply}', 'tree too deep', 'bad move entry after ply ${parent.ply}', 'illegal move ${String(item.m).slice(0, 12)} after ply ${parent.ply}'],
  'web/engine-client.js': ['worker error: ', 'failed to start ', 'not loaded after ${Math.round(silent)} ms', 'no answer for ${Math.round(silent)} ms'],
  'web/library-db.js': ['transaction aborted'],
  // A developer's warning when cm-chessboard changes version (logged, never shown).
  'web/board-patches.js': ['board-patches.js: cm-chessboard is ${version}, but its patches were written for ${PATCHED_VERSION}; the board is left unpatched (drag, CSP and shadow-root fixes are off). Re-read the patches against the new version, then update PATCHED_VERSION.'],
  // CSS: a transform, a media query, class names.
  'web/editor.js': ['translate(${ev.clientX - 20}px, ${ev.clientY - 20}px)'],
  'web/settings-panel.js': ['(prefers-reduced-motion: reduce)'],
  'web/movelist.js': ['variation collapsed'],
  // Each language is named in itself, whatever the page's language.
  'web/i18n.js': ['English', 'Français', 'Deutsch', 'Español'],
  // PGN tag names, in the order and form the PGN standard gives them.
  'web/library.js': ['White', 'Black'],
  'web/links.js': ['White', 'Black'],
  'web/pgn.js': ['White', 'Black'],
  // A UCI option's name, sent to the engine.
  'web/levels.js': ['Book Variety'],
  'web/sw/sw.js': ['use strict'],
};
// NOT_PLAYER are files no player sees: the embed demo page's event log, for developers.
const NOT_PLAYER = ['web/embed/demo/demo.js'];

test('no text a player reads in web/ is outside the catalogue', () => {
  const found = [];
  for (const file of jsFiles(path.join(ROOT, 'web'))) {
    const rel = path.relative(ROOT, file);
    if (rel.startsWith('web/i18n/') || NOT_PLAYER.includes(rel)) continue;
    for (const f of jsFindings(fs.readFileSync(file, 'utf8'), ALLOWED[rel])) found.push(`${rel}:${f.line}: ${f.text}`);
  }
  // The product's name and notation are the same in every language.
  const html = htmlFindings(fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8'), ['Azurite', 'FEN', 'OK', 'Nf3, O-O, e8=Q, g1f3', 'YYYY.MM.DD']);
  for (const f of html) found.push(`index.html:${f.line}: ${f.text}`);
  assert.deepEqual(found, []);
});

test('the scan finds what it must', () => {
  const src = [
    "const a = t('play.key');",
    "el.textContent = 'Your move';",
    "// 'Not this one'",
    "const re = /It's a regex/;",
    "el.title = cond ? `Played ${n} moves` : 'Resign';",
    "throw new Error('a diagnostic message');",
    "el.append(h('span', { class: 'lib-badge reviewed' }));",
    "label = `${n.color === 'w' ? 'White' : 'Black'} ${num}`;",
    "key = t(`rows.clock${live ? 'Live' : ''}`); v = headers[c === 'w' ? 'White' : 'Black'];",
  ].join('\n');
  assert.deepEqual(literals("a = 'x' / 2; b = `y${'z'}`").map((l) => l.text), ['x', "y${'z'}", 'z'], 'a template\'s ${…} is scanned too');
  assert.equal(prose('Your move'), true);
  assert.equal(prose('lib.source.played'), false);
  assert.deepEqual(jsFindings(src).map((f) => [f.line, f.text]), [[2, 'Your move'], [5, 'Played ${n} moves'], [5, 'Resign'], [8, 'White'], [8, 'Black']]);
  const html = '<p data-i18n="k">Fine</p><p>Not fine</p><button aria-label="Close" title="Close it">×</button><span data-i18n="k"><b>lost</b></span>';
  assert.deepEqual(htmlFindings(html).map((f) => f.text), ['aria-label="Close"', 'title="Close it"', 'Not fine', '<b> inside a data-i18n element', 'lost']);
});

test('the saved language: written under its key, read back, unknown ids refused', () => {
  const box = new Map();
  const storage = { getItem: (k) => box.get(k) ?? null, setItem: (k, v) => box.set(k, v) };
  assert.equal(savedLanguage(storage), undefined);
  for (const { id } of LANGUAGES) {
    assert.equal(chooseLanguage(id, storage), true);
    assert.equal(box.get(LANGUAGE_KEY), id);
    assert.equal(savedLanguage(storage), id);
  }
  assert.equal(chooseLanguage('xx', storage), false);
  const full = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } };
  assert.equal(savedLanguage(full), undefined);
  assert.equal(chooseLanguage('en', full), false);
});
