// Package book reads Polyglot opening books (.bin): 16-byte big-endian
// entries sorted by key, probed by binary search with the engine's
// Polyglot-compatible Zobrist key, with a weighted choice from a seedable
// source. It needs only package board.
//
// Files:
//
//	doc.go      this map
package book
