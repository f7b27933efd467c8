package main

import (
	"encoding/binary"
	"syscall"
)

// systemMemory returns the physical memory (sysctl hw.memsize), 0 if it
// cannot be read.
func systemMemory() uint64 {
	s, err := syscall.Sysctl("hw.memsize")
	if err != nil || len(s) > 8 {
		return 0
	}
	// Sysctl returns the raw little-endian uint64 with one trailing zero
	// byte cut off (it treats the value as a C string): pad it back.
	var b [8]byte
	copy(b[:], s)
	return binary.LittleEndian.Uint64(b[:])
}
