package main

import (
	"syscall"
	"unsafe"
)

// memoryStatusEx is MEMORYSTATUSEX (sysinfoapi.h).
type memoryStatusEx struct {
	length               uint32
	memoryLoad           uint32
	totalPhys, availPhys uint64
	totalPageFile        uint64
	availPageFile        uint64
	totalVirtual         uint64
	availVirtual         uint64
	availExtendedVirtual uint64
}

// systemMemory returns the physical memory (GlobalMemoryStatusEx), 0 if it
// cannot be read.
func systemMemory() uint64 {
	proc := syscall.NewLazyDLL("kernel32.dll").NewProc("GlobalMemoryStatusEx")
	if proc.Find() != nil {
		return 0
	}
	st := memoryStatusEx{length: uint32(unsafe.Sizeof(memoryStatusEx{}))}
	if ok, _, _ := proc.Call(uintptr(unsafe.Pointer(&st))); ok == 0 {
		return 0
	}
	return st.totalPhys
}
