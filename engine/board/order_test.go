package board

import (
	"hash/fnv"
	"testing"
)

// orderSignature is a hash of every move list (all, noisy and quiet) generated
// in the positions of the perft suites and the tactical suites and one ply
// below them, in
// generation order. Search's move ordering falls back on that order, so a
// change to it changes the bench signature: this test says so at once.
// Update the constant only together with a `Bench: N` commit.
const orderSignature = 0x90bea3981e570439

func TestGenerationOrder(t *testing.T) {
	h := fnv.New64a()
	var buf [4]byte
	write := func(p *Position) {
		for _, gen := range []func(*MoveList){p.GenerateAll, p.GenerateNoisy, p.GenerateQuiet} {
			var l MoveList
			gen(&l)
			for _, m := range l.Slice() {
				buf[0], buf[1], buf[2], buf[3] = byte(m), byte(m>>8), byte(m>>16), byte(m>>24)
				h.Write(buf[:])
			}
			h.Write([]byte{0xff, 0xff, 0xff, 0xff})
		}
	}
	fens := epdFENs(t)
	for _, file := range []string{"standard.epd", "named.epd"} {
		for _, c := range readPerftSuite(t, file) {
			fens = append(fens, c.fen)
		}
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			continue // a few tactical lines are not valid positions; fen_test.go covers them
		}
		write(p)
		var root MoveList
		p.GenerateAll(&root)
		for _, m := range root.Slice() {
			p.MakeMove(m)
			write(p)
			p.UnmakeMove()
		}
	}
	if got := h.Sum64(); got != orderSignature {
		t.Errorf("generation order signature %#x, want %#x", got, uint64(orderSignature))
	}
}
