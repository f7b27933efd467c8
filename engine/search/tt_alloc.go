package search

import "unsafe"

// hugePageBytes is the size of a transparent huge page on the platforms
// where adviseHugePages does anything (2 MiB on x86-64 and arm64 Linux
// with 4 KiB pages).
const hugePageBytes = 2 << 20

// allocBuckets returns n zeroed buckets for the table. Where the kernel
// takes the advice (hugePagesAdvised), a table of at least one huge page
// starts on a huge-page boundary and is advised to be backed by huge pages:
// a probe is a random access into megabytes, and with 4 KiB pages it can
// need a page-table walk besides the cache miss (docs/uci.md, "The table's
// memory").
// The table then occupies up to hugePageBytes more of the address space
// than its size; that slack is never written. Elsewhere (js/wasm, other
// systems) it is a plain slice.
func allocBuckets(n int) []ttBucket {
	const bucketBytes = int(unsafe.Sizeof(ttBucket{}))
	if !hugePagesAdvised || n*bucketBytes < hugePageBytes {
		return make([]ttBucket, n)
	}
	buf := make([]ttBucket, n+hugePageBytes/bucketBytes)
	// Go places a large allocation on a page boundary, so the distance to
	// the next huge-page boundary is a whole number of buckets.
	off := 0
	if r := int(uintptr(unsafe.Pointer(&buf[0])) % hugePageBytes); r != 0 {
		off = (hugePageBytes - r) / bucketBytes
	}
	b := buf[off : off+n : off+n]
	adviseHugePages(unsafe.Pointer(&b[0]), n*bucketBytes)
	return b
}
