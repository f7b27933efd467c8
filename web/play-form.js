// play-form.js: play mode's panel: the new-game form (colour, level, time control) and
// the game buttons (takeback, draw, resign, analyse). It only reads and writes its
// panel; what the buttons do is play.js's.

import { TIME_CONTROLS } from './clock.js';
import { LEVELS, levelLabel } from './levels.js';
import { part, h } from './dom.js';

/** CONFIRM_MS is how long Resign waits for its confirming second press. */
export const CONFIRM_MS = 4000;

/**
 * createPlayForm fills and wires the form in root (play mode's panel). on holds the
 * handlers: newGame({color ('w', 'b' or 'random'), levelId, tcId}), takeback(),
 * resign() (on the confirming second press), offerDraw(), analyse().
 */
export function createPlayForm(root, on) {
  const form = part(root, 'newgame-form');
  const levelSel = part(root, 'level');
  const tcSel = part(root, 'tc');
  const buttons = {
    takeback: part(root, 'btn-takeback'),
    resign: part(root, 'btn-resign'),
    draw: part(root, 'btn-draw'),
  };
  for (const l of LEVELS) levelSel.append(h('option', { value: l.id }, levelLabel(l)));
  for (const t of TIME_CONTROLS) tcSel.append(h('option', { value: t.id }, t.label));

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const fd = new FormData(form);
    on.newGame({ color: fd.get('color'), levelId: fd.get('level'), tcId: fd.get('tc') });
  });
  buttons.takeback.addEventListener('click', () => on.takeback());
  // Resign asks once more, on the button itself (no dialog): the first press arms it
  // ("Confirm resign"), a second one resigns. It disarms after CONFIRM_MS, on Escape,
  // when focus leaves it, and when the game ends.
  let armed = 0; // the disarming timer while armed
  function arm(on) {
    clearTimeout(armed);
    armed = on ? setTimeout(() => arm(false), CONFIRM_MS) : 0;
    buttons.resign.textContent = on ? 'Confirm resign' : 'Resign';
    buttons.resign.classList.toggle('confirm', on);
  }
  buttons.resign.addEventListener('click', () => {
    if (!armed) {
      arm(true);
      return;
    }
    arm(false);
    on.resign();
  });
  buttons.resign.addEventListener('blur', () => arm(false));
  buttons.resign.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && armed) {
      arm(false);
      e.preventDefault();
    }
  });
  buttons.draw.addEventListener('click', () => on.offerDraw());
  part(root, 'btn-analyse-game').addEventListener('click', () => on.analyse());

  return {
    /** setChoices shows a game's settings in the form: {userColor, levelId, tcId}. */
    setChoices({ userColor, levelId, tcId }) {
      levelSel.value = levelId;
      tcSel.value = tcId;
      if (userColor) for (const r of form.querySelectorAll('input[name="color"]')) r.checked = r.value === userColor;
    },
    /** setButtons enables the game buttons: active (a game is on), moved (it has a move to take back). */
    setButtons({ active, moved }) {
      buttons.takeback.disabled = !active || !moved;
      buttons.resign.disabled = !active;
      if (!active && armed) arm(false);
      buttons.draw.disabled = !active;
    },
  };
}
