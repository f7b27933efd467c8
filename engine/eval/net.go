package eval

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/azurite-chess/azurite/engine/board"
)

// The learned evaluation is a 768 → 2×NetHidden → 1 network. Each side's
// half of the hidden layer (its accumulator) sums the feature-transformer
// rows of the pieces seen from that side: feature (own/their colour, piece
// type, square), the square flipped vertically for Black, so one set of
// weights serves both perspectives. The side to move's half comes first in
// the output layer, the other side's second; the activation is the clipped
// squared ReLU (SCReLU), clamp(x, 0, 1)². A net may have several output
// layers (output buckets), one per band of the piece count (OutputBucket):
// each position is scored by its band's. The width is fixed by the build,
// the buckets by the net file.
const (
	NetInputs = 768
	NetHidden = 128
	// MaxNetBuckets bounds the output buckets a net file may declare.
	MaxNetBuckets = 16
	// netQA is the fixed-point unit of the accumulator (1.0 = netQA) and
	// netQB that of the output weights; the output bias is in netQA·netQB.
	netQA = 255
	netQB = 512
	// NetScale turns the float net's output into centipawns: the trainer
	// fits sigmoid(out) to winning chances that sigmoid(cp/NetScale) gives
	// for a search score of cp, so NetScale·out is on the search's scale.
	NetScale = 400
)

// Net file layout (little-endian), NetFileSize bytes for one output bucket:
//
//	0   magic "AZNN"
//	4   u32 version: 1 for one output bucket, 2 for more
//	8   u32 inputs (768), u32 hidden (NetHidden), u32 QA, u32 QB, u32 scale
//	    version 2 only: u32 output buckets (2 to MaxNetBuckets)
//	28  (32 in version 2) i16 feature weights [inputs][hidden],
//	    i16 feature biases [hidden], i16 output weights [buckets][2·hidden],
//	    i32 output biases [buckets]
//	end u32 CRC-32 (IEEE) of every byte before it
//
// A net of one bucket is written as version 1, so the nets made before
// buckets existed are read unchanged.
const (
	netMagic    = "AZNN"
	NetFileSize = netHeader + 2*NetInputs*NetHidden + 2*NetHidden + 4*NetHidden + 4 + 4 // a one-bucket net: NetTensors' bytes plus header and CRC (TestNetFileSize)
	netHeader   = 28                                                                    // version 1's; version 2's is 4 more
)

// MaxNetFileSize is the largest net file this build reads, one of
// MaxNetBuckets output buckets: version 2's header, 2·NetHidden+1 more
// values per bucket (TestNetFileSize).
const MaxNetFileSize = NetFileSize + 4 + (MaxNetBuckets-1)*(4*NetHidden+4)

// OutputBucket is the output layer that scores a position with pieces
// pieces on the board (kings included) in a net of buckets output buckets:
// equal bands of 2 to 32 pieces, the fewest first (with 8, four piece
// counts a band). The trainer picks its layers with it too.
func OutputBucket(pieces, buckets int) int {
	per := (32 + buckets - 1) / buckets
	return min(max(pieces-2, 0)/per, buckets-1)
}

// netShape is what a net file's header declares of its layout: the hidden
// width (which a build fixes) and the output buckets.
type netShape struct{ hidden, buckets int }

func (s netShape) version() uint32 {
	if s.buckets == 1 {
		return 1
	}
	return 2
}

// header is the header's u32 fields after the magic.
func (s netShape) header() []uint32 {
	h := []uint32{s.version(), NetInputs, uint32(s.hidden), netQA, netQB, NetScale}
	if s.buckets > 1 {
		h = append(h, uint32(s.buckets))
	}
	return h
}

func (s netShape) headerSize() int { return 4 + 4*len(s.header()) }

func (s netShape) String() string {
	str := itoa(NetInputs) + "→2×" + itoa(s.hidden) + "→1"
	if s.buckets > 1 {
		str += " (" + itoa(s.buckets) + " output buckets)"
	}
	return str
}

