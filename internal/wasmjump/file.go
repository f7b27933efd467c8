package wasmjump

import (
	"fmt"
	"os"
	"path/filepath"
)

// RewriteFile rewrites the module in the file in and writes it to out (which
// may be in itself: the result is written to a temporary file beside out and
// renamed over it, so a failure never leaves half a module behind).
func RewriteFile(in, out string) (Stats, error) { return RewriteFileWith(in, out, Options{}) }

// RewriteFileWith is RewriteFile with parts of the rewrite turned off by o.
func RewriteFileWith(in, out string, o Options) (Stats, error) {
	mod, err := os.ReadFile(in)
	if err != nil {
		return Stats{}, err
	}
	res, st, err := RewriteWith(mod, o)
	if err != nil {
		return st, fmt.Errorf("%s: %w", in, err)
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(in); err == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".wasmjump-*")
	if err != nil {
		return st, err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	if _, err := tmp.Write(res); err != nil {
		tmp.Close()
		return st, err
	}
	if err := tmp.Close(); err != nil {
		return st, err
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return st, err
	}
	return st, os.Rename(tmp.Name(), out)
}
