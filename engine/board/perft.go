package board

// perftPlies is the depth of the move-list stack one Perft walk uses: one
// list per remaining depth, zeroed once per walk. A MoveList declared inside
// the recursive function instead is zeroed on every call (1 KB; in the
// js/wasm port that is a memory.fill call per interior node).
const perftPlies = 16

// Perft returns the number of leaf nodes of the legal move tree of the given
// depth (Perft(0) is 1). Leaves are bulk-counted: at depth 1 the legal moves
// are counted without being made or even written (countMoves popcounts each
// piece's legal destination set), which the fully legal rules make exact.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth > perftPlies {
		return p.perftDeep(depth, true)
	}
	var lists [perftPlies]MoveList
	return p.perft(depth, &lists)
}

// PerftNoBulk is Perft without bulk counting: every leaf move is made and
// unmade. It exists to compare like with like against generators that do not
// bulk-count, and to exercise make/unmake on every leaf in tests.
func (p *Position) PerftNoBulk(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth > perftPlies {
		return p.perftDeep(depth, false)
	}
	var lists [perftPlies]MoveList
	return p.perftNoBulk(depth, &lists)
}

// perftDeep walks the plies above the list stack, one local list each.
func (p *Position) perftDeep(depth int, bulk bool) uint64 {
	var l MoveList
	p.GenerateAll(&l)
	var n uint64
	for _, m := range l.Moves[:l.N] {
		p.MakeMove(m)
		if bulk {
			n += p.Perft(depth - 1)
		} else {
			n += p.PerftNoBulk(depth - 1)
		}
		p.UnmakeMove()
	}
	return n
}

// perft is Perft for 1 <= depth <= perftPlies with lists[d] holding the
// moves at remaining depth d. Depth 2 counts its children's moves in its own
// loop, which spares a call per child; depth 1 writes no list.
func (p *Position) perft(depth int, lists *[perftPlies]MoveList) uint64 {
	if depth == 1 {
		return uint64(p.countMoves())
	}
	l := &lists[depth&(perftPlies-1)]
	l.N = 0
	p.GenerateAll(l)
	var n uint64
	if depth == 2 {
		for i := 0; i < l.N; i++ {
			p.MakeMove(l.Moves[i&(MaxMoves-1)])
			n += uint64(p.countMoves())
			p.UnmakeMove()
		}
		return n
	}
	for i := 0; i < l.N; i++ {
		p.MakeMove(l.Moves[i&(MaxMoves-1)])
		n += p.perft(depth-1, lists)
		p.UnmakeMove()
	}
	return n
}

// perftNoBulk is PerftNoBulk for 1 <= depth <= perftPlies, with lists as in perft.
func (p *Position) perftNoBulk(depth int, lists *[perftPlies]MoveList) uint64 {
	p, lists = pin(p), pin(lists)
	l := &lists[depth&(perftPlies-1)]
	l.N = 0
	p.GenerateAll(l)
	if depth == 1 {
		for i := 0; i < l.N; i++ {
			p.MakeMove(l.Moves[i&(MaxMoves-1)])
			p.UnmakeMove()
		}
		return uint64(l.N)
	}
	var n uint64
	for i := 0; i < l.N; i++ {
		p.MakeMove(l.Moves[i&(MaxMoves-1)])
		n += p.perftNoBulk(depth-1, lists)
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

// pollDepth is the remaining depth at and below which DivideUntil counts a
// subtree without polling: a perft(3) takes well under a millisecond
// natively, so polls come often enough for a prompt stop while costing
// nothing measurable.
const pollDepth = 3

// DivideUntil is Divide for long counts that must stay interruptible: it
// calls each with every root move's count as soon as it is known, and calls
// poll between subtrees of depth pollDepth (about every millisecond); when
// poll returns true it stops and reports complete = false (the move being
// counted is then not reported). The position is unchanged on return.
func (p *Position) DivideUntil(depth int, poll func() (stop bool), each func(DivideEntry)) (complete bool) {
	var l MoveList
	p.GenerateAll(&l)
	for _, m := range l.Moves[:l.N] {
		if poll() {
			return false
		}
		p.MakeMove(m)
		n, ok := p.perftUntil(depth-1, poll)
		p.UnmakeMove()
		if !ok {
			return false
		}
		each(DivideEntry{Move: m, Nodes: n})
	}
	return true
}

// perftUntil is Perft with poll called before every subtree deeper than
// pollDepth; ok is false when poll asked to stop.
func (p *Position) perftUntil(depth int, poll func() bool) (n uint64, ok bool) {
	if depth <= pollDepth {
		return p.Perft(depth), true
	}
	var l MoveList
	p.GenerateAll(&l)
	for _, m := range l.Moves[:l.N] {
		if poll() {
			return n, false
		}
		p.MakeMove(m)
		c, ok := p.perftUntil(depth-1, poll)
		p.UnmakeMove()
		if !ok {
			return n, false
		}
		n += c
	}
	return n, true
}
