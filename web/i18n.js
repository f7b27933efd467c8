// i18n.js: every user-visible string comes from a message catalogue (web/i18n/*.js),
// looked up by key in the language chosen when this module is first evaluated: the one
// saved under LANGUAGE_KEY, else the browser's first language the player has, else
// English. Every module that shows text imports this one, so the language is set
// before any of them runs, and it holds for the page's life: choosing another saves it
// and reloads the page. A message is a string
// with {name} placeholders, or an object of plural forms ({one, other, …}: the
// language's Intl.PluralRules category of params.count picks one). Numbers in params are
// written with the language's Intl.NumberFormat. Static text in index.html names its
// key in data-i18n (text) and data-i18n-attr ("attribute:key; attribute:key").
//
// A key missing from the language's catalogue falls back to English; a key missing from
// English throws, so a typo fails the first test that shows it. tests/web/i18n.test.mjs
// checks that every catalogue has English's keys with the same placeholders.

import en from './i18n/en.js';
import fr from './i18n/fr.js';
import de from './i18n/de.js';
import es from './i18n/es.js';

/**
 * LANGUAGES are the player's languages, each named in itself. A language is added here
 * with its complete catalogue (tests/web/i18n.test.mjs holds each to English's keys).
 */
export const LANGUAGES = [
  { id: 'en', name: 'English' },
  { id: 'fr', name: 'Français' },
  { id: 'de', name: 'Deutsch' },
  { id: 'es', name: 'Español' },
];

/** CATALOGUES maps a language id to its messages. */
export const CATALOGUES = { en, fr, de, es };

/** LANGUAGE_KEY is the localStorage key of the language the player chose. */
export const LANGUAGE_KEY = 'azurite.language.v1';

let current = 'en';
let plurals = new Intl.PluralRules('en');
let numbers = new Intl.NumberFormat('en');

/**
 * pickLanguage returns the language to use: saved when it is one of LANGUAGES, else
 * the first of the browser's languages (navigator.languages) the player has, matched on
 * the primary subtag ("fr-CA" → fr), else English.
 */
export function pickLanguage(saved, browser = []) {
  if (LANGUAGES.some((l) => l.id === saved)) return saved;
  for (const tag of browser || []) {
    const primary = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.some((l) => l.id === primary)) return primary;
  }
  return 'en';
}

/** setLanguage makes id (one of LANGUAGES) the language of every later t(). */
export function setLanguage(id) {
  current = CATALOGUES[id] ? id : 'en';
  plurals = new Intl.PluralRules(current);
  numbers = new Intl.NumberFormat(current);
}

/**
 * savedLanguage returns the language id saved in storage, or undefined where there is
 * none or storage cannot be read (a sandboxed frame, node).
 */
export function savedLanguage(storage = globalThis.localStorage) {
  try {
    return storage ? storage.getItem(LANGUAGE_KEY) ?? undefined : undefined;
  } catch {
    return undefined;
  }
}

/**
 * chooseLanguage saves id as the player's language (false when storage refuses it, as
 * in a private mode with storage off). The caller reloads the page to show it.
 */
export function chooseLanguage(id, storage = globalThis.localStorage) {
  if (!LANGUAGES.some((l) => l.id === id)) return false;
  try {
    storage.setItem(LANGUAGE_KEY, id);
    return true;
  } catch {
    return false;
  }
}

setLanguage(pickLanguage(savedLanguage(), globalThis.navigator?.languages));

/** language returns the current language id. */
export function language() {
  return current;
}

/** formatNumber writes n in the current language (opts as Intl.NumberFormat's). */
export function formatNumber(n, opts) {
  return opts ? new Intl.NumberFormat(current, opts).format(n) : numbers.format(n);
}

/**
 * t returns the message key in the current language with params filled in: {name} is
 * params.name (a number formatted for the language). Plural messages pick their form by
 * params.count.
 */
export function t(key, params = {}) {
  let msg = CATALOGUES[current][key];
  if (msg === undefined) msg = en[key];
  if (msg === undefined) throw new Error(`i18n: no message "${key}"`);
  if (typeof msg === 'object') {
    const form = plurals.select(Number(params.count));
    msg = msg[form] ?? msg.other;
  }
  return msg.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const v = params[name];
    return typeof v === 'number' ? numbers.format(v) : String(v);
  });
}

/**
 * everyLanguage returns key's message in every language (a game saved in one language
 * is read in another: "You" in its White tag may be "Vous").
 */
export function everyLanguage(key) {
  return LANGUAGES.map((l) => CATALOGUES[l.id][key] ?? en[key]);
}

/**
 * translateDom fills root's static text: each element with data-i18n gets its message
 * as its text, and data-i18n-attr="aria-label:key; title:key2" sets those attributes.
 */
export function translateDom(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':').map((x) => x.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}
