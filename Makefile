# Azurite build and test entry points. `make serve` and `make test` are the two
# commands in the README; `make help` lists the everyday targets. Measurements
# (benchmarks, instruction counts, matches, tuning) live in lab.mk, included at
# the end, with their scripts in tools/lab/ (`make help-lab`).

GO      ?= go
GOFLAGS ?=
# The project's Go release (go.mod's toolchain line). A machine starts on its
# own Go and does not switch by itself; with this exported every go command
# here (and in lab.mk and the scripts it runs) fetches and uses go1.27.3
# from the module proxy. A comparison may name another: make X GOTOOLCHAIN=...
GOTOOLCHAIN ?= go1.27.3
export GOTOOLCHAIN
# Fuzz budgets are execution counts, not durations: they take the same work on
# a loaded machine as on an idle one (and go1.26's coordinator reported a
# spurious "context deadline exceeded" with durations, golang/go#75804).
FUZZ_FAST ?= 20000x
FUZZ_SLOW ?= 150x

.PHONY: all help help-lab test test-go test-fuzz test-web vet serve build build-web shots-languages

# Every GOOS=js GOARCH=wasm binary is built by internal/wasmbuild (through
# tools/wasmbuild): the compiler, then internal/wasmjump's rewrite, as the
# shipped azurite.wasm. WASMJUMP=0 is the one switch that leaves the
# compiler's output as it is (for comparisons: make bench-instr WASMJUMP=0);
# a Go release the rewrite was not verified with does the same and says so.
WASMJUMP ?= 1
export WASMJUMP
# WASM_SIMD=1 (the default) builds wasm binaries with GOEXPERIMENT=simd, the
# wasm SIMD kernels of the net, as the shipped azurite.wasm; WASM_SIMD=0 builds
# the scalar path (the fallback for browsers without SIMD), for comparisons.
WASM_SIMD ?= 1
# The native binaries are built with GOEXPERIMENT=simd too: the net's kernels
# use AVX2 on amd64 CPUs that have it (engine/eval/nnue_simd_amd64.go) and
# the SWAR code elsewhere. NATIVE_SIMD= (empty) builds without.
NATIVE_SIMD ?= GOEXPERIMENT=simd
# $(call wasmbin,OUT,GO COMMAND,PACKAGE): GOOS=js GOARCH=wasm go COMMAND -o OUT
# PACKAGE, then the rewrite (internal/wasmbuild.Build); with SIMD per WASM_SIMD.
# wasmbin_scalar: the same without SIMD, whatever WASM_SIMD says.
define wasmbin
	$(GO) run ./tools/wasmbuild $(if $(filter 1,$(WASM_SIMD)),-simd) -o $(1) $(3) $(2)
endef
define wasmbin_scalar
	$(GO) run ./tools/wasmbuild -o $(1) $(3) $(2)
endef

all: build

# The everyday targets; measurement targets are in lab.mk (make help-lab).
help:
	@echo 'Azurite: everyday targets (measurements: make help-lab)'
	@echo '  make serve             build the web player into dist/ and serve it (localhost:8080)'
	@echo '  make test              all that CI runs (.ci/run): vet, Go, fuzz, browser, wasm, PWA'
	@echo '  make build             go build ./...'
	@echo '  make vet               gofmt check and go vet'
	@echo '  make test-go           Go tests (-short), and -race on engine/'
	@echo '  make test-fuzz         the fuzz targets, fixed execution counts'
	@echo '  make test-web          browser tests of the player (headless Chromium)'
	@echo '  make shots-languages   phone screenshots of the tools in two languages (LANGS=fr de)'
	@echo '  make test-wasm         the wasm engine under node and in a browser worker'
	@echo '  make test-search-wasm  the wasm bench node count equals the native one'
	@echo '  make test-pwa          the release build: offline, sub-path, installable'
	@echo '  make azurite           the native UCI/xboard engine in bin/azurite'
	@echo '  make wasm              dist/azurite.wasm, wasm_exec.js and worker.js'
	@echo '  make uci-wasm          the wasm engine as a UCI engine on stdin/stdout (node)'
	@echo '  make dist              release build for a static host (checks the rewrite first)'
	@echo '  make release           cross-compiled native binaries in dist/release'
	@echo '  make book              regenerate the embedded opening book'
	@echo 'Switch: WASMJUMP=0 builds every wasm binary without the post-link rewrite.'

