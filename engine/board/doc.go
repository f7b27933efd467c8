// Package board holds the chess position and everything that depends on its
// internals: squares and bitboards, attack tables, FEN, Polyglot-compatible
// Zobrist keys, legal move generation, make/unmake, SAN and perft.
//
// Files:
//
//	types.go   colours, squares, pieces, bitboards, packed scores and the 32-bit Move
package board
