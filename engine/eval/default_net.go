package eval

import (
	_ "embed" // the built-in net
	"errors"
	"sync"
)

// The built-in net. docs/nnue.md names each net by its hash (Net.Hash) and
// says how it was made; make nnue-install puts a trained net here.
//
//go:embed nets/default.nnue
var defaultNetFile []byte

// DefaultNet returns the built-in net, parsed once.
func DefaultNet() (*Net, error) { return defaultNet() }

var defaultNet = sync.OnceValues(func() (*Net, error) {
	net, err := ParseNet(defaultNetFile)
	if err != nil {
		return nil, errors.Join(errors.New("built-in net"), err)
	}
	return net, nil
})