// ErrBadNet is wrapped by every error about a net file that cannot be used.
var ErrBadNet = errors.New("bad net file")

// netError is a bad net file's error: it wraps ErrBadNet. Messages are
// built without fmt, which the wasm build does not link.
type netError struct{ msg string }

func (e *netError) Error() string { return ErrBadNet.Error() + ": " + e.msg }
func (e *netError) Unwrap() error { return ErrBadNet }

func badNet(msg string) error { return &netError{msg} }

func itoa(n int) string { return strconv.Itoa(n) }

func hex32(v uint32) string {
	s := strconv.FormatUint(uint64(v), 16)
	return strings.Repeat("0", 8-len(s)) + s
}

func u32s(v []uint32) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatUint(uint64(x), 10)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// Net is a quantised network, read-only once parsed and shared by every
// evaluator that uses it.
//
// The feature weights and biases are kept four int16 to a uint64 (hidden
// unit 4j+i in bits 16i..16i+15 of word j), so an accumulator update adds
// four units per 64-bit operation (see nnue_swar.go); the output weights are
// plain int16.
type Net struct {
	ftW  [NetInputs][netWords]uint64
	ftB  [netWords]uint64
	outW [][2 * NetHidden]int16 // per output bucket
	outB []int32
	hash func() string
}

// Hash names the net: the first 12 hex digits of its file's SHA-256.
func (n *Net) Hash() string { return n.hash() }

// ParseNet reads a net file, checking its size, header and checksum. The
// net keeps data for its Hash, which is worked out on first use: in a wasm
// worker's cold start the digest took about 20 ms (docs/wasm-speed.md),
// and only the eval command and the trainer ask for it. data must not
// change afterwards.
func ParseNet(data []byte) (*Net, error) {
	shape, err := checkNetFile(data, NetHidden)
	if err != nil {
		return nil, err
	}
	n := readNet(data[shape.headerSize():], shape.buckets)
	n.hash = sync.OnceValue(func() string {
		sum := sha256.Sum256(data)
		return hex.EncodeToString(sum[:6])
	})
	return n, nil
}

// Buckets is the number of the net's output layers.
func (n *Net) Buckets() int { return len(n.outB) }

// DecodeNet reads a net file's quantised weights, checking its size, header and
// checksum: EncodeNet's inverse (the trainer starts from a shipped net with it).
func DecodeNet(data []byte) (*QuantNet, error) { return DecodeNetWidth(data, NetHidden) }

// DecodeNetWidth is DecodeNet for a net file h hidden units wide: its
// tensors are NetTensorsFor's at that width (a wider net starts from a
// narrower one with it). The output buckets are the header's.
func DecodeNetWidth(data []byte, h int) (*QuantNet, error) {
	shape, err := checkNetFile(data, h)
	if err != nil {
		return nil, err
	}
	q := newQuantNetOf(shape)
	le := binary.LittleEndian
	off := shape.headerSize()
	for k, t := range netTensorsOf(shape) {
		for i := range q[k] {
			if t.Wide {
				q[k][i] = int32(le.Uint32(data[off:]))
				off += 4
			} else {
				q[k][i] = int32(int16(le.Uint16(data[off:])))
				off += 2
			}
		}
	}
	return q, nil
}

