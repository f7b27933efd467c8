//go:build js && wasm

package main

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/azurite-chess/azurite/engine/book"
	"github.com/azurite-chess/azurite/engine/session"
	"github.com/azurite-chess/azurite/engine/uci"

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
	// goCount is how many searches the message asks for, as the page
	// counts them (see countGo).
	goCount int32
	// firstGo is the search number of the message's first go line; the
	// next ones follow (set by bridge.send, see stopflag.go).
	firstGo int32
	// refused is a line the host read but did not hand over (refuseLine).
	refused *refusedLine
}

// refusedLine is an input line over uci.MaxLineBytes: its size and start.
type refusedLine struct {
	size  int64
	start string
}

// maxMoves bounds a message's move list (position.moves, go.searchmoves),
// checked before any element is read.
const maxMoves = 10000

// maxQuote is the most characters of the input an error message quotes.
const maxQuote = 200

// Message sizes, checked before a string is copied into Go: a UCI string
// may hold one line of the handler's longest (uci.MaxLineBytes; a position
// line of a game of a million and a half plies), a typed message's text
// field far less (an option value, a FEN).
const (
	maxStringChars = uci.MaxLineBytes
	maxFieldChars  = 4096
)

// parseMessage converts one postMessage payload. A string is one or more UCI
// lines (split on newlines, as stockfish.js accepts). An object is a typed
// message (docs/protocol.md) whose fields are read one by one (jsread.go),
// each checked for its kind before vert converts it, so a wrong field is
// reported with its name and no value can panic the bridge.
func parseMessage(v js.Value) (request, error) {
	switch k := kindOf(v); k {
	case kindString:
		if n := strLen(v); n > maxStringChars {
			return request{}, msgErr("", "a UCI string of "+tooLong(v, n, maxStringChars)+"; it was skipped")
		}
		return request{lines: splitLines(v.String())}, nil
	case kindObject:
		r, err := parseTyped(v)
		r.typed = true
		return r, err
	case kindArray:
		return request{typed: true}, msgErr("", "an array is neither a UCI string nor a typed message")
	default:
		// Not a string: the sender speaks typed messages, so answer with an event.
		return request{typed: true}, msgErr("", "want a UCI string or an object with a type, got "+k)
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

// field reads one field of a typed message into dst with vert, after
// checking that its kind is the one dst needs (want: kindString, kindNumber,
// kindBoolean). Absent (undefined or null) fields leave dst untouched and
// report false.
func field(msg js.Value, typ, name, want string, dst any) (bool, error) {
	where := name
	if typ != "" {
		where = typ + "." + name
	}
	jv, err := getProp(msg, name)
	if err != nil {
		return false, msgErr(where, "cannot read: "+err.Error())
	}
	k := kindOf(jv)
	if k == kindUndefined || k == kindNull {
		return false, nil
	}
	if k != want {
		return false, msgErr(where, "wrong type (want a "+want+", got "+k+")")
	}
	if k == kindString {
		if n := strLen(jv); n > maxFieldChars {
			return false, msgErr(where, tooLong(jv, n, maxFieldChars))
		}
	}
	if err := (vert.Value{Value: jv}).AssignTo(dst); err != nil {
		return false, msgErr(where, "wrong type ("+k+")")
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
	if ok, err := field(msg, "", "type", kindString, &typ); err != nil {
		return request{}, err
	} else if !ok {
		return request{}, msgErr("type", "missing")
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
		r, err := parseGo(msg)
		r.goCount = 1 // counted even when refused: the page counts what it sends
		return r, err
	case "book":
		return parseBook(msg)
	case "stopflag":
		return parseStopFlag(msg)
	}
	return request{}, msgErr("type", "unknown message type "+strconv.Quote(session.ClipInput(typ, maxQuote)))
}

// textProblem says why s cannot be sent inside a UCI line, or "" if it can:
// it must not be blank (a line is split on white space, so it would vanish)
// nor hold control characters (a newline would inject a second command).
func textProblem(s string) string {
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return "holds control characters"
		}
	}
	if strings.TrimSpace(s) == "" {
		if s == "" {
			return "empty"
		}
		return "only white space, which a UCI line cannot carry"
	}
	return ""
}

func parseSetOption(msg js.Value) (request, error) {
	var name string
	if ok, err := field(msg, "setoption", "name", kindString, &name); err != nil {
		return request{}, err
	} else if !ok {
		return request{}, msgErr("setoption.name", "missing")
	} else if p := textProblem(name); p != "" {
		return request{}, msgErr("setoption.name", p)
	}
	for _, w := range strings.Fields(name) {
		if w == "value" {
			return request{}, msgErr("setoption.name", "an option name cannot contain the word \"value\"")
		}
	}
	line := "setoption name " + strings.Join(strings.Fields(name), " ")
	vv, err := getProp(msg, "value")
	if err != nil {
		return request{}, msgErr("setoption.value", "cannot read: "+err.Error())
	}
	switch k := kindOf(vv); k {
	case kindUndefined, kindNull:
	case kindString, kindBoolean, kindNumber:
		var value any
		if err := (vert.Value{Value: vv}).AssignTo(&value); err != nil {
			return request{}, msgErr("setoption.value", "wrong type ("+k+")")
		}
		var s string
		switch v := value.(type) {
		case string:
			if p := textProblem(v); p != "" && v != "" {
				return request{}, msgErr("setoption.value", p)
			}
			s = v
		case bool:
			s = strconv.FormatBool(v)
		case float64:
			if v != math.Trunc(v) || math.IsInf(v, 0) || math.Abs(v) > 1<<53 {
				return request{}, msgErr("setoption.value", "not an integer: "+strconv.FormatFloat(v, 'g', -1, 64))
			}
			s = strconv.FormatInt(int64(v), 10)
		}
		line += " value " + s
	default:
		return request{}, msgErr("setoption.value", "want a string, number or boolean, got "+k)
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

// movesField reads an optional array of at most maxMoves UCI moves.
func movesField(msg js.Value, typ, name string) ([]string, error) {
	where := typ + "." + name
	jv, err := getProp(msg, name)
	if err != nil {
		return nil, msgErr(where, "cannot read: "+err.Error())
	}
	if k := kindOf(jv); k == kindUndefined || k == kindNull {
		return nil, nil
	}
	moves, err := readStrings(jv, where, maxMoves)
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		if !isUCIMove(m) {
			return nil, msgErr(where+"["+strconv.Itoa(i)+"]", "not a UCI move: "+strconv.Quote(session.ClipInput(m, maxQuote)))
		}
	}
	return moves, nil
}

func parsePosition(msg js.Value) (request, error) {
	var fen string
	hasFEN, err := field(msg, "position", "fen", kindString, &fen)
	if err != nil {
		return request{}, err
	}
	line := "position startpos"
	if hasFEN {
		if p := textProblem(fen); p != "" {
			return request{}, msgErr("position.fen", p)
		}
		for _, f := range strings.Fields(fen) {
			if f == "moves" {
				// The line would apply them: moves go in position.moves.
				return request{}, msgErr("position.fen", "holds the word \"moves\": a FEN is the position alone; send the moves as position.moves")
			}
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
		ok, err := field(msg, "go", name, kindNumber, &v)
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
		if _, err := field(msg, "go", name, kindBoolean, &b); err != nil {
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
// DataView) into Go. The buffer, offset and length are read with the
// built-in getters (which check that data really is what it claims), never
// through data's own properties, and the size is checked before the copy.
func parseBook(msg js.Value) (request, error) {
	data, err := getProp(msg, "data")
	if err != nil {
		return request{}, msgErr("book.data", "cannot read: "+err.Error())
	}
	if kindOf(data) != kindObject {
		return request{}, msgErr("book.data", "want an ArrayBuffer or Uint8Array, got "+kindOf(data))
	}
	g := js.Global()
	u8 := js.Null()
	typedArray := jsReflect.Call("getPrototypeOf", g.Get("Uint8Array").Get("prototype"))
	for _, view := range []js.Value{typedArray, g.Get("DataView").Get("prototype")} {
		if v, err := jsCall(func() js.Value {
			buf := builtinGet(view, "buffer", data)
			off, n := builtinGet(view, "byteOffset", data), builtinGet(view, "byteLength", data)
			if n.Float() > maxBookBytes {
				return js.ValueOf(n.Float())
			}
			return g.Get("Uint8Array").New(buf, off, n)
		}); err == nil {
			u8 = v
			break
		}
	}
	if u8.IsNull() {
		if v, err := jsCall(func() js.Value {
			n := builtinGet(g.Get("ArrayBuffer").Get("prototype"), "byteLength", data)
			if n.Float() > maxBookBytes {
				return js.ValueOf(n.Float())
			}
			return g.Get("Uint8Array").New(data)
		}); err == nil {
			u8 = v
		}
	}
	switch {
	case u8.IsNull():
		return request{}, msgErr("book.data", "want an ArrayBuffer or Uint8Array")
	case u8.Type() == js.TypeNumber:
		return request{}, msgErr("book.data", strconv.FormatFloat(u8.Float(), 'f', -1, 64)+" bytes, at most "+strconv.Itoa(maxBookBytes)+" allowed")
	}
	b := make([]byte, u8.Length())
	js.CopyBytesToGo(b, u8)
	return request{isBook: true, book: b}, nil
}

// builtinGet calls the getter that proto (a built-in prototype) defines for
// name on v: it throws unless v really is of that built-in type.
func builtinGet(proto js.Value, name string, v js.Value) js.Value {
	return jsReflect.Call("getOwnPropertyDescriptor", proto, name).Get("get").Call("call", v)
}

// maxBookBytes bounds a book handed over as bytes, as book.MaxFileSize bounds
// a BookFile natively.
const maxBookBytes = book.MaxFileSize
