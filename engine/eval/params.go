package eval

import (
	"strconv"

	"github.com/azurite-chess/azurite/engine/board"
)

// Params is the evaluation's whole weight vector: every tunable number of the
// evaluation is one packed middlegame/endgame board.Score in V. The layout is
// fixed by the index constants below (one named block per term); Layout names
// the blocks for the tuner and for Explain. Each weight is applied the same way
// to both colours (from that colour's point of view), so the evaluation is
// symmetric by construction.
type Params struct {
	V [NumParams]board.Score
}

// Index of each term's first weight in Params.V. A block of n weights is
// indexed by a small integer: a rank, a count, a piece type, a square.
const (
	// Material values of pawn..queen (the king has none).
	pMaterial = 0
	// Piece-square bonuses per piece type pawn..king, 32 squares each: the
	// board is mirrored onto files a-d, so index = rank*4 + min(file, 7-file)
	// from the piece owner's side.
	pPSQ = pMaterial + 5
	// Mobility by number of reachable squares in the mobility area.
	pKnightMob = pPSQ + 6*32
	pBishopMob = pKnightMob + 9
	pRookMob   = pBishopMob + 14
	pQueenMob  = pRookMob + 15
	// Pawn structure (cached in the pawn hash table): indexed by the pawn's
	// relative rank where a block has 8 weights.
	pPassed    = pQueenMob + 28
	pIsolated  = pPassed + 8
	pDoubled   = pIsolated + 1
	pBackward  = pDoubled + 1
	pConnected = pBackward + 1
	pCandidate = pConnected + 8
	// Passed pawns, dynamic part (depends on pieces, not cached): by rank.
	pPassedFree      = pCandidate + 8     // stop square empty
	pPassedSafe      = pPassedFree + 8    // no square up to promotion attacked by the enemy
	pPassedOwnKing   = pPassedSafe + 8    // × distance from own king to the stop square
	pPassedEnemyKing = pPassedOwnKing + 8 // × distance from the enemy king to the stop square
	// King safety: danger units (attackers, attacks, safe checks) index a table.
	pKingDanger = pPassedEnemyKing + 8
	// Pawn shield on the king's and adjacent files, by the own pawn's relative
	// rank (2nd, 3rd, 4th, none or further).
	pShield = pKingDanger + kingDangerSize
	// Pawn storm on those files, by the enemy's most advanced pawn's relative
	// rank (from the defender's side), or 0 when there is none.
	pStorm        = pShield + 4
	pKingOpen     = pStorm + 8    // a file next to the king without pawns
	pKingSemiOpen = pKingOpen + 1 // … without own pawns (but with enemy pawns)
	// Pieces.
	pBishopPair     = pKingSemiOpen + 1
	pBishopPawns    = pBishopPair + 1 // × own pawns on the bishop's colour
	pRookOpen       = pBishopPawns + 1
	pRookSemiOpen   = pRookOpen + 1
	pRookSeventh    = pRookSemiOpen + 1
	pKnightOutpost  = pRookSeventh + 1
	pBishopOutpost  = pKnightOutpost + 1
	pMinorBehindPwn = pBishopOutpost + 1
	// Threats, by the attacked piece's type (pawn..king).
	pThreatByPawn  = pMinorBehindPwn + 1
	pThreatByMinor = pThreatByPawn + 6
	pThreatByRook  = pThreatByMinor + 6
	pHanging       = pThreatByRook + 6
	pTempo         = pHanging + 1
	// The king's Chebyshev distance to the nearest pawn of either colour
	// (1..7; no pawns: none): an active king walks towards the pawns.
	pKingPawnDist = pTempo + 1
	// A bishop that sees two centre squares on a long diagonal when only
	// pawns count as blockers (pieces in between may move away).
	pBishopLongDiag = pKingPawnDist + 8

	// NumParams is the number of weights in Params.V.
	NumParams = pBishopLongDiag + 1
)

// kingDangerSize is the number of king-danger table entries; units beyond the
// last one use the last one.
const kingDangerSize = 24

// Block names one term's weights in the vector: V[Start : Start+Len].
type Block struct {
	Name  string
	Start int
	Len   int
	// Group is the Explain heading this term is reported under.
	Group string
}

