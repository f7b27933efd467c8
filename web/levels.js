// levels.js: the named strength levels offered in play mode and the engine options
// each one sets. The Elo figures are PROVISIONAL: they are the UCI_Elo values the
// engine is asked to play at, not yet measured in matches against the rated anchors
// (/work/shared/tools); the labels say so until calibration lands.

export const ELO_PROVISIONAL = true;

/**
 * LEVELS lists the levels from weakest to strongest. options are sent with setOption
 * (names as the engine advertises them); movetime caps an untimed move in ms.
 * Book Variety makes weaker levels pick from more book moves so openings vary.
 */
export const LEVELS = [
  { id: 'beginner', name: 'Beginner', elo: 600, movetime: 400, options: { UCI_LimitStrength: true, UCI_Elo: 600, 'Book Variety': 100 } },
  { id: 'novice', name: 'Novice', elo: 900, movetime: 500, options: { UCI_LimitStrength: true, UCI_Elo: 900, 'Book Variety': 90 } },
  { id: 'casual', name: 'Casual', elo: 1200, movetime: 600, options: { UCI_LimitStrength: true, UCI_Elo: 1200, 'Book Variety': 80 } },
  { id: 'club', name: 'Club player', elo: 1500, movetime: 800, options: { UCI_LimitStrength: true, UCI_Elo: 1500, 'Book Variety': 70 } },
  { id: 'strong', name: 'Strong club', elo: 1800, movetime: 1000, options: { UCI_LimitStrength: true, UCI_Elo: 1800, 'Book Variety': 60 } },
  { id: 'expert', name: 'Expert', elo: 2100, movetime: 1500, options: { UCI_LimitStrength: true, UCI_Elo: 2100, 'Book Variety': 50 } },
  { id: 'master', name: 'Master', elo: 2400, movetime: 2000, options: { UCI_LimitStrength: true, UCI_Elo: 2400, 'Book Variety': 40 } },
  { id: 'full', name: 'Full strength', elo: null, movetime: 3000, options: { UCI_LimitStrength: false, 'Book Variety': 20 } },
];

export const DEFAULT_LEVEL = 'casual';

/** levelById returns the level with id, or the default one. */
export function levelById(id) {
  return LEVELS.find((l) => l.id === id) || LEVELS.find((l) => l.id === DEFAULT_LEVEL);
}

/** levelLabel is the text shown in the level picker, e.g. "Casual (~1200, provisional)". */
export function levelLabel(l) {
  if (l.elo === null) return `${l.name} (strongest)`;
  return `${l.name} (~${l.elo}${ELO_PROVISIONAL ? ', provisional' : ''})`;
}
