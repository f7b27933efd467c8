//go:build js && wasm

package main

import (
	"reflect"
	"testing"
)

func TestEventParser(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  []event
	}{
		{"id-pair", []string{"id name Azurite dev", "id author the Azurite developers"},
			[]event{{"type": "id", "name": "Azurite dev", "author": "the Azurite developers"}}},
		{"id-name-only", []string{"id name Azurite", "uciok"},
			[]event{{"type": "id", "name": "Azurite"}, {"type": "uciok"}}},
		{"spin", []string{"option name Hash type spin default 16 min 1 max 3584"},
			[]event{{"type": "option", "name": "Hash", "kind": "spin", "default": 16.0, "min": 1.0, "max": 3584.0}}},
		{"button-with-space", []string{"option name Clear Hash type button"},
			[]event{{"type": "option", "name": "Clear Hash", "kind": "button"}}},
		{"check", []string{"option name Ponder type check default false"},
			[]event{{"type": "option", "name": "Ponder", "kind": "check", "default": false}}},
		{"string-empty", []string{"option name BookFile type string default <empty>"},
			[]event{{"type": "option", "name": "BookFile", "kind": "string", "default": ""}}},
		{"combo", []string{"option name Style type combo default Solid Play var Solid Play var Risky"},
			[]event{{"type": "option", "name": "Style", "kind": "combo", "default": "Solid Play", "vars": []string{"Solid Play", "Risky"}}}},
		{"info-cp", []string{"info depth 12 seldepth 18 multipv 2 score cp -35 nodes 9007199254740993 nps 100 hashfull 5 tbhits 0 time 10 pv e2e4 e7e5"},
			[]event{{"type": "info", "depth": 12.0, "seldepth": 18.0, "multipv": 2.0, "scoreCp": -35.0, "nodes": 9007199254740992.0,
				"nps": 100.0, "hashfull": 5.0, "tbhits": 0.0, "time": 10.0, "pv": []string{"e2e4", "e7e5"}}}},
		{"info-mate-bound-wdl", []string{"info depth 3 score mate -2 upperbound wdl 10 20 970 pv h7h8q"},
			[]event{{"type": "info", "depth": 3.0, "scoreMate": -2.0, "bound": "upper", "wdl": []any{10.0, 20.0, 970.0}, "pv": []string{"h7h8q"}}}},
		{"currmove", []string{"info depth 20 currmove g1f3 currmovenumber 2"},
			[]event{{"type": "info", "depth": 20.0, "currmove": "g1f3", "currmovenumber": 2.0}}},
		{"info-string", []string{"info string book move e2e4"}, []event{{"type": "string", "text": "book move e2e4"}}},
		{"info-error", []string{"info string error: position: bad FEN"},
			[]event{{"type": "error", "message": "position: bad FEN", "source": "engine"}}},
		{"bestmove-ponder", []string{"bestmove e2e4 ponder e7e5"}, []event{{"type": "bestmove", "move": "e2e4", "ponder": "e7e5"}}},
		{"bestmove-none", []string{"bestmove 0000"}, []event{{"type": "bestmove", "move": "0000"}}},
		{"other", []string{"Nodes searched: 5"}, []event{{"type": "line", "text": "Nodes searched: 5"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p eventParser
			var got []event
			for _, l := range tc.lines {
				got = append(got, p.parse(l)...)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
}
