package search

import (
	"syscall"
	"unsafe"
)

// hugePagesAdvised: Linux backs an madvise(MADV_HUGEPAGE) range with
// transparent huge pages when they are enabled as "always" or "madvise".
const hugePagesAdvised = true

// adviseHugePages asks the kernel to back the whole huge pages inside the
// n bytes at p with transparent huge pages. It must run before the memory
// is first written: a fault in an advised range then takes a huge page at
// once, where memory already mapped with small pages waits for khugepaged.
// The advice is best effort: a kernel without transparent huge pages
// refuses it and the table keeps small pages, so the error is ignored.
func adviseHugePages(p unsafe.Pointer, n int) {
	start := (hugePageBytes - int(uintptr(p)%hugePageBytes)) % hugePageBytes
	end := start + (n-start)/hugePageBytes*hugePageBytes
	if end <= start {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, start)), end-start), syscall.MADV_HUGEPAGE)
}