# Every target of lab.mk with the start of the comment before it.
help-lab:
	@awk '/^$$/ { c = "" } /^## / { next } /^#/ { if (c == "") c = substr($$0, 3); next } /^[a-z][a-z0-9-]*:/ { t = $$1; sub(":", "", t); printf "  make %-17s %s\n", t, substr(c, 1, 58); c = "" }' lab.mk

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
	$(NATIVE_SIMD) $(GO) test -short -count=1 ./engine/eval ./engine/search ./cmd/azurite

# `go test -fuzz` takes one target at a time. Parsers are fast (FUZZ_FAST
# executions); the protocol handlers start searches (FUZZ_SLOW executions).
test-fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzRewrite$$' -fuzztime $(FUZZ_FAST) ./internal/wasmjump
	$(GO) test -run '^$$' -fuzz '^FuzzParseFEN$$' -fuzztime $(FUZZ_FAST) ./engine/board
	$(GO) test -run '^$$' -fuzz '^FuzzParseMove$$' -fuzztime $(FUZZ_FAST) ./engine/board
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZ_FAST) ./engine/book
	$(GO) test -run '^$$' -fuzz '^FuzzHandler$$' -fuzztime $(FUZZ_SLOW) ./engine/uci
	$(GO) test -run '^$$' -fuzz '^FuzzXboard$$' -fuzztime $(FUZZ_SLOW) ./engine/uci
	$(GO) test -run '^$$' -fuzz '^FuzzXboardTime$$' -fuzztime $(FUZZ_FAST) ./engine/uci
	$(GO) test -run '^$$' -fuzz '^FuzzLineReader$$' -fuzztime $(FUZZ_FAST) ./engine/uci

# go test -exec for wasm test binaries: the toolchain's go_js_wasm_exec run on
# the binary after the same jump rewrite as dist/azurite.wasm (WASMJUMP=0: without).
WASM_EXEC = $(CURDIR)/tools/wasm-exec.sh

.PHONY: test-search-wasm
# Part of `make test`: the bench node count of the wasm build under node must
# equal the native one (a shallow depth keeps it to seconds).
# The bench signature natively and as wasm, each with and without SIMD, must agree,
# with the hand-written evaluation and with the built-in net.
test-search-wasm:
	@for ev in hce nnue; do flag=""; [ $$ev = nnue ] && flag=-benchnnue; \
	native=$$($(GO) test -count=1 -v -run '^TestBenchPrint$$' ./engine/search -args -benchdepth 7 $$flag | grep -o 'Nodes searched: [0-9]*'); \
	nsimd=$$(GOEXPERIMENT=simd $(GO) test -count=1 -v -run '^TestBenchPrint$$' ./engine/search -args -benchdepth 7 $$flag | grep -o 'Nodes searched: [0-9]*'); \
	wasm=$$(GOOS=js GOARCH=wasm $(GO) test -count=1 -v -exec="$(WASM_EXEC)" -run '^TestBenchPrint$$' ./engine/search -args -benchdepth 7 $$flag | grep -o 'Nodes searched: [0-9]*'); \
	simd=$$(GOOS=js GOARCH=wasm GOEXPERIMENT=simd $(GO) test -count=1 -v -exec="$(WASM_EXEC)" -run '^TestBenchPrint$$' ./engine/search -args -benchdepth 7 $$flag | grep -o 'Nodes searched: [0-9]*'); \
	echo "bench depth 7 ($$ev): native '$$native', native SIMD '$$nsimd', wasm '$$wasm', wasm SIMD '$$simd'"; \
	test -n "$$native" && test "$$native" = "$$nsimd" && test "$$native" = "$$wasm" && test "$$native" = "$$simd" || exit 1; done

## ---- native binary and opening book (engine/uci, engine/book, cmd/azurite) -------

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
RELEASE_TARGETS := linux/amd64 linux/arm64 darwin/arm64 windows/amd64

.PHONY: azurite book release

# The native UCI/xboard engine, with the compact book embedded.
azurite:
	$(NATIVE_SIMD) $(GO) build -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o bin/azurite ./cmd/azurite

# Regenerate the compact book (deterministic; a test checks the committed file).
book:
	$(GO) run ./cmd/azurite book build ../shared/data/polyglot/gnuchess-book.bin cmd/azurite/book.bin

