//go:build unix

package book

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

// TestReadFile: regular files up to MaxFileSize are read; devices, FIFOs,
// directories and larger files are refused at once with ErrNotBookFile
// (regression: "setoption name BookFile value /dev/zero" read until memory
// ran out, a FIFO blocked, /dev/stdin swallowed the engine's commands).
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.bin")
	if err := os.WriteFile(small, make([]byte, 32), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.bin")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileSize + 16); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	exact := filepath.Join(dir, "exact.bin")
	if f, err = os.Create(exact); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileSize); err != nil {
		t.Fatal(err)
	}
	f.Close()
	fifo := filepath.Join(dir, "fifo")
	if runtime.GOOS != "windows" {
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, path string
		size       int  // bytes read when ok
		bad        bool // ErrNotBookFile
	}{
		{"regular-32-bytes", small, 32, false},
		{"exactly-the-limit", exact, MaxFileSize, false},
		{"past-the-limit", big, 0, true},
		{"directory", dir, 0, true},
		{"fifo", fifo, 0, true},
		{"dev-zero", "/dev/zero", 0, true},
		{"dev-urandom", "/dev/urandom", 0, true},
		{"dev-stdin", "/dev/stdin", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := os.Stat(tc.path); err != nil {
				t.Skipf("%s: %v", tc.path, err)
			}
			data, err := ReadFile(tc.path)
			if tc.bad {
				if !errors.Is(err, ErrNotBookFile) {
					t.Fatalf("err = %v, want ErrNotBookFile", err)
				}
				t.Log(err)
				return
			}
			if err != nil || len(data) != tc.size {
				t.Fatalf("got %d bytes, %v; want %d", len(data), err, tc.size)
			}
		})
	}
	if _, err := ReadFile(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
