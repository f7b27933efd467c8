// screen-reader.js: the screen-reader mode (the setting screenReader, off by
// default). While it is on, every move that reaches the board is announced in words
// in a polite ARIA log (#sr-log): a move played, by either side, as "Black: Knight
// takes d5, check"; a step elsewhere in the game (navigation, takeback) as "After
// move 12, White: …"; the start as "Start position.". Commands read the position
// piece by piece and the live game's clocks: the buttons #sr-read-position and
// #sr-read-clocks, the keys p and c (outside text fields and the board, no modifier),
// and the same letters typed in the move box, where a screen reader in browse mode
// passes every key through. The words are speech.js's; the log keeps the last few
// entries, each a new node, so the same words twice are announced twice.
//
// The mode only adds: the status line (#status) keeps its own announcements.

import { part, h, ownsKeys } from './dom.js';
import { sideMoveWords, positionWords, clockWords } from './speech.js';
import { t } from './i18n.js';
import { moveNumberLabel } from './game.js';

// LOG_KEEP: entries kept in the log (screen readers announce additions; older ones
// can still be read back).
const LOG_KEEP = 3;

/** COMMANDS maps each key (and typed command) to what it reads. */
export const COMMANDS = { p: 'position', c: 'clocks' };

/**
 * createScreenReader wires the mode's log, buttons and keys under root (the page).
 * It returns {command(text)}: carries out a typed command ("p", "c") when the mode is
 * on and returns whether it did.
 */
export function createScreenReader(shell, root) {
  const log = part(root, 'sr-log');
  const on = () => !!(shell.settings && shell.settings.get().screenReader);

  function say(text) {
    if (!on()) return;
    log.append(h('p', {}, text));
    while (log.childElementCount > LOG_KEEP) log.firstElementChild.remove();
  }

  const read = {
    // The board's position: what is shown, on any tab (a practice puzzle too).
    position: () => say(positionWords(shell.view.fen)),
    // The live game's clocks, which run on every tab.
    clocks: () => say(clockWords(shell.controllers.play.clocks())),
  };

  part(root, 'sr-read-position').addEventListener('click', read.position);
  part(root, 'sr-read-clocks').addEventListener('click', read.clocks);
  document.addEventListener('keydown', (e) => {
    if (!on() || e.altKey || e.ctrlKey || e.metaKey || !COMMANDS[e.key]) return;
    if (ownsKeys(e.target)) return;
    e.preventDefault();
    read[COMMANDS[e.key]]();
  });

  // Moves: each change of the current node of the game shown is spoken once. A
  // child of the last node spoken is a move played; anything else is a step.
  let seen = { game: null, node: null };
  shell.listeners.add(() => {
    const g = shell.game;
    const n = g.current;
    const last = seen;
    seen = { game: g, node: n };
    // Another game (a tab switch, a new game, a loaded PGN) is not a move.
    if (!on() || last.game !== g || last.node === n) return;
    if (!n.parent) {
      say(t('sr.start'));
      return;
    }
    const text = sideMoveWords(n.san, n.color, n.parent.fen);
    if (n.parent === last.node) say(t('sr.played', { move: text }));
    else say(t('sr.after', { n: String(parseInt(moveNumberLabel(n, g.startFen), 10)), move: text }));
  });

  return {
    command(text) {
      const cmd = COMMANDS[String(text).toLowerCase()];
      if (!on() || !cmd) return false;
      read[cmd]();
      return true;
    },
  };
}
