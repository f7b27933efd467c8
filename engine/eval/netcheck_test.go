package eval

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestNetPlausible: the built-in net passes; a net with a valid header and
// checksum but random or empty weights is refused with the position it
// misjudges (regression, issue 32: such a file was accepted, eval printed
// -470.40 and the search sacrificed its queen at +200.00).
func TestNetPlausible(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := NewQuantNet(1)
	random[TensorOutputBias][0] = int32(rng.IntN(1 << 16))
	for i := range random[TensorFeatureWeights] {
		random[TensorFeatureWeights][i] = int32(rng.IntN(1<<16) - 1<<15)
	}
	for i := range random[TensorOutputWeights] {
		random[TensorOutputWeights][i] = int32(rng.IntN(1<<16) - 1<<15)
	}
	tests := []struct {
		name string
		net  func(t *testing.T) *Net
		want string // "" for plausible
	}{
		{"built-in", func(t *testing.T) *Net { return defaultNetT(t) }, ""},
		{"random-weights", func(t *testing.T) *Net { return mustParse(t, EncodeNet(random)) }, "the start position scores"},
		{"all-zero", func(t *testing.T) *Net { return mustParse(t, EncodeNet(&QuantNet{})) }, "White a queen up, White to move scores 0 cp for the side to move, want at least 500"},
		{"constant-plus-3", func(t *testing.T) *Net {
			return mustParse(t, EncodeNet(constantNet(3*NetQA*NetQB/4)))
		}, "the start position scores 300 cp for the side to move, want within -200..200"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.net(t).Plausible()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !errors.Is(err, ErrBadNet) || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("got %v, want an ErrBadNet saying %q", err, tc.want)
			}
		})
	}
}

func mustParse(t *testing.T, data []byte) *Net {
	t.Helper()
	n, err := ParseNet(data)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// constantNet is a net whose output is bias (in NetQA·NetQB) whatever the position.
func constantNet(bias int32) *QuantNet {
	q := &QuantNet{}
	q[TensorOutputBias] = []int32{bias}
	return q
}
