package board

import (
	"errors"
	"strconv"
)

// Sentinel errors; every parser error wraps one of them, so callers test with
// errors.Is and people read the context from Error().
var (
	// ErrBadFEN is wrapped by every FEN parsing error.
	ErrBadFEN = errors.New("bad FEN")
	// ErrBadMove is wrapped by every move parsing error (UCI or SAN).
	ErrBadMove = errors.New("bad move")
)

// Error is a parsing error: the sentinel it wraps (Kind) plus what was wrong
// and where, e.g. `bad FEN: field 1 (placement) rank 8: 9 files`.
type Error struct {
	Kind    error  // ErrBadFEN or ErrBadMove
	Input   string // the offending input, possibly empty
	Context string // what and where
}

// Error returns "<kind>: <context>" followed by the input in quotes when known.
func (e *Error) Error() string {
	s := e.Kind.Error() + ": " + e.Context
	if e.Input != "" {
		s += " in " + quote(e.Input)
	}
	return s
}

// Unwrap returns the sentinel, so errors.Is(err, ErrBadFEN) works.
func (e *Error) Unwrap() error { return e.Kind }

// quote is strconv.Quote bounded to a readable length.
func quote(s string) string {
	const maxLen = 100
	if len(s) > maxLen {
		s = s[:maxLen] + "…"
	}
	return strconv.Quote(s)
}
