//go:build js && wasm

package main

import (
	"errors"
	"strconv"
	"syscall/js"

	"github.com/azurite-chess/azurite/engine/session"
)

// Reading values the page sent, without letting them end the program.
//
// syscall/js is not safe on arbitrary JavaScript values: Value.Type (and
// String, Int, Truthy, which call it) panics on a BigInt ("bad type flag");
// Value.Get, Index, Length and InstanceOf run JavaScript (getters, Proxy
// traps, a `length` of the object's choosing) with no exception handling in
// wasm_exec.js, so a throwing getter unwinds through the Go runtime and
// leaves it unusable. So every read of a message goes through the helpers
// here: properties are read with Reflect.get through Value.Call (whose
// exceptions wasm_exec.js catches and Go turns into a js.Error panic), kinds
// are found by kindOf, and each helper recovers into an error. Only values
// whose kind is known to be string, number or boolean reach vert or the
// Value accessors.

// Kinds of JavaScript values as kindOf names them (typeof, with "null" and
// "array" told apart).
const (
	kindUndefined = "undefined"
	kindNull      = "null"
	kindBoolean   = "boolean"
	kindNumber    = "number"
	kindString    = "string"
	kindSymbol    = "symbol"
	kindFunction  = "function"
	kindObject    = "object"
	kindArray     = "array"
	kindBigInt    = "bigint"
)

var (
	jsReflect = js.Global().Get("Reflect")
	jsArray   = js.Global().Get("Array")
	jsObject  = js.Global().Get("Object")
	jsSlice   = js.Global().Get("String").Get("prototype").Get("slice")
)

// kindOf returns v's kind. Value.Type panics only for a BigInt (the one
// typeof that syscall/js has no Type for), which is what the recover maps.
// Array.isArray can throw (a revoked Proxy): kindOf then says "object" and
// the read that follows reports the error.
func kindOf(v js.Value) (kind string) {
	defer func() {
		if recover() != nil {
			kind = kindBigInt
		}
	}()
	t := v.Type()
	switch t {
	case js.TypeObject:
		if isArray(v) {
			return kindArray
		}
		return kindObject
	case js.TypeUndefined:
		return kindUndefined
	case js.TypeNull:
		return kindNull
	case js.TypeBoolean:
		return kindBoolean
	case js.TypeNumber:
		return kindNumber
	case js.TypeString:
		return kindString
	case js.TypeSymbol:
		return kindSymbol
	case js.TypeFunction:
		return kindFunction
	}
	return kindBigInt
}

func isArray(v js.Value) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return jsArray.Call("isArray", v).Bool()
}

// jsCall runs f, turning a panic (a JavaScript exception surfacing as
// js.Error, or a syscall/js type panic) into an error.
func jsCall(f func() js.Value) (js.Value, error) { return jsCallDepth(f, 0) }

func jsCallDepth(f func() js.Value, depth int) (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = js.Undefined(), errors.New(panicText(r, depth))
		}
	}()
	return f(), nil
}

// panicText describes a recovered panic without trusting it: js.Error's own
// Error method reads the thrown value's "message" with Value.Get, which is
// unsafe on a thrown primitive or a throwing getter. The message is read
// safely, one level deep (a getter that throws another error is not
// followed), and clipped.
func panicText(r any, depth int) string {
	e, ok := r.(js.Error)
	if !ok {
		switch v := r.(type) {
		case error:
			return session.ClipInput(v.Error(), maxQuote)
		case string:
			return session.ClipInput(v, maxQuote)
		}
		return "a panic"
	}
	switch k := kindOf(e.Value); k {
	case kindString:
		return "JavaScript exception: " + session.ClipInput(e.Value.String(), maxQuote)
	case kindObject, kindFunction:
		if depth == 0 {
			m, err := jsCallDepth(func() js.Value { return jsReflect.Call("get", e.Value, "message") }, depth+1)
			if err == nil && kindOf(m) == kindString {
				return "JavaScript error: " + session.ClipInput(m.String(), maxQuote)
			}
		}
		return "JavaScript exception (an " + k + ")"
	default:
		return "JavaScript exception (a " + k + ")"
	}
}

