package book

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/azurite-chess/azurite/engine/board"
	"github.com/azurite-chess/azurite/internal/shareddata"
)

func readShared(t testing.TB, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(shareddata.Dir(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

const startKey = 0x463b96181691fc9c

// rawMoves decodes, independently of the package (shifts on raw bytes,
// linear scan), the "from-to[promo]:weight" list stored for key, with
// castling left in Polyglot's king-takes-rook form.
func rawMoves(data []byte, key uint64) []string {
	var out []string
	for off := 0; off+16 <= len(data); off += 16 {
		var k uint64
		for i := 0; i < 8; i++ {
			k = k<<8 | uint64(data[off+i])
		}
		if k != key {
			continue
		}
		mv := int(data[off+8])<<8 | int(data[off+9])
		w := int(data[off+10])<<8 | int(data[off+11])
		s := string([]byte{byte('a' + mv>>6&7), byte('1' + mv>>9&7), byte('a' + mv&7), byte('1' + mv>>3&7)})
		if p := mv >> 12 & 7; p != 0 {
			s += string("nbrq"[p-1])
		}
		out = append(out, s+":"+strconv.Itoa(w))
	}
	return out
}

func TestStartPositionMatchesIndependentDecode(t *testing.T) {
	data := readShared(t, "polyglot/gnuchess-book.bin")
	b, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := rawMoves(data, startKey)
	if len(want) != 13 {
		t.Fatalf("independent decode found %d start moves, the file's README says 13", len(want))
	}
	var got []string
	for _, e := range b.Lookup(startKey) {
		got = append(got, MoveString(e.Move)+":"+strconv.Itoa(int(e.Weight)))
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("Lookup(start):\n got %v\nwant %v", got, want)
	}
	pos, _ := board.ParseFEN(board.StartFEN)
	cands, err := b.Probe(pos)
	if err != nil {
		t.Fatal(err)
	}
	if len(cands) != 13 || cands[0].Move.String() != "e2e4" || cands[0].Weight != 12135 ||
		cands[1].Move.String() != "d2d4" || cands[1].Weight != 11257 || cands[2].Move.String() != "g1f3" || cands[2].Weight != 3745 {
		t.Fatalf("Probe(start) = %v", cands)
	}
	for i := 1; i < len(cands); i++ {
		if cands[i].Weight > cands[i-1].Weight {
			t.Fatalf("Probe not ordered by weight: %v", cands)
		}
	}
}

// TestEveryProbedMoveIsLegalAfterE4 walks two plies of the real book and
// checks every probed move against the raw decode.
func TestProbeAfterMovesMatchesRaw(t *testing.T) {
	data := readShared(t, "polyglot/gnuchess-book.bin")
	b, _ := Parse(data)
	for _, line := range []string{"e2e4", "e2e4 c7c5", "d2d4 g8f6 c2c4", "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6"} {
		t.Run(line, func(t *testing.T) {
			pos, _ := board.ParseFEN(board.StartFEN)
			for _, mv := range strings.Fields(line) {
				m, err := pos.ParseUCIMove(mv)
				if err != nil {
					t.Fatal(err)
				}
				pos.MakeMove(m)
			}
			want := rawMoves(data, pos.Key())
			cands, err := b.Probe(pos)
			if err != nil {
				t.Fatal(err)
			}
			if len(want) == 0 || len(cands) != len(want) {
				t.Fatalf("probe %v, raw %v", cands, want)
			}
			raw := map[string]bool{}
			for _, w := range want {
				raw[w] = true
			}
			for _, c := range cands {
				s := c.Move.String()
				if c.Move.IsCastle() { // raw decode keeps king-takes-rook
					s = s[:2] + map[string]string{"g1": "h1", "c1": "a1", "g8": "h8", "c8": "a8"}[s[2:]]
				}
				if !raw[s+":"+strconv.Itoa(c.Weight)] {
					t.Errorf("probe gave %s:%d, not in raw %v", s, c.Weight, want)
				}
			}
		})
	}
}

func TestKeyVectors(t *testing.T) {
	var v struct {
		Vectors []struct{ Name, Moves, FEN, Key string }
	}
	if err := json.Unmarshal(readShared(t, "polyglot/key_test_vectors.json"), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Vectors) != 9 {
		t.Fatalf("%d vectors", len(v.Vectors))
	}
	for _, tc := range v.Vectors {
		t.Run(tc.Name, func(t *testing.T) {
			pos, _ := board.ParseFEN(board.StartFEN)
			for _, mv := range strings.Fields(tc.Moves) {
				m, err := pos.ParseUCIMove(mv)
				if err != nil {
					t.Fatal(err)
				}
				pos.MakeMove(m)
			}
			want, _ := strconv.ParseUint(tc.Key, 16, 64)
			if pos.Key() != want {
				t.Fatalf("key after moves %016x, want %s", pos.Key(), tc.Key)
			}
			fromFEN, err := board.ParseFEN(tc.FEN)
			if err != nil || fromFEN.Key() != want {
				t.Fatalf("key from FEN %016x (%v), want %s", fromFEN.Key(), err, tc.Key)
			}
		})
	}
}

// polyMove encodes a Polyglot move from UCI text (castling as king-takes-rook).
func polyMove(s string) uint16 {
	m := uint16(s[3]-'1')<<3 | uint16(s[2]-'a') | uint16(s[1]-'1')<<9 | uint16(s[0]-'a')<<6
	if len(s) == 5 {
		m |= uint16(strings.IndexByte("nbrq", s[4])+1) << 12
	}
	return m
}

func bookFor(t *testing.T, fen string, moves map[string]uint16) (*Book, *board.Position) {
	t.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var es []Entry
	for mv, w := range moves {
		es = append(es, Entry{Key: pos.Key(), Move: polyMove(mv), Weight: w})
	}
	b, err := Parse(Encode(es))
	if err != nil {
		t.Fatal(err)
	}
	return b, pos
}

func TestCastlingKingTakesRook(t *testing.T) {
	tests := []struct {
		name, fen, poly, want string
	}{
		{"white-short", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "e1h1", "e1g1"},
		{"white-long", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "e1a1", "e1c1"},
		{"black-short", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", "e8h8", "e8g8"},
		{"black-long", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", "e8a8", "e8c8"},
		{"promotion", "8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8n", "a7a8n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, pos := bookFor(t, tc.fen, map[string]uint16{tc.poly: 1})
			cands, err := b.Probe(pos)
			if err != nil || len(cands) != 1 || cands[0].Move.String() != tc.want {
				t.Fatalf("Probe = %v, %v; want %s", cands, err, tc.want)
			}
			if tc.want != tc.poly && !cands[0].Move.IsCastle() {
				t.Fatalf("%s is not flagged as castling", cands[0].Move)
			}
		})
	}
}

func TestIllegalBookMoveIsReportedAndSkipped(t *testing.T) {
	b, pos := bookFor(t, board.StartFEN, map[string]uint16{"e2e5": 50, "d2d4": 10, "e1h1": 5})
	cands, err := b.Probe(pos)
	if !errors.Is(err, ErrIllegalMove) {
		t.Fatalf("err = %v, want ErrIllegalMove", err)
	}
	if !strings.Contains(err.Error(), "e2e5") || !strings.Contains(err.Error(), "e1h1") {
		t.Errorf("error does not name the moves: %v", err)
	}
	if len(cands) != 1 || cands[0].Move.String() != "d2d4" {
		t.Fatalf("legal candidates %v, want [d2d4]", cands)
	}
	m, ok, err := b.Pick(pos, 100, rand.NewPCG(1, 2))
	if !ok || m.String() != "d2d4" || err == nil {
		t.Fatalf("Pick = %v %v %v", m, ok, err)
	}
}

func TestParseRejectsMalformedFiles(t *testing.T) {
	good := Encode([]Entry{{Key: 1, Move: 1, Weight: 1}, {Key: 2, Move: 2, Weight: 1}})
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "empty"},
		{"truncated-entry", good[:31], "not a multiple of 16"},
		{"one-extra-byte", append(append([]byte{}, good...), 0), "not a multiple of 16"},
		{"unsorted", Encode([]Entry{{Key: 2}, {Key: 1}}), "not sorted ascending at entry 1 (byte 16)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.data)
			if !errors.Is(err, ErrBadBook) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Parse error %v, want ErrBadBook mentioning %q", err, tc.want)
			}
		})
	}
	if _, err := Parse(good); err != nil {
		t.Fatalf("good book rejected: %v", err)
	}
}

