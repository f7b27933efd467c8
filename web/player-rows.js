// player-rows.js: the rows above and below the board: each side's name and clock, and
// the "your move" cue. Play fills them during its game; on the other tabs the shell
// names the game's players there.

import { part, show } from './dom.js';

/**
 * createPlayerRows drives the two rows, top and bottom (the elements #row-top and
 * #row-bottom); the rows are named by their place, not by colour, since the board can
 * be flipped.
 */
export function createPlayerRows(top, bottom) {
  const rows = {
    top: { name: part(top, 'name-top'), clock: part(top, 'clock-top') },
    bottom: { name: part(bottom, 'name-bottom'), clock: part(bottom, 'clock-bottom') },
  };
  const cue = part(bottom, 'turn-cue');
  return {
    /** setNames writes the names shown above and below the board. */
    setNames(topName, bottomName) {
      rows.top.name.textContent = topName;
      rows.bottom.name.textContent = bottomName;
    },
    /** setCue shows the cue under the board with text, or hides it ('' or null). */
    setCue(text) {
      show(cue, !!text);
      if (text) cue.textContent = text;
    },
    /**
     * setClock shows the clock of row at ('top' or 'bottom'): {text, running, low,
     * color ('w' or 'b')}, or hides it (null).
     */
    setClock(at, c) {
      const el = rows[at].clock;
      show(el, !!c);
      if (!c) return;
      el.textContent = c.text;
      el.classList.toggle('running', c.running);
      el.classList.toggle('low', c.low);
      el.setAttribute('aria-label', `${c.color === 'w' ? 'White' : 'Black'} clock`);
    },
  };
}
