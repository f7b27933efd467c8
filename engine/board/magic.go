package board

import "math/bits"

// Sliding-piece attacks by "fancy" magic bitboards: for each square the
// relevant occupancy (the ray squares minus the board edge) is multiplied by a
// magic number and shifted, giving a dense index into a shared table of
// precomputed attack sets. A lookup is one AND, one 64-bit multiply, one shift
// and one load; 64-bit multiplication is a single instruction in wasm too, so
// the scheme suits both targets (PEXT, the other fast scheme, has no Go
// intrinsic and no wasm counterpart).
//
// The magic numbers are constants (magic_numbers.go) found offline by a
// seeded trial search (findMagic in magic_gen_test.go; `go test -run
// TestGenerateMagics -genmagic` rewrites the file). Searching at init instead
// took about 0.95 s natively, far too slow for a wasm start-up; filling the
// tables from the constants is what init pays (BenchmarkMagicInit, below).
//
// Magic lookups are 6-23 times faster than a ray walk natively and 12-16
// times as wasm (BenchmarkSliders; docs/wasm-speed.md).

// magic is one square's entry (32 bytes, so an entry's address is a
// shift). The shift and the offset are 64-bit words and the shift is masked
// to 0..63 at use: so the compiler needs no zero-extensions and no guard for
// shifts of 64 or more (in wasm, a select and two ANDs per lookup).
type magic struct {
	mask   Bitboard
	magic  uint64
	shift  uint64
	offset uint64
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	// The tables hold 102400 and 5248 entries (the sum of 2^bits over the
	// squares), padded to a power of two so a lookup masks its index instead
	// of paying a bounds check (a branch, and a block of its own in wasm).
	rookTable   [1 << 17]Bitboard
	bishopTable [1 << 13]Bitboard
	rookRays    [64]Bitboard // empty-board rook attacks
	bishopRays  [64]Bitboard // empty-board bishop attacks
)

// RookAttacks returns the squares a rook on sq attacks given the occupancy occ.
func RookAttacks(sq Square, occ Bitboard) Bitboard {
	m := &rookMagics[sq&63]
	return rookTable[(m.offset+uint64(occ&m.mask)*m.magic>>(m.shift&63))&(1<<17-1)]
}

// BishopAttacks returns the squares a bishop on sq attacks given the occupancy occ.
func BishopAttacks(sq Square, occ Bitboard) Bitboard {
	m := &bishopMagics[sq&63]
	return bishopTable[(m.offset+uint64(occ&m.mask)*m.magic>>(m.shift&63))&(1<<13-1)]
}

// rookAttacks is RookAttacks for a square held as a uint (see lsb). The
// exported pair keeps its own body: called through this one, the native
// search (which uses them in the evaluation and AttackersTo) ran 0.6 % more
// instructions (callgrind, bench depth 8).
func rookAttacks(sq uint, occ Bitboard) Bitboard {
	m := &rookMagics[sq&63]
	return rookTable[(m.offset+uint64(occ&m.mask)*m.magic>>(m.shift&63))&(1<<17-1)]
}

// bishopAttacks is BishopAttacks for a square held as a uint (see lsb).
func bishopAttacks(sq uint, occ Bitboard) Bitboard {
	m := &bishopMagics[sq&63]
	return bishopTable[(m.offset+uint64(occ&m.mask)*m.magic>>(m.shift&63))&(1<<13-1)]
}

// lsb returns the lowest square of b (b must not be empty) as a uint in
// 0..63. A Square is a uint8, and the js/wasm port zero-extends it with an
// AND every time it indexes a table; countMoves keeps its squares as uints
// (see its comment for the count).
func lsb(b Bitboard) uint { return uint(bits.TrailingZeros64(uint64(b))) & 63 }

// QueenAttacks returns the squares a queen on sq attacks given the occupancy occ.
func QueenAttacks(sq Square, occ Bitboard) Bitboard {
	return RookAttacks(sq, occ) | BishopAttacks(sq, occ)
}

