package search

import (
	"errors"
	"strconv"

	"github.com/azurite-chess/azurite/engine/board"
)

// The transposition table is shared by all search threads without locks.
// Each entry is two 64-bit words written and read with atomic operations:
//
//	word 0: key XOR data
//	word 1: data
//
// A reader loads both words and accepts the entry only if word0^word1 equals
// the position's full key, so an entry torn by two concurrent writers (word 0
// from one, word 1 from the other) fails the check and reads as a miss.
// The data word packs:
//
//	bits  0-15  move: from (0-5), to (6-11), promotion PieceType (12-14)
//	bits 16-31  score (int16, mate scores made ply-independent by scoreToTT)
//	bits 32-47  static evaluation (int16; noEval if none)
//	bits 48-55  depth + depthOffset (0 means an empty slot)
//	bits 56-57  bound (boundNone, ttLower, ttUpper, ttExact)
//	bits 58-63  age: the search generation that wrote it, modulo 64
//
// Four entries form a 64-byte bucket; the bucket index comes from the high
// bits of the key (a multiply-shift, so any table size works) and the whole
// 64-bit key is verified, so index bits and check bits overlap harmlessly.
//
// Concurrency contract: probe may miss under contention, and a move read
// from the table can belong to another position after a key collision, so
// callers validate a table move with board.IsLegal before playing it.
type ttTable struct {
	buckets []ttBucket
	age     uint64 // current generation, 0..63; written only between searches
}

type ttBucket [ttBucketSize]ttEntry

type ttEntry struct {
	key  ttWord // key ^ data
	data ttWord
}

const (
	ttBucketSize = 4
	ttEntryBytes = 16
	ttAgeCycle   = 64

	// depthOffset lets quiescence entries (depth 0 or negative) be stored:
	// depth+depthOffset is always ≥ 1, so a zero depth byte means empty.
	depthOffset = 8
	// noEval marks "no static evaluation stored" (the node was in check).
	noEval = -32768
)

// TT bound values; a bound of 0 never occurs in a stored entry.
const (
	boundNone uint8 = iota
	ttUpper         // all-node: score is an upper bound
	ttLower         // cut-node: score is a lower bound
	ttExact         // PV node: exact score
)

// Hash size limits in MB accepted by SetHashMB.
const (
	MinHashMB = 1
	MaxHashMB = 1 << 16
)

// ErrHashSize is returned for a hash size outside MinHashMB..MaxHashMB.
var ErrHashSize = errors.New("hash size out of range")

// ttHit is one probe result: the entry's data word, unpacked on demand by
// its methods (the zero value is a miss). A word rather than a struct of
// five fields: in Go's js/wasm code a struct result goes through memory,
// and the 40-byte struct this was cost negamax and qsearch a memory.fill
// and two memory.copy per probe, each a call out of V8's compiled code:
// the word took the wasm build from 10249 to 9859 machine instructions
// per search node, native 4242 -> 4201 (make bench-instr).
type ttHit uint64

func (h ttHit) move() uint16 { return uint16(h) }
func (h ttHit) score() int   { return int(int16(uint16(h >> 16))) }
func (h ttHit) eval() int    { return int(int16(uint16(h >> 32))) }
func (h ttHit) depth() int   { return int(h>>48&0xff) - depthOffset }
func (h ttHit) bound() uint8 { return uint8(h >> 56 & 3) }

func newTT(mb int) *ttTable {
	t := &ttTable{}
	t.resize(mb)
	return t
}

// resize allocates a table of mb megabytes (cleared). Not safe during a search.
func (t *ttTable) resize(mb int) {
	n := mb * (1 << 20) / (ttBucketSize * ttEntryBytes)
	if n < 1 {
		n = 1
	}
	t.buckets = nil
	t.buckets = allocBuckets(n)
	t.age = 0
}

// clear empties the table. Not safe during a search.
func (t *ttTable) clear() {
	clear(t.buckets)
	t.age = 0
}

// clearYielding is clear in steps of ttClearStep bytes with yield called
// between them, for a front end that must give its event loop turns
// (js/wasm): the first clear of a freshly allocated table touches every page
// of it, which took 35 ms for 16 MB under node (1 ms once touched), and no
// message is delivered meanwhile. yield decides itself whether to take a
// turn. Not safe during a search.
func (t *ttTable) clearYielding(yield func()) {
	step := ttClearStep / (ttBucketSize * ttEntryBytes)
	for i := 0; i < len(t.buckets); i += step {
		if i > 0 {
			yield()
		}
		clear(t.buckets[i:min(i+step, len(t.buckets))])
	}
	t.age = 0
}

// ttClearStep is the part of the table clearYielding clears between yields.
const ttClearStep = 1 << 20

// newSearch ages the table: entries from earlier searches become preferred
// victims for replacement.
func (t *ttTable) newSearch() { t.age = (t.age + 1) % ttAgeCycle }

// bucket returns key's bucket.
func (t *ttTable) bucket(key uint64) *ttBucket {
	return &t.buckets[ttIndex(key, uint64(len(t.buckets)))]
}

