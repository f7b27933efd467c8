package board

// Perft returns the number of leaf nodes of the legal move tree of the given
// depth (Perft(0) is 1). Leaves are bulk-counted: at depth 1 the legal moves
// are counted without being made, which the fully legal generator makes exact.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var l MoveList
	p.GenerateAll(&l)
	if depth == 1 {
		return uint64(l.N)
	}
	var n uint64
	for _, m := range l.Moves[:l.N] {
		p.MakeMove(m)
		n += p.Perft(depth - 1)
		p.UnmakeMove()
	}
	return n
}

// PerftNoBulk is Perft without bulk counting: every leaf move is made and
// unmade. It exists to compare like with like against generators that do not
// bulk-count, and to exercise make/unmake on every leaf in tests.
func (p *Position) PerftNoBulk(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var l MoveList
	p.GenerateAll(&l)
	var n uint64
	for _, m := range l.Moves[:l.N] {
		p.MakeMove(m)
		n += p.PerftNoBulk(depth - 1)
		p.UnmakeMove()
	}
	return n
}

// DivideEntry is one root move and the perft count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for every legal root move in generation order, the perft
// count of depth-1 after it (depth < 1 is treated as 1).
func (p *Position) Divide(depth int) []DivideEntry {
	var l MoveList
	p.GenerateAll(&l)
	out := make([]DivideEntry, 0, l.N)
	for _, m := range l.Moves[:l.N] {
		p.MakeMove(m)
		out = append(out, DivideEntry{Move: m, Nodes: p.Perft(depth - 1)})
		p.UnmakeMove()
	}
	return out
}
