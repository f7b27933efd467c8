//go:build js && wasm

// Package vert is a stand-in for github.com/norunners/vert used only to
// measure what vert costs in the wasm build (tools/lab/vert-cost.sh): a
// hand-written converter with the API the bridge uses, for the types it
// uses, without reflect or fmt. The shipped build uses the real vert.
package vert

import (
	"errors"
	"syscall/js"
)

// Value wraps a JavaScript value, as vert.Value does.
type Value struct{ js.Value }

// ValueOf converts the event values the bridge builds (maps, slices,
// strings, numbers, booleans).
func ValueOf(i any) Value { return Value{conv(i)} }

// JSValue returns the converted value.
func (v Value) JSValue() js.Value { return v.Value }

func conv(i any) js.Value {
	switch x := i.(type) {
	case map[string]any:
		o := js.Global().Get("Object").New()
		for k, v := range x {
			o.Set(k, conv(v))
		}
		return o
	case []any:
		a := js.Global().Get("Array").New(len(x))
		for k, v := range x {
			a.SetIndex(k, conv(v))
		}
		return a
	case []string:
		a := js.Global().Get("Array").New(len(x))
		for k, v := range x {
			a.SetIndex(k, v)
		}
		return a
	}
	return js.ValueOf(i)
}

var errType = errors.New("wrong type")

// AssignTo stores v into the pointers the bridge reads message fields into.
func (v Value) AssignTo(i any) error {
	j := v.Value
	switch d := i.(type) {
	case *string:
		if j.Type() != js.TypeString {
			return errType
		}
		*d = j.String()
	case *bool:
		if j.Type() != js.TypeBoolean {
			return errType
		}
		*d = j.Bool()
	case *float64:
		if j.Type() != js.TypeNumber {
			return errType
		}
		*d = j.Float()
	case *any:
		switch j.Type() {
		case js.TypeString:
			*d = j.String()
		case js.TypeBoolean:
			*d = j.Bool()
		case js.TypeNumber:
			*d = j.Float()
		default:
			return errType
		}
	case *[]string:
		if !js.Global().Get("Array").Call("isArray", j).Bool() {
			return errType
		}
		n := j.Length()
		out := make([]string, n)
		for k := 0; k < n; k++ {
			e := j.Index(k)
			if e.Type() != js.TypeString {
				return errType
			}
			out[k] = e.String()
		}
		*d = out
	default:
		return errType
	}
	return nil
}
