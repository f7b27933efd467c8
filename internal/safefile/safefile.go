//go:build !(js && wasm)

// Package safefile reads a file named by a user (an engine option's value)
// without trusting the name: only regular files up to a size limit, so a
// device (/dev/zero, /dev/stdin), a FIFO or a directory is refused at once
// instead of blocking, swallowing the engine's input or filling memory.
package safefile

import (
	"fmt"
	"io"
	"os"
)

// Read reads the regular file name if it holds at most limit bytes. what
// names the kind of file for errors ("a book", "a net file"), which wrap
// sentinel where the file is not one (not regular, too large) and the
// operating system's error where it cannot be read.
func Read(name string, limit int64, what string, sentinel error) ([]byte, error) {
	// Stat before opening: opening a FIFO for reading blocks until a
	// writer appears.
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if err := check(st, limit, what, sentinel); err != nil {
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
	if err := check(st, limit, what, sentinel); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: grew past %d bytes while read: %w", name, limit, sentinel)
	}
	return data, nil
}

func check(st os.FileInfo, limit int64, what string, sentinel error) error {
	switch {
	case !st.Mode().IsRegular():
		return fmt.Errorf("a %s, not a regular file: %w", kindOf(st.Mode()), sentinel)
	case st.Size() > limit:
		return fmt.Errorf("%d bytes, more than the %d %s may have: %w", st.Size(), limit, what, sentinel)
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
