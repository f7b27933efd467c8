//go:build js && wasm

package main

import (
	"strconv"
	"strings"
)

// event is one typed event for the page. Values are plain Go types (string,
// bool, float64, []string, []any): vert panics on named non-struct types and
// would round uint64 above 2^53, so numbers are converted here first.
type event map[string]any

// eventParser turns the handler's UCI output lines into typed events. It
// holds the "id name" line until "id author" (or the option list) arrives,
// so the page gets one {type:'id', name, author} event.
type eventParser struct {
	idName string
	haveID bool
}

// parse returns the events for one output line (usually one).
func (p *eventParser) parse(line string) []event {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil
	}
	var out []event
	if p.haveID && !(f[0] == "id" && len(f) > 1 && f[1] == "author") {
		out = append(out, event{"type": "id", "name": p.idName})
		p.haveID = false
	}
	switch f[0] {
	case "id":
		if len(f) > 1 && f[1] == "name" {
			p.idName, p.haveID = restAfter(line, 2), true
			return out
		}
		if len(f) > 1 && f[1] == "author" {
			e := event{"type": "id", "author": restAfter(line, 2)}
			if p.haveID {
				e["name"] = p.idName
				p.haveID = false
			}
			return append(out, e)
		}
	case "uciok", "readyok":
		return append(out, event{"type": f[0]})
	case "bestmove":
		if len(f) >= 2 {
			e := event{"type": "bestmove", "move": f[1]}
			if len(f) >= 4 && f[2] == "ponder" {
				e["ponder"] = f[3]
			}
			return append(out, e)
		}
	case "option":
		if e, ok := parseOption(f); ok {
			return append(out, e)
		}
	case "info":
		return append(out, parseInfo(line, f))
	}
	return append(out, event{"type": "line", "text": line})
}

// restAfter returns line after its first n fields, as written.
func restAfter(line string, n int) string {
	s := strings.TrimSpace(line)
	for i := 0; i < n; i++ {
		j := strings.IndexAny(s, " \t")
		if j < 0 {
			return ""
		}
		s = strings.TrimSpace(s[j:])
	}
	return s
}

// parseOption reads "option name N type T [default D] [min a] [max b] [var v]…".
// Names and combo values may contain spaces; the keywords split them.
func parseOption(f []string) (event, bool) {
	e := event{"type": "option"}
	var key string
	var vars []string
	words := map[string][]string{}
	for _, w := range f[1:] {
		switch w {
		case "name", "type", "default", "min", "max", "var":
			if key == "var" {
				vars = append(vars, strings.Join(words["var"], " "))
				words["var"] = nil
			}
			key = w
			if _, ok := words[w]; !ok {
				words[w] = []string{}
			}
			continue
		}
		if key == "" {
			return nil, false
		}
		words[key] = append(words[key], w)
	}
	if key == "var" {
		vars = append(vars, strings.Join(words["var"], " "))
	}
	name, kind := strings.Join(words["name"], " "), strings.Join(words["type"], " ")
	if name == "" || kind == "" {
		return nil, false
	}
	e["name"], e["kind"] = name, kind
	def, hasDef := words["default"]
	d := strings.Join(def, " ")
	switch kind {
	case "spin":
		for _, k := range []string{"default", "min", "max"} {
			if n, err := strconv.ParseInt(strings.Join(words[k], ""), 10, 64); err == nil {
				e[k] = float64(n)
			}
		}
	case "check":
		e["default"] = d == "true"
	case "string":
		if d == "<empty>" {
			d = ""
		}
		e["default"] = d
	case "combo":
		e["default"] = d
		e["vars"] = vars
	default: // button
		if hasDef {
			e["default"] = d
		}
	}
	return e, true
}

// infoNumbers are the info fields carrying one integer each.
var infoNumbers = map[string]string{
	"depth": "depth", "seldepth": "seldepth", "multipv": "multipv", "nodes": "nodes",
	"nps": "nps", "hashfull": "hashfull", "tbhits": "tbhits", "time": "time",
	"currmovenumber": "currmovenumber",
}

// parseInfo reads one "info …" line. "info string error: …" becomes an error
// event, other "info string" lines a string event.
func parseInfo(line string, f []string) event {
	if len(f) >= 2 && f[1] == "string" {
		text := restAfter(line, 2)
		if msg, ok := strings.CutPrefix(text, "error:"); ok {
			return event{"type": "error", "message": strings.TrimSpace(msg), "source": "engine"}
		}
		return event{"type": "string", "text": text}
	}
	e := event{"type": "info"}
	for i := 1; i < len(f); i++ {
		k := f[i]
		if key, ok := infoNumbers[k]; ok && i+1 < len(f) {
			// nodes and nps are uint64 in Go; float64 is exact below 2^53.
			if n, err := strconv.ParseInt(f[i+1], 10, 64); err == nil {
				e[key] = float64(n)
			}
			i++
			continue
		}
		switch k {
		case "score":
			if i+2 < len(f) {
				if n, err := strconv.Atoi(f[i+2]); err == nil {
					switch f[i+1] {
					case "cp":
						e["scoreCp"] = float64(n)
					case "mate":
						e["scoreMate"] = float64(n)
					}
				}
				i += 2
			}
		case "lowerbound":
			e["bound"] = "lower"
		case "upperbound":
			e["bound"] = "upper"
		case "wdl":
			if i+3 < len(f) {
				w := make([]any, 3)
				for j := range w {
					n, _ := strconv.Atoi(f[i+1+j])
					w[j] = float64(n)
				}
				e["wdl"] = w
				i += 3
			}
		case "currmove":
			if i+1 < len(f) {
				e["currmove"] = f[i+1]
				i++
			}
		case "pv":
			e["pv"] = append([]string{}, f[i+1:]...)
			i = len(f)
		case "string":
			e["string"] = restAfter(line, i+1)
			i = len(f)
		}
	}
	return e
}
