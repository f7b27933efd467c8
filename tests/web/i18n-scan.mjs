// i18n-scan.mjs: finds text in web/ that a player would read but that does not come
// from the message catalogue: prose string literals in the JavaScript modules, and
// text or labelling attributes in index.html without data-i18n / data-i18n-attr.
// tests/web/i18n.test.mjs fails on anything it returns.

// literals returns the string and template literals of JavaScript source src, each as
// {text, line, start}: comments and regular-expression literals are skipped, and a
// template's ${…} parts are kept as written.
export function literals(src) {
  const out = [];
  let i = 0;
  let line = 1;
  let prev = '('; // the last significant token: an operand ('a') or punctuation
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      for (let k = i; k < end; k++) if (src[k] === '\n') line++;
      i = end + 2;
    } else if (c === '"' || c === "'" || c === '`') {
      const start = i;
      const first = line;
      let j = i + 1;
      let depth = 0;
      while (j < n && !(src[j] === c && depth === 0)) {
        if (src[j] === '\\') j++;
        else if (c === '`' && src[j] === '$' && src[j + 1] === '{') depth++;
        else if (c === '`' && src[j] === '}' && depth > 0) depth--;
        else if (src[j] === '\n') line++;
        j++;
      }
      out.push({ text: src.slice(i + 1, j), line: first, start });
      // A template's ${…} parts are code: their own literals count too.
      if (c === '`') {
        for (const m of src.slice(i + 1, j).matchAll(/\$\{((?:[^{}]|\{[^{}]*\})*)\}/g)) {
          const at = i + 1 + m.index + 2;
          for (const inner of literals(m[1])) out.push({ ...inner, line: first + src.slice(i, at).split('\n').length - 1 + inner.line - 1, start: at + inner.start, outer: inner.outer ?? start });
        }
      }
      i = j + 1;
      prev = 'a';
    } else if (c === '/' && !/[\w)\]$]/.test(prev)) {
      // A regular expression: it follows punctuation or a keyword, never an operand.
      let j = i + 1;
      let cls = false;
      while (j < n && (cls || src[j] !== '/')) {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') cls = true;
        else if (src[j] === ']') cls = false;
        j++;
      }
      i = j + 1;
      while (/[a-z]/.test(src[i])) i++;
      prev = 'a';
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i;
      while (j < n && /[\w$]/.test(src[j])) j++;
      const word = src.slice(i, j);
      prev = ['return', 'typeof', 'case', 'in', 'of', 'delete', 'void', 'throw', 'new', 'else', 'do'].includes(word) ? '(' : 'a';
      i = j;
    } else {
      if (!/\s/.test(c)) prev = /[0-9]/.test(c) ? 'a' : c;
      i++;
    }
  }
  return out;
}

// prose says whether a literal reads as words for a person: a word followed by a
// space and more letters, or one capitalised word. ${…} parts count as gaps.
export function prose(text) {
  const s = text.replace(/\$\{[^}]*\}/g, ' ').trim();
  return /[A-Za-z][a-z]+[,.:;!?…)]*\s+\S*[A-Za-z]/.test(s) || /^[A-Z][a-z]{2,}[.!…]?$/.test(s);
}

// PROTOCOL are single words that name things of a format or an API, never prose: PGN
// tag names (but White and Black, which are also words a player reads: those pass
// only as a headers[…] index), keyboard key names, and the product's name.
const PROTOCOL = ['Event', 'Site', 'Date', 'Round', 'Result', 'Variant', 'Escape', 'Backspace', 'Enter', 'Home', 'End', 'Tab', 'Space', 'Delete', 'Azurite'];

