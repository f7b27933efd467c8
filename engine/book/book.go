package book

import (
	"encoding/binary"
	"errors"
	"sort"
	"strconv"
)

// EntrySize is the size of one Polyglot entry in bytes.
const EntrySize = 16

// ErrBadBook is wrapped by every error about a malformed book file.
var ErrBadBook = errors.New("bad polyglot book")

// MaxFileSize is the largest book ReadFile accepts, and the worker takes as
// bytes (64 MiB, four million entries; the GNU Chess book is 1.4 MB).
const MaxFileSize = 64 << 20

// ErrNotBookFile is wrapped by ReadFile's errors for a name that is not a
// regular file of at most MaxFileSize bytes.
var ErrNotBookFile = errors.New("not a book file")

// Entry is one Polyglot book entry. The file layout, all big-endian:
//
//	bytes  0-7   key     Zobrist key of the position (Polyglot Random64 layout)
//	bytes  8-9   move    bits 0-2 to-file, 3-5 to-rank, 6-8 from-file,
//	                     9-11 from-rank, 12-14 promotion (0 none, 1 n, 2 b, 3 r, 4 q)
//	bytes 10-11  weight  relative frequency/quality of the move
//	bytes 12-15  learn   learning data, unused here
type Entry struct {
	Key    uint64
	Move   uint16
	Weight uint16
	Learn  uint32
}

// Book is a parsed Polyglot book. It keeps the file's bytes and decodes
// entries on demand, so a large BookFile costs no second copy. A Book is
// immutable and safe for concurrent use.
type Book struct {
	data []byte
}

// Parse validates data as a Polyglot book and returns it. The book keeps a
// reference to data, which the caller must not modify afterwards. It rejects
// an empty file, a size that is not a multiple of 16 (a truncated file) and
// keys out of ascending order (binary search would miss entries).
func Parse(data []byte) (*Book, error) {
	if len(data) == 0 {
		return nil, &bookError{msg: "book is empty (0 bytes)"}
	}
	if len(data)%EntrySize != 0 {
		return nil, wrap("size "+strconv.Itoa(len(data))+" bytes is not a multiple of 16 (truncated file?)", len(data)/EntrySize)
	}
	b := &Book{data: data}
	prev := uint64(0)
	for i := 0; i < b.Len(); i++ {
		k := b.key(i)
		if k < prev {
			return nil, wrap("keys not sorted ascending", i)
		}
		prev = k
	}
	return b, nil
}

// wrap builds an ErrBadBook error naming the entry index and byte offset.
func wrap(msg string, entry int) error {
	return &bookError{msg: msg + " at entry " + strconv.Itoa(entry) + " (byte " + strconv.Itoa(entry*EntrySize) + ")"}
}

type bookError struct{ msg string }

func (e *bookError) Error() string { return ErrBadBook.Error() + ": " + e.msg }
func (e *bookError) Unwrap() error { return ErrBadBook }

// Len returns the number of entries.
func (b *Book) Len() int { return len(b.data) / EntrySize }

// Size returns the book's size in bytes.
func (b *Book) Size() int { return len(b.data) }

func (b *Book) key(i int) uint64 { return binary.BigEndian.Uint64(b.data[i*EntrySize:]) }

// Entry returns entry i (0 ≤ i < Len()).
func (b *Book) Entry(i int) Entry {
	p := b.data[i*EntrySize : (i+1)*EntrySize]
	return Entry{
		Key:    binary.BigEndian.Uint64(p),
		Move:   binary.BigEndian.Uint16(p[8:]),
		Weight: binary.BigEndian.Uint16(p[10:]),
		Learn:  binary.BigEndian.Uint32(p[12:]),
	}
}

// Lookup returns all entries for key in file order, by binary search.
func (b *Book) Lookup(key uint64) []Entry {
	n := b.Len()
	lo := sort.Search(n, func(i int) bool { return b.key(i) >= key })
	var out []Entry
	for i := lo; i < n && b.key(i) == key; i++ {
		out = append(out, b.Entry(i))
	}
	return out
}

// Encode writes entries in Polyglot format. Callers sort them first.
func Encode(entries []Entry) []byte {
	out := make([]byte, len(entries)*EntrySize)
	for i, e := range entries {
		p := out[i*EntrySize:]
		binary.BigEndian.PutUint64(p, e.Key)
		binary.BigEndian.PutUint16(p[8:], e.Move)
		binary.BigEndian.PutUint16(p[10:], e.Weight)
		binary.BigEndian.PutUint32(p[12:], e.Learn)
	}
	return out
}
