// levels.js: the named strength levels offered in play mode and the engine options
// each one sets. Each Elo figure is MEASURED (docs/levels.md;
// `make calibrate-levels`): the level, played exactly as this page plays it, against
// Stockfish 15.1 at UCI_Elo 1500/1750/2000/2250/2500 (rated 1480/1852/2440/2772/2988 in
// ../shared/tools/README.md) at 50 000 nodes per move; the levels below the weakest
// anchor are tied to it through level-vs-level matches, so their figures are transitive.
// One joint fit of all games, rounded to 50; 95 % intervals ±75 (Club) to ±245
// (Expert), ±135 for Absolute beginner. Each UCI_Elo is one of the engine's calibration
// rows (engine/session/strength.go, a test checks it), so the page plays the very
// setting that was measured.

import { t } from './i18n.js';

export const ELO_PROVISIONAL = false;

/**
 * LEVELS lists the levels from weakest to strongest. options are sent with setOption
 * (names as the engine advertises them); movetime caps an untimed move in ms.
 * Book Variety makes weaker levels pick from more book moves so openings vary.
 */
export const LEVELS = [
  { id: 'absolute', get name() { return t('level.absolute'); }, elo: 600, movetime: 400, options: { UCI_LimitStrength: true, UCI_Elo: 600, 'Book Variety': 100 } },
  { id: 'beginner', get name() { return t('level.beginner'); }, elo: 750, movetime: 400, options: { UCI_LimitStrength: true, UCI_Elo: 750, 'Book Variety': 100 } },
  { id: 'novice', get name() { return t('level.novice'); }, elo: 900, movetime: 500, options: { UCI_LimitStrength: true, UCI_Elo: 900, 'Book Variety': 90 } },
  { id: 'casual', get name() { return t('level.casual'); }, elo: 1050, movetime: 600, options: { UCI_LimitStrength: true, UCI_Elo: 1050, 'Book Variety': 80 } },
  { id: 'club', get name() { return t('level.club'); }, elo: 1300, movetime: 800, options: { UCI_LimitStrength: true, UCI_Elo: 1300, 'Book Variety': 70 } },
  { id: 'strong', get name() { return t('level.strong'); }, elo: 1700, movetime: 1000, options: { UCI_LimitStrength: true, UCI_Elo: 1700, 'Book Variety': 60 } },
  { id: 'expert', get name() { return t('level.expert'); }, elo: 1750, movetime: 1500, options: { UCI_LimitStrength: true, UCI_Elo: 1750, 'Book Variety': 50 } },
  { id: 'master', get name() { return t('level.master'); }, elo: 2000, movetime: 2000, options: { UCI_LimitStrength: true, UCI_Elo: 2000, 'Book Variety': 40 } },
  { id: 'candidate', get name() { return t('level.candidate'); }, elo: 2200, movetime: 3000, options: { UCI_LimitStrength: true, UCI_Elo: 2200, 'Book Variety': 35 } },
  { id: 'im', get name() { return t('level.im'); }, elo: 2350, movetime: 3000, options: { UCI_LimitStrength: true, UCI_Elo: 2350, 'Book Variety': 30 } },
  { id: 'gm', get name() { return t('level.gm'); }, elo: 2600, movetime: 3000, options: { UCI_LimitStrength: true, UCI_Elo: 2600, 'Book Variety': 25 } },
  // Full strength's ~2700 is the browser build's own gauntlet: the wasm engine
  // under node at 10+0.1 scored 2712 ± 71 against Glaurung 2.2 and Stockfish
  // 2250 (docs/matches.md) with the hand-written evaluation. Full strength now
  // uses the learned one, which beat it in the same wasm build at 10+0.1
  // (docs/nnue.md), and the page gives 3 s per move: the figure is a floor.
  { id: 'full', get name() { return t('level.full'); }, elo: 2700, movetime: 3000, options: { UCI_LimitStrength: false, 'Book Variety': 20 } },
];

export const DEFAULT_LEVEL = 'casual';

/** levelById returns the level with id, or the default one. */
export function levelById(id) {
  return LEVELS.find((l) => l.id === id) || LEVELS.find((l) => l.id === DEFAULT_LEVEL);
}

/** levelLabel is the text shown in the level picker, e.g. "Casual (~1000)". */
export function levelLabel(l) {
  if (l.elo === null) return l.name;
  return t(ELO_PROVISIONAL ? 'level.labelProvisional' : 'level.label', { name: l.name, elo: String(l.elo) });
}
