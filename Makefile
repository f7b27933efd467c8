# Azurite build and test entry points. `make serve` and `make test` are the two
# commands in the README; everything long (deep perft, matches, tuning) has its own target.
# Sections are by concern; keep each concern's targets in its own section.

GO      ?= go
GOFLAGS ?=
FUZZTIME ?= 3s

.PHONY: all test test-go test-fuzz test-web vet serve build bench-perft perft-deep

all: build

## ---- engine (Go) -------------------------------------------------------------

build:
	$(GO) build ./...

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './node_modules/*')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

test-go:
	$(GO) test -short -count=1 ./...
	$(GO) test -short -count=1 -race ./engine/...

# Each fuzz target runs for FUZZTIME; `go test -fuzz` takes one target at a time.
test-fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParseFEN$$' -fuzztime $(FUZZTIME) ./engine/board
	$(GO) test -run '^$$' -fuzz '^FuzzParseMove$$' -fuzztime $(FUZZTIME) ./engine/board
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./engine/book
	$(GO) test -run '^$$' -fuzz '^FuzzHandler$$' -fuzztime $(FUZZTIME) ./engine/uci
	$(GO) test -run '^$$' -fuzz '^FuzzXboard$$' -fuzztime $(FUZZTIME) ./engine/uci

# Full-depth perft over the shared suites (every depth they list, ~22e9 nodes;
# minutes on a free core): not part of `make test`.
perft-deep:
	$(GO) test -count=1 -run '^TestPerft(Shallow|Deep)$$' -timeout 120m ./engine/board

# Perft speed (Mnps): BenchmarkPerft (start position depth 6, Kiwipete depth 5,
# bulk-counted; one depth less with every leaf made) natively and as
# GOOS=js GOARCH=wasm under node, and, when DTM_BENCH names an executable, the
# same rows for dylhunn/dragontoothmg (a Go test binary with a BenchmarkPerft
# of the same rows, built outside this repository: it is GPL and never
# committed). Each row runs in its own process under /usr/bin/time, the three
# implementations interleaved, BENCH_RUNS times; the summary gives medians of
# wall-clock Mnps (the Go benchmark's figure) and of CPU Mnps (nodes over the
# process's user time minus an empty run's: on a shared machine the wall
# clock mostly measures the neighbours).
BENCH_RUNS ?= 3
DTM_BENCH  ?= /tmp/board/dtmbench.test
PERFT_ROWS  = startpos-d6-bulk kiwipete-d5-bulk startpos-d5-nobulk kiwipete-d4-nobulk
bench-perft:
	@mkdir -p dist/bench
	$(GO) test -c -o dist/bench/board-native.test ./engine/board
	GOOS=js GOARCH=wasm $(GO) test -c -o dist/bench/board-wasm.test ./engine/board
	@if [ -x "$(DTM_BENCH)" ]; then echo "dragontoothmg: $(DTM_BENCH)"; else echo "dragontoothmg comparison skipped: DTM_BENCH=$(DTM_BENCH) is not an executable"; fi
	@bash -c 'set -eo pipefail; : > dist/bench/perft.txt; \
	  wasmexec="$$($(GO) env GOROOT)/lib/wasm/wasm_exec_node.js"; \
	  run() { impl=$$1; pat=$$2; shift 2; \
	    out=$$( { /usr/bin/time -f "cpu %U" "$$@" -test.run "^$$" -test.bench "$$pat" -test.benchtime 1x -test.benchmem; } 2>&1 ); \
	    cpu=$$(echo "$$out" | sed -n "s/^cpu //p"); \
	    line=$$(echo "$$out" | grep "^BenchmarkPerft/" || true); \
	    echo "$$impl $${line:-BenchmarkPerft/empty} cpu $$cpu" | tee -a dist/bench/perft.txt; }; \
	  for i in $$(seq $(BENCH_RUNS)); do echo "== run $$i/$(BENCH_RUNS)"; \
	    for row in empty $(PERFT_ROWS); do pat="^BenchmarkPerft$$/^$$row$$"; \
	      run native "$$pat" dist/bench/board-native.test; \
	      if [ -x "$(DTM_BENCH)" ]; then run dragontoothmg "$$pat" "$(DTM_BENCH)"; fi; \
	      run wasm "$$pat" node "$$wasmexec" dist/bench/board-wasm.test; \
	    done; done'
	$(GO) run ./engine/board/internal/perftsummary < dist/bench/perft.txt

## ---- web player ----------------------------------------------------------------

serve:
	@echo "player not built yet"

test-web:

## ---- everything ----------------------------------------------------------------

test: vet test-go test-fuzz test-web test-search-wasm
