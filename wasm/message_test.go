//go:build js && wasm

package main

import (
	"errors"
	"reflect"
	"syscall/js"
	"testing"
)

func TestParseMessage(t *testing.T) {
	arr := func(v ...any) any { return v }
	tests := []struct {
		name  string
		msg   any
		lines []string
		typed bool
		where string // "" = no error
	}{
		{"string", "uci", []string{"uci"}, false, ""},
		{"multi-line-string", "position startpos\r\n\ngo depth 3\n", []string{"position startpos", "go depth 3"}, false, ""},
		{"newgame", map[string]any{"type": "newgame"}, []string{"ucinewgame"}, true, ""},
		{"position-start", map[string]any{"type": "position"}, []string{"position startpos"}, true, ""},
		{"position-fen-moves", map[string]any{"type": "position", "fen": "8/8/8/8/8/8/8/K1k5 w - - 0 1", "moves": arr("a1a2", "c1c2")},
			[]string{"position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2 c1c2"}, true, ""},
		{"go-all", map[string]any{"type": "go", "wtime": 1000, "btime": 2000, "winc": 10, "binc": 20, "movestogo": 5, "depth": 7,
			"nodes": 1e6, "mate": 3, "movetime": 500, "infinite": true, "ponder": false, "searchmoves": arr("e2e4", "d2d4")},
			[]string{"go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 1000000 mate 3 movetime 500 infinite searchmoves e2e4 d2d4"}, true, ""},
		{"setoption-number", map[string]any{"type": "setoption", "name": "Hash", "value": 32}, []string{"setoption name Hash value 32"}, true, ""},
		{"setoption-bool", map[string]any{"type": "setoption", "name": "UCI_ShowWDL", "value": true}, []string{"setoption name UCI_ShowWDL value true"}, true, ""},
		{"setoption-button", map[string]any{"type": "setoption", "name": "Clear Hash"}, []string{"setoption name Clear Hash"}, true, ""},
		{"unknown-type", map[string]any{"type": "fly"}, nil, true, "type"},
		{"no-type", map[string]any{"depth": 3}, nil, true, "type"},
		{"number", 7, nil, true, ""},
		{"depth-string", map[string]any{"type": "go", "depth": "3"}, nil, true, "go.depth"},
		{"depth-fraction", map[string]any{"type": "go", "depth": 3.5}, nil, true, "go.depth"},
		{"infinite-number", map[string]any{"type": "go", "infinite": 1}, nil, true, "go.infinite"},
		{"move-injection", map[string]any{"type": "position", "moves": arr("e2e4\nquit")}, nil, true, "position.moves[0]"},
		{"fen-newline", map[string]any{"type": "position", "fen": "8/8 w\nquit"}, nil, true, "position.fen"},
		{"moves-not-array", map[string]any{"type": "position", "moves": "e2e4"}, nil, true, "position.moves"},
		{"name-with-value", map[string]any{"type": "setoption", "name": "a value b", "value": 1}, nil, true, "setoption.name"},
		{"value-object", map[string]any{"type": "setoption", "name": "Hash", "value": map[string]any{}}, nil, true, "setoption.value"},
		{"book-not-bytes", map[string]any{"type": "book", "data": "abc"}, nil, true, "book.data"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := parseMessage(js.ValueOf(tc.msg))
			if r.typed != tc.typed {
				t.Errorf("typed = %v, want %v", r.typed, tc.typed)
			}
			wantErr := tc.where != "" || tc.lines == nil
			if wantErr {
				var me *messageError
				if !errors.As(err, &me) || !errors.Is(err, errBadMessage) {
					t.Fatalf("err = %v, want a messageError", err)
				}
				if me.where != tc.where {
					t.Errorf("where = %q, want %q (%v)", me.where, tc.where, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if !reflect.DeepEqual(r.lines, tc.lines) {
				t.Errorf("lines = %q, want %q", r.lines, tc.lines)
			}
		})
	}
}

func TestParseBookCopiesBytes(t *testing.T) {
	u8 := js.Global().Get("Uint8Array").New(32)
	u8.SetIndex(0, 7)
	u8.SetIndex(31, 9)
	for name, data := range map[string]js.Value{"Uint8Array": u8, "ArrayBuffer": u8.Get("buffer")} {
		t.Run(name, func(t *testing.T) {
			msg := js.ValueOf(map[string]any{"type": "book"})
			msg.Set("data", data)
			r, err := parseMessage(msg)
			if err != nil || !r.isBook || len(r.book) != 32 || r.book[0] != 7 || r.book[31] != 9 {
				t.Fatalf("got %v %v %d bytes", err, r.isBook, len(r.book))
			}
		})
	}
}
