//go:build js && wasm

package main

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/norunners/vert"
)

// errBadMessage is wrapped by every error about a malformed worker message.
var errBadMessage = errors.New("bad message")

// request is one worker message turned into what the command goroutine runs:
// UCI lines for the handler, or a book to install.
type request struct {
	lines  []string
	typed  bool   // the message was an object: reply with typed events
	book   []byte // {type:'book'}: bytes to hand to the session
	isBook bool
	// stopFlag is the Int32Array of {type:'stopflag'} (see stopflag.go).
	stopFlag js.Value
	// firstGo is the search number of the message's first go line; the
	// next ones follow (set by bridge.send, see stopflag.go).
	firstGo int32
}

// parseMessage converts one postMessage payload. A string is one or more UCI
// lines (split on newlines, as stockfish.js accepts). An object is a typed
// message (docs/protocol.md) whose fields are read one by one with vert, so a
// wrong field type is reported with the field's name.
func parseMessage(v js.Value) (request, error) {
	switch v.Type() {
	case js.TypeString:
		return request{lines: splitLines(v.String())}, nil
	case js.TypeObject:
		if js.Global().Get("Array").Call("isArray", v).Bool() {
			return request{typed: true}, msgErr("", "an array is neither a UCI string nor a typed message")
		}
		r, err := parseTyped(v)
		r.typed = true
		return r, err
	default:
		// Not a string: the sender speaks typed messages, so answer with an event.
		return request{typed: true}, msgErr("", "want a UCI string or an object with a type, got "+v.Type().String())
	}
}

// messageError says what is wrong with a message and where (the field).
type messageError struct{ where, what string }

func (e *messageError) Error() string {
	if e.where == "" {
		return "bad message: " + e.what
	}
	return "bad message: " + e.where + ": " + e.what
}

func (e *messageError) Unwrap() error { return errBadMessage }

func msgErr(where, what string) error { return &messageError{where: where, what: what} }

// splitLines splits s into UCI lines, dropping blank ones and a trailing \r.
func splitLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// field reads one field of a typed message into dst with vert. Absent
// (undefined or null) fields leave dst untouched and report false.
func field(msg js.Value, typ, name string, dst any) (bool, error) {
	jv := msg.Get(name)
	if jv.IsUndefined() || jv.IsNull() {
		return false, nil
	}
	if err := (vert.Value{Value: jv}).AssignTo(dst); err != nil {
		return false, msgErr(typ+"."+name, "wrong type ("+jv.Type().String()+")")
	}
	return true, nil
}

// plainTypes maps typed messages without fields to their UCI line.
var plainTypes = map[string]string{
	"uci": "uci", "isready": "isready", "newgame": "ucinewgame",
	"stop": "stop", "ponderhit": "ponderhit", "quit": "quit",
}

func parseTyped(msg js.Value) (request, error) {
	var typ string
	if ok, err := field(msg, "message", "type", &typ); err != nil || !ok {
		return request{}, msgErr("type", "missing or not a string")
	}
	if line, ok := plainTypes[typ]; ok {
		return request{lines: []string{line}}, nil
	}
	switch typ {
	case "setoption":
		return parseSetOption(msg)
	case "position":
		return parsePosition(msg)
	case "go":
		return parseGo(msg)
	case "book":
		return parseBook(msg)
	case "stopflag":
		return parseStopFlag(msg)
	}
	return request{}, msgErr("type", "unknown message type "+strconv.Quote(typ))
}

// oneToken reports whether s is safe inside a UCI line: non-empty, no
// control characters (a newline would inject a second command).
func safeText(s string) bool {
	if strings.TrimSpace(s) == "" {
		return false
	}
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return false
		}
	}
	return true
}