// Layout lists every block of Params.V in order.
var Layout = []Block{
	{"Material", pMaterial, 5, "Material"},
	{"PawnPSQ", pPSQ + 0*32, 32, "PSQ"},
	{"KnightPSQ", pPSQ + 1*32, 32, "PSQ"},
	{"BishopPSQ", pPSQ + 2*32, 32, "PSQ"},
	{"RookPSQ", pPSQ + 3*32, 32, "PSQ"},
	{"QueenPSQ", pPSQ + 4*32, 32, "PSQ"},
	{"KingPSQ", pPSQ + 5*32, 32, "PSQ"},
	{"KnightMobility", pKnightMob, 9, "Mobility"},
	{"BishopMobility", pBishopMob, 14, "Mobility"},
	{"RookMobility", pRookMob, 15, "Mobility"},
	{"QueenMobility", pQueenMob, 28, "Mobility"},
	{"Passed", pPassed, 8, "Pawns"},
	{"Isolated", pIsolated, 1, "Pawns"},
	{"Doubled", pDoubled, 1, "Pawns"},
	{"Backward", pBackward, 1, "Pawns"},
	{"Connected", pConnected, 8, "Pawns"},
	{"Candidate", pCandidate, 8, "Pawns"},
	{"PassedFree", pPassedFree, 8, "Passed"},
	{"PassedSafe", pPassedSafe, 8, "Passed"},
	{"PassedOwnKing", pPassedOwnKing, 8, "Passed"},
	{"PassedEnemyKing", pPassedEnemyKing, 8, "Passed"},
	{"KingDanger", pKingDanger, kingDangerSize, "King"},
	{"Shield", pShield, 4, "King"},
	{"Storm", pStorm, 8, "King"},
	{"KingOpenFile", pKingOpen, 1, "King"},
	{"KingSemiOpenFile", pKingSemiOpen, 1, "King"},
	{"BishopPair", pBishopPair, 1, "Pieces"},
	{"BishopPawns", pBishopPawns, 1, "Pieces"},
	{"RookOpenFile", pRookOpen, 1, "Pieces"},
	{"RookSemiOpenFile", pRookSemiOpen, 1, "Pieces"},
	{"RookSeventh", pRookSeventh, 1, "Pieces"},
	{"KnightOutpost", pKnightOutpost, 1, "Pieces"},
	{"BishopOutpost", pBishopOutpost, 1, "Pieces"},
	{"MinorBehindPawn", pMinorBehindPwn, 1, "Pieces"},
	{"ThreatByPawn", pThreatByPawn, 6, "Threats"},
	{"ThreatByMinor", pThreatByMinor, 6, "Threats"},
	{"ThreatByRook", pThreatByRook, 6, "Threats"},
	{"Hanging", pHanging, 1, "Threats"},
	{"Tempo", pTempo, 1, "Tempo"},
	{"KingPawnDistance", pKingPawnDist, 8, "King"},
	{"BishopLongDiagonal", pBishopLongDiag, 1, "Pieces"},
}

// ParamName returns "Block[i]" (or "Block" for a one-weight block) for index i.
func ParamName(i int) string {
	for _, b := range Layout {
		if i >= b.Start && i < b.Start+b.Len {
			if b.Len == 1 {
				return b.Name
			}
			return b.Name + "[" + strconv.Itoa(i-b.Start) + "]"
		}
	}
	return "?"
}

// psqIndex maps a square, seen from the piece owner's side, to the 32-entry
// file-mirrored piece-square index.
func psqIndex(rel board.Square) int {
	f := rel.File()
	if f > 3 {
		f = 7 - f
	}
	return rel.Rank()*4 + f
}

// pieceSquareTable builds the board's incremental table from p: material plus
// piece-square bonus, white entries from White's view, black entries negated
// and mirrored, so that Position.PSQ() is White's total minus Black's.
func (p *Params) pieceSquareTable() *[16][64]board.Score {
	var t [16][64]board.Score
	for pt := board.Pawn; pt <= board.King; pt++ {
		var mat board.Score
		if pt != board.King {
			mat = p.V[pMaterial+int(pt)-1]
		}
		for s := 0; s < 64; s++ {
			sq := board.Square(s)
			t[board.MakePiece(board.White, pt)][s] = mat + p.V[pPSQ+32*(int(pt)-1)+psqIndex(sq)]
			t[board.MakePiece(board.Black, pt)][s] = -(mat + p.V[pPSQ+32*(int(pt)-1)+psqIndex(sq.Flip())])
		}
	}
	return &t
}
