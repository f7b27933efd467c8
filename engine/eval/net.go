package eval

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"strconv"
	"strings"

	"github.com/azurite-chess/azurite/engine/board"
)

// The learned evaluation is a 768 → 2×NetHidden → 1 network. Each side's
// half of the hidden layer (its accumulator) sums the feature-transformer
// rows of the pieces seen from that side: feature (own/their colour, piece
// type, square), the square flipped vertically for Black, so one set of
// weights serves both perspectives. The side to move's half comes first in
// the output layer, the other side's second; the activation is the clipped
// squared ReLU (SCReLU), clamp(x, 0, 1)².
const (
	NetInputs = 768
	NetHidden = 128
	// netQA is the fixed-point unit of the accumulator (1.0 = netQA) and
	// netQB that of the output weights; the output bias is in netQA·netQB.
	netQA = 255
	netQB = 512
	// NetScale turns the float net's output into centipawns: the trainer
	// fits sigmoid(out) to winning chances that sigmoid(cp/NetScale) gives
	// for a search score of cp, so NetScale·out is on the search's scale.
	NetScale = 400
)

// Net file layout (little-endian), NetFileSize bytes:
//
//	0   magic "AZNN"
//	4   u32 version (1)
//	8   u32 inputs (768), u32 hidden (NetHidden), u32 QA, u32 QB, u32 scale
//	28  i16 feature weights [inputs][hidden], i16 feature biases [hidden]
//	    i16 output weights [2·hidden], i32 output bias
//	end u32 CRC-32 (IEEE) of every byte before it
const (
	netMagic    = "AZNN"
	netVersion  = 1
	netHeader   = 28
	NetFileSize = netHeader + 2*NetInputs*NetHidden + 2*NetHidden + 4*NetHidden + 4 + 4 // NetTensors' bytes plus header and CRC (TestNetFileSize)
)

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
	outW [2 * NetHidden]int16
	outB int32
	hash string
}

// Hash names the net: the first 12 hex digits of its file's SHA-256.
func (n *Net) Hash() string { return n.hash }

// ParseNet reads a net file, checking its size, header and checksum.
func ParseNet(data []byte) (*Net, error) {
	q, err := DecodeNet(data)
	if err != nil {
		return nil, err
	}
	n := newNet(q)
	sum := sha256.Sum256(data)
	n.hash = hex.EncodeToString(sum[:6])
	return n, nil
}

// DecodeNet reads a net file's quantised weights, checking its size, header and
// checksum: EncodeNet's inverse (the trainer starts from a shipped net with it).
func DecodeNet(data []byte) (*QuantNet, error) { return DecodeNetWidth(data, NetHidden) }

