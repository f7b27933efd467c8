// Command perftsummary reads Go benchmark output lines tagged with an
// implementation name ("native", "wasm", "dragontoothmg") on stdin, one run
// per line:
//
//	native BenchmarkPerft/startpos-d6-bulk-2  1  6759214569 ns/op  17.61 Mnps ...
//
// and prints, per benchmark row, the median Mnps of each implementation over
// the runs and the ratios wasm/native and native/dragontoothmg. `make
// bench-perft` feeds it; see the Makefile.
package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

func main() {
	vals := map[string]map[string][]float64{} // row -> impl -> Mnps per run
	var rows []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 || !strings.HasPrefix(f[1], "BenchmarkPerft/") {
			continue
		}
		row := strings.TrimPrefix(f[1], "BenchmarkPerft/")
		if i := strings.LastIndexByte(row, '-'); i > 0 {
			if _, err := strconv.Atoi(row[i+1:]); err == nil {
				row = row[:i] // drop the -GOMAXPROCS suffix
			}
		}
		for i := 3; i < len(f); i++ {
			if f[i] == "Mnps" {
				v, err := strconv.ParseFloat(f[i-1], 64)
				if err != nil {
					continue
				}
				if vals[row] == nil {
					vals[row] = map[string][]float64{}
					rows = append(rows, row)
				}
				vals[row][f[0]] = append(vals[row][f[0]], v)
			}
		}
	}
	fmt.Printf("%-20s %12s %12s %14s %12s %14s\n", "perft (Mnps, median)", "native", "wasm", "dragontoothmg", "wasm/native", "native/dtm")
	for _, row := range rows {
		n, nok := median(vals[row]["native"])
		w, wok := median(vals[row]["wasm"])
		d, dok := median(vals[row]["dragontoothmg"])
		fmt.Printf("%-20s %12s %12s %14s %12s %14s\n", row, num(n, nok), num(w, wok), num(d, dok),
			ratio(w, n, wok && nok), ratio(n, d, nok && dok))
	}
	for _, row := range rows {
		for _, impl := range []string{"native", "wasm", "dragontoothmg"} {
			if v := vals[row][impl]; len(v) > 0 {
				fmt.Printf("runs %-20s %-14s %v\n", row, impl, v)
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
