// controller.js: the one interface every mode (play, analysis, review, library)
// answers. The shell and app.js talk to the active mode only through these methods;
// a mode keeps its state to itself and asks the shell for what is shared (the live
// game is shell.playGame, written by play mode alone; engine options go through
// shell.setOptions, which remembers what the engine has). app.js calls
// checkController on each mode at boot, so a missing method fails loudly there
// instead of later, on the first call that needs it.

/**
 * Controller is what each mode's create function returns. Beyond these methods a mode
 * may offer its own actions (play.startFrom, analysis.toggleThreat, review.run, …),
 * which other parts may call, and `state`, its state for the tests' eyes only: no
 * other module reads or writes another mode's state (tests/web/controller.test.mjs
 * scans web/ for it).
 *
 * @typedef {object} Controller
 * @property {() => void} enter           the tab is shown (after the previous one's leave)
 * @property {() => void} leave           another tab is about to be shown
 * @property {() => ('w'|'b'|'both'|null)} movable  which colour may move on the board now
 * @property {() => boolean} premoving    a move made on the board now queues a premove
 * @property {(move: {from: string, to: string, promotion?: string}) => boolean} userMove
 *                                        a move made on the board (or typed); false refuses it
 * @property {() => boolean} canNavigate  the cursor may move (no puzzle is up)
 * @property {() => boolean} editable     the move tree may be edited (delete, promote,
 *                                        comment, glyphs, drawn shapes)
 * @property {() => boolean} showsShapes  the current move's drawn arrows and circles are shown
 * @property {() => void} engineReady     the engine answered its handshake (and has the book)
 * @property {() => void} engineFreed     play mode released the engine (its timed game ended)
 * @property {() => void} engineRestarted the watchdog replaced a hung worker
 * @property {() => Object<string, string>} pgnHeaders  extra tags for the export
 * @property {() => object} toJSON        the mode's saved state (JSON)
 * @property {(saved: object|undefined) => void} restore  bring back toJSON's output;
 *                                        it may throw on a damaged state (reported, reset)
 */

/** METHODS are the Controller's methods, in the order above. */
export const METHODS = Object.freeze([
  'enter', 'leave', 'movable', 'premoving', 'userMove', 'canNavigate', 'editable', 'showsShapes',
  'engineReady', 'engineFreed', 'engineRestarted', 'pgnHeaders', 'toJSON', 'restore',
]);

/**
 * ACTIONS are each mode's own actions that other parts may call (app.js wires them;
 * the board editor starts a game; the screen-reader mode reads the clocks). Nothing
 * else of a mode is anyone else's business.
 */
export const ACTIONS = Object.freeze({
  play: Object.freeze(['startFrom', 'premove', 'cancelPremove', 'cancelLastPremove', 'cancelPending', 'clocks', 'engineReserved']),
  analysis: Object.freeze(['toggleThreat', 'playBest', 'goDeeper', 'load']),
  review: Object.freeze(['run', 'clearCache']),
  library: Object.freeze(['attach', 'unavailable', 'reload', 'open']),
});

/**
 * checkController returns c if it answers every method of the protocol and the
 * actions ACTIONS lists for the mode name, and throws a TypeError naming the mode and
 * what it lacks otherwise.
 */
export function checkController(c, name) {
  if (!c || typeof c !== 'object') throw new TypeError(`controller ${name}: not an object`);
  const missing = [...METHODS, ...(ACTIONS[name] || [])].filter((m) => typeof c[m] !== 'function');
  if (missing.length) throw new TypeError(`controller ${name} lacks ${missing.join(', ')} (web/controller.js)`);
  return c;
}