// ttIndex returns the high 64 bits of the 128-bit product key × n, an index
// below n that spreads the keys evenly over any table size n. n must be below
// 2^32 (MaxHashMB gives 2^30 buckets), so the product is taken in two 64-bit
// multiplies of key's 32-bit halves: with key = hi·2^32 + lo,
// key·n>>64 = (hi·n + lo·n>>32)>>32 exactly (the low 32 bits of lo·n cannot
// carry into bit 64), and hi·n + lo·n>>32 < 2^32·n fits in 64 bits. It is
// what bits.Mul64 gave, but bits.Mul64 is no instruction in js/wasm: it is a
// software routine of four multiplies and their carries.
func ttIndex(key, n uint64) uint64 {
	return ((key>>32)*n + ((key&0xffffffff)*n)>>32) >> 32
}

// probe looks key up. It reports ok=false on a miss.
//
// The bucket's four entries are tested one after the other rather than in a
// loop: in Go's js/wasm code each turn of a loop is a jump through the
// function's br_table dispatch.
func (t *ttTable) probe(key uint64) (h ttHit, ok bool) {
	b := t.bucket(key)
	if d, ok := b[0].match(key); ok {
		return ttHit(d), true
	}
	if d, ok := b[1].match(key); ok {
		return ttHit(d), true
	}
	if d, ok := b[2].match(key); ok {
		return ttHit(d), true
	}
	if d, ok := b[3].match(key); ok {
		return ttHit(d), true
	}
	return 0, false
}

// probe tests exactly four entries: this fails to compile otherwise.
var _ = [1]struct{}{}[ttBucketSize-4]

// match returns e's data word if e holds key.
func (e *ttEntry) match(key uint64) (uint64, bool) {
	d := e.data.Load()
	return d, e.key.Load()^d == key && d>>48&0xff != 0
}

// store writes an entry for key. score must already be converted with
// scoreToTT. An existing entry for the same key keeps its move when the new
// one has none, and is not overwritten by a much shallower non-exact result
// of the same search; otherwise the slot with the lowest depth, counting
// entries from older searches as shallower, is replaced.
func (t *ttTable) store(key uint64, move uint16, score, eval, depth int, bound uint8) {
	b := t.bucket(key)
	var victim *ttEntry
	worst := 1 << 30
	for i := range b {
		e := &b[i]
		d := e.data.Load()
		if d>>48&0xff == 0 {
			if victim == nil || worst > -1<<20 {
				victim, worst = e, -1<<20
			}
			continue
		}
		if e.key.Load()^d == key {
			old := ttHit(d)
			if move == 0 {
				move = old.move()
			}
			if bound != ttExact && uint64(d>>58) == t.age && depth+ttKeepMargin < old.depth() {
				return
			}
			victim = e
			break
		}
		// Replacement value: depth minus a penalty per generation of age.
		rel := int((t.age - d>>58 + ttAgeCycle) % ttAgeCycle)
		v := int(d>>48&0xff) - ttAgeWeight*rel
		if v < worst {
			victim, worst = e, v
		}
	}
	if depth+depthOffset < 1 {
		depth = 1 - depthOffset
	}
	if depth+depthOffset > 255 {
		depth = 255 - depthOffset
	}
	d := uint64(move) |
		uint64(uint16(int16(score)))<<16 |
		uint64(uint16(int16(eval)))<<32 |
		uint64(depth+depthOffset)<<48 |
		uint64(bound)<<56 |
		t.age<<58
	victim.key.Store(key ^ d)
	victim.data.Store(d)
}

// ttKeepMargin: an entry of the current search for the same position is kept
// when the new non-exact result is more than this many plies shallower.
const ttKeepMargin = 3

// ttAgeWeight: one search generation of age counts as this many plies of
// depth when choosing the entry to replace.
const ttAgeWeight = 8

// hashfull returns the permille of sampled slots written by the current search.
func (t *ttTable) hashfull() int {
	n := 1000 / ttBucketSize
	if n > len(t.buckets) {
		n = len(t.buckets)
	}
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			if d>>48&0xff != 0 && d>>58 == t.age {
				used++
			}
		}
	}
	return used * 1000 / (n * ttBucketSize)
}

// packMove compresses a move to the 16 bits kept in the table.
func packMove(m board.Move) uint16 {
	return uint16(m.From()) | uint16(m.To())<<6 | uint16(m.Promotion())<<12
}

// unpackMove rebuilds a full move from its 16-bit form in pos, deriving the
// pieces and flags from the board. The result is a candidate only: it may be
// nonsense after a key collision, so callers check it with pos.IsLegal.
func unpackMove(pos *board.Position, p uint16) board.Move {
	if p == 0 {
		return board.NoMove
	}
	from := board.Square(p & 63)
	to := board.Square(p >> 6 & 63)
	promo := board.PieceType(p >> 12 & 7)
	pc := pos.PieceAt(from)
	if pc == board.NoPiece || pc.Color() != pos.Side() {
		return board.NoMove
	}
	captured := pos.PieceAt(to)
	var flags board.Move
	switch pc.Type() {
	case board.Pawn:
		diff := int(to) - int(from)
		if diff == 16 || diff == -16 {
			flags = board.FlagDoublePush
		} else if (diff&7) != 0 && captured == board.NoPiece && to == pos.EPSquare() {
			flags = board.FlagEnPassant
			captured = board.MakePiece(pos.Side().Other(), board.Pawn)
		}
	case board.King:
		diff := int(to) - int(from)
		if diff == 2 || diff == -2 {
			flags = board.FlagCastle
		}
	}
	return board.NewMove(from, to, pc, captured, promo, flags)
}

// String describes the table size, for diagnostics.
func (t *ttTable) String() string {
	return strconv.Itoa(len(t.buckets)*ttBucketSize) + " entries"
}