func parseSetOption(msg js.Value) (request, error) {
	var name string
	if ok, err := field(msg, "setoption", "name", &name); err != nil {
		return request{}, err
	} else if !ok || !safeText(name) {
		return request{}, msgErr("setoption.name", "missing, empty or holds control characters")
	}
	for _, w := range strings.Fields(name) {
		if w == "value" {
			return request{}, msgErr("setoption.name", "an option name cannot contain the word \"value\"")
		}
	}
	line := "setoption name " + strings.Join(strings.Fields(name), " ")
	var value any
	if ok, err := field(msg, "setoption", "value", &value); err != nil {
		return request{}, err
	} else if ok {
		var s string
		switch v := value.(type) {
		case string:
			if !safeText(v) && v != "" {
				return request{}, msgErr("setoption.value", "holds control characters")
			}
			s = v
		case bool:
			s = strconv.FormatBool(v)
		case float64:
			if v != math.Trunc(v) || math.IsInf(v, 0) || math.Abs(v) > 1<<53 {
				return request{}, msgErr("setoption.value", "not an integer: "+strconv.FormatFloat(v, 'g', -1, 64))
			}
			s = strconv.FormatInt(int64(v), 10)
		default:
			return request{}, msgErr("setoption.value", "want a string, number or boolean")
		}
		line += " value " + s
	}
	return request{lines: []string{line}}, nil
}

// isUCIMove reports whether s has the shape of a UCI move (e2e4, e7e8q);
// whether it is legal is the handler's business.
func isUCIMove(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	if s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' || s[2] < 'a' || s[2] > 'h' || s[3] < '1' || s[3] > '8' {
		return false
	}
	return len(s) == 4 || strings.IndexByte("qrbn", s[4]) >= 0
}

func movesField(msg js.Value, typ, name string) ([]string, error) {
	var moves []string
	if _, err := field(msg, typ, name, &moves); err != nil {
		return nil, err
	}
	for i, m := range moves {
		if !isUCIMove(m) {
			return nil, msgErr(typ+"."+name+"["+strconv.Itoa(i)+"]", "not a UCI move: "+strconv.Quote(m))
		}
	}
	return moves, nil
}

func parsePosition(msg js.Value) (request, error) {
	var fen string
	hasFEN, err := field(msg, "position", "fen", &fen)
	if err != nil {
		return request{}, err
	}
	line := "position startpos"
	if hasFEN {
		if !safeText(fen) {
			return request{}, msgErr("position.fen", "empty or holds control characters")
		}
		line = "position fen " + strings.Join(strings.Fields(fen), " ")
	}
	moves, err := movesField(msg, "position", "moves")
	if err != nil {
		return request{}, err
	}
	if len(moves) > 0 {
		line += " moves " + strings.Join(moves, " ")
	}
	return request{lines: []string{line}}, nil
}

// goNumbers are the numeric go parameters, in the order they are written.
var goNumbers = []string{"wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime"}

func parseGo(msg js.Value) (request, error) {
	line := "go"
	for _, name := range goNumbers {
		var v float64
		ok, err := field(msg, "go", name, &v)
		if err != nil {
			return request{}, err
		}
		if !ok {
			continue
		}
		if v != math.Trunc(v) || math.IsInf(v, 0) || math.Abs(v) > 1<<53 {
			return request{}, msgErr("go."+name, "not an integer: "+strconv.FormatFloat(v, 'g', -1, 64))
		}
		line += " " + name + " " + strconv.FormatInt(int64(v), 10)
	}
	for _, name := range []string{"infinite", "ponder"} {
		var b bool
		if _, err := field(msg, "go", name, &b); err != nil {
			return request{}, err
		} else if b {
			line += " " + name
		}
	}
	moves, err := movesField(msg, "go", "searchmoves")
	if err != nil {
		return request{}, err
	}
	if len(moves) > 0 {
		line += " searchmoves " + strings.Join(moves, " ")
	}
	return request{lines: []string{line}}, nil
}

// parseBook copies the bytes of data (an ArrayBuffer, a typed array or a
// DataView) into Go.
func parseBook(msg js.Value) (request, error) {
	data := msg.Get("data")
	g := js.Global()
	var u8 js.Value
	switch {
	case data.InstanceOf(g.Get("Uint8Array")):
		u8 = data
	case data.InstanceOf(g.Get("ArrayBuffer")):
		u8 = g.Get("Uint8Array").New(data)
	case !data.IsUndefined() && !data.IsNull() && g.Get("ArrayBuffer").Call("isView", data).Bool():
		u8 = g.Get("Uint8Array").New(data.Get("buffer"), data.Get("byteOffset"), data.Get("byteLength"))
	default:
		return request{}, msgErr("book.data", "want an ArrayBuffer or Uint8Array")
	}
	b := make([]byte, u8.Length())
	js.CopyBytesToGo(b, u8)
	return request{isBook: true, book: b}, nil
}
