//go:build !(js && wasm)

package book

import "github.com/azurite-chess/azurite/internal/safefile"

// ReadFile reads a book file for the BookFile option. It opens only regular
// files of at most MaxFileSize bytes and reads at most that much, so a
// device (/dev/zero, /dev/stdin), a FIFO or a directory is refused at once
// instead of blocking, swallowing the engine's input or filling memory. The
// bytes are not parsed (see Parse).
func ReadFile(name string) ([]byte, error) {
	return safefile.Read(name, MaxFileSize, "a book", ErrNotBookFile)
}
