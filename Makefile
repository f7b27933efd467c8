# Azurite build and test entry points. `make serve` and `make test` are the two
# commands in the README; everything long (deep perft, matches, tuning) has its own target.
# Sections are by concern; keep each concern's targets in its own section.

GO      ?= go
GOFLAGS ?=
FUZZTIME ?= 3s

.PHONY: all test test-go test-fuzz test-web vet serve build build-web bench-perft perft-deep

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

## ---- web player ----------------------------------------------------------------

# build.go is the one build entry for the browser side (esbuild Go API, wasm, assets).
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

build-web: node_modules/.package-lock.json
	$(GO) run build.go

serve: build-web
	$(GO) run build.go serve

# Browser tests (Playwright + Debian chromium) and the chess.js cross-checks.
test-web: build-web
	node --test --test-concurrency=1 tests/web/

## ---- offline app and embed (pwa) -------------------------------------------------

.PHONY: dist test-pwa

# Release build: a self-contained dist/ for any static host (content-hashed asset names,
# sw.js with the precache list, size report). Logic in internal/pwa; see docs/offline.md.
dist: node_modules/.package-lock.json
	$(GO) run build.go dist

# Browser tests of the installable app (offline, update, sub-path, installability) and
# of <azurite-board>, against the release build served under /sub/ with the strict CSP.
test-pwa: dist
	node --test --test-concurrency=1 tests/pwa/

## ---- everything ----------------------------------------------------------------

test: vet test-go test-fuzz test-web test-pwa