// DecodeNetWidth is DecodeNet for a net file h hidden units wide: its
// tensors are NetTensors' at that width (a wider net starts from a
// narrower one with it).
func DecodeNetWidth(data []byte, h int) (*QuantNet, error) {
	tensors := netTensorsOf(h)
	if size := netFileSizeOf(h); len(data) != size {
		return nil, badNet(itoa(len(data)) + " bytes, want " + itoa(size) + " for a " + itoa(NetInputs) + "→2×" + itoa(h) + "→1 net")
	}
	if string(data[:4]) != netMagic {
		return nil, badNet("header " + strconv.Quote(string(data[:4])) + ", want " + strconv.Quote(netMagic))
	}
	le := binary.LittleEndian
	header := [6]uint32{}
	for i := range header {
		header[i] = le.Uint32(data[4+4*i:])
	}
	if want := [6]uint32{netVersion, NetInputs, uint32(h), netQA, netQB, NetScale}; header != want {
		return nil, badNet("version/inputs/hidden/QA/QB/scale " + u32s(header[:]) + ", this build reads " + u32s(want[:]))
	}
	body := data[:len(data)-4]
	if got, want := crc32.ChecksumIEEE(body), le.Uint32(data[len(data)-4:]); got != want {
		return nil, badNet("checksum " + hex32(got) + ", file says " + hex32(want) + " (corrupt or truncated)")
	}
	q := &QuantNet{}
	for k, t := range tensors {
		q[k] = make([]int32, t.Len)
	}
	off := netHeader
	for k, t := range tensors {
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

// newNet packs q into the evaluator's layout.
func newNet(q *QuantNet) *Net {
	n := &Net{}
	var row [NetHidden]int16
	fill := func(vals []int32) *[NetHidden]int16 {
		for i := range row {
			row[i] = int16(vals[i])
		}
		return &row
	}
	ftW := q[TensorFeatureWeights]
	for f := range n.ftW {
		n.ftW[f] = pack(fill(ftW[f*NetHidden:]))
	}
	n.ftB = pack(fill(q[TensorFeatureBias]))
	for i, v := range q[TensorOutputWeights] {
		n.outW[i] = int16(v)
	}
	n.outB = q[TensorOutputBias][0]
	return n
}

// netWords is the number of uint64 words holding NetHidden int16 units.
const netWords = NetHidden / 4

// pack puts four int16 units into each word.
func pack(row *[NetHidden]int16) (w [netWords]uint64) {
	for i, v := range row {
		w[i/4] |= uint64(uint16(v)) << (16 * uint(i%4))
	}
	return w
}

// unpack is pack's inverse.
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
	TensorOutputWeights         // [2·NetHidden]: side to move's half first
	TensorOutputBias            // [1], in netQA·netQB
	numTensors
)

// NetTensors is the net declared once: its tensors in file order. Parsing,
// encoding, the trainer's float mirror, its quantisation, its optimiser and
// its checkpoints all iterate this list, so a change of width or a new
// tensor (output buckets) is made here, plus the arithmetic that uses it.
var NetTensors = netTensorsOf(NetHidden)

// netTensorsOf is NetTensors for a net h hidden units wide.
func netTensorsOf(h int) [numTensors]NetTensor {
	return [numTensors]NetTensor{
		{Name: "feature weights", Len: NetInputs * h, Scale: netQA, Limit: 32767.0 / netQA / 32},
		{Name: "feature biases", Len: h, Scale: netQA, Limit: 32767.0 / netQA / 32},
		{Name: "output weights", Len: 2 * h, Scale: netQB, Limit: 32767.0 / netQB},
		{Name: "output bias", Len: 1, Wide: true, Scale: netQA * netQB, Limit: 1e6},
	}
}

// netFileSizeOf is the size of a net file h hidden units wide: the header,
// the tensors of netTensorsOf(h) and the CRC (NetFileSize at NetHidden).
func netFileSizeOf(h int) int {
	size := netHeader + 4
	for _, t := range netTensorsOf(h) {
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
// QuantNet) encodes as zeros.
type QuantNet [numTensors][]int32

// NewQuantNet returns an all-zero QuantNet with every tensor allocated.
func NewQuantNet() *QuantNet {
	q := &QuantNet{}
	for k, t := range NetTensors {
		q[k] = make([]int32, t.Len)
	}
	return q
}

// Quantisation units, for the trainer.
const (
	NetQA = netQA
	NetQB = netQB
)

// EncodeNet writes q in the net file format.
func EncodeNet(q *QuantNet) []byte { return EncodeNetWidth(q, NetHidden) }

// EncodeNetWidth writes q as a net file h hidden units wide: DecodeNetWidth's
// inverse.
func EncodeNetWidth(q *QuantNet, h int) []byte {
	le := binary.LittleEndian
	b := make([]byte, 0, netFileSizeOf(h))
	b = append(b, netMagic...)
	for _, v := range []uint32{netVersion, NetInputs, uint32(h), netQA, netQB, NetScale} {
		b = le.AppendUint32(b, v)
	}
	for k, t := range netTensorsOf(h) {
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
