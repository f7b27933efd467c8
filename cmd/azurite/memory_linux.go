package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// cgroupLimitFiles hold the memory limit of the process's control group
// (cgroup v2, then v1): in a container it is what the process may use,
// whatever the machine has. An unlimited group reads "max" (v2) or a huge
// number (v1).
var cgroupLimitFiles = []string{
	"/sys/fs/cgroup/memory.max",
	"/sys/fs/cgroup/memory/memory.limit_in_bytes",
}

// systemMemory returns the physical memory (sysinfo), lowered to the
// control group's limit when there is one; 0 if neither can be read.
func systemMemory() uint64 {
	var mem uint64
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err == nil {
		mem = uint64(si.Totalram) * uint64(si.Unit)
	}
	for _, name := range cgroupLimitFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		if n, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64); err == nil && n > 0 && (mem == 0 || n < mem) {
			mem = n
		}
	}
	return mem
}
