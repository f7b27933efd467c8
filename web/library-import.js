// library-import.js: importing a PGN database into the library. The text is cut into
// games at the lines that start a game's tags, and each game is read (pgn-reader.js),
// replayed (pgn.js buildGame) and summarised; the good ones are stored in batches,
// each batch one transaction. Between batches the import yields to the page, so the
// progress bar moves and Cancel is heard: a cancelled import keeps the batches stored
// before it. A game that cannot be read is reported by its number in the file, its
// line and column and the reason, and the others are kept.

import { readPgn } from './pgn-reader.js';
import { buildGame } from './pgn.js';
import { MAX_PLY } from './game.js';
import { summarize, recordPgn } from './library-record.js';
import { newId } from './library-db.js';
import { t } from './i18n.js';

/** MAX_IMPORT_BYTES is the largest file the library imports (characters of text). */
export const MAX_IMPORT_BYTES = 200_000_000;

/**
 * splitGames cuts a PGN database into the text of each game: [{text, line}] with the
 * 1-based line each starts at. A game starts at a line beginning with "[" that follows
 * movetext (or at the first line); blank lines and comments between games stay with
 * the game before.
 */
export function splitGames(text) {
  const out = [];
  const t = text.replace(/^\uFEFF/, '');
  let start = 0;
  let startLine = 1;
  let line = 1;
  let sawMoves = false;
  let inComment = false;
  let pos = 0;
  while (pos < t.length) {
    let end = t.indexOf('\n', pos);
    if (end < 0) end = t.length;
    const l = t.slice(pos, end);
    const trimmed = l.trimStart();
    if (!inComment && trimmed.startsWith('[') && sawMoves) {
      out.push({ text: t.slice(start, pos), line: startLine });
      start = pos;
      startLine = line;
      sawMoves = false;
    }
    if (!inComment && trimmed && !trimmed.startsWith('[') && !trimmed.startsWith('%')) sawMoves = true;
    // A brace comment may span lines, and a "[" inside it does not start a game.
    for (let i = 0; i < l.length; i++) {
      const c = l[i];
      if (inComment) {
        if (c === '}') inComment = false;
      } else if (c === '{') inComment = true;
      else if (c === ';') break;
    }
    pos = end + 1;
    line++;
  }
  if (start < t.length && t.slice(start).trim()) out.push({ text: t.slice(start), line: startLine });
  return out;
}

/**
 * readGame turns one game's text (from splitGames) into {game} or {error: {line,
 * column, reason}}.
 */
export function readGame(part) {
  let sgs;
  try {
    sgs = readPgn(part.text, { maxPly: MAX_PLY, firstLine: part.line });
  } catch (e) {
    return { error: { line: e.line || part.line, column: e.column || 1, reason: e.reason || e.message } };
  }
  const sg = sgs[0];
  if (!sg) return { error: { line: part.line, column: 1, reason: t('import.noGame') } };
  try {
    return { game: buildGame(sg) };
  } catch (e) {
    return { error: { line: e.line || sg.line || part.line, column: e.column || 1, reason: e.reason || String(e.message || e) } };
  }
}

/**
 * importPgn imports text into library: options {file (the file's name, '' for a
 * paste), lookup (the opening lookup), batch (games a transaction), onProgress(done,
 * total), signal (an AbortSignal: Cancel)}. It resolves with {added (ids), errors
 * ([{number, line, column, reason}]), total, cancelled, failure (a LibraryError that
 * stopped it, e.g. a full quota, else null)}.
 */
export async function importPgn(text, library, { file = '', lookup = null, batch = 200, onProgress = () => {}, signal = null } = {}) {
  const out = { added: [], errors: [], total: 0, cancelled: false, failure: null };
  if (typeof text !== 'string' || !text.trim()) {
    out.errors.push({ number: 0, line: 1, column: 1, reason: t('import.empty') });
    return out;
  }
  if (text.length > MAX_IMPORT_BYTES) {
    out.errors.push({ number: 0, line: 1, column: 1, reason: t('import.tooBig', { size: Math.round(text.length / 1e6), limit: MAX_IMPORT_BYTES / 1e6 }) });
    return out;
  }
  const parts = splitGames(text);
  out.total = parts.length;
  const added = Date.now();
  let pending = [];
  const flush = async () => {
    if (!pending.length) return true;
    try {
      out.added.push(...(await library.addMany(pending)));
    } catch (e) {
      out.failure = e;
      return false;
    } finally {
      pending = [];
    }
    return true;
  };
  for (let i = 0; i < parts.length; i++) {
    if (signal && signal.aborted) {
      out.cancelled = true;
      break;
    }
    const r = readGame(parts[i]);
    if (r.error) out.errors.push({ number: i + 1, ...r.error });
    else {
      const id = newId();
      // Each game keeps its place in the file: the list sorts a file's games in order.
      pending.push({ summary: summarize(r.game, lookup, { id, source: 'imported', file, added: added + i }), body: { pgn: recordPgn(r.game), review: null } });
    }
    if (pending.length >= batch || i === parts.length - 1) {
      if (!(await flush())) break;
      onProgress(i + 1, parts.length);
      // Let the page paint the progress and hear Cancel.
      await new Promise((res) => setTimeout(res, 0));
    }
  }
  if (!out.failure) await flush();
  return out;
}
