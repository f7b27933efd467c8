package board

import (
	"testing"
)

// suitePositions returns every position of the perft suites and the tactical
// suites; with -short only every fourth tactical position (make test runs the
// package under -race too).
func suitePositions(t testing.TB) []*Position {
	var fens []string
	for _, file := range []string{"standard.epd", "named.epd"} {
		for _, c := range readPerftSuite(t, file) {
			fens = append(fens, c.fen)
		}
	}
	for i, f := range epdFENs(t) {
		if !testing.Short() || i%4 == 0 {
			fens = append(fens, f)
		}
	}
	ps := make([]*Position, 0, len(fens))
	for _, f := range fens {
		p, err := ParseFEN(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		ps = append(ps, p)
	}
	return ps
}

// TestGenerateSplit checks Noisy+Quiet == All, with each move in the right half,
// and that All has no duplicates.
func TestGenerateSplit(t *testing.T) {
	for _, p := range suitePositions(t) {
		var all, noisy, quiet MoveList
		p.GenerateAll(&all)
		p.GenerateNoisy(&noisy)
		p.GenerateQuiet(&quiet)
		seen := map[Move]bool{}
		for _, m := range all.Slice() {
			if seen[m] {
				t.Fatalf("%s: duplicate %v", p.FEN(), m)
			}
			seen[m] = true
		}
		if noisy.N+quiet.N != all.N {
			t.Fatalf("%s: noisy %d + quiet %d != all %d", p.FEN(), noisy.N, quiet.N, all.N)
		}
		for _, m := range noisy.Slice() {
			if !seen[m] || !m.IsNoisy() {
				t.Fatalf("%s: noisy move %v wrong", p.FEN(), m)
			}
		}
		for _, m := range quiet.Slice() {
			if !seen[m] || m.IsNoisy() {
				t.Fatalf("%s: quiet move %v wrong", p.FEN(), m)
			}
		}
	}
}

// TestIsLegalAgainstGenerator offers IsLegal the moves generated in the
// position itself and its neighbours in the suite list, plus corrupted
// variants of them (flags flipped, capture dropped, promotion added), and
// compares with membership in the position's own legal list.
func TestIsLegalAgainstGenerator(t *testing.T) {
	ps := suitePositions(t)
	lists := make([][]Move, len(ps))
	for i, p := range ps {
		var l MoveList
		p.GenerateAll(&l)
		lists[i] = append([]Move(nil), l.Slice()...)
	}
	const spread = 4
	for i, p := range ps {
		legal := map[Move]bool{}
		for _, m := range lists[i] {
			legal[m] = true
		}
		var pool []Move
		for j := max(0, i-spread); j <= min(len(ps)-1, i+spread); j++ {
			for _, m := range lists[j] {
				pool = append(pool, m, m^FlagDoublePush, m^FlagCastle, m^FlagEnPassant, m&^(15<<16),
					m|Move(Queen)<<20, m^Move(8)<<12, m^Move(8)<<16)
			}
		}
		fen := p.FEN()
		for _, m := range pool {
			if got := p.IsLegal(m); got != legal[m] {
				t.Fatalf("%s: IsLegal(%v %#x) = %v, want %v", fen, m, uint32(m), got, legal[m])
			}
		}
		if p.FEN() != fen {
			t.Fatalf("IsLegal changed the position")
		}
	}
}

// TestGivesCheckAndMakeMove makes every legal move of every suite position and
// checks GivesCheck against the checkers computed by MakeMove, the incremental
// keys/PSQ/phase against a recomputation, and that unmake restores everything.
func TestGivesCheckAndMakeMove(t *testing.T) {
	var table [16][64]Score
	for pc := 1; pc < 16; pc++ {
		for sq := 0; sq < 64; sq++ {
			if pt := Piece(pc).Type(); pt >= Pawn && pt <= King {
				table[pc][sq] = S(pc*100+sq, pc*10-sq)
			}
		}
	}
	old := psqTable
	SetPieceSquareTable(&table)
	defer func() { psqTable = old }()
	for _, p := range suitePositions(t) {
		p.SetFEN(p.FEN()) // recompute PSQ with the test table
		fen, key := p.FEN(), p.Key()
		psq, phase := p.PSQ(), p.Phase()
		var l MoveList
		p.GenerateAll(&l)
		for _, m := range l.Slice() {
			gc := p.GivesCheck(m)
			p.MakeMove(m)
			if gc != p.InCheck() {
				t.Fatalf("%s %v: GivesCheck %v, in check %v", fen, m, gc, p.InCheck())
			}
			k, pk := p.computeKeys()
			ps, ph := p.computePSQ()
			if k != p.Key() || pk != p.PawnKey() || ps != p.PSQ() || ph != p.st.phase {
				t.Fatalf("%s %v: incremental state differs from recomputed", fen, m)
			}
			q, err := ParseFEN(p.FEN())
			if err != nil || q.Key() != p.Key() || q.Checkers() != p.Checkers() {
				t.Fatalf("%s %v: reparsed FEN %s disagrees: %v", fen, m, p.FEN(), err)
			}
			p.UnmakeMove()
			if p.FEN() != fen || p.Key() != key || p.PSQ() != psq || p.Phase() != phase {
				t.Fatalf("%s %v: unmake did not restore", fen, m)
			}
		}
	}
}

func TestNullMove(t *testing.T) {
	p, _ := ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	fen, key := p.FEN(), p.Key()
	p.MakeNullMove()
	if p.Side() != Black || p.EPSquare() != NoSquare {
		t.Fatal("null move did not pass the turn / clear ep")
	}
	q, _ := ParseFEN(p.FEN())
	if q.Key() != p.Key() {
		t.Errorf("key after null move %x, fresh %x", p.Key(), q.Key())
	}
	p.UnmakeNullMove()
	if p.FEN() != fen || p.Key() != key {
		t.Errorf("null move not undone: %s", p.FEN())
	}
}

// TestZeroAllocs keeps the hot path (generate, make, unmake) allocation-free.
func TestZeroAllocs(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var l MoveList
	allocs := testing.AllocsPerRun(100, func() {
		l.N = 0
		p.GenerateAll(&l)
		for _, m := range l.Slice() {
			p.MakeMove(m)
			p.GivesCheck(m)
			p.UnmakeMove()
			p.IsLegal(m)
		}
		p.Perft(2)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

func TestAttackersTo(t *testing.T) {
	p, err := ParseFEN("k7/8/5p2/3p4/2N1R3/8/1B6/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	e5 := NewSquare(4, 4)
	// The c4 knight, e4 rook, b2 bishop (b2-c3-d4-e5) and the black f6 pawn
	// attack e5; the black d5 pawn does not (it attacks c4 and e4).
	want := SquareBB(NewSquare(2, 3)) | SquareBB(NewSquare(4, 3)) | SquareBB(NewSquare(1, 1)) | SquareBB(NewSquare(5, 5))
	if got := p.AttackersTo(e5, p.Occupied()); got != want {
		t.Errorf("AttackersTo(e5) = %#x, want %#x", uint64(got), uint64(want))
	}
}

// TestIsLegalGrandchildren offers IsLegal, two plies below each perft-suite
// position, every move that was legal at the root: most are still
// pseudo-legal there, and many are now illegal (pins, checks, moved pieces),
// which is exactly what a stale TT or killer move looks like.
func TestIsLegalGrandchildren(t *testing.T) {
	for _, file := range []string{"standard.epd", "named.epd"} {
		for _, c := range readPerftSuite(t, file) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			var root, l1, l2 MoveList
			p.GenerateAll(&root)
			for _, m1 := range root.Slice() {
				p.MakeMove(m1)
				l1.N = 0
				p.GenerateAll(&l1)
				for _, m2 := range l1.Slice() {
					p.MakeMove(m2)
					l2.N = 0
					p.GenerateAll(&l2)
					legal := map[Move]bool{}
					for _, m := range l2.Slice() {
						legal[m] = true
					}
					for _, m := range root.Slice() {
						if p.IsLegal(m) != legal[m] {
							t.Fatalf("%s after %v %v: IsLegal(%v) = %v", c.fen, m1, m2, m, !legal[m])
						}
					}
					p.UnmakeMove()
				}
				p.UnmakeMove()
			}
		}
	}
}
