// Command perftsummary summarises `make bench-perft`. It reads lines of the form
//
//	IMPL BenchmarkPerft/ROW-2  1  6759214569 ns/op  17.61 Mnps  ...  cpu 5.43
//	IMPL BenchmarkPerft/empty cpu 0.21
//
// (IMPL is native, wasm or dragontoothmg; "cpu" is the process's user time in
// seconds; an "empty" line is a run of the same binary with no benchmark,
// giving its start-up cost) and prints per row the median over the runs of
// wall-clock Mnps and of CPU Mnps (nodes / (cpu - the preceding empty run's
// cpu)) for each implementation, with the ratios wasm/native and
// native/dragontoothmg.
package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

var impls = []string{"native", "wasm", "dragontoothmg"}

func main() {
	wall := map[string]map[string][]float64{} // row -> impl -> values
	cpu := map[string]map[string][]float64{}
	empty := map[string]float64{} // impl -> start-up CPU seconds of the latest empty run
	var rows []string
	add := func(m map[string]map[string][]float64, row, impl string, v float64) {
		if m[row] == nil {
			m[row] = map[string][]float64{}
		}
		m[row][impl] = append(m[row][impl], v)
	}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[1], "BenchmarkPerft/") || f[len(f)-2] != "cpu" {
			continue
		}
		impl := f[0]
		cpuSec, err := strconv.ParseFloat(f[len(f)-1], 64)
		if err != nil {
			continue
		}
		row := strings.TrimPrefix(f[1], "BenchmarkPerft/")
		if i := strings.LastIndexByte(row, '-'); i > 0 {
			if _, err := strconv.Atoi(row[i+1:]); err == nil {
				row = row[:i] // drop the -GOMAXPROCS suffix
			}
		}
		if row == "empty" {
			empty[impl] = cpuSec
			continue
		}
		var nsPerOp, mnps float64
		for i := 3; i < len(f); i++ {
			switch f[i] {
			case "ns/op":
				nsPerOp, _ = strconv.ParseFloat(f[i-1], 64)
			case "Mnps":
				mnps, _ = strconv.ParseFloat(f[i-1], 64)
			}
		}
		if mnps == 0 || nsPerOp == 0 {
			continue
		}
		if wall[row] == nil {
			rows = append(rows, row)
		}
		add(wall, row, impl, mnps)
		nodes := mnps * 1e6 * nsPerOp / 1e9 // benchtime 1x: one walk per process
		if c := cpuSec - empty[impl]; c > 0 {
			add(cpu, row, impl, nodes/c/1e6)
		}
	}
	for _, t := range []struct {
		name string
		m    map[string]map[string][]float64
	}{{"wall-clock Mnps", wall}, {"CPU Mnps", cpu}} {
		fmt.Printf("\n%-20s %9s %9s %9s %12s %11s   (medians, %s)\n", "perft", "native", "wasm", "dtm", "wasm/native", "native/dtm", t.name)
		for _, row := range rows {
			n, nok := median(t.m[row]["native"])
			w, wok := median(t.m[row]["wasm"])
			d, dok := median(t.m[row]["dragontoothmg"])
			fmt.Printf("%-20s %9s %9s %9s %12s %11s\n", row, num(n, nok), num(w, wok), num(d, dok),
				ratio(w, n, wok && nok), ratio(n, d, nok && dok))
		}
	}
	fmt.Println()
	for _, row := range rows {
		for _, impl := range impls {
			if v := wall[row][impl]; len(v) > 0 {
				fmt.Printf("runs %-20s %-14s wall %v cpu %v\n", row, impl, v, round(cpu[row][impl]))
			}
		}
	}
}

func median(v []float64) (float64, bool) {
	if len(v) == 0 {
		return 0, false
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2], true
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2, true
}

func round(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(int(x*100+0.5)) / 100
	}
	return out
}

func num(v float64, ok bool) string {
	if !ok {
		return "-"
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

func ratio(a, b float64, ok bool) string {
	if !ok || b == 0 {
		return "-"
	}
	return strconv.FormatFloat(a/b, 'f', 2, 64)
}
