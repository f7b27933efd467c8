//go:build js && wasm

package main

import (
	"errors"
	"reflect"
	"strings"
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

// TestParseHostile: values that made syscall/js panic or run page code
// (BigInt, Symbol, functions, throwing getters and Proxy traps, invented
// lengths) are refused with an error naming the field, and nothing panics.
// Regression: 10n, {type:'go', depth:5n} and {type:1n} ended the engine
// ("panic: bad type flag"); {type:'position', moves:{length:1e7}} blocked
// it for seconds and became the start position.
func TestParseHostile(t *testing.T) {
	g := js.Global()
	big := func(n int) js.Value { return g.Call("BigInt", n) }
	obj := func(kv ...any) js.Value {
		o := g.Get("Object").New()
		for i := 0; i < len(kv); i += 2 {
			o.Set(kv[i].(string), kv[i+1])
		}
		return o
	}
	// A built-in getter that throws TypeError on anything but a typed array.
	thrower := g.Get("Reflect").Call("getOwnPropertyDescriptor",
		g.Get("Reflect").Call("getPrototypeOf", g.Get("Uint8Array").Get("prototype")), "buffer").Get("get")
	withGetter := func(o js.Value, name string) js.Value {
		g.Get("Object").Call("defineProperty", o, name, obj("get", thrower))
		return o
	}
	proxy := func(target js.Value) js.Value { return g.Get("Proxy").New(target, obj("get", thrower)) }
	bigArray := g.Get("Array").New(maxMoves + 1)
	tests := []struct {
		name  string
		msg   js.Value
		where string
	}{
		{"bigint", big(10), ""},
		{"symbol", g.Call("Symbol", "x"), ""},
		{"function", g.Get("Object"), ""},
		{"boolean", js.ValueOf(true), ""},
		{"type-bigint", obj("type", big(1)), "type"},
		{"type-symbol", obj("type", g.Call("Symbol", "go")), "type"},
		{"type-throwing-getter", withGetter(obj(), "type"), "type"},
		{"proxy-message", proxy(obj("type", "go")), "type"},
		{"go-depth-bigint", obj("type", "go", "depth", big(5)), "go.depth"},
		{"go-depth-object", obj("type", "go", "depth", obj("valueOf", g.Get("Date").Get("now"))), "go.depth"},
		{"go-infinite-bigint", obj("type", "go", "infinite", big(1)), "go.infinite"},
		{"go-wtime-throwing-getter", withGetter(obj("type", "go"), "wtime"), "go.wtime"},
		{"fen-bigint", obj("type", "position", "fen", big(3)), "position.fen"},
		{"moves-fake-length", obj("type", "position", "moves", obj("length", 1e7)), "position.moves"},
		{"moves-too-many", obj("type", "position", "moves", bigArray), "position.moves"},
		{"moves-holey", obj("type", "position", "moves", g.Get("Array").New(3)), "position.moves[0]"},
		{"moves-bigint-entry", obj("type", "position", "moves", js.ValueOf([]any{"e2e4", big(1)})), "position.moves[1]"},
		{"moves-proxy", obj("type", "position", "moves", proxy(js.ValueOf([]any{"e2e4"}))), "position.moves"},
		{"searchmoves-fake-length", obj("type", "go", "searchmoves", obj("length", 1e8)), "go.searchmoves"},
		{"setoption-value-bigint", obj("type", "setoption", "name", "Hash", "value", big(64)), "setoption.value"},
		{"setoption-value-deep", obj("type", "setoption", "name", "Hash", "value", obj("a", obj("b", obj()))), "setoption.value"},
		{"setoption-name-throwing", withGetter(obj("type", "setoption"), "name"), "setoption.name"},
		{"book-fake-uint8array", obj("type", "book", "data", g.Get("Object").Call("create", g.Get("Uint8Array").Get("prototype"))), "book.data"},
		{"book-fake-arraybuffer", obj("type", "book", "data", g.Get("Object").Call("create", g.Get("ArrayBuffer").Get("prototype"))), "book.data"},
		{"book-bigint", obj("type", "book", "data", big(1)), "book.data"},
		{"book-throwing-getter", withGetter(obj("type", "book"), "data"), "book.data"},
		{"unknown-type-huge", obj("type", strings.Repeat("x", 1<<20)), "type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := parseMessage(tc.msg)
			var me *messageError
			if !errors.As(err, &me) {
				t.Fatalf("err = %v, want a messageError", err)
			}
			if me.where != tc.where {
				t.Errorf("where = %q, want %q (%v)", me.where, tc.where, err)
			}
			if len(err.Error()) > 400 {
				t.Errorf("error of %d bytes: input not clipped", len(err.Error()))
			}
			if !r.typed {
				t.Error("a non-string message must be answered with events")
			}
			t.Log(err)
		})
	}
	// A real typed array over a part of a buffer: exactly those bytes.
	buf := g.Get("Uint8Array").New(64)
	buf.SetIndex(16, 5)
	view := g.Get("Uint8Array").New(buf.Get("buffer"), 16, 32)
	r, err := parseMessage(obj("type", "book", "data", view))
	if err != nil || len(r.book) != 32 || r.book[0] != 5 {
		t.Fatalf("book view: %v, %d bytes", err, len(r.book))
	}
	// The cap itself is allowed.
	moves := make([]any, maxMoves)
	for i := range moves {
		moves[i] = "g1f3"
	}
	if r, err := parseMessage(obj("type", "position", "moves", js.ValueOf(moves))); err != nil || len(r.lines) != 1 {
		t.Fatalf("%d moves: %v", maxMoves, err)
	}
}
