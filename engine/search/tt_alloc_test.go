package search

import (
	"testing"
	"unsafe"
)

// TestAllocBuckets checks the table's memory for every size the Hash option
// gives: the asked number of zeroed buckets, and where huge pages are
// advised, a table of a huge page or more starting on a huge-page boundary.
func TestAllocBuckets(t *testing.T) {
	for _, mb := range []int{1, 2, 3, 16, 64} {
		n := mb << 20 / int(unsafe.Sizeof(ttBucket{}))
		b := allocBuckets(n)
		if len(b) != n || cap(b) != n {
			t.Fatalf("%d MB: len %d cap %d, want %d", mb, len(b), cap(b), n)
		}
		addr := uintptr(unsafe.Pointer(&b[0]))
		if aligned := addr%hugePageBytes == 0; hugePagesAdvised && mb >= 2 && !aligned {
			t.Errorf("%d MB: table at %#x, not on a %d-byte boundary", mb, addr, hugePageBytes)
		}
		if addr%64 != 0 {
			t.Errorf("%d MB: table at %#x, not on a cache line", mb, addr)
		}
		for i := range b {
			for j := range b[i] {
				if b[i][j].key.Load() != 0 || b[i][j].data.Load() != 0 {
					t.Fatalf("%d MB: bucket %d entry %d not zero", mb, i, j)
				}
			}
		}
	}
}
