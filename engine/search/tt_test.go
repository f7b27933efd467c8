package search

import (
	"math/bits"
	"math/rand/v2"
	"sync"
	"testing"
)

func TestTTMateScoreRoundTrip(t *testing.T) {
	tests := []struct {
		name        string
		score       int
		storePly    int
		probePly    int
		wantAtProbe int
	}{
		{"mate-in-3-plies-found-at-ply5-probed-at-ply7", mateValue - 8, 5, 7, mateValue - 10},
		{"mated-in-4-plies-found-at-ply2-probed-at-ply0", -mateValue + 6, 2, 0, -mateValue + 4},
		{"ordinary-score-unchanged", 137, 9, 3, 137},
		{"negative-score-unchanged", -2500, 1, 30, -2500},
		{"mate-at-root-distance", mateValue - 1, 0, 0, mateValue - 1},
	}
	tt := newTT(1)
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			key := uint64(i+1) * 0x9E3779B97F4A7C15
			tt.store(key, 0x123, scoreToTT(tc.score, tc.storePly), 42, 7, ttExact)
			h, ok := tt.probe(key)
			if !ok {
				t.Fatal("stored entry not found")
			}
			if got := scoreFromTT(h.score(), tc.probePly); got != tc.wantAtProbe {
				t.Errorf("score at ply %d = %d, want %d", tc.probePly, got, tc.wantAtProbe)
			}
			if h.move() != 0x123 || h.eval() != 42 || h.depth() != 7 || h.bound() != ttExact {
				t.Errorf("entry fields %+v", h)
			}
			if scoreFromTT(scoreToTT(tc.score, tc.storePly), tc.storePly) != tc.score {
				t.Error("round trip at the same ply changed the score")
			}
		})
	}
}

func TestTTReplacementAndHashfull(t *testing.T) {
	tt := newTT(1)
	if tt.hashfull() != 0 {
		t.Fatal("fresh table not empty")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := len(tt.buckets) * ttBucketSize
	for i := 0; i < 4*n; i++ {
		tt.store(rng.Uint64(), 1, 0, 0, rng.IntN(20), ttLower)
	}
	if hf := tt.hashfull(); hf < 900 {
		t.Errorf("hashfull after filling = %d, want ≥ 900", hf)
	}
	tt.newSearch()
	if hf := tt.hashfull(); hf != 0 {
		t.Errorf("hashfull of a new search = %d, want 0", hf)
	}
	// A deep entry survives a shallow one landing in its bucket.
	tt.clear()
	key := uint64(0xDEADBEEF12345678)
	tt.store(key, 7, 10, 0, 30, ttExact)
	b := tt.bucket(key)
	for i := 0; i < 2*ttBucketSize; i++ {
		// Keys that map to the same bucket: same high bits, different low bits.
		other := key ^ uint64(i+1)
		if tt.bucket(other) != b {
			t.Fatal("test keys do not share the bucket")
		}
		tt.store(other, 1, 0, 0, 1, ttLower)
	}
	if h, ok := tt.probe(key); !ok || h.depth() != 30 {
		t.Errorf("deep entry replaced by shallow ones: %v %+v", ok, h)
	}
}

// TestTTConcurrent hammers the table from several goroutines; every hit must
// carry the data its writer derived from the key (a torn entry would fail the
// XOR check and read as a miss). Run with -race.
func TestTTConcurrent(t *testing.T) {
	tt := newTT(1)
	var wg sync.WaitGroup
	const workers, ops = 4, 20000
	errs := make(chan string, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 99))
			for i := 0; i < ops; i++ {
				key := rng.Uint64N(4096) * 0x9E3779B97F4A7C15
				if rng.IntN(2) == 0 {
					tt.store(key, uint16(key>>50), int(int16(key>>20)), int(int16(key>>36)), int(key>>60), ttLower)
					continue
				}
				if h, ok := tt.probe(key); ok {
					if h.move() != uint16(key>>50) || h.score() != int(int16(key>>20)) || h.eval() != int(int16(key>>36)) {
						errs <- "inconsistent entry"
						return
					}
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// TestTTClearYielding: the stepped clear empties every bucket and calls yield
// between its steps (the wasm bench stays responsive while it clears).
func TestTTClearYielding(t *testing.T) {
	for _, mb := range []int{1, 3, 16} {
		tt := newTT(mb)
		for i := range tt.buckets {
			tt.buckets[i][0].data.Store(uint64(i) | 1)
		}
		tt.age = 5
		yields := 0
		tt.clearYielding(func() { yields++ })
		for i := range tt.buckets {
			if tt.buckets[i][0].data.Load() != 0 {
				t.Fatalf("%d MB: bucket %d not cleared", mb, i)
			}
		}
		if want := mb*(1<<20)/ttClearStep - 1; yields != want || tt.age != 0 {
			t.Errorf("%d MB: %d yields, age %d; want %d yields, age 0", mb, yields, tt.age, want)
		}
	}
}

// TestTTBucketIsMul64High pins bucket's two-multiply index to the high word of
// the full 128-bit product it replaced (bits.Mul64), for table sizes from one
// bucket to the largest MaxHashMB allows, powers of two and not: a different
// index would change which entries meet, and with it the bench.
func TestTTBucketIsMul64High(t *testing.T) {
	maxBuckets := MaxHashMB * (1 << 20) / (ttBucketSize * ttEntryBytes)
	sizes := []int{1, 2, 3, 1000, 1 << 14, 1<<14 + 1, 262143, 1 << 18, 3 << 20, maxBuckets - 1, maxBuckets}
	r := rand.New(rand.NewPCG(1, 2))
	keys := []uint64{0, 1, 1<<32 - 1, 1 << 32, 1<<63 + 1<<31, ^uint64(0), ^uint64(0) - 1<<32}
	for range 2000 {
		keys = append(keys, r.Uint64())
	}
	for _, n := range sizes {
		for _, key := range keys {
			want, _ := bits.Mul64(key, uint64(n))
			if got := ttIndex(key, uint64(n)); got != want {
				t.Fatalf("n=%d key=%#x: index %d, want %d", n, key, got, want)
			}
		}
	}
}
