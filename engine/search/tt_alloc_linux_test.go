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

// TestTableHugePages checks with the kernel that the table's memory carries
// the huge-page advice (the "hg" flag of its mapping in /proc/self/smaps)
// wherever the kernel has transparent huge pages. Whether huge pages then
// back it depends on the kernel's mode and free memory, so that is logged,
// not required.
func TestTableHugePages(t *testing.T) {
	_, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled")
	thp := err == nil
	tt := newTT(16)
	tt.clear()
	addr := uintptr(unsafe.Pointer(&tt.buckets[0]))
	m, err := smapsOf(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("transparent huge pages: %v; mapping flags %q, %d kB in huge pages", thp, m.flags, m.hugeKB)
	if advised := strings.Contains(" "+m.flags+" ", " hg "); thp && !advised {
		t.Errorf("16 MB table at %#x: mapping flags %q lack hg (MADV_HUGEPAGE)", addr, m.flags)
	}
	tt.store(42, 0x123, 17, 5, 3, ttExact)
	if h, ok := tt.probe(42); !ok || h.score() != 17 {
		t.Errorf("probe after store: %v %v", h, ok)
	}
}

// smapsEntry is what TestTableHugePages reads of one mapping.
type smapsEntry struct {
	hugeKB int    // AnonHugePages
	flags  string // VmFlags
}

// smapsOf returns the entry of /proc/self/smaps for the mapping that holds
// addr.
func smapsOf(addr uintptr) (smapsEntry, error) {
	var e smapsEntry
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return e, err
	}
	defer f.Close()
	// found: the lines read belong to addr's mapping; the next header ends it.
	found := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			if found {
				break
			}
			found = lo <= addr && addr < hi
			continue
		}
		if !found {
			continue
		}
		if v, ok := strings.CutPrefix(line, "AnonHugePages:"); ok {
			if e.hugeKB, err = strconv.Atoi(strings.Fields(v)[0]); err != nil {
				return e, fmt.Errorf("smaps: %q: %w", line, err)
			}
		}
		if v, ok := strings.CutPrefix(line, "VmFlags:"); ok {
			e.flags = strings.TrimSpace(v)
		}
	}
	if err := sc.Err(); err != nil {
		return e, err
	}
	if !found {
		return e, fmt.Errorf("no mapping in /proc/self/smaps holds %#x", addr)
	}
	return e, nil
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
