// analysis-load.js: the Analyse tab's load box: a FEN or PGN pasted or opened from a
// file becomes the Analyse game; a text with several games offers a chooser; an
// error is shown beside the box and the previous game stays.

import { parseGameText, pickGame, MAX_TEXT } from './pgn.js';
import { part, h, clear, show } from './dom.js';
import { t, formatNumber } from './i18n.js';
import { countMoves } from './game.js';

/**
 * createLoader wires the load box inside root (#load-text, #btn-load, #load-file,
 * #load-game, #load-games-row, #load-error) and returns {load(text, name)}, which
 * returns whether the text was loaded.
 */
export function createLoader(shell, root) {
  const loadError = part(root, 'load-error');
  const loadGame = part(root, 'load-game');

  part(root, 'btn-load').addEventListener('click', () => load(part(root, 'load-text').value));
  part(root, 'load-file').addEventListener('change', async (e) => {
    const f = e.target.files && e.target.files[0];
    e.target.value = '';
    if (!f) return;
    if (f.size > MAX_TEXT) {
      showLoadError(t('load.tooBig', { file: f.name, size: formatNumber(f.size / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), limit: MAX_TEXT / 1e6 }));
      return;
    }
    load(await f.text(), f.name);
  });

  function showLoadError(msg) {
    loadError.textContent = msg;
    if (msg) shell.say(msg);
  }

  // The games of the last text with several, for the chooser: {games, name}.
  let many = null;
  loadGame.addEventListener('change', (e) => {
    if (many) adopt(() => pickGame(many.games, Number(e.target.value)), many.name);
  });

  function load(text, name = '') {
    return adopt(() => parseGameText(text), name);
  }

  // adopt runs parse (which returns parseGameText's result or throws InputError) and
  // makes its game the current one. On an error the message is shown and the previous
  // game stays; a text with several games keeps its chooser either way.
  function adopt(parse, name) {
    let res;
    try {
      res = parse();
    } catch (e) {
      showChooser(e.games, e.index, name);
      showLoadError(e.message || String(e));
      return false;
    }
    showChooser(res.games, res.index, name);
    showLoadError('');
    shell.hideBanner();
    shell.setGame(res.game);
    const g = res.game;
    const from = name ? `${name}: ` : '';
    if (!res.games) {
      // A FEN: there are no moves to count; say whose move it is.
      shell.say(t(`load.position.${g.startFen.split(' ')[1] === 'w' ? 'w' : 'b'}`, { from }));
      return true;
    }
    const who = g.headers.White || g.headers.Black ? `${g.headers.White || '?'} – ${g.headers.Black || '?'}` : t('load.theGame');
    const main = g.mainlineNodes().length;
    const side = countMoves(g.root) - main;
    const moves = t('load.halfMoves', { count: main });
    const text = side ? t('load.gameWithVariations', { from, game: who, moves, count: side }) : t('load.game', { from, game: who, moves });
    shell.say(`${text}${res.note ? ` ${res.note}` : ''}`);
    return true;
  }

  // showChooser lists the games of a text that holds several (games from readGames),
  // with index selected, and hides the list otherwise.
  function showChooser(games, index, name) {
    const sel = loadGame;
    const row = part(root, 'load-games-row');
    if (!games || games.length < 2) {
      if (games !== undefined) many = null;
      show(row, !!many);
      return;
    }
    if (!many || many.games !== games) {
      many = { games, name };
      clear(sel);
      games.forEach((g, i) => sel.append(h('option', { value: i }, g.summary)));
    }
    sel.value = String(index);
    show(row, true);
  }

  return { load };
}
