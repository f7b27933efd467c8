// player-rows.js: the rows above and below the board: each side's name and clock, the
// "your move" cue and the engine's "thinking" mark, each in its side's row. Play
// fills them during its game; on the other tabs the shell names the game's players
// there.

import { part, show } from './dom.js';
import { t } from './i18n.js';

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
    /**
     * setCue shows the cue with text in the player's row at ('top' or 'bottom': the
     * board may have been flipped), or hides it ('' or null).
     */
    setCue(text, at = 'bottom') {
      show(cue, !!text);
      if (!text) return;
      cue.textContent = text;
      if (cue.previousElementSibling !== rows[at].name) rows[at].name.after(cue);
    },
    /** setThinking marks the row at ('top' or 'bottom') as the side thinking, or none (null). */
    setThinking(at) {
      top.classList.toggle('thinking', at === 'top');
      bottom.classList.toggle('thinking', at === 'bottom');
    },
    /**
     * setClock shows the clock of row at ('top' or 'bottom'): {text, running, low,
     * color ('w' or 'b'), live (the live game's clock shown on another tab, whose
     * game the row's name may not be)}, or hides it (null).
     */
    setClock(at, c) {
      const el = rows[at].clock;
      show(el, !!c);
      if (!c) return;
      el.textContent = c.text;
      el.classList.toggle('running', c.running);
      el.classList.toggle('low', c.low);
      el.classList.toggle('live-game', !!c.live);
      el.title = c.live ? t('rows.liveClock') : '';
      el.setAttribute('aria-label', t(`rows.clock${c.live ? 'Live' : ''}.${c.color === 'w' ? 'w' : 'b'}`));
    },
  };
}
