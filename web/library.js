// library.js: the Library tab. It lists the games the library keeps (library-db.js),
// with a text search, filters and sorting (library-record.js), and opens, edits,
// stars, deletes (with undo), imports (library-import.js) and exports them. The list
// follows changes from this tab and from others (the library's change events).
//
// The board shows the Analyse/Review game meanwhile; opening a game from the list
// makes it that game and goes to Review when it has a review, else to Analyse.
//
// Where IndexedDB is unavailable the tab says so; the live game is still saved in
// localStorage as before (storage.js).

import { h, part, show, clear } from './dom.js';
import { parseGameText } from './pgn.js';
import { filterGames, summarize, recordPgn } from './library-record.js';
import { importPgn } from './library-import.js';
import { storageInfo, askPersistent } from './library-db.js';
import { t, formatNumber } from './i18n.js';

/** PAGE is how many rows the list shows before "Show more". */
export const PAGE = 100;
/** UNDO_MS is how long the undo bar of a deletion stays. */
export const UNDO_MS = 15000;

const RESULT_TEXT = { '1-0': '1–0', '0-1': '0–1', '1/2-1/2': '½–½', '*': '*' };
const SOURCE_KEY = { played: 'lib.source.played', analysis: 'lib.source.analysis', imported: 'lib.source.imported' };

// bytes writes a storage size in the language's numbers and unit names ("6,4 Mo").
function bytes(n) {
  const [v, unit] = n < 1024 ? [n, 'byte'] : n < 1024 ** 2 ? [Math.round(n / 1024), 'kilobyte'] : n < 1024 ** 3 ? [n / 1024 ** 2, 'megabyte'] : [n / 1024 ** 3, 'gigabyte'];
  return formatNumber(v, { style: 'unit', unit, maximumFractionDigits: 1 });
}

/**
 * createLibrary returns the Library tab's controller; root is its panel and lookup
 * the opening names. The library opens asynchronously: attach(library, sync) gives it
 * the open Library and the sync (library-sync.js), unavailable(why) says it cannot
 * open.
 */