// getProp reads obj[name] with Reflect.get, so a getter or Proxy trap that
// throws becomes an error. obj must be an object, array or function (kindOf).
func getProp(obj js.Value, name string) (js.Value, error) {
	return jsCall(func() js.Value { return jsReflect.Call("get", obj, name) })
}

// getIndex reads arr[i] the same way.
func getIndex(arr js.Value, i int) (js.Value, error) {
	return jsCall(func() js.Value { return jsReflect.Call("get", arr, i) })
}

// isInstance reports whether v's prototype chain holds ctor.prototype
// (instanceof without running Symbol.hasInstance; a Proxy trap that throws
// gives false).
func isInstance(v, ctor js.Value) bool {
	if k := kindOf(v); k != kindObject && k != kindArray {
		return false
	}
	r, err := jsCall(func() js.Value {
		return ctor.Get("prototype").Call("isPrototypeOf", v)
	})
	return err == nil && r.Type() == js.TypeBoolean && r.Bool()
}

// readStrings reads an array of at most max strings. The length is read
// (through Reflect.get) and checked against max before any element is, so
// a huge or invented length costs nothing; where names the field.
func readStrings(v js.Value, where string, max int) ([]string, error) {
	if k := kindOf(v); k != kindArray {
		return nil, msgErr(where, "want an array of strings, got "+k)
	}
	lv, err := getProp(v, "length")
	if err != nil {
		return nil, msgErr(where, "cannot read length: "+err.Error())
	}
	if kindOf(lv) != kindNumber {
		return nil, msgErr(where, "length is not a number")
	}
	n := lv.Float()
	if n < 0 || n != float64(int(n)) {
		return nil, msgErr(where, "bad length")
	}
	if n > float64(max) {
		return nil, msgErr(where, strconv.FormatFloat(n, 'f', -1, 64)+" entries, at most "+strconv.Itoa(max)+" allowed")
	}
	out := make([]string, 0, int(n))
	for i := 0; i < int(n); i++ {
		at := where + "[" + strconv.Itoa(i) + "]"
		e, err := getIndex(v, i)
		if err != nil {
			return nil, msgErr(at, "cannot read: "+err.Error())
		}
		if k := kindOf(e); k != kindString {
			return nil, msgErr(at, "want a string, got "+k)
		}
		if n := strLen(e); n > maxFieldChars {
			return nil, msgErr(at, tooLong(e, n, maxFieldChars))
		}
		out = append(out, e.String())
	}
	return out, nil
}

// strLen returns the length (in UTF-16 units) of the JavaScript string v
// (kindOf string) without copying it into Go: Value.Length takes objects
// only, so it reads the length of the String object that wraps v.
func strLen(v js.Value) int {
	n, err := jsCall(func() js.Value { return jsObject.Invoke(v).Get("length") })
	if err != nil || kindOf(n) != kindNumber {
		return 0
	}
	return n.Int()
}

// stringStart returns the first maxQuote characters of the JavaScript
// string v (kindOf string) of n characters, without copying the rest into Go.
func stringStart(v js.Value, n int) string {
	if n <= maxQuote {
		return v.String()
	}
	start, err := jsCall(func() js.Value { return jsSlice.Call("call", v, 0, maxQuote) })
	if err != nil || kindOf(start) != kindString {
		return ""
	}
	return start.String()
}

// tooLong describes a string field over max characters (v: kindOf string).
func tooLong(v js.Value, n, max int) string {
	return strconv.Itoa(n) + " characters, at most " + strconv.Itoa(max) + " allowed; it starts " + strconv.Quote(stringStart(v, n))
}
