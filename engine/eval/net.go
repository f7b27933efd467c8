package eval

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"

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
	NetFileSize = netHeader + 2*NetInputs*NetHidden + 2*NetHidden + 4*NetHidden + 4 + 4
)

// ErrBadNet is wrapped by every error about a net file that cannot be used.
var ErrBadNet = errors.New("bad net file")

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
	if len(data) != NetFileSize {
		return nil, fmt.Errorf("%w: %d bytes, want %d for a %d→2×%d→1 net", ErrBadNet, len(data), NetFileSize, NetInputs, NetHidden)
	}
	if string(data[:4]) != netMagic {
		return nil, fmt.Errorf("%w: header %q, want %q", ErrBadNet, data[:4], netMagic)
	}
	le := binary.LittleEndian
	header := [6]uint32{}
	for i := range header {
		header[i] = le.Uint32(data[4+4*i:])
	}
	if want := [6]uint32{netVersion, NetInputs, NetHidden, netQA, netQB, NetScale}; header != want {
		return nil, fmt.Errorf("%w: version/inputs/hidden/QA/QB/scale %v, this build reads %v", ErrBadNet, header, want)
	}
	body := data[:len(data)-4]
	if got, want := crc32.ChecksumIEEE(body), le.Uint32(data[len(data)-4:]); got != want {
		return nil, fmt.Errorf("%w: checksum %08x, file says %08x (corrupt or truncated)", ErrBadNet, got, want)
	}
	n := &Net{}
	off := netHeader
	next := func() int16 {
		v := int16(le.Uint16(data[off:]))
		off += 2
		return v
	}
	var row [NetHidden]int16
	for f := range n.ftW {
		for i := range row {
			row[i] = next()
		}
		n.ftW[f] = pack(&row)
	}
	for i := range row {
		row[i] = next()
	}
	n.ftB = pack(&row)
	for i := range n.outW {
		n.outW[i] = next()
	}
	n.outB = int32(le.Uint32(data[off:]))
	sum := sha256.Sum256(data)
	n.hash = hex.EncodeToString(sum[:6])
	return n, nil
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

// QuantNet is a net's quantised weights as the trainer writes them.
type QuantNet struct {
	FeatureWeights [NetInputs][NetHidden]int16
	FeatureBias    [NetHidden]int16
	OutputWeights  [2 * NetHidden]int16
	OutputBias     int32
}

// Quantisation units, for the trainer.
const (
	NetQA = netQA
	NetQB = netQB
)

// EncodeNet writes q in the net file format.
func EncodeNet(q *QuantNet) []byte {
	le := binary.LittleEndian
	b := make([]byte, 0, NetFileSize)
	b = append(b, netMagic...)
	for _, v := range []uint32{netVersion, NetInputs, NetHidden, netQA, netQB, NetScale} {
		b = le.AppendUint32(b, v)
	}
	for f := range q.FeatureWeights {
		for _, v := range q.FeatureWeights[f] {
			b = le.AppendUint16(b, uint16(v))
		}
	}
	for _, v := range q.FeatureBias {
		b = le.AppendUint16(b, uint16(v))
	}
	for _, v := range q.OutputWeights {
		b = le.AppendUint16(b, uint16(v))
	}
	b = le.AppendUint32(b, uint32(q.OutputBias))
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