// initMagics fills ms and table for one slider kind from the fixed magic
// numbers in magic_numbers.go (found by findMagic in magic_gen_test.go).
func initMagics(ms *[64]magic, table []Bitboard, rays *[64]Bitboard, dirs [4][2]int, ds [4]int, magics *[64]uint64) {
	offset := uint32(0)
	for sq := Square(0); sq < 64; sq++ {
		rays[sq] = rayAttacks(sq, 0, dirs)
		mask := relevantMask(sq, rays[sq])
		bitsN := mask.Count()
		m := &ms[sq]
		*m = magic{mask: mask, magic: magics[sq], shift: uint64(64 - bitsN), offset: uint64(offset)}
		// Enumerate every subset of mask (Carry-Rippler) and store its attack set.
		for sub := Bitboard(0); ; {
			idx := offset + uint32(uint64(sub)*m.magic>>m.shift)
			att := classicalAttacks(sq, sub, ds)
			if table[idx] != 0 && table[idx] != att {
				panic("board: bad magic number for square " + sq.String())
			}
			table[idx] = att
			sub = (sub - mask) & mask
			if sub == 0 {
				break
			}
		}
		offset += uint32(1) << bitsN
	}
	if int(offset) > len(table) {
		panic("board: magic table too small")
	}
}

// dirRays[d][sq+1] is the ray from sq (excluded) to the edge in direction d:
// d 0..3 increase the square index (N, E, NE, NW), d 4..7 decrease it (S, W,
// SW, SE). Entries 0 and 65 to 127 are empty, so that classicalAttacks can
// look up "the ray behind no blocker" without a branch: sq+1 is 65 for the
// trailing-zero count of an empty set and 0 for 63 minus its leading-zero
// count, and the index masked to 127 needs no bounds check.
var dirRays [8][128]Bitboard

var dirSteps = [8][2]int{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}

// classicalAttacks computes slider attacks ray by ray, cutting each ray
// behind its first blocker: the "classical approach", used to fill the magic
// tables at init.
//
// ds lists two directions that increase the square index, then two that
// decrease it (rookDirIdx, bishopDirIdx), so the nearest blocker on each ray
// is its lowest or its highest square. The four rays are written out without
// branches (see dirRays): initMagics calls it for each of the 107 648 table
// entries, and with a loop over the directions and a branch per blocker that
// was 42 million wasm instructions of start-up (now 11 million).
func classicalAttacks(sq Square, occ Bitboard, ds [4]int) Bitboard {
	up1, up2 := &dirRays[ds[0]&7], &dirRays[ds[1]&7]
	down1, down2 := &dirRays[ds[2]&7], &dirRays[ds[3]&7]
	i := (sq + 1) & 127
	a, b, c, d := up1[i], up2[i], down1[i], down2[i]
	a ^= up1[(bits.TrailingZeros64(uint64(a&occ))+1)&127]
	b ^= up2[(bits.TrailingZeros64(uint64(b&occ))+1)&127]
	c ^= down1[(64-bits.LeadingZeros64(uint64(c&occ)))&127]
	d ^= down2[(64-bits.LeadingZeros64(uint64(d&occ)))&127]
	return a | b | c | d
}

// Direction indices into dirRays for each slider.
var (
	rookDirIdx   = [4]int{0, 1, 4, 5}
	bishopDirIdx = [4]int{2, 3, 6, 7}
)

// relevantMask drops the board edges (unless the slider stands on them) from
// the empty-board rays: an edge square's occupancy never changes the attack set.
func relevantMask(sq Square, rays Bitboard) Bitboard {
	edges := (Rank1BB|Rank8BB)&^rankBB(sq) | (FileABB|FileHBB)&^fileBB(sq)
	return rays &^ edges
}

func rankBB(sq Square) Bitboard { return Rank1BB << (8 * uint(sq.Rank())) }
func fileBB(sq Square) Bitboard { return FileABB << uint(sq.File()) }

func init() {
	for d, st := range dirSteps {
		for sq := Square(0); sq < 64; sq++ {
			dirRays[d][sq+1] = rayAttacks(sq, 0, [4][2]int{st, st, st, st})
		}
	}
	initMagics(&rookMagics, rookTable[:], &rookRays, rookDirs, rookDirIdx, &rookMagicNumbers)
	initMagics(&bishopMagics, bishopTable[:], &bishopRays, bishopDirs, bishopDirIdx, &bishopMagicNumbers)
}
