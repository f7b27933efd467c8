//go:build race

package search

// raceEnabled: the race detector slows the search about tenfold, so the long
// search tests run a subset under -race (the full set runs without it).
const raceEnabled = true