# Cross-compiled static binaries in dist/release.
release:
	@mkdir -p dist/release
	@for t in $(RELEASE_TARGETS); do \
		os=$${t%/*}; arch=$${t#*/}; ext=; [ $$os = windows ] && ext=.exe; \
		out=dist/release/azurite-$(VERSION)-$$os-$$arch$$ext; \
		echo "build $$out"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(NATIVE_SIMD) $(GO) build -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o $$out ./cmd/azurite || exit 1; \
	done
	@ls -l dist/release

## ---- wasm worker (wasm/, worker.js, web/engine-client.js, tools/azurite-uci.mjs) ----
# The engine as GOOS=js GOARCH=wasm, with the same flags build.go uses.
WASM_FLAGS ?= -trimpath -ldflags=-s

.PHONY: wasm uci-wasm test-wasm test-wasm-node test-wasm-browser wasm-deps
# dist/azurite.wasm (SIMD), dist/azurite-scalar.wasm (the fallback worker.js
# loads where the browser has no wasm SIMD), wasm_exec.js (same toolchain)
# and worker.js, and their sizes.
wasm:
	@mkdir -p dist
	$(call wasmbin,dist/azurite.wasm,build $(WASM_FLAGS),./wasm)
	$(call wasmbin_scalar,dist/azurite-scalar.wasm,build $(WASM_FLAGS),./wasm)
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" dist/wasm_exec.js
	cp worker.js dist/worker.js
	@node tools/wasm-size.mjs dist/azurite.wasm dist/wasm_exec.js dist/worker.js dist/azurite-scalar.wasm

# The wasm engine as a stdin/stdout UCI engine under node (build output goes to stderr).
uci-wasm:
	@$(MAKE) --no-print-directory wasm >&2
	@node tools/azurite-uci.mjs

# fmt, encoding/json and net/http stay out of the wasm build except through vert;
# the bridge's own Go tests run under node, and so do the session and UCI
# tests and the search's stop/ponder tests (one thread, no preemption: a
# search that never yields keeps Stop from running; about 20 s in all).
WASM_SEARCH_TESTS = ^(TestStopInfinite|TestStopBeforeSearch|TestInfiniteWaitsAfterMate|TestPonderHit|TestYieldHook)$$
wasm-deps: wasm
	@GOOS=js GOARCH=wasm $(GO) vet ./wasm
	@bash tools/wasm-deps.sh
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec="$(WASM_EXEC)" ./wasm
	GOOS=js GOARCH=wasm $(GO) test -short -count=1 -exec="$(WASM_EXEC)" ./engine/session ./engine/uci
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec="$(WASM_EXEC)" -run 'NNUE|Net|Kernels' ./engine/eval
	GOOS=js GOARCH=wasm GOEXPERIMENT=simd $(GO) test -count=1 -exec="$(WASM_EXEC)" -run 'NNUE|Net|Kernels|Symmetry' ./engine/eval
	$(GO) run ./tools/wasmsimd dist/azurite.wasm dist/azurite-scalar.wasm
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec="$(WASM_EXEC)" -run '$(WASM_SEARCH_TESTS)' ./engine/search

test-wasm-node: node_modules/.package-lock.json wasm
	node --test --test-concurrency=1 tests/wasm/runner.test.mjs

test-wasm-browser: node_modules/.package-lock.json wasm
	node --test --test-concurrency=1 tests/wasm/worker.test.mjs tests/wasm/client.test.mjs

test-wasm: node_modules/.package-lock.json wasm wasm-deps
	node --test --test-concurrency=1 tests/wasm/

## ---- web player ----------------------------------------------------------------

# build.go is the one build entry for the browser side (esbuild Go API, wasm, assets).
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

build-web: node_modules/.package-lock.json
	$(GO) run build.go

# The server runs as make's own child, not under `go run` (which passes no
# SIGTERM on, leaving the server on the port): stopping make stops it.
SERVE_DIR ?= dist
serve: build-web
	$(GO) build -o bin/azurite-build build.go
	exec bin/azurite-build serve -dir $(SERVE_DIR)

# Browser tests (Playwright + Debian chromium) and the chess.js cross-checks.
test-web: build-web
	node --test --test-concurrency=1 tests/web/*.test.mjs

# Phone screenshots of the analysis and accessibility tools in two languages, to look
# at (test-results/lang-*.png); LANGS picks the languages.
LANGS ?= fr de
shots-languages: build-web
	node tests/web/language-shots.mjs $(LANGS)

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

test: vet test-go test-fuzz test-web test-search-wasm test-wasm test-pwa

include lab.mk
