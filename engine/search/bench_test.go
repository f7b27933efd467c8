package search

import (
	"testing"
)

// TestBenchDeterministic: two bench runs give the same node count (the
// regression signature must not depend on the clock or leftover state).
func TestBenchDeterministic(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 4
	}
	n1, _ := Bench(depth)
	n2, _ := Bench(depth)
	if n1 != n2 || n1 == 0 {
		t.Fatalf("bench depth %d: %d then %d nodes", depth, n1, n2)
	}
	t.Logf("bench depth %d: %d nodes", depth, n1)
}
