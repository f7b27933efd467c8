// settings-panel.js: the settings dialog and the mute button. Every change is applied
// at once (board colours through body[data-board], pieces, coordinates and animation
// through the board view, sound through shell.sound, the screen-reader mode through
// body[data-screen-reader]) and saved (settings.js); the game settings (move
// confirmation, auto-queen) are read by play mode and the board at each move. The
// system's reduced-motion preference is followed as it changes, while the animation
// setting is 'auto'. The language select saves its choice (i18n.js) and reloads the
// page, since every string is fixed when the page loads; the game is saved at every
// change, so nothing is lost.

import { BOARDS, PIECE_SETS, ANIMATIONS, AUTO_QUEEN, normalize, saveSettings, pieceSetById, animationMs } from './settings.js';
import { part, h, s as svg, replace } from './dom.js';
import { t, LANGUAGES, language, chooseLanguage } from './i18n.js';

/** REDUCED_MOTION is the media query of the system's reduced-motion preference. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * createSettings wires the settings dialog (dialog), the button that opens it (open)
 * and the mute button (mute) to the shell, and applies initial; it returns
 * {get(), set(patch), animationMs()}: animationMs is the board's animation length now
 * (0: none), the setting with the system's reduced motion applied.
 */
export function createSettings(shell, initial, { dialog, open, mute }) {
  let cur = normalize(initial);
  const motion = window.matchMedia(REDUCED_MOTION);
  const boardMs = () => animationMs(cur.animation, motion.matches);
  const dlg = dialog;
  const form = part(dialog, 'settings-form');
  const fill = (sel, list) => {
    for (const x of list) sel.append(h('option', { value: x.id }, x.label));
  };
  fill(part(dialog, 'set-board'), BOARDS);
  fill(part(dialog, 'set-pieces'), PIECE_SETS);
  fill(part(dialog, 'set-animation'), ANIMATIONS);
  fill(part(dialog, 'set-autoqueen'), AUTO_QUEEN);
  const langSel = part(dialog, 'set-language');
  for (const l of LANGUAGES) langSel.append(h('option', { value: l.id, lang: l.id }, l.name));
  langSel.addEventListener('change', (e) => {
    e.stopPropagation();
    if (langSel.value === language()) return;
    if (chooseLanguage(langSel.value)) location.reload();
    else {
      langSel.value = language();
      shell.notice(t('set.languageUnsaved'));
    }
  });

  function showForm() {
    part(dialog, 'set-board').value = cur.board;
    part(dialog, 'set-pieces').value = cur.pieces;
    part(dialog, 'set-animation').value = cur.animation;
    part(dialog, 'set-coords').checked = cur.coords;
    part(dialog, 'set-sound').checked = cur.sound;
    part(dialog, 'set-sr').checked = cur.screenReader;
    part(dialog, 'set-confirm').checked = cur.confirmMove;
    part(dialog, 'set-autoqueen').value = cur.autoQueen;
    langSel.value = language();
  }

  function apply() {
    shell.pageData('board', cur.board);
    shell.pageData('screenReader', cur.screenReader ? 'on' : null);
    shell.view.setStyle({ pieces: pieceSetById(cur.pieces).file, coordinates: cur.coords, animationMs: boardMs() });
    shell.sound.setEnabled(cur.sound);
    mute.setAttribute('aria-pressed', String(!cur.sound));
    replace(mute, speakerIcon(cur.sound));
    mute.title = cur.sound ? t('set.soundOn') : t('set.soundOff');
  }

  function set(patch) {
    cur = normalize({ ...cur, ...patch });
    apply();
    showForm();
    const err = saveSettings(cur);
    if (err) shell.notice(t('set.unsaved', { why: err.message }));
  }

  form.addEventListener('change', () => {
    set({
      board: part(dialog, 'set-board').value,
      pieces: part(dialog, 'set-pieces').value,
      animation: part(dialog, 'set-animation').value,
      coords: part(dialog, 'set-coords').checked,
      sound: part(dialog, 'set-sound').checked,
      screenReader: part(dialog, 'set-sr').checked,
      confirmMove: part(dialog, 'set-confirm').checked,
      autoQueen: part(dialog, 'set-autoqueen').value,
    });
  });
  motion.addEventListener('change', apply);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    dlg.close();
  });
  open.addEventListener('click', () => {
    showForm();
    dlg.showModal();
  });
  mute.addEventListener('click', () => set({ sound: !cur.sound }));

  apply();
  showForm();
  return {
    get: () => ({ ...cur }),
    set,
    animationMs: boardMs,
  };
}

// speakerIcon draws a speaker with sound waves (on) or a cross (muted), so the button
// needs no emoji font.
function speakerIcon(on) {
  const parts = [svg('path', { d: 'M3 9 H7 L12 4 V20 L7 15 H3 Z', fill: 'currentColor' })];
  if (on) parts.push(svg('path', { d: 'M15.5 8.5 A5 5 0 0 1 15.5 15.5 M18 6 A8.5 8.5 0 0 1 18 18', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round' }));
  else parts.push(svg('path', { d: 'M15 9 L21 15 M21 9 L15 15', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round' }));
  return svg('svg', { viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true' }, ...parts);
}
