// play-form.js: play mode's panel: the new-game form (colour, level, time control, a
// custom one checked as it is read) and the game buttons (takeback, draw, resign,
// analyse). It only reads and writes its panel; what the buttons do is play.js's.

import { TIME_CONTROLS, customTimeControl, timeControlById } from './time-control.js';
import { LEVELS, levelLabel } from './levels.js';
import { part, h, show } from './dom.js';
import { t } from './i18n.js';

/** CONFIRM_MS is how long Resign and Offer draw wait for their confirming second press. */
export const CONFIRM_MS = 4000;
/** CUSTOM is the time control choice that opens the minutes and increment fields. */
export const CUSTOM = 'custom';

// ARMED are the two buttons' words while they wait for the second press, and what
// the status line says then (a screen reader does not read a focused button's new name).
const ARMED = {
  resign: {
    get idle() { return t('html.btnResign'); },
    get armed() { return t('play.confirmResign'); },
    get hint() { return t('play.confirmResignHint'); },
  },
  draw: {
    get idle() { return t('html.btnDraw'); },
    get armed() { return t('play.confirmDraw'); },
    get hint() { return t('play.confirmDrawHint'); },
  },
};

/**
 * createPlayForm fills and wires the form in root (play mode's panel). on holds the
 * handlers: newGame({color ('w', 'b' or 'random'), levelId, tcId}) (tcId a
 * time-control.js id, a custom one included), takeback(), resign() and offerDraw()
 * (each on its confirming second press), armed(text) (a button waits for its second
 * press: text says so; '' when it no longer waits), analyse().
 */
export function createPlayForm(root, on) {
  const form = part(root, 'newgame-form');
  const levelSel = part(root, 'level');
  const tcSel = part(root, 'tc');
  const custom = {
    box: part(root, 'tc-custom'),
    minutes: part(root, 'tc-minutes'),
    inc: part(root, 'tc-inc'),
    error: part(root, 'tc-error'),
  };
  const buttons = {
    takeback: part(root, 'btn-takeback'),
    resign: part(root, 'btn-resign'),
    draw: part(root, 'btn-draw'),
  };
  for (const l of LEVELS) levelSel.append(h('option', { value: l.id }, levelLabel(l)));
  for (const tc of TIME_CONTROLS) tcSel.append(h('option', { value: tc.id }, tc.label));
  tcSel.append(h('option', { value: CUSTOM }, t('play.tcCustom')));

  // The custom fields show with "Custom…"; a problem is said beside them (a polite
  // live region the fields name with aria-describedby) until they change.
  function showCustom() {
    show(custom.box, tcSel.value === CUSTOM);
  }
  function setError(text, field) {
    custom.error.textContent = text;
    for (const f of [custom.minutes, custom.inc]) {
      if (text && f === field) f.setAttribute('aria-invalid', 'true');
      else f.removeAttribute('aria-invalid');
    }
  }
  tcSel.addEventListener('change', () => {
    showCustom();
    setError('');
  });
  for (const f of [custom.minutes, custom.inc]) f.addEventListener('input', () => setError(''));

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const fd = new FormData(form);
    let tcId = fd.get('tc');
    if (tcId === CUSTOM) {
      const r = customTimeControl(custom.minutes.value, custom.inc.value);
      if (r.error) {
        const field = r.field === 'inc' ? custom.inc : custom.minutes;
        setError(r.error, field);
        field.focus();
        return;
      }
      tcId = r.tc.id;
    }
    setError('');
    on.newGame({ color: fd.get('color'), levelId: fd.get('level'), tcId });
  });
  buttons.takeback.addEventListener('click', () => on.takeback());
  // Resign and Offer draw ask once more, on the button itself (no dialog): the first
  // press arms it ("Confirm resign"), a second one acts. It disarms after CONFIRM_MS,
  // on Escape, when focus leaves it, and when the game ends; one button at a time.
  let armed = null; // {which, timer} while a button waits
  function arm(which) {
    if (armed) {
      clearTimeout(armed.timer);
      buttons[armed.which].textContent = ARMED[armed.which].idle;
      buttons[armed.which].classList.remove('confirm');
    }
    const was = armed;
    armed = which ? { which, timer: setTimeout(() => arm(null), CONFIRM_MS) } : null;
    if (which) {
      buttons[which].textContent = ARMED[which].armed;
      buttons[which].classList.add('confirm');
    }
    if (which || was) on.armed(which ? ARMED[which].hint : '');
  }
  // A press on another game button takes the focus before its click: the armed
  // button's shorter word would move that button from under the pointer, so the
  // press disarms it at its click instead (keyboard focus leaving still disarms).
  let pressing = false;
  const group = buttons.resign.parentElement;
  group.addEventListener('pointerdown', () => {
    pressing = true;
  }, true);
  for (const type of ['pointerup', 'pointercancel']) group.addEventListener(type, () => setTimeout(() => {
    pressing = false;
  }), true);
  group.addEventListener('click', (e) => {
    if (armed && !buttons[armed.which].contains(e.target)) arm(null);
  }, true);
  for (const which of ['resign', 'draw']) {
    const b = buttons[which];
    b.addEventListener('click', () => {
      if (!armed || armed.which !== which) {
        arm(which);
        return;
      }
      arm(null);
      if (which === 'resign') on.resign();
      else on.offerDraw();
    });
    b.addEventListener('blur', () => {
      if (armed && armed.which === which && !pressing) arm(null);
    });
    b.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && armed && armed.which === which) {
        arm(null);
        e.preventDefault();
        e.stopPropagation();
      }
    });
  }
  part(root, 'btn-analyse-game').addEventListener('click', () => on.analyse());

  return {
    /**
     * setChoices shows a game's settings in the form: {userColor, levelId, tcId}; a
     * custom time control fills the custom fields.
     */
    setChoices({ userColor, levelId, tcId }) {
      levelSel.value = levelId;
      const tc = timeControlById(tcId);
      if (tc && TIME_CONTROLS.some((x) => x.id === tc.id)) tcSel.value = tc.id;
      else if (tc) {
        tcSel.value = CUSTOM;
        custom.minutes.value = String(tc.initialMs / 60000);
        custom.inc.value = String(tc.incMs / 1000);
      } else tcSel.value = 'none';
      showCustom();
      if (userColor) for (const r of form.querySelectorAll('input[name="color"]')) r.checked = r.value === userColor;
    },
    /** setButtons enables the game buttons: active (a game is on), moved (it has a move to take back). */
    setButtons({ active, moved }) {
      buttons.takeback.disabled = !active || !moved;
      buttons.resign.disabled = !active;
      if (!active && armed) arm(null);
      buttons.draw.disabled = !active;
    },
  };
}
