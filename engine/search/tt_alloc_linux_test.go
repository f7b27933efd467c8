package search

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestTableHugePages checks with the kernel that a 16 MB table written once
// is backed by huge pages, when the kernel gives them on advice
// (transparent_hugepage "always" or "madvise"). Where it does not, the
// test checks that the table still works as plain memory.
func TestTableHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	tt := newTT(16)
	tt.clear()
	addr := uintptr(unsafe.Pointer(&tt.buckets[0]))
	huge, err2 := anonHugeKB(addr)
	if err2 != nil {
		t.Fatal(err2)
	}
	on := err == nil && (strings.Contains(string(mode), "[always]") || strings.Contains(string(mode), "[madvise]"))
	t.Logf("transparent_hugepage: %q; %d kB of the table's mapping in huge pages", strings.TrimSpace(string(mode)), huge)
	if on && huge < 8<<10 {
		t.Errorf("16 MB table at %#x: %d kB in huge pages, want at least 8192", addr, huge)
	}
	tt.store(42, 0x123, 17, 5, 3, ttExact)
	if h, ok := tt.probe(42); !ok || h.score() != 17 {
		t.Errorf("probe after store: %v %v", h, ok)
	}
}

// anonHugeKB returns the AnonHugePages of the mapping of /proc/self/smaps
// that holds addr.
func anonHugeKB(addr uintptr) (int, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			in = lo <= addr && addr < hi
			continue
		}
		if in && strings.HasPrefix(line, "AnonHugePages:") {
			return strconv.Atoi(strings.Fields(line)[1])
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("no mapping in /proc/self/smaps holds %#x", addr)
}

// mappingRange parses the address range that starts a mapping's header
// line ("7f12a0000000-7f12a1000000 rw-p ...").
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	field, _, _ := strings.Cut(line, " ")
	a, b, found := strings.Cut(field, "-")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(x), uintptr(y), true
}