// checkNetFile checks a net file h hidden units wide against the shape its
// header declares: size, magic, header fields and checksum.
func checkNetFile(data []byte, h int) (netShape, error) {
	b, err := headerBuckets(data)
	if err != nil {
		return netShape{}, err
	}
	shape := netShape{h, b}
	if size := netFileSizeOf(shape); len(data) != size {
		return netShape{}, badNet(itoa(len(data)) + " bytes, want " + itoa(size) + " for a " + shape.String() + " net")
	}
	if string(data[:4]) != netMagic {
		return netShape{}, badNet("header " + strconv.Quote(string(data[:4])) + ", want " + strconv.Quote(netMagic))
	}
	le := binary.LittleEndian
	want := shape.header()
	header := make([]uint32, len(want))
	for i := range header {
		header[i] = le.Uint32(data[4+4*i:])
	}
	if !slices.Equal(header, want) {
		names := "version/inputs/hidden/QA/QB/scale"
		if b > 1 {
			names += "/buckets"
		}
		return netShape{}, badNet(names + " " + u32s(header) + ", this build reads " + u32s(want))
	}
	body := data[:len(data)-4]
	if got, want := crc32.ChecksumIEEE(body), le.Uint32(data[len(data)-4:]); got != want {
		return netShape{}, badNet("checksum " + hex32(got) + ", file says " + hex32(want) + " (corrupt or truncated)")
	}
	return shape, nil
}

// headerBuckets reads the output buckets a net file declares: 1 unless
// its version is 2. The rest of the header is checked with the shape.
func headerBuckets(data []byte) (int, error) {
	if len(data) < netHeader+4 || binary.LittleEndian.Uint32(data[4:]) != 2 {
		return 1, nil
	}
	b := binary.LittleEndian.Uint32(data[netHeader:])
	if b < 2 || b > MaxNetBuckets {
		return 0, badNet("version 2 with " + strconv.FormatUint(uint64(b), 10) + " output buckets, want 2 to " + itoa(MaxNetBuckets))
	}
	return int(b), nil
}

// readNet builds the evaluator's layout straight from a checked file's
// tensors (tensors: the file from the first tensor on), with buckets output
// buckets. Four int16 units, little-endian, are one packed word of Net's
// layout, so the feature transformer is read a word at a time and no int32
// copy of the weights is made: the cold start of a wasm worker reads the
// built-in net this way (TestParseNetMatchesDecode).
func readNet(tensors []byte, buckets int) *Net {
	le := binary.LittleEndian
	n := &Net{outW: make([][2 * NetHidden]int16, buckets), outB: make([]int32, buckets)}
	off := 0
	word := func() uint64 {
		w := le.Uint64(tensors[off:])
		off += 8
		return w
	}
	for f := range n.ftW {
		for j := range n.ftW[f] {
			n.ftW[f][j] = word()
		}
	}
	for j := range n.ftB {
		n.ftB[j] = word()
	}
	for b := range n.outW {
		for i := range n.outW[b] {
			n.outW[b][i] = int16(le.Uint16(tensors[off:]))
			off += 2
		}
	}
	for b := range n.outB {
		n.outB[b] = int32(le.Uint32(tensors[off:]))
		off += 4
	}
	return n
}

// netWords is the number of uint64 words holding NetHidden int16 units.
const netWords = NetHidden / 4

// unpack reads the int16 units out of a row of packed words.
func unpack(w *[netWords]uint64) (row [NetHidden]int16) {
	for i := range row {
		row[i] = int16(uint16(w[i/4] >> (16 * uint(i%4))))
	}
	return row
}

// NetTensor is one weight array of the net, as the file stores it.
type NetTensor struct {
	Name string
	Len  int  // values, a row after another for a matrix
	Wide bool // int32 in the file; else int16
	// Scale is the fixed-point unit: the file holds round(float · Scale).
	Scale float64
	// Limit bounds |float| so that the quantised arithmetic cannot
	// overflow: an int16 row summed over up to 32 features stays inside
	// int16, an output weight times a clipped activation inside int32.
	Limit float64
}

// Indexes of NetTensors.
const (
	TensorFeatureWeights = iota // [NetInputs][NetHidden]: feature f's row
	TensorFeatureBias           // [NetHidden]
	TensorOutputWeights         // [buckets][2·NetHidden]: side to move's half first
	TensorOutputBias            // [buckets], in netQA·netQB
	numTensors
)

