//go:build !(js && wasm)

package book

import (
	"fmt"
	"io"
	"os"
)

// ReadFile reads a book file for the BookFile option. It opens only regular
// files of at most MaxFileSize bytes and reads at most that much, so a
// device (/dev/zero, /dev/stdin), a FIFO or a directory is refused at once
// instead of blocking, swallowing the engine's input or filling memory. The
// bytes are not parsed (see Parse).
func ReadFile(name string) ([]byte, error) {
	// Stat before opening: opening a FIFO for reading blocks until a
	// writer appears.
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if err := checkFile(st); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The name may have been replaced between Stat and Open: check the
	// file that is open.
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := checkFile(st); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: grew past %d bytes while read: %w", name, MaxFileSize, ErrNotBookFile)
	}
	return data, nil
}

func checkFile(st os.FileInfo) error {
	switch {
	case !st.Mode().IsRegular():
		return fmt.Errorf("a %s, not a regular file: %w", kindOf(st.Mode()), ErrNotBookFile)
	case st.Size() > MaxFileSize:
		return fmt.Errorf("%d bytes, more than the %d a book may have: %w", st.Size(), MaxFileSize, ErrNotBookFile)
	}
	return nil
}

// kindOf names a non-regular file's type.
func kindOf(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&os.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&os.ModeCharDevice != 0:
		return "character device"
	case m&os.ModeDevice != 0:
		return "device"
	case m&os.ModeSocket != 0:
		return "socket"
	}
	return "special file"
}
