//go:build wasm

package board

// set copies s into st field by field. The Go wasm back end turns any copy
// of more than 16 bytes into memory.copy, which V8 runs as a call into the
// runtime; a state is 48 bytes and is copied twice per move (MakeMove pushes
// it, UnmakeMove restores it), and the call cost more than the ten loads and
// stores written out here.
func (st *state) set(s *state) {
	st.key = s.key
	st.pawnKey = s.pawnKey
	st.checkers = s.checkers
	st.move = s.move
	st.psq = s.psq
	st.phase = s.phase
	st.halfmove = s.halfmove
	st.fullmove = s.fullmove
	st.castle = s.castle
	st.ep = s.ep
}
