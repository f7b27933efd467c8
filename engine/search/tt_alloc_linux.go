package search

import (
	"syscall"
	"unsafe"
)

// hugePagesAdvised: Linux backs an madvise(MADV_HUGEPAGE) range with
// transparent huge pages when they are enabled as "always" or "madvise".
const hugePagesAdvised = true

// adviseHugePages asks the kernel to back the n bytes at p, which start on
// a huge-page boundary (allocBuckets places them so), with transparent huge
// pages, as far as whole huge pages reach. It must run before the memory
// is first written: a fault in an advised range then takes a huge page at
// once, where memory already mapped with small pages waits for khugepaged.
// The advice is best effort: a kernel without transparent huge pages
// refuses it and the table keeps small pages, so the error is ignored.
func adviseHugePages(p unsafe.Pointer, n int) {
	if n -= n % hugePageBytes; n > 0 {
		_ = syscall.Madvise(unsafe.Slice((*byte)(p), n), syscall.MADV_HUGEPAGE)
	}
}
