package eval

import (
	"embed"
	"fmt"
	"sync"
)

// The built-in net: the one file in nets/, named nn-HASH.nnue after the
// first 12 hex digits of its SHA-256 (docs/nnue.md says how each was made).
//
//go:embed nets/*.nnue
var netFiles embed.FS

// DefaultNet returns the built-in net, parsed once.
func DefaultNet() (*Net, error) { return defaultNet() }

var defaultNet = sync.OnceValues(func() (*Net, error) {
	entries, err := netFiles.ReadDir("nets")
	if err != nil || len(entries) != 1 {
		return nil, fmt.Errorf("%w: want exactly one built-in net, found %d (%v)", ErrBadNet, len(entries), err)
	}
	data, err := netFiles.ReadFile("nets/" + entries[0].Name())
	if err != nil {
		return nil, err
	}
	net, err := ParseNet(data)
	if err != nil {
		return nil, fmt.Errorf("built-in net %s: %w", entries[0].Name(), err)
	}
	if want := "nn-" + net.Hash() + ".nnue"; entries[0].Name() != want {
		return nil, fmt.Errorf("%w: built-in net %s should be named %s", ErrBadNet, entries[0].Name(), want)
	}
	return net, nil
})
