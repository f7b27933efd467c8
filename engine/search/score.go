package search

// Internal scores are centipawns from the side to move's point of view, with
// mates encoded near ±mateValue by distance from the root in plies:
//
//	mateValue - p   the side to move at the root mates in p plies
//	-mateValue + p  it is mated in p plies
//
// So "mated now" at ply 3 scores -mateValue+3 and is worse for the mated side
// than being mated later. Scores beyond ±mateInMaxPly are mate scores; ordinary
// evaluations stay well inside ±maxEval.
const (
	// MaxPly is the deepest ply the search can reach (stack and PV sizes).
	MaxPly = 128

	infinity     = 32001
	mateValue    = 32000
	mateInMaxPly = mateValue - MaxPly
	maxEval      = 20000
	drawScore    = 0
)

// matedIn is the score of being checkmated at ply.
func matedIn(ply int) int { return -mateValue + ply }

// mateIn is the score of giving mate at ply.
func mateIn(ply int) int { return mateValue - ply }

// isMateScore reports whether v encodes a forced mate either way.
func isMateScore(v int) bool { return v >= mateInMaxPly || v <= -mateInMaxPly }

// scoreToTT converts a score at ply into the ply-independent form stored in
// the transposition table: a mate is stored as its distance from this node,
// not from the root. Worked example: at ply 5 we find we mate in 3 more plies,
// the root score is mateValue-8; the node itself is "mate in 3" wherever it
// occurs, so the table keeps mateValue-3 (= v + ply).
func scoreToTT(v, ply int) int {
	// Selects rather than a switch: the common non-mate score took a jump
	// in Go's js/wasm code, where each jump goes through a br_table.
	d := 0
	if v >= mateInMaxPly {
		d = ply
	}
	if v <= -mateInMaxPly {
		d = -ply
	}
	return v + d
}

// scoreFromTT undoes scoreToTT for a node found at ply: the stored mateValue-3
// reached at ply 7 is a root score of mateValue-10.
func scoreFromTT(v, ply int) int {
	d := 0
	if v >= mateInMaxPly {
		d = -ply
	}
	if v <= -mateInMaxPly {
		d = ply
	}
	return v + d
}