export function createLibrary(shell, root, { lookup }) {
  const el = (id) => part(root, id);
  let library = null;
  let sync = null;
  const st = {
    all: [], // every summary
    shown: [], // the filtered, sorted list
    limit: PAGE,
    selected: new Set(),
    importing: null, // the AbortController of a running import
    undo: null, // {items, timer}
    editing: null, // the id whose headers the editor edits
  };
  const q = { text: '', player: '', opening: '', result: '', from: '', to: '', source: '', starred: false, sort: 'added', desc: true };
  el('lib-count').textContent = t('lib.opening');

  function attach(lib, s) {
    library = lib;
    sync = s;
    library.onChange(() => reload());
    return reload();
  }

  function unavailable(why) {
    el('lib-unavailable').textContent = t('lib.unavailable', { why });
    show(el('lib-unavailable'), true);
    el('lib-count').textContent = '';
    for (const id of ['lib-tools', 'lib-filters', 'lib-actions', 'lib-storage-row']) show(el(id), false);
  }

  // reload reads the list again; of reloads that overlap, only the latest started
  // one applies its list, so a slow earlier read never puts back an older list.
  let reloads = 0;
  async function reload() {
    if (!library) return;
    const seq = ++reloads;
    let all;
    try {
      all = await library.list();
    } catch (e) {
      if (seq === reloads) say(e.message);
      return;
    }
    if (seq !== reloads) return;
    st.all = all;
    for (const id of [...st.selected]) if (!st.all.some((s) => s.id === id)) st.selected.delete(id);
    render();
    if (shell.mode === 'library') storage();
  }

  function say(text) {
    el('lib-status').textContent = text;
  }

  // ---- the list ----

  function render() {
    st.shown = filterGames(st.all, q);
    const list = el('lib-list');
    clear(list);
    const n = st.shown.length;
    el('lib-count').textContent = st.all.length === 0
      ? t('lib.empty')
      : n === st.all.length ? t('lib.count', { count: n }) : t('lib.countMatch', { count: n, total: st.all.length });
    for (const s of st.shown.slice(0, st.limit)) list.append(row(s));
    show(el('lib-more'), n > st.limit);
    el('lib-more').textContent = t('lib.more', { count: n - Math.min(n, st.limit) });
    const sel = st.selected.size;
    el('lib-selection').textContent = sel ? t('lib.selected', { count: sel }) : '';
    for (const id of ['lib-open', 'lib-edit']) el(id).disabled = sel !== 1;
    for (const id of ['lib-delete', 'lib-star', 'lib-export-selected']) el(id).disabled = sel === 0;
    el('lib-export-all').disabled = st.all.length === 0;
    const all = el('lib-select-all');
    const visible = st.shown.slice(0, st.limit);
    all.checked = visible.length > 0 && visible.every((s) => st.selected.has(s.id));
  }

  function row(s) {
    const title = `${s.white || '?'} – ${s.black || '?'}`;
    const facts = [s.date, s.event, s.eco && s.opening ? `${s.eco} ${s.opening}` : s.opening, t('lib.moves', { count: Math.ceil(s.plies / 2) })].filter(Boolean).join(' · ');
    const source = SOURCE_KEY[s.source] ? t(SOURCE_KEY[s.source]) : s.source;
    const badges = [h('span', { class: `lib-badge source-${s.source}` }, s.file ? `${source}: ${s.file}` : source)];
    if (s.reviewed) badges.push(h('span', { class: 'lib-badge reviewed' }, t('lib.reviewed')));
    for (const tag of s.tags || []) badges.push(h('span', { class: 'lib-badge tag' }, `#${tag}`));
    return h('li', { class: `lib-row${st.selected.has(s.id) ? ' selected' : ''}`, 'data-id': s.id },
      h('input', { type: 'checkbox', class: 'lib-check', 'aria-label': t('lib.selectGame', { game: title }), checked: st.selected.has(s.id) }),
      h('button', { type: 'button', class: 'lib-star', 'aria-pressed': String(!!s.starred), 'aria-label': t('lib.starGame', { game: title }), title: t('lib.star') }, s.starred ? '★' : '☆'),
      h('button', { type: 'button', class: 'lib-open', title: t('lib.openGame') },
        h('span', { class: 'lib-players' }, title),
        h('span', { class: 'lib-result' }, RESULT_TEXT[s.result] || s.result),
        h('span', { class: 'lib-facts' }, facts),
        h('span', { class: 'lib-badges' }, ...badges)));
  }

  el('lib-list').addEventListener('click', (e) => {
    const li = e.target.closest('li[data-id]');
    if (!li) return;
    const id = li.dataset.id;
    if (e.target.closest('.lib-check')) {
      if (e.target.checked) st.selected.add(id);
      else st.selected.delete(id);
      render();
    } else if (e.target.closest('.lib-star')) {
      const s = st.all.find((x) => x.id === id);
      if (s) star([id], !s.starred);
    } else if (e.target.closest('.lib-open')) {
      open(id);
    }
  });
  el('lib-more').addEventListener('click', () => {
    st.limit += PAGE;
    render();
  });
  el('lib-select-all').addEventListener('change', (e) => {
    for (const s of st.shown.slice(0, st.limit)) {
      if (e.target.checked) st.selected.add(s.id);
      else st.selected.delete(s.id);
    }
    render();
  });

  // ---- search, filters, sort ----

  const inputs = {
    'lib-search': 'text', 'lib-player': 'player', 'lib-opening': 'opening', 'lib-result': 'result', 'lib-from': 'from', 'lib-to': 'to', 'lib-source': 'source', 'lib-sort': 'sort',
  };
  for (const [id, key] of Object.entries(inputs)) {
    el(id).addEventListener('input', (e) => {
      q[key] = e.target.value;
      st.limit = PAGE;
      render();
    });
  }
  el('lib-starred').addEventListener('change', (e) => {
    q.starred = e.target.checked;
    render();
  });
  el('lib-order').addEventListener('change', (e) => {
    q.desc = e.target.value !== 'asc';
    render();
  });

  // ---- actions ----

  // read returns {rec, game} for game id, or null after saying why it cannot.
  async function read(id) {
    let rec;
    try {
      rec = await library.get(id);
    } catch (e) {
      say(e.message);
      return null;
    }
    if (!rec) {
      say(t('lib.gone'));
      return null;
    }
    try {
      return { rec, game: parseGameText(rec.body.pgn).game };
    } catch (e) {
      say(t('lib.unreadable', { why: e.message }));
      return null;
    }
  }

  async function open(id) {
    const r = await read(id);
    if (!r) return;
    const { rec, game } = r;
    game.last();
    sync.adopt(game, rec.summary, rec.body);
    const mode = rec.body.review ? 'review' : 'analysis';
    shell.setMode(mode);
    shell.setGame(game, 'work');
    if (rec.body.review) {
      try {
        shell.controllers.review.restore(rec.body.review);
      } catch {
        // a review that no longer fits the game is dropped; the game opens
      }
      shell.refresh({ animate: false });
    }
    const s = rec.summary;
    shell.say(t(rec.body.review ? 'lib.openedReviewed' : 'lib.opened', { game: `${s.white || '?'} – ${s.black || '?'}` }));
  }

  async function star(ids, on) {
    try {
      for (const id of ids) await library.update(id, (s) => ({ ...s, starred: on }));
      say(on ? t('lib.starred', { count: ids.length }) : t('lib.unstarred'));
    } catch (e) {
      say(e.message);
    }
  }

  async function remove(ids) {
    let items;
    try {
      items = await library.remove(ids);
    } catch (e) {
      say(e.message);
      return;
    }
    sync.forget(ids);
    st.selected.clear();
    if (st.undo) clearTimeout(st.undo.timer);
    st.undo = { items, timer: setTimeout(() => hideUndo(), UNDO_MS) };
    el('lib-undo-text').textContent = t('lib.deleted', { count: items.length });
    show(el('lib-undo'), true);
    render();
  }

  function hideUndo() {
    if (st.undo) clearTimeout(st.undo.timer);
    st.undo = null;
    show(el('lib-undo'), false);
  }

  el('lib-undo-btn').addEventListener('click', async () => {
    if (!st.undo) return;
    const { items } = st.undo;
    hideUndo();
    try {
      await library.restore(items);
      say(t('lib.restored', { count: items.length }));
    } catch (e) {
      say(e.message);
    }
  });

  el('lib-open').addEventListener('click', () => {
    const [id] = st.selected;
    if (id) open(id);
  });
  el('lib-star').addEventListener('click', () => {
    const ids = [...st.selected];
    const allStarred = ids.every((id) => (st.all.find((s) => s.id === id) || {}).starred);
    star(ids, !allStarred);
  });
  el('lib-delete').addEventListener('click', () => remove([...st.selected]));

  // ---- headers and tags ----

  const FIELDS = ['White', 'Black', 'Event', 'Site', 'Date', 'Round', 'Result'];
  el('lib-edit').addEventListener('click', async () => {
    const [id] = st.selected;
    if (!id) return;
    const r = await read(id);
    if (!r) return;
    const { rec, game } = r;
    st.editing = id;
    for (const f of FIELDS) el(`lib-h-${f.toLowerCase()}`).value = f === 'Result' ? game.result : game.headers[f] || '';
    el('lib-h-tags').value = (rec.summary.tags || []).join(', ');
    show(el('lib-editor'), true);
    el('lib-h-white').focus();
  });
  el('lib-editor').addEventListener('submit', async (e) => {
    e.preventDefault();
    const id = st.editing;
    if (!id) return;
    const values = Object.fromEntries(FIELDS.map((f) => [f, el(`lib-h-${f.toLowerCase()}`).value.trim()]));
    if (!['1-0', '0-1', '1/2-1/2', '*'].includes(values.Result)) {
      say(t('lib.badResult'));
      return;
    }
    const tags = el('lib-h-tags').value.split(',').map((t) => t.trim().replace(/^#/, '')).filter(Boolean).slice(0, 20);
    const apply = (game) => {
      for (const f of FIELDS) if (f !== 'Result') game.headers[f] = values[f] || '?';
      game.result = values.Result;
      game.headers.Result = values.Result;
    };
    try {
      // The game open on Analyse/Review is this one: change it there too, so its next
      // write carries the new headers.
      const open = shell.workGame.libraryId === id ? shell.workGame : null;
      // The stored game gets the new headers, and its summary (players, result,
      // search text) is made from it, in one transaction.
      let edited;
      let body;
      const summary = await library.update(id, (s) => ({ ...summarize(edited, lookup, s), tags }), (old) => {
        edited = parseGameText(old.pgn).game;
        apply(edited);
        body = { ...old, pgn: recordPgn(edited) };
        return body;
      });
      if (open) {
        apply(open);
        sync.adopt(open, summary, body);
        shell.refresh({ animate: false });
      }
      show(el('lib-editor'), false);
      st.editing = null;
      say(t('lib.saved'));
    } catch (err) {
      say(err.message);
    }
  });
  el('lib-edit-cancel').addEventListener('click', () => {
    show(el('lib-editor'), false);
    st.editing = null;
  });

  // ---- import ----

  el('lib-file').addEventListener('change', async (e) => {
    const files = [...e.target.files];
    e.target.value = '';
    for (const f of files) {
      // eslint-disable-next-line no-await-in-loop
      if (!(await importFile(f.name, await f.text()))) break;
    }
  });

  /** importText imports a PGN database's text; resolves false when it was cancelled or failed. */
  async function importFile(name, text) {
    if (!library || st.importing) return false;
    const ctl = new AbortController();
    st.importing = ctl;
    const bar = el('lib-import-progress');
    bar.value = 0;
    el('lib-import-text').textContent = t('lib.reading', { file: name });
    show(el('lib-import'), true);
    show(el('lib-report'), false);
    const t0 = performance.now();
    const r = await importPgn(text, library, {
      file: name,
      lookup,
      signal: ctl.signal,
      onProgress: (done, total) => {
        bar.max = total;
        bar.value = done;
        el('lib-import-text').textContent = t('lib.progress', { done, count: total, file: name });
      },
    });
    st.importing = null;
    const ms = Math.round(performance.now() - t0);
    // The report and the list's count agree when the report shows: the list is read
    // again after the last batch, not left to the change notices still on their way.
    await reload();
    show(el('lib-import'), false);
    report(name, r, ms);
    return !r.cancelled && !r.failure;
  }

  function report(name, r, ms) {
    const kept = r.added.length;
    let text;
    if (r.failure) text = `${r.failure.message} ${t('lib.importStopped', { count: kept, file: name })}`;
    else if (r.cancelled) text = t('lib.importCancelled', { count: kept, file: name });
    else text = t('lib.imported', { done: kept, count: r.total, file: name });
    if (r.errors.length) text += ` ${t('lib.importErrors', { count: r.errors.length })}`;
    el('lib-report-text').textContent = text;
    el('lib-report').dataset.ms = String(ms);
    const list = el('lib-report-list');
    clear(list);
    for (const x of r.errors.slice(0, 200)) {
      list.append(h('li', { class: 'lib-error', 'data-game': x.number }, x.number ? t('lib.importError', { game: String(x.number), line: String(x.line), column: String(x.column), why: x.reason }) : x.reason));
    }
    if (r.errors.length > 200) list.append(h('li', {}, t('lib.andMore', { count: r.errors.length - 200 })));
    show(el('lib-report'), true);
    say('');
  }

  el('lib-import-cancel').addEventListener('click', () => st.importing && st.importing.abort());
  el('lib-report-close').addEventListener('click', () => show(el('lib-report'), false));

  // ---- export ----

  async function exportIds(ids, name) {
    let bodies;
    try {
      bodies = await library.bodies(ids);
    } catch (e) {
      say(e.message);
      return;
    }
    const text = bodies.map((b) => b.pgn.trimEnd()).join('\n\n') + '\n';
    const blob = new Blob([text], { type: 'application/x-chess-pgn' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    say(t('lib.exported', { count: bodies.length }));
  }
  const day = () => new Date().toISOString().slice(0, 10);
  // The selection exports in the list's order.
  el('lib-export-selected').addEventListener('click', () => exportIds(st.shown.filter((s) => st.selected.has(s.id)).map((s) => s.id), `azurite-games-${day()}.pgn`));
  el('lib-export-all').addEventListener('click', () => exportIds(filterGames(st.all, { sort: 'added', desc: false }).map((s) => s.id), `azurite-library-${day()}.pgn`));

  // ---- storage ----

  async function storage() {
    const info = await storageInfo();
    const n = st.all.length;
    const parts = [t('lib.kept', { count: n })];
    if (info) {
      parts.push(t('lib.usage', { used: bytes(info.usage), quota: bytes(info.quota) }));
      parts.push(t(info.persisted ? 'lib.persisted' : 'lib.notPersisted'));
    }
    el('lib-storage').textContent = `${parts.join(' · ')}.`;
    show(el('lib-persist'), !!info && !info.persisted);
  }
  el('lib-persist').addEventListener('click', async () => {
    const ok = await askPersistent();
    say(t(ok ? 'lib.persistGranted' : 'lib.persistRefused'));
    storage();
  });

  return {
    attach,
    unavailable,
    enter() {
      storage();
      render();
    },
    leave() {},
    movable: () => null,
    premoving: () => false,
    userMove: () => false,
    canNavigate: () => true,
    editable: () => false,
    showsShapes: () => true,
    engineReady() {},
    engineFreed() {},
    engineRestarted() {},
    pgnHeaders: () => ({}),
    toJSON: () => ({ q: { ...q } }),
    restore(o) {
      if (!o || typeof o.q !== 'object' || !o.q) return;
      for (const k of Object.keys(q)) {
        if (typeof o.q[k] === typeof q[k]) q[k] = o.q[k];
      }
      for (const [id, key] of Object.entries(inputs)) el(id).value = q[key];
      el('lib-starred').checked = q.starred;
      el('lib-order').value = q.desc ? 'desc' : 'asc';
    },
    reload,
    importFile,
    open,
    state: st,
  };
}