// NetTensors is the net declared once: its tensors in file order. Parsing,
// encoding, the trainer's float mirror, its quantisation, its optimiser and
// its checkpoints all iterate this list, so a change of width or a new
// tensor is made here, plus the arithmetic that uses it. NetTensors is a
// net of one output bucket; NetTensorsFor gives any other.
var NetTensors = NetTensorsFor(1)

// NetTensorsFor is NetTensors for a net of buckets output buckets.
func NetTensorsFor(buckets int) [numTensors]NetTensor {
	return netTensorsOf(netShape{NetHidden, buckets})
}

// netTensorsOf is NetTensors for a net of shape s.
func netTensorsOf(s netShape) [numTensors]NetTensor {
	h, b := s.hidden, s.buckets
	return [numTensors]NetTensor{
		{Name: "feature weights", Len: NetInputs * h, Scale: netQA, Limit: 32767.0 / netQA / 32},
		{Name: "feature biases", Len: h, Scale: netQA, Limit: 32767.0 / netQA / 32},
		{Name: "output weights", Len: 2 * h * b, Scale: netQB, Limit: 32767.0 / netQB},
		{Name: "output biases", Len: b, Wide: true, Scale: netQA * netQB, Limit: 1e6},
	}
}

// netFileSizeOf is the size of a net file of shape s: the header, the
// tensors of netTensorsOf(s) and the CRC (NetFileSize for one bucket).
func netFileSizeOf(s netShape) int {
	size := s.headerSize() + 4
	for _, t := range netTensorsOf(s) {
		if t.Wide {
			size += 4 * t.Len
		} else {
			size += 2 * t.Len
		}
	}
	return size
}

// QuantNet is a net's quantised weights as the trainer writes them: one flat
// slice of values per tensor, in NetTensors order. A nil slice (the zero
// QuantNet) encodes as zeros; the output biases' length is the number of
// output buckets (none: one).
type QuantNet [numTensors][]int32

// NewQuantNet returns an all-zero QuantNet of buckets output buckets with
// every tensor allocated.
func NewQuantNet(buckets int) *QuantNet { return newQuantNetOf(netShape{NetHidden, buckets}) }

// newQuantNetOf is NewQuantNet for a net of shape s.
func newQuantNetOf(s netShape) *QuantNet {
	q := &QuantNet{}
	for k, t := range netTensorsOf(s) {
		q[k] = make([]int32, t.Len)
	}
	return q
}

// Buckets is q's number of output buckets.
func (q *QuantNet) Buckets() int { return max(len(q[TensorOutputBias]), 1) }

// Quantisation units, for the trainer.
const (
	NetQA = netQA
	NetQB = netQB
)

// EncodeNet writes q in the net file format, with q's output buckets.
func EncodeNet(q *QuantNet) []byte { return EncodeNetWidth(q, NetHidden) }

// EncodeNetWidth writes q as a net file h hidden units wide: DecodeNetWidth's
// inverse.
func EncodeNetWidth(q *QuantNet, h int) []byte {
	shape := netShape{h, q.Buckets()}
	le := binary.LittleEndian
	b := make([]byte, 0, netFileSizeOf(shape))
	b = append(b, netMagic...)
	for _, v := range shape.header() {
		b = le.AppendUint32(b, v)
	}
	for k, t := range netTensorsOf(shape) {
		for i := range t.Len {
			var v int32
			if i < len(q[k]) {
				v = q[k][i]
			}
			if t.Wide {
				b = le.AppendUint32(b, uint32(v))
			} else {
				b = le.AppendUint16(b, uint16(int16(v)))
			}
		}
	}
	return le.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// Feature returns the input index of piece pc on sq seen from side persp:
// pieces of persp's colour take the first 384 inputs, the square is
// mirrored vertically for Black.
func Feature(persp board.Color, pc board.Piece, sq board.Square) int {
	rel := int(pc.Color() ^ persp)
	s := int(sq) ^ 56*int(persp)
	return rel*384 + (int(pc.Type())-1)*64 + s
}
