// Package book reads Polyglot opening books (.bin): 16-byte big-endian
// entries sorted by key, probed by binary search with the engine's
// Polyglot-compatible Zobrist key, with a weighted choice from a seedable
// source. It needs only package board.
//
// Files:
//
//	doc.go      this map
//	book.go     the file format, Parse (validation), Lookup (binary search), Encode
//	probe.go    Polyglot moves → legal engine moves (castling king-takes-rook), Probe
//	pick.go     weighted choice with Book Variety and a seedable source
//	compact.go  Compact: the pruned book that `make book` embeds in cmd/azurite
//	file.go     ReadFile: a BookFile read with a size limit, regular files only (not in the wasm build)
package book
