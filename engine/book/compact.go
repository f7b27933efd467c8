package book

import (
	"slices"

	"github.com/azurite-chess/azurite/engine/board"
)

// CompactOptions says which part of a book Compact keeps.
type CompactOptions struct {
	// MaxPly: positions reached after more plies from the start are dropped.
	MaxPly int
	// MinWeight: entries lighter than this are dropped and not followed.
	MinWeight int
	// MinShare: entries lighter than MinShare percent of the heaviest move of
	// their position are dropped and not followed (rare sidelines).
	MinShare int
}

// Compact builds a smaller Polyglot book from src: it walks from the
// standard start position through the book's legal moves that pass opts,
// breadth first so that every position is taken at the shallowest ply it is
// reached, and keeps exactly the entries it followed for positions reached
// within opts.MaxPly plies. Entries are sorted by key, then weight
// (heaviest first), then move, so the output is a deterministic function of
// src and opts.
func Compact(src *Book, opts CompactOptions) ([]byte, error) {
	start, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		return nil, err
	}
	seen := map[uint64]bool{start.Key(): true}
	frontier := []*board.Position{start}
	var kept []Entry
	for ply := 0; ply < opts.MaxPly && len(frontier) > 0; ply++ {
		var next []*board.Position
		for _, pos := range frontier {
			entries := src.Lookup(pos.Key())
			heaviest := 0
			for _, e := range entries {
				heaviest = max(heaviest, int(e.Weight))
			}
			for _, e := range entries {
				w := int(e.Weight)
				if w < opts.MinWeight || w*100 < heaviest*opts.MinShare {
					continue
				}
				m, ok := ToMove(pos, e.Move)
				if !ok {
					continue // illegal in this position: a corrupt entry, never copied
				}
				kept = append(kept, e)
				child := pos.Copy()
				child.MakeMove(m)
				if !seen[child.Key()] {
					seen[child.Key()] = true
					next = append(next, child)
				}
			}
		}
		frontier = next
	}
	slices.SortFunc(kept, func(a, b Entry) int {
		switch {
		case a.Key != b.Key:
			return cmpU64(a.Key, b.Key)
		case a.Weight != b.Weight:
			return int(b.Weight) - int(a.Weight)
		default:
			return int(a.Move) - int(b.Move)
		}
	})
	return Encode(kept), nil
}

func cmpU64(a, b uint64) int {
	if a < b {
		return -1
	}
	return 1
}
