//go:build unix

package uci

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/azurite-chess/azurite/engine/book"
	"github.com/azurite-chess/azurite/engine/session"
)

// TestBookFileRefusesSpecialFiles: BookFile names that are not regular
// files get one clear error line at once, isready is answered and the book
// in use stays (regression: /dev/zero never answered isready and grew past
// 1.9 GB, a FIFO blocked, /dev/stdin swallowed the following commands).
func TestBookFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "one.bin")
	// One Polyglot entry (key, move, weight, learn): any sorted set parses.
	if err := os.WriteFile(good, []byte{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0}, 0o644); err != nil {
		t.Fatal(err)
	}
	r := newRigWith(t, session.Config{Seed: 1, ReadFile: book.ReadFile})
	r.send("setoption name BookFile value "+good, "isready")
	checkLines(t, r.until("readyok", wait), []string{"readyok"})
	before := r.h.Session().Book()
	if before == nil {
		t.Fatal("no book installed")
	}
	for _, tc := range []struct{ path, what string }{
		{"/dev/zero", "a character device, not a regular file"},
		{"/dev/urandom", "a character device, not a regular file"},
		{"/dev/stdin", ", not a regular file"},
		{fifo, "a named pipe (FIFO), not a regular file"},
		{dir, "a directory, not a regular file"},
	} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			if st, err := os.Stat(tc.path); err != nil || st.Mode().IsRegular() {
				t.Skipf("%s: %v (stdin redirected from a file is a book file)", tc.path, err)
			}
			start := time.Now()
			r.send("setoption name BookFile value "+tc.path, "isready")
			got := r.until("readyok", 5*time.Second)
			if len(got) != 2 || !strings.HasPrefix(got[0], "info string error: setoption: ") ||
				!strings.Contains(got[0], tc.path) || !strings.Contains(got[0], tc.what) {
				t.Fatalf("got %q, want one error naming %s (%s), then readyok", got, tc.path, tc.what)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
			if r.h.Session().Book() != before {
				t.Fatal("the book in use changed")
			}
		})
	}
}
