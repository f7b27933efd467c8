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

## ---- evaluation tuning (cmd/tune) ------------------------------------------------
# Texel tuning: self-play data (kept out of git under TUNE_DIR), then the fit
# that rewrites engine/eval/weights.go and prints the MSE before and after.
TUNE_DIR      ?= .tune
TUNE_OPENINGS ?= ../shared/data/openings/8moves_v3.pgn
TUNE_GAMES    ?= 5000
TUNE_NODES    ?= 3000
TUNE_WORKERS  ?= 1
TUNE_EPOCHS   ?= 400

.PHONY: tune-data tune

tune-data:
	mkdir -p $(TUNE_DIR)
	$(GO) run ./cmd/tune gen -openings $(TUNE_OPENINGS) -games $(TUNE_GAMES) -nodes $(TUNE_NODES) \
		-workers $(TUNE_WORKERS) -out $(TUNE_DIR)/selfplay.txt

tune:
	$(GO) run ./cmd/tune fit -data $(TUNE_DIR)/selfplay.txt -epochs $(TUNE_EPOCHS) -out engine/eval/weights.go

## ---- web player ----------------------------------------------------------------

serve:
	@echo "player not built yet"

test-web:

## ---- everything ----------------------------------------------------------------

test: vet test-go test-fuzz test-web
