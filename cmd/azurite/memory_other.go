//go:build !linux && !darwin && !windows

package main

// systemMemory is unknown on this OS: the Hash option keeps the search's
// own limit.
func systemMemory() uint64 { return 0 }
