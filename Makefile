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

# Full-depth perft over the shared suites (minutes): not part of `make test`.
perft-deep:
	$(GO) test -count=1 -run 'Perft' -timeout 60m ./engine/board

## ---- search ------------------------------------------------------------------
# Long search runs; none of them is part of `make test`.
WAC_NODES ?= 1000000
SUITE ?= tactical/wac.epd
BENCH_DEPTH ?= 12

.PHONY: wac suite bench-search ablation smp-ttd
# WAC at a fixed node budget per position (reproducible): prints the solved count.
wac:
	$(GO) test -count=1 -v -run '^TestSuite$$' -timeout 60m ./engine/search -args -suite tactical/wac.epd -nodes $(WAC_NODES) | grep -E 'solved|failed'

# Any shared suite: make suite SUITE=tactical/bk.epd WAC_NODES=500000
suite:
	$(GO) test -count=1 -v -run '^TestSuite$$' -timeout 120m ./engine/search -args -suite $(SUITE) -nodes $(WAC_NODES) | grep -E 'solved|failed'

# The bench signature (total nodes) and nps, natively.
bench-search:
	$(GO) test -count=1 -v -run '^TestBenchPrint$$' ./engine/search -args -benchdepth $(BENCH_DEPTH) | grep -E 'Nodes searched'

## ---- web player ----------------------------------------------------------------

serve:
	@echo "player not built yet"

test-web:

## ---- everything ----------------------------------------------------------------

test: vet test-go test-fuzz test-web