// NOT_SHOWN are the contexts of a literal that a player never reads: a catalogue key
// (t or tr), a module path, a CSS selector or class, a DOM event or attribute name,
// and diagnostics (errors thrown and console output; where the UI shows an error's
// message, it is the {why} of a catalogue sentence).
const NOT_SHOWN = [
  /\b(?:t|tr)\(\s*$/,
  /\b(?:import|from)\s*$/,
  /\bimport\(\s*$/,
  /\b(?:querySelector|querySelectorAll|closest|matches|matchMedia)\(\s*$/,
  /\b(?:addEventListener|removeEventListener|dispatchEvent|Event|CustomEvent)\(\s*$/,
  /\b(?:setAttribute|getAttribute|removeAttribute|hasAttribute|toggleAttribute)\(\s*$/,
  /\bclass(?:Name)?\s*[:=]\s*$/,
  /\bclassList\.\w+\(\s*$/,
  /\bheaders\[[^\]]*$/,
];
const DIAGNOSTIC_LINE = /\bnew \w*Error\(|\bconsole\.\w+\(|\bthrow\b|\bassert\w*\(/;

/**
 * jsFindings returns the prose literals of module source src that no NOT_SHOWN context
 * or diagnostic line explains, as {line, text}; allowed lists literal texts the file
 * may hold (with the reason beside them in the test).
 */
export function jsFindings(src, allowed = []) {
  const lines = src.split('\n');
  const found = [];
  for (const lit of literals(src)) {
    if (!prose(lit.text) || PROTOCOL.includes(lit.text) || allowed.includes(lit.text)) continue;
    const before = src.slice(Math.max(0, lit.start - 60), lit.start);
    if (NOT_SHOWN.some((re) => re.test(before))) continue;
    // A literal inside a template's ${…} also takes the template's context (a key).
    if (lit.outer !== undefined && NOT_SHOWN.some((re) => re.test(src.slice(Math.max(0, lit.outer - 60), lit.outer)))) continue;
    if (DIAGNOSTIC_LINE.test(lines[lit.line - 1])) continue;
    found.push({ line: lit.line, text: lit.text.slice(0, 100) });
  }
  return found;
}

// LABELS are the attributes a person reads or hears.
const LABELS = ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'];

/**
 * htmlFindings returns index.html's text a person reads that is not from the catalogue:
 * text inside an element that has no data-i18n (on itself or the element around the
 * text), and labelling attributes not named in the element's data-i18n-attr. allowed
 * lists texts that are not words of any language (notation, the product's name).
 */
export function htmlFindings(html, allowed = []) {
  const found = [];
  const body = html.replace(/<!--[\s\S]*?-->|<!doctype[^>]*>/gi, (c) => c.replace(/[^\n]/g, ' '));
  const lineOf = (i) => body.slice(0, i).split('\n').length;
  // Attributes.
  for (const m of body.matchAll(/<([a-z][a-z0-9-]*)(\s[^>]*)?>/g)) {
    const attrs = m[2] || '';
    const named = /data-i18n-attr="([^"]*)"/.exec(attrs);
    const covered = named ? named[1].split(';').map((p) => p.split(':')[0].trim()) : [];
    for (const a of LABELS) {
      const v = new RegExp(`\\s${a}="([^"]*)"`).exec(attrs);
      if (v && /[A-Za-z]{2}/.test(v[1]) && !covered.includes(a) && !allowed.includes(v[1])) found.push({ line: lineOf(m.index), text: `${a}="${v[1]}"` });
    }
    if (m[1] === 'meta' && /name="description"/.test(attrs) && !covered.includes('content')) found.push({ line: lineOf(m.index), text: 'meta description' });
  }
  // Text: each run between tags, owned by the element it sits in.
  const stack = [];
  const re = /<(\/?)([a-z][a-z0-9-]*)([^>]*)>|([^<]+)/g;
  const VOID = new Set(['meta', 'link', 'input', 'br', 'img', 'hr', 'source']);
  for (const m of body.matchAll(re)) {
    if (m[4] !== undefined) {
      const text = m[4].trim();
      if (!text || !/[A-Za-z]{2}/.test(text) || allowed.includes(text)) continue;
      const owner = stack[stack.length - 1];
      if (owner && (owner.name === 'script' || owner.name === 'style')) continue;
      if (!owner || !/\sdata-i18n="/.test(owner.attrs)) found.push({ line: lineOf(m.index), text });
    } else if (m[1]) {
      while (stack.length && stack.pop().name !== m[2]);
    } else {
      // translateDom sets a data-i18n element's textContent, which would drop children.
      const owner = stack[stack.length - 1];
      if (owner && /\sdata-i18n="/.test(owner.attrs)) found.push({ line: lineOf(m.index), text: `<${m[2]}> inside a data-i18n element` });
      if (!VOID.has(m[2]) && !m[3].endsWith('/')) stack.push({ name: m[2], attrs: m[3] });
    }
  }
  return found;
}
