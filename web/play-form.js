// play-form.js: play mode's panel: the new-game form (colour, level, time control) and
// the game buttons (takeback, draw, resign, analyse). It only reads and writes its
// panel; what the buttons do is play.js's.

import { TIME_CONTROLS } from './clock.js';
import { LEVELS, levelLabel } from './levels.js';
import { part, h } from './dom.js';

/**
 * createPlayForm fills and wires the form in root (play mode's panel). on holds the
 * handlers: newGame({color ('w', 'b' or 'random'), levelId, tcId}), takeback(),
 * resign(), offerDraw(), analyse().
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
  buttons.resign.addEventListener('click', () => on.resign());
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
      buttons.draw.disabled = !active;
    },
  };
}
