//go:build !(js && wasm)

package eval

import "github.com/azurite-chess/azurite/internal/safefile"

// ReadNetFile reads a net file for the EvalFile option: a regular file no
// larger than the largest net this build reads (devices, FIFOs, directories
// and larger files are refused at once, wrapping ErrBadNet). The bytes are
// not parsed (see ParseNet).
func ReadNetFile(name string) ([]byte, error) {
	return safefile.Read(name, MaxNetFileSize, "a net file", ErrBadNet)
}
