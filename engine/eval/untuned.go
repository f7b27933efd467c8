package eval

import "github.com/azurite-chess/azurite/engine/board"

// Untuned returns the hand-set starting weights: round numbers from chess
// knowledge (material, centralisation, pawn advancement, king shelter) that the
// Texel tuner starts from. They stay available so that tuned and untuned
// builds can be compared in a match.
func Untuned() *Params {
	p := &Params{}
	S := board.S
	set := func(start int, v ...board.Score) { copy(p.V[start:], v) }

	set(pMaterial, S(100, 125), S(320, 300), S(330, 320), S(470, 530), S(950, 980))

	for i := 0; i < 32; i++ {
		r, f := i/4, i%4 // f: 0 = a/h file … 3 = d/e file
		cd := centerDist[board.NewSquare(f, r)]
		// Pawns: advance, more so in the centre files; endgame rewards advance.
		if r >= 1 && r <= 6 {
			mg := (r - 1) * 3
			if f >= 2 && r >= 2 && r <= 4 {
				mg += 10
			}
			p.V[pPSQ+0*32+i] = S(mg, (r-1)*8)
		}
		p.V[pPSQ+1*32+i] = S(-10*cd+5, -8*cd+6) // knight: centre
		p.V[pPSQ+2*32+i] = S(-4*cd+4, -4*cd+4)  // bishop: mild centre
		if r == 6 {                             // rook: 7th rank
			p.V[pPSQ+3*32+i] = S(10, 0)
		}
		p.V[pPSQ+4*32+i] = S(-2*cd, -5*cd+5) // queen
		km := 0                              // king: shelter in the middlegame
		switch {
		case r == 0 && f <= 1:
			km = 20
		case r == 0 && f == 2:
			km = 5
		case r == 0:
			km = -5
		case r == 1:
			km = -10
		default:
			km = -20 * r
		}
		p.V[pPSQ+5*32+i] = S(km, -12*cd+15)
	}

	mob := func(start, n, mg, eg, mid int) {
		for i := 0; i < n; i++ {
			p.V[start+i] = S(mg*(i-mid), eg*(i-mid))
		}
	}
	mob(pKnightMob, 9, 4, 4, 4)
	mob(pBishopMob, 14, 5, 5, 6)
	mob(pRookMob, 15, 2, 4, 6)
	mob(pQueenMob, 28, 1, 2, 12)

	set(pPassed, 0, S(5, 10), S(8, 15), S(15, 25), S(30, 45), S(55, 75), S(90, 120), 0)
	p.V[pIsolated] = S(-10, -12)
	p.V[pDoubled] = S(-8, -20)
	p.V[pBackward] = S(-6, -8)
	set(pConnected, 0, S(3, 2), S(5, 4), S(8, 6), S(14, 12), S(25, 25), S(40, 40), 0)
	set(pCandidate, 0, S(2, 5), S(3, 8), S(6, 12), S(10, 20), S(15, 30), 0, 0)
	set(pPassedFree, 0, 0, S(2, 4), S(4, 8), S(8, 15), S(12, 25), S(20, 40), 0)
	set(pPassedSafe, 0, 0, S(2, 5), S(4, 10), S(8, 20), S(15, 35), S(25, 60), 0)
	set(pPassedOwnKing, 0, 0, S(0, -2), S(0, -4), S(0, -6), S(0, -8), S(0, -10), 0)
	set(pPassedEnemyKing, 0, 0, S(0, 3), S(0, 6), S(0, 10), S(0, 14), S(0, 18), 0)

	for i := 0; i < kingDangerSize; i++ {
		p.V[pKingDanger+i] = S(-(i*i)/2-2*i, -i)
	}
	p.V[pKingDanger] = 0
	set(pShield, S(10, 0), S(6, 0), S(2, 0), S(-8, 0))
	set(pStorm, 0, 0, S(-4, 0), S(-10, 0), S(-6, 0), S(-3, 0), 0, 0)
	p.V[pKingOpen] = S(-20, 0)
	p.V[pKingSemiOpen] = S(-8, 0)
	for d := 1; d < 8; d++ {
		p.V[pKingPawnDist+d] = S(0, -4*(d-1))
	}

	p.V[pBishopPair] = S(30, 50)
	p.V[pBishopPawns] = S(-1, -3)
	p.V[pBishopLongDiag] = S(15, 5)
	p.V[pRookOpen] = S(25, 10)
	p.V[pRookSemiOpen] = S(12, 6)
	p.V[pRookSeventh] = S(10, 20)
	p.V[pKnightOutpost] = S(20, 10)
	p.V[pBishopOutpost] = S(10, 5)
	p.V[pMinorBehindPwn] = S(8, 2)

	set(pThreatByPawn, 0, 0, S(50, 40), S(50, 40), S(70, 50), S(60, 40))
	set(pThreatByMinor, 0, S(5, 15), S(20, 25), S(20, 25), S(40, 60), S(40, 60))
	set(pThreatByRook, 0, S(5, 15), S(15, 25), S(15, 25), 0, S(40, 50))
	p.V[pHanging] = S(30, 20)
	p.V[pTempo] = S(15, 5)
	return p
}
