package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/search"
)

func TestHashCap(t *testing.T) {
	tests := []struct {
		name    string
		mem     uint64
		intSize int
		want    int
	}{
		{"unknown-keeps-search-limit", 0, 64, 0},
		{"1-GiB-half", 1 << 30, 64, 512},
		{"24105-MB", 24105 << 20, 64, 12052},
		{"tiny-machine-keeps-default", 8 << 20, 64, minHashCapMB},
		{"huge-machine-search-limit", 1 << 40, 64, search.MaxHashMB},
		{"32-bit-address-space", 16 << 30, 32, maxHash32MB},
		{"32-bit-unknown-memory", 0, 32, maxHash32MB},
		{"32-bit-small-machine-half", 1 << 30, 32, 512},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, why := hashCap(tc.mem, tc.intSize)
			if got != tc.want {
				t.Fatalf("hashCap(%d, %d) = %d, want %d", tc.mem, tc.intSize, got, tc.want)
			}
			if (why == "") != (tc.want == 0) {
				t.Fatalf("hashCap(%d, %d) reason %q", tc.mem, tc.intSize, why)
			}
		})
	}
}

// TestHashCappedByMemory: on a machine with 1 GiB the native binary
// advertises Hash max 512, refuses 513 with an error that says why (the
// regression: it accepted up to 65536 MB, and allocating or clearing a
// table larger than the machine's memory kills the process), keeps the old
// value, and accepts 512.
func TestHashCappedByMemory(t *testing.T) {
	defer func(f func() uint64) { machineMemory = f }(machineMemory)
	machineMemory = func() uint64 { return 1 << 30 }
	in := strings.NewReader("uci\nsetoption name Hash value 64\nsetoption name Hash value 513\nsetoption name Hash value 100000\nisready\nsetoption name Hash value 512\nisready\nquit\n")
	var out, errOut bytes.Buffer
	if code := run(nil, in, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if strings.HasPrefix(l, "option name Hash ") || !strings.HasPrefix(l, "option ") && !strings.HasPrefix(l, "id ") {
			got = append(got, l)
		}
	}
	const why = " (the hash table may take at most half of the 1024 MB of memory this machine has)"
	want := []string{
		"option name Hash type spin default 16 min 1 max 512",
		"uciok",
		`info string error: setoption: option Hash: value "513" is out of range 1..512` + why,
		`info string error: setoption: option Hash: value "100000" is out of range 1..512` + why,
		"readyok",
		"readyok",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("output:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
