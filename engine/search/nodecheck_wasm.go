//go:build js && wasm

package search

// nodeCheckInterval is how many nodes pass between clock reads (a power of 2).
// The browser build searches at 50-250 knps, so 1024 nodes would be 4-20 ms
// between reads, and the Yield hook, which gives the event loop a turn when
// enough time has passed, could only run that coarsely: a stop waits for the
// next turn. 256 nodes is about 1-5 ms. A clock read costs 0.5-1.1 µs under
// node (time.Since, GOOS=js GOARCH=wasm go test -bench, loaded 2-core box),
// i.e. under 0.1 % of search time at this interval. Node counts do not
// depend on it: with one thread the node limit is checked at every node.
const nodeCheckInterval = 256