func TestChoose(t *testing.T) {
	mk := func(ws ...int) []Candidate {
		var cs []Candidate
		for i, w := range ws {
			cs = append(cs, Candidate{Move: board.Move(i + 1), Weight: w})
		}
		return cs
	}
	t.Run("variety-0-plays-best", func(t *testing.T) {
		for i := 0; i < 20; i++ {
			if m, ok := Choose(mk(100, 90, 5), 0, rand.NewPCG(uint64(i), 7)); !ok || m != 1 {
				t.Fatalf("got %v", m)
			}
		}
	})
	t.Run("zero-weights-never", func(t *testing.T) {
		if _, ok := Choose(mk(0, 0), 100, rand.NewPCG(1, 1)); ok {
			t.Fatal("chose a weight-0 move")
		}
	})
	t.Run("variety-50-excludes-rare", func(t *testing.T) {
		src := rand.NewPCG(3, 4)
		counts := map[board.Move]int{}
		for i := 0; i < 3000; i++ {
			m, _ := Choose(mk(100, 60, 49, 1), 50, src)
			counts[m]++
		}
		if counts[3] != 0 || counts[4] != 0 || counts[1] == 0 || counts[2] == 0 {
			t.Fatalf("counts %v: only moves with weight >= 50 may be drawn", counts)
		}
		// 100:60 split: expect 62.5% for move 1; allow a wide band.
		if f := float64(counts[1]) / 3000; f < 0.58 || f > 0.67 {
			t.Fatalf("move 1 drawn %.3f of the time, want about 0.625", f)
		}
	})
	t.Run("seeded-is-reproducible", func(t *testing.T) {
		draw := func() (s string) {
			src := rand.NewPCG(42, 43)
			for i := 0; i < 50; i++ {
				m, _ := Choose(mk(10, 9, 8, 7, 6), 100, src)
				s += strconv.Itoa(int(m))
			}
			return s
		}
		if a, b := draw(), draw(); a != b {
			t.Fatalf("same seed, different draws: %s vs %s", a, b)
		}
	})
}

func FuzzParse(f *testing.F) {
	f.Add([]byte{})
	f.Add(Encode([]Entry{{Key: startKey, Move: polyMove("e2e4"), Weight: 3}}))
	f.Add(Encode([]Entry{{Key: startKey, Move: 0xffff, Weight: 1}, {Key: startKey, Move: polyMove("e1h1"), Weight: 1}}))
	pos, _ := board.ParseFEN(board.StartFEN)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			return
		}
		cands, _ := b.Probe(pos)
		var l board.MoveList
		pos.GenerateAll(&l)
		for _, c := range cands {
			legal := false
			for _, m := range l.Slice() {
				legal = legal || m == c.Move
			}
			if !legal {
				t.Fatalf("probe returned illegal %v", c.Move)
			}
		}
		b.Pick(pos, 100, rand.NewPCG(1, 1))
	})
}
