package main

import (
	"strconv"

	"github.com/azurite-chess/azurite/engine/search"
)

// hashMemoryShare is the part of the machine's memory the Hash option may
// take (1/hashMemoryShare). Go cannot recover from running out of memory:
// an allocation the OS refuses is a fatal error, and with overcommit the
// kernel's OOM killer ends the process once the table's pages are touched.
// Half leaves room for the rest of the engine, the GUI and the system.
const hashMemoryShare = 2

// minHashCapMB is the lowest cap: the Hash default (16 MB) stays valid even
// on a machine that reports very little memory.
const minHashCapMB = 16

// maxHash32MB caps Hash on 32-bit platforms, whose 2-4 GiB address space
// also holds the program, the heap and the stacks.
const maxHash32MB = 1024

// machineMemory reports the memory this process may use, in bytes (0:
// unknown). It is a variable so that tests can stand in a small machine.
var machineMemory = systemMemory

// hashCap returns the largest Hash (MB) for a machine with mem bytes of
// memory and intSize-bit ints (strconv.IntSize), and the reason to quote when
// a larger value is refused. mem = 0 (unknown) on a 64-bit platform leaves
// the search's own limit (0).
func hashCap(mem uint64, intSize int) (mb int, why string) {
	if intSize == 32 && (mem == 0 || mem/hashMemoryShare>>20 > maxHash32MB) {
		return maxHash32MB, "a 32-bit build can address at most " + strconv.Itoa(maxHash32MB) + " MB of hash table"
	}
	if mem == 0 {
		return 0, ""
	}
	mb = int(min(mem/hashMemoryShare>>20, search.MaxHashMB))
	mb = max(mb, minHashCapMB)
	return mb, "the hash table may take at most half of the " + strconv.FormatUint(mem>>20, 10) + " MB of memory this machine has"
}
