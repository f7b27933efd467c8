# Measurements: speed, instruction counts, search suites, matches and tuning,
# included by the Makefile (make help-lab lists them). None of these targets is
# part of `make test`; their scripts are in tools/lab/ and their results, with
# the command that reproduces each, in docs/ (README.md lists the pages).

## ---- engine speed (docs/wasm-speed.md) -----------------------------------------

.PHONY: perft-deep bench-perft

# Full-depth perft over the shared suites (every depth they list, ~22e9 nodes;
# minutes on a free core): not part of `make test`.
perft-deep:
	$(GO) test -count=1 -run '^TestPerft(Shallow|Deep)$$' -timeout 120m ./engine/board

# Perft speed (Mnps): BenchmarkPerft (start position depth 6, Kiwipete depth
# 5, each bulk-counted -- the last ply's legal moves counted without being
# made or written -- and with every leaf made and unmade) natively and as
# GOOS=js GOARCH=wasm under node, and, when DTM_BENCH names an executable, the
# same rows for dylhunn/dragontoothmg (a Go test binary with a BenchmarkPerft
# of the same rows, built outside this repository: it is GPL and never
# committed; its bulk count takes the length of its generated move list).
# Each row runs in its own process under /usr/bin/time, the three
# implementations interleaved, BENCH_RUNS times; the summary gives medians of
# wall-clock Mnps (the Go benchmark's figure) and of CPU Mnps (nodes over the
# process's user time minus an empty run's: on a shared machine the wall
# clock mostly measures the neighbours). The no-bulk rows are as deep as the
# bulk ones so that start-up (wasm compilation) weighs little on them.
BENCH_RUNS ?= 3
DTM_BENCH  ?= /tmp/board/dtmbench.test
PERFT_ROWS  = startpos-d6-bulk kiwipete-d5-bulk startpos-d6-nobulk kiwipete-d5-nobulk
bench-perft:
	@mkdir -p dist/bench
	$(GO) test -c -o dist/bench/board-native.test ./engine/board
	$(call wasmbin,dist/bench/board-wasm.test,test -c,./engine/board)
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

# Machine instructions per perft node, natively and as wasm under node
# (valgrind; tools/lab/perft-instr.sh): the load-independent stand-in for the
# wasm/native ratio of bench-perft. Takes a few minutes.
.PHONY: perft-instr
perft-instr:
	@mkdir -p dist/bench
	$(GO) test -c -o dist/bench/board-native.test ./engine/board
	$(call wasmbin,dist/bench/board-wasm.test,test -c,./engine/board)
	bash tools/lab/perft-instr.sh dist/bench/board-native.test dist/bench/board-wasm.test

# Executed wasm instructions per search node, by function, of the wasm
# TestBenchPrint at ICOUNT_DEPTH (tools/lab/wasm-icount.mjs): a figure that does
# not depend on the machine's load, for comparing wasm builds. Needs wabt.
ICOUNT_DEPTH ?= 7
.PHONY: wasm-icount
wasm-icount:
	@mkdir -p dist/bench
	$(call wasmbin,dist/bench/search-wasm.test,test -c,./engine/search)
	node tools/lab/wasm-icount.mjs dist/bench/search-wasm.test -test.run '^TestBenchPrint$$' -test.v -benchdepth $(ICOUNT_DEPTH) | grep -v 'benchrun_test.go:16'

# Machine instructions per search node, natively and as wasm under node
# (valgrind; tools/lab/instr-per-node.sh): the wasm/native speed ratio as a
# figure that does not depend on the machine's load. Takes minutes.
.PHONY: bench-instr
bench-instr:
	@mkdir -p dist/bench
	$(GO) test -c -o dist/bench/search-native.test ./engine/search
	$(call wasmbin,dist/bench/search-wasm.test,test -c,./engine/search)
	tools/lab/instr-per-node.sh dist/bench/search-native.test dist/bench/search-wasm.test

# V8 machine instructions per search node in each Go function of the wasm
# build (valgrind + node's perf map; tools/lab/wasm-jitprof.mjs), at bench depth
# JITPROF_DEPTH: repeats exactly for one binary. Takes minutes.
JITPROF_DEPTH ?= 6
.PHONY: wasm-jitprof
wasm-jitprof:
	@mkdir -p dist/bench
	$(call wasmbin,dist/bench/search-wasm.test,test -c,./engine/search)
	node tools/lab/wasm-jitprof.mjs dist/bench/search-wasm.test -test.run '^TestBenchPrint$$' -test.v -benchdepth $(JITPROF_DEPTH)

## ---- search ------------------------------------------------------------------
# Long search runs; none of them is part of `make test`.
WAC_NODES ?= 1000000
SUITE ?= tactical/wac.epd
BENCH_DEPTH ?= 12

WAC_MOVETIME ?= 1s
WAC_THREADS ?= 1

.PHONY: wac wac-time suite bench-search ablation smp-ttd
# WAC at a fixed node budget per position (reproducible): prints the solved count.
wac:
	$(GO) test -count=1 -v -run '^TestSuite$$' -timeout 60m ./engine/search -args -suite tactical/wac.epd -nodes $(WAC_NODES) | grep -E 'solved|failed'

# WAC at a fixed time per position (the issue's "1 s per position"; depends on
# the machine and its load, so quote the load average with the result):
# make wac-time WAC_MOVETIME=1s WAC_THREADS=2
wac-time:
	$(GO) test -count=1 -v -run '^TestSuite$$' -timeout 60m ./engine/search -args -suite tactical/wac.epd -movetime $(WAC_MOVETIME) -threads $(WAC_THREADS) | grep -E 'solved|failed'

# Any shared suite: make suite SUITE=tactical/bk.epd WAC_NODES=500000
suite:
	$(GO) test -count=1 -v -run '^TestSuite$$' -timeout 120m ./engine/search -args -suite $(SUITE) -nodes $(WAC_NODES) | grep -E 'solved|failed'

# The bench signature (total nodes) and nps, natively and as wasm under node,
# side by side in one run.
bench-search:
	@echo "native:"; $(GO) test -count=1 -v -run '^TestBenchPrint$$' ./engine/search -args -benchdepth $(BENCH_DEPTH) | grep -E 'Nodes searched'
	@echo "wasm (node):"; GOOS=js GOARCH=wasm $(GO) test -count=1 -v -exec="$(WASM_EXEC)" -run '^TestBenchPrint$$' ./engine/search -args -benchdepth $(BENCH_DEPTH) | grep -E 'Nodes searched'

ABLATION_DEPTH ?= 10
# The Brange & Lund (2021) ablation table (docs/ablation.md): time and nodes to
# a fixed depth with and without each feature, WAC positions. Takes minutes.
ablation:
	$(GO) test -count=1 -v -run '^TestAblation$$' -timeout 120m ./engine/search -args -ablation -ablationdepth $(ABLATION_DEPTH) | grep -E '^\s*\|| ablation'

# Time to depth, Threads=1 vs Threads=2 (needs two idle cores to mean anything).
smp-ttd:
	$(GO) test -count=1 -v -run '^TestAblation$$' -timeout 120m ./engine/search -args -ablation -smponly -ablationdepth $(ABLATION_DEPTH) | grep -E '^\s*\|| ablation'

## ---- wasm worker figures (docs/protocol-figures.md) --------------------------

.PHONY: wasm-figures wasm-vert-cost wasm-hosts

# Side-by-side figures for docs/protocol-figures.md: yield cost (turns on/off interleaved in one
# worker, mirrored and rotated order, engine-thread CPU), turn cost, nps native/node/Chromium,
# load time, stop latency, size. CONFIGS, DEPTH, ROUNDS, WARMUP, TRIALS, TURNS, STEPS, HOSTS
# (see tests/wasm/figures.mjs), e.g. CONFIGS='off,off#2,5,on,20' DEPTH=9 ROUNDS=10.
wasm-figures: node_modules/.package-lock.json wasm
	node tests/wasm/figures.mjs

# The same azurite.wasm on each JavaScript engine against the native binary:
# bench nps in native, under every node in NODES (comma-separated binaries,
# default node on PATH) and in a Chromium worker, rounds rotated (tests/wasm/hosts.mjs).
wasm-hosts: node_modules/.package-lock.json wasm
	node tests/wasm/hosts.mjs

# new Worker -> readyok in Chromium, fresh workers of the SIMD build, the
# scalar fallback and (BEFORE=DIR) another build's dist/, side by side
# (tests/wasm/ready-time.mjs; TRIALS, default 5).
.PHONY: wasm-ready
wasm-ready: node_modules/.package-lock.json wasm
	node tests/wasm/ready-time.mjs

# What vert (the typed-message converter) costs in azurite.wasm: the same
# bridge built with a hand-written stand-in (tools/lab/vertstub), sizes compared.
wasm-vert-cost:
	bash tools/lab/vert-cost.sh

## ---- evaluation tuning (cmd/tune) ------------------------------------------------
# Texel tuning: self-play data (kept out of git under TUNE_DIR), then the fit
# that rewrites engine/eval/weights.go and prints the MSE before and after.
TUNE_DIR      ?= .tune
TUNE_OPENINGS ?= ../shared/data/openings/8moves_v3.pgn
TUNE_GAMES    ?= 5000
TUNE_NODES    ?= 3000
TUNE_WORKERS  ?= 1
TUNE_EPOCHS   ?= 60
TUNE_FREEZE   ?= PSQ,Mobility

.PHONY: tune-data tune

# Self-play positions for the Texel fit (TUNE_GAMES games at TUNE_NODES).
tune-data:
	mkdir -p $(TUNE_DIR)
	$(GO) run ./cmd/tune gen -openings $(TUNE_OPENINGS) -games $(TUNE_GAMES) -nodes $(TUNE_NODES) \
		-workers $(TUNE_WORKERS) -out $(TUNE_DIR)/selfplay.txt

# The Texel fit: rewrites engine/eval/weights.go, prints the MSE before and after.
tune:
	$(GO) run ./cmd/tune fit -data $(TUNE_DIR)/selfplay.txt -epochs $(TUNE_EPOCHS) -freeze '$(TUNE_FREEZE)' \
		-out engine/eval/weights.go

# Machine instructions per evaluation, natively and as wasm under node
# (valgrind; tools/lab/eval-instr.sh): the evaluation's own wasm/native ratio,
# load-independent. Takes minutes.
.PHONY: eval-instr
eval-instr:
	@mkdir -p dist/bench
	$(GO) test -c -o dist/bench/eval-native.test ./engine/eval
	$(call wasmbin,dist/bench/eval-wasm.test,test -c,./engine/eval)
	tools/lab/eval-instr.sh dist/bench/eval-native.test dist/bench/eval-wasm.test

## ---- strength: matches and test suites (docs/strength.md, docs/matches.md) -------------------------
# Long, CPU-heavy runs; never part of `make test`. fastchess is built outside the
# repo (../shared/tools/README.md); the anchors are Debian packages in /usr/games.
MATCH_HOME       ?= $(HOME)/.cache/azurite-match
FASTCHESS        ?= $(MATCH_HOME)/fastchess/fastchess
MATCH_DIR        ?= .match
# What every head-to-head match here shares: the book in colour-reversed
# pairs, crash recovery and adjudication. Each target adds its seed, length,
# concurrency and test.
MATCH_GAMES       = -openings file=$(CURDIR)/../shared/data/openings/8moves_v3.pgn format=pgn order=random \
	-repeat -recover -resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 -maxmoves 400
# A copy of the wasm build and its node runner in folder $1, so that a rebuild
# during a match cannot change what plays; wasm_args is fastchess's args= for it.
# The copy is made afresh for each match, so the targets that use it write
# their PGN beside it, in MATCH_DIR, where the next match leaves it.
wasm_copy         = rm -rf $1 && mkdir -p $1 && cp dist/azurite.wasm dist/wasm_exec.js tools/azurite-uci.mjs $1/
wasm_args         = args=$1/azurite-uci.mjs --wasm $1/azurite.wasm --exec $1/wasm_exec.js
AB_BASE          ?= HEAD~1
AB_TC            ?= 8+0.08
AB_ROUNDS        ?= 500
AB_SPRT          ?= elo0=0 elo1=10 alpha=0.05 beta=0.05
AB_TIMEMARGIN    ?= 200
GAUNTLET_GAMES   ?= 40
GAUNTLET_TC      ?= 10+0.1
GAUNTLET_ANCHORS ?= sf1500,sf2000,fairymax,phalanx,gnuchess,glaurung
GAUNTLET_TIMEMARGIN ?= 200
STS_NODES        ?= 100000
STS_EVERY        ?= 1
ABL_FEATURE      ?= mobility
ABL_NODES        ?= 3000
ABL_ROUNDS       ?= 100
ABL_SRAND        ?= 20261122
ABL_CONCURRENCY  ?= 2

.PHONY: match-ab gauntlet sts ablation-match

# A/B test (SPRT) of the working tree's engine against the build of git
# revision AB_BASE, one game at a time, colour-reversed pairs of book openings.
# fastchess runs inside MATCH_DIR (it writes its config.json to the working directory).
match-ab:
	rm -rf $(MATCH_DIR)/base && mkdir -p $(MATCH_DIR)/base
	git archive $(AB_BASE) | tar -x -C $(MATCH_DIR)/base
	cd $(MATCH_DIR)/base && $(NATIVE_SIMD) $(GO) build -o ../azurite-base ./cmd/azurite
	$(NATIVE_SIMD) $(GO) build -o $(MATCH_DIR)/azurite-new ./cmd/azurite
	cd $(MATCH_DIR) && $(FASTCHESS) -engine cmd=./azurite-new name=new -engine cmd=./azurite-base name=base \
		-each tc=$(AB_TC) timemargin=$(AB_TIMEMARGIN) option.Threads=1 option.Hash=16 \
		$(MATCH_GAMES) -rounds $(AB_ROUNDS) -concurrency 1 -sprt $(AB_SPRT) \
		-pgnout file=ab-$$(date +%Y%m%d-%H%M%S).pgn

# Gauntlet of the native binary against the rated anchors (../shared/tools/gauntlet.sh).
gauntlet:
	mkdir -p $(MATCH_DIR)
	$(NATIVE_SIMD) $(GO) build -o $(MATCH_DIR)/azurite ./cmd/azurite
	cd $(MATCH_DIR) && CONCURRENCY=1 TIMEMARGIN=$(GAUNTLET_TIMEMARGIN) ANCHORS=$(GAUNTLET_ANCHORS) CAND_NAME=azurite FASTCHESS=$(FASTCHESS) \
		$(CURDIR)/../shared/tools/gauntlet.sh "$(CURDIR)/$(MATCH_DIR)/azurite" $(GAUNTLET_GAMES) $(GAUNTLET_TC)

# The native binary and the wasm build under node (NODE=…, default node on PATH)
# against the same anchors with the same openings, side by side, one game at a
# time each; prints both ratings and the gap (tools/lab/gauntlet-pair.sh; issue 5).
GAUNTLET_PAIR_GAMES ?= 50
.PHONY: gauntlet-pair
gauntlet-pair:
	bash tools/lab/gauntlet-pair.sh $(GAUNTLET_PAIR_GAMES) $(GAUNTLET_TC)

# The web player's strength levels (web/levels.js) against the anchors, and the
# levels below the weakest anchor through a chain of level-vs-level matches
# (tools/lab/calibrate-levels.sh; results and commands in docs/levels.md).
# Anchor pairings use the clock: run them on a quiet machine.
CALIBRATE_GAMES    ?= 40
CALIBRATE_PAIRINGS ?= casual:sf1500 club:sf1500 strong:sf1750 expert:sf2000 master:sf2000 \
	candidate:sf2000 im:sf2000 gm:sf2250 novice:casual beginner:novice absolute:beginner
.PHONY: calibrate-levels
calibrate-levels:
	mkdir -p $(MATCH_DIR)
	$(NATIVE_SIMD) $(GO) build -o $(MATCH_DIR)/azurite-levels ./cmd/azurite
	FASTCHESS=$(FASTCHESS) GAMES=$(CALIBRATE_GAMES) tools/lab/calibrate-levels.sh $(MATCH_DIR)/azurite-levels $(CALIBRATE_PAIRINGS)

# Strategic Test Suite at a fixed node budget per position (reproducible);
# STS_EVERY=10 runs every 10th position (150, all themes).
sts:
	$(GO) run ./cmd/tune sts -file ../shared/data/tactical/sts.epd -nodes $(STS_NODES) -every $(STS_EVERY)

# Ablation match: the committed HEAD with one feature removed
# (tools/lab/ablate.sh list) against HEAD itself, at a fixed node count per move,
# so the result does not depend on the machine's load.
ablation-match:
	mkdir -p $(MATCH_DIR)
	tools/lab/ablate.sh $(ABL_FEATURE) $(CURDIR)/$(MATCH_DIR)/azurite-no-$(ABL_FEATURE)
	tools/lab/ablate.sh none $(CURDIR)/$(MATCH_DIR)/azurite-full
	cd $(MATCH_DIR) && $(FASTCHESS) -engine cmd=./azurite-no-$(ABL_FEATURE) name=no-$(ABL_FEATURE) -engine cmd=./azurite-full name=full \
		-each tc=inf nodes=$(ABL_NODES) option.Threads=1 option.Hash=16 \
		$(MATCH_GAMES) -srand $(ABL_SRAND) -rounds $(ABL_ROUNDS) -concurrency $(ABL_CONCURRENCY) \
		-pgnout file=ablation-$(ABL_FEATURE)-$(ABL_NODES).pgn

## ---- web player figures --------------------------------------------------------

.PHONY: bench-web bench-library

# Time to interactive and main-thread frame times during a search (figures, not tests).
bench-web: build-web
	node tests/web/bench.mjs

# The library in Chromium: importing LIB_GAMES games, the heap after it, opening the
# list and a search, medians of LIB_RUNS fresh profiles (docs/web.md, "The library").
LIB_GAMES ?= 10000
LIB_RUNS  ?= 3
bench-library: build-web
	node tests/web/library-bench.mjs $(LIB_GAMES) $(LIB_RUNS)

## ---- learned evaluation (cmd/nnue, docs/nnue.md) --------------------------------------

# The learned evaluation: self-play data, training and installing a net. The data and runs live in
# NNUE_DIR, outside the repository; every target resumes where a killed run
# stopped and reproduces its output from the seeds. nnue-data runs until
# NNUE_CHUNKS chunks exist (0: until killed) at nice 19, one game per core.
NNUE_DIR      ?= $(HOME)/.cache/azurite/nnue
NNUE_DATA     ?= $(NNUE_DIR)/data
NNUE_SEED     ?= 1
NNUE_NODES    ?= 5000
# NNUE_SOFT_NODES: end each move's search at the first completed depth past
# this many nodes, NNUE_NODES then the hard cap (empty: NNUE_NODES alone).
NNUE_SOFT_NODES ?=
NNUE_CHUNKS   ?= 0
# NNUE_GAMES_PER_CHUNK: games in one chunk file (empty: the generator's 100).
NNUE_GAMES_PER_CHUNK ?=
NNUE_WORKERS  ?= $(shell nproc)
NNUE_OPENINGS ?= $(CURDIR)/../shared/data/openings/8moves_v3.pgn
NNUE_NET      ?=
NNUE_RUN      ?= $(NNUE_DIR)/train
NNUE_EPOCHS   ?= 20
NNUE_FLAGS    ?=
NNUE_BIN       = $(NNUE_DIR)/bin/nnue-$(shell git rev-parse --short=12 HEAD 2>/dev/null || echo dev)
# Every self-play run: one game per core, at nice 19; each adds its -out and seeds.
NNUE_GEN       = nice -n 19 $(NNUE_BIN) datagen -workers $(NNUE_WORKERS) -openings $(NNUE_OPENINGS)
# nnue_set(seed,net,chunks): the set data-s<seed> in NNUE_DIR, made to <chunks>
# chunks by <net> at the iterations' settings (soft 5 000 nodes, 20 000 hard).
nnue_set = $(NNUE_GEN) -out $(NNUE_DIR)/data-s$(1) -seed $(1) -nodes 20000 -soft-nodes 5000 -net $(2) -chunks $(3)
# data-s10010: nn-faaf97409bce's games from a 16-core burst, 25 games a
# chunk, chunks 0-531 (NNUE_GIT_NET6 is defined with the seventh iteration).
nnue_s10010 = $(NNUE_GEN) -out $(NNUE_DIR)/data-s10010 -seed 10010 -nodes 20000 -soft-nodes 5000 -games-per-chunk 25 -net $(NNUE_GIT_NET6) -chunks 532
.PHONY: nnue-bin nnue-data nnue-status nnue-train nnue-recipe nnue-install nnue-sprt
# Build cmd/nnue at this revision into NNUE_DIR/bin (the manifest records it).
nnue-bin:
	@mkdir -p $(NNUE_DIR)/bin
	$(NATIVE_SIMD) $(GO) build -ldflags "-X main.revision=$$(git rev-parse --short=12 HEAD)$$(git diff --quiet HEAD -- engine cmd || echo -dirty)" -o $(NNUE_BIN) ./cmd/nnue
# Self-play positions into NNUE_DATA until NNUE_CHUNKS chunks (resumable).
nnue-data: nnue-bin
	$(NNUE_GEN) -out $(NNUE_DATA) -seed $(NNUE_SEED) -nodes $(NNUE_NODES) -chunks $(NNUE_CHUNKS) $(if $(NNUE_NET),-net $(NNUE_NET)) $(if $(NNUE_SOFT_NODES),-soft-nodes $(NNUE_SOFT_NODES)) $(if $(NNUE_GAMES_PER_CHUNK),-games-per-chunk $(NNUE_GAMES_PER_CHUNK))
# Games, positions, W/D/L and positions per worker-second in NNUE_DATA.
nnue-status: nnue-bin
	$(NNUE_BIN) status $(NNUE_DATA)
# Train a net on NNUE_DATA into NNUE_RUN (resumable; NNUE_FLAGS for more).
nnue-train: nnue-bin
	nice -n 10 $(NNUE_BIN) train -data $(NNUE_DATA) -out $(NNUE_RUN) -epochs $(NNUE_EPOCHS) -seed $(NNUE_SEED) $(NNUE_FLAGS)
# nn-20b9bcf4c0d6's recipe, the net before the built-in one (docs/nnue.md,
# "Nets"): 64-node games scored by
# the hand-written evaluation teach a net to imitate it (1), then the 5 000-node
# games' positions join (2) and their mirror images (3); then the net learns
# the searches' scores (4), then also those of games the net before played
# itself (5, only when NNUE_OWN_CHUNKS > 0), and last those of games stage 5's
# net played itself (6, only when NNUE_OWN2_CHUNKS > 0 too). Each stage
# resumes; the net is NNUE_RECIPE/6/nn-*.nnue (the last stage run). The nets
# before: nn-f093a73ac8b2 is stage 5 (NNUE_OWN2_CHUNKS=0), nn-76d23836b131
# stage 4 with NNUE_DATA_CHUNKS=150 NNUE_OWN_CHUNKS=0.
NNUE_FAST        ?= $(NNUE_DIR)/data-fast
NNUE_FAST_CHUNKS ?= 706
NNUE_IMIT_CHUNKS ?= 150
NNUE_DATA_CHUNKS ?= 233
NNUE_OWN         ?= $(NNUE_DIR)/data-net1
NNUE_OWN_CHUNKS  ?= 211
NNUE_OWN_NET     ?= $(NNUE_DIR)/nets/nn-76d23836b131.nnue
NNUE_OWN2        ?= $(NNUE_DIR)/data-net2
NNUE_OWN2_CHUNKS ?= 317
NNUE_OWN2B       ?= $(NNUE_DIR)/data-net2b
NNUE_OWN2B_CHUNKS ?= 65
NNUE_OWN2_NET    ?= $(NNUE_DIR)/nets/nn-f093a73ac8b2.nnue
NNUE_RECIPE      ?= $(NNUE_DIR)/recipe
# Every recipe stage trains with these settings; stages 5 and 6 run when these are set.
NNUE_TRAIN_STAGE  = nice -n 10 $(NNUE_BIN) train -threads 2 -seed 1 -lambda 1
NNUE_STAGE5       = $(filter-out 0,$(NNUE_OWN_CHUNKS))
NNUE_STAGE6       = $(if $(NNUE_STAGE5),$(filter-out 0,$(NNUE_OWN2_CHUNKS)))
# Stages 5 and 6 learn the searches' scores the same way; each adds data to
# the stage before it.
NNUE_OWN_STAGE    = -mirror -epochs 4 -batch 4096 -lr 0.001
NNUE_STAGE5_DATA  = $(NNUE_DATA):$(NNUE_DATA_CHUNKS),$(NNUE_OWN):$(NNUE_OWN_CHUNKS)
NNUE_STAGE6_DATA  = $(NNUE_STAGE5_DATA),$(NNUE_OWN2):$(NNUE_OWN2_CHUNKS),$(NNUE_OWN2B):$(NNUE_OWN2B_CHUNKS)
# The nets that played NNUE_OWN's and NNUE_OWN2's games, each from the commit
# that built it in.
NNUE_NET_COMMIT_76d23836b131 = 664069b
NNUE_NET_COMMIT_f093a73ac8b2 = 42c2207
NNUE_NET_COMMIT_20b9bcf4c0d6 = 30e5ab7
NNUE_NET_COMMIT_c0bb54cce8ca = 660b582
NNUE_NET_COMMIT_93686917ca91 = 0ca2e05
NNUE_NET_COMMIT_faaf97409bce = a99675c
NNUE_NET_COMMIT_d6036171b57d = 99f8a9d
NNUE_NET_COMMIT_32595a65ec27 = 956d28b
NNUE_NET_COMMIT_b1bcbc02ac0b = 1f44692
NNUE_NET_COMMIT_983f12c231e6 = d9e6460
NNUE_NET_COMMIT_123a97147cde = 7276907
$(NNUE_DIR)/nets/nn-%.nnue:
	@test -n "$(NNUE_NET_COMMIT_$*)" || { echo "no commit known for net nn-$*"; exit 1; }
	@mkdir -p $(@D)
	git show $(NNUE_NET_COMMIT_$*):engine/eval/nets/default.nnue > $@.tmp && mv $@.tmp $@
nnue-recipe: nnue-bin $(if $(NNUE_STAGE5),$(NNUE_OWN_NET)) $(if $(NNUE_STAGE6),$(NNUE_OWN2_NET))
	$(NNUE_GEN) -out $(NNUE_FAST) -seed 2 -nodes 64 -chunks $(NNUE_FAST_CHUNKS)
	$(NNUE_GEN) -out $(NNUE_DATA) -seed 1 -nodes 5000 -chunks $(NNUE_DATA_CHUNKS)
	T="$(NNUE_TRAIN_STAGE)"; \
	F="-chunks $(NNUE_IMIT_CHUNKS) -imitate $(NNUE_FAST) -imitate-chunks $(NNUE_FAST_CHUNKS)"; \
	$$T -data $(NNUE_FAST) -chunks $(NNUE_FAST_CHUNKS) -teacher hce -epochs 8 -batch 8192 -lr 0.003 -out $(NNUE_RECIPE)/1 && \
	$$T -data $(NNUE_DATA) $$F -teacher hce -init $(NNUE_RECIPE)/1/checkpoint.bin -epochs 10 -batch 8192 -lr 0.002 -out $(NNUE_RECIPE)/2 && \
	$$T -data $(NNUE_DATA) $$F -teacher hce -mirror -init $(NNUE_RECIPE)/2/checkpoint.bin -epochs 6 -batch 8192 -lr 0.001 -out $(NNUE_RECIPE)/3 && \
	$$T -data $(NNUE_DATA) -chunks $(NNUE_DATA_CHUNKS) -mirror -init $(NNUE_RECIPE)/3/checkpoint.bin -epochs 4 -batch 4096 -lr 0.001 -out $(NNUE_RECIPE)/4
ifneq ($(NNUE_STAGE5),)
	$(NNUE_GEN) -out $(NNUE_OWN) -seed 3 -nodes 5000 -net $(NNUE_OWN_NET) -chunks $(NNUE_OWN_CHUNKS)
	$(NNUE_TRAIN_STAGE) -data $(NNUE_STAGE5_DATA) $(NNUE_OWN_STAGE) -init $(NNUE_RECIPE)/4/checkpoint.bin -out $(NNUE_RECIPE)/5
endif
ifneq ($(NNUE_STAGE6),)
	$(NNUE_GEN) -out $(NNUE_OWN2) -seed 4 -nodes 5000 -net $(NNUE_OWN2_NET) -chunks $(NNUE_OWN2_CHUNKS)
	$(NNUE_GEN) -out $(NNUE_OWN2B) -seed 5 -nodes 5000 -net $(NNUE_OWN2_NET) -chunks $(NNUE_OWN2B_CHUNKS)
	$(NNUE_TRAIN_STAGE) -data $(NNUE_STAGE6_DATA) $(NNUE_OWN_STAGE) -init $(NNUE_RECIPE)/5/checkpoint.bin -out $(NNUE_RECIPE)/6
endif

# nn-bb1756271900, the third iteration, built in before nn-c0bb54cce8ca (docs/nnue.md, "Nets"):
# nn-20b9bcf4c0d6's weights trained 3 epochs on that net's own 5 000-node
# games, the shared gen3-seed9001 set and four seeded make nnue-data runs
# (games per chunk and node limits as each directory's manifest records them;
# a directory made with other settings is refused). Each step resumes; the
# net is NNUE_DIR/net3/nn-*.nnue.
NNUE_NET2        = $(NNUE_DIR)/nets/nn-20b9bcf4c0d6.nnue
NNUE_GEN3_TAR   ?= $(CURDIR)/../shared/data/nnue/gen3-seed9001.tar.xz
NNUE_GEN3        = $(NNUE_DIR)/gen3/gen3-seed9001
# nnue_gen3(N): the shared set as the first term of a -data list, with its
# comma: its first N chunks, all 613 when N is empty, none when N is 0.
nnue_gen3 = $(if $(filter 0,$(1)),,$(NNUE_GEN3)$(if $(1),:$(1)),)
# The shared set, unpacked into the cache once; the nets that train on it
# have its manifest as a prerequisite.
$(NNUE_GEN3)/manifest.json:
	mkdir -p $(dir $(NNUE_GEN3)) && tar -xJf $(NNUE_GEN3_TAR) -C $(dir $(NNUE_GEN3))
# data-s10003's chunks are the 103 that a killed 16-worker run left.
# The data every iteration from net 3 on trains with, and how it trains.
NNUE_ITER_DATA   = $(NNUE_GEN3),$(NNUE_DIR)/data-s10001:550,$(NNUE_DIR)/data-s10002:364,$(NNUE_DIR)/data-s10003:0-100+103+105
NNUE_ITER_TRAIN  = nice -n 10 $(NNUE_BIN) train -mirror -epochs 3 -batch 16384 -lr 0.001 -lambda 1 -threads 1 -seed 1
NNUE_NET3_DATA   = $(NNUE_ITER_DATA),$(NNUE_DIR)/data-s10004:170
.PHONY: nnue-net3
nnue-net3: nnue-bin $(NNUE_NET2) $(NNUE_GEN3)/manifest.json
	$(NNUE_GEN) -out $(NNUE_DIR)/data-s10001 -seed 10001 -nodes 5000 -net $(NNUE_NET2) -chunks 550
	$(NNUE_GEN) -out $(NNUE_DIR)/data-s10002 -seed 10002 -nodes 5000 -games-per-chunk 50 -net $(NNUE_NET2) -chunks 364
	$(NNUE_GEN) -out $(NNUE_DIR)/data-s10003 -seed 10003 -nodes 5000 -games-per-chunk 50 -net $(NNUE_NET2) -chunks 106
	$(call nnue_set,10004,$(NNUE_NET2),170)
	$(NNUE_ITER_TRAIN) -data $(NNUE_NET3_DATA) -init $(NNUE_NET2) -out $(NNUE_DIR)/net3

# nn-c0bb54cce8ca, the fourth iteration, built in before nn-93686917ca91 (docs/nnue.md, "Nets"): nn-bb1756271900's
# weights trained 3 epochs on net 3's data, data-s10004 to its 206 chunks, and
# 322 chunks of nn-bb1756271900's own games (data-s10005, soft 5 000 nodes).
# Each step resumes; the net is NNUE_DIR/net4/nn-*.nnue.
NNUE_NET3        = $(NNUE_DIR)/net3/nn-bb1756271900.nnue
NNUE_NET4_DATA   = $(NNUE_ITER_DATA),$(NNUE_DIR)/data-s10004:206,$(NNUE_DIR)/data-s10005:322
.PHONY: nnue-net4
nnue-net4: nnue-bin
	test -f $(NNUE_NET3) || $(MAKE) nnue-net3
	$(call nnue_set,10004,$(NNUE_NET2),206)
	$(call nnue_set,10005,$(NNUE_NET3),322)
	$(NNUE_ITER_TRAIN) -data $(NNUE_NET4_DATA) -init $(NNUE_NET3) -out $(NNUE_DIR)/net4

# nnue_b8(args,epochs,lr,final-lr,out[,lambda]): mirrored epochs of an
# 8-bucket net on args (-data, and -init to start from a net's weights),
# cosine lr to final-lr, one thread, seed 1, -lambda lambda (1 when empty).
nnue_b8 = nice -n 10 $(NNUE_BIN) train $(1) -buckets 8 -mirror -epochs $(2) -batch 16384 -lr $(3) -final-lr $(4) -lambda $(or $(6),1) -threads 1 -seed 1 -out $(5)
# nnue_b8_train(data,init,lr,final-lr,out[,lambda]): 3 epochs of nnue_b8
# from init's weights: how the fifth iteration on trains.
nnue_b8_train = $(call nnue_b8,-data $(1) -init $(2),3,$(3),$(4),$(5),$(6))
# nnue_target(lambda,lambda-end,wdl-scale): nnue_b8's lambda argument for a
# target that may ramp λ to lambda-end and use train's -wdl-scale; and
# nnue_target_dir(the same): the suffix that names such a run's directory
# (empty for λ = 1 at the default scale).
nnue_target = $(1)$(if $(2), -lambda-end $(2))$(if $(3), -wdl-scale $(3))
nnue_target_dir = $(if $(or $(filter-out 1,$(1)),$(2)),-lambda-$(1)$(if $(2),-$(2)))$(if $(3),-wdl-$(3))

# The built-in net nn-93686917ca91, the fifth iteration (docs/nnue.md,
# "Nets"): nn-c0bb54cce8ca's output layer copied to 8 output buckets by piece
# count (nnue widen -buckets 8), trained 3 epochs on the shared
# gen3-seed9001 set and 392 chunks of nn-c0bb54cce8ca's own games (soft
# 5 000 nodes) at its scale (@0.858). Each step resumes; the net is
# NNUE_DIR/net5/nn-*.nnue.
NNUE_NET4        = $(NNUE_DIR)/net4/nn-c0bb54cce8ca.nnue
NNUE_NET5_DATA   = $(NNUE_GEN3),$(NNUE_DIR)/data-s10006:346@0.858,$(NNUE_DIR)/data-s10007:46@0.858
.PHONY: nnue-net5
nnue-net5: nnue-bin $(NNUE_GEN3)/manifest.json
	test -f $(NNUE_NET4) || $(MAKE) nnue-net4
	$(call nnue_set,10006,$(NNUE_NET4),346)
	$(call nnue_set,10007,$(NNUE_NET4),46)
	mkdir -p $(NNUE_DIR)/net5
	test -f $(NNUE_DIR)/net5/b8.nnue || $(NNUE_BIN) widen -from 128 -buckets 8 -seed 1 -out $(NNUE_DIR)/net5/b8.nnue $(NNUE_NET4)
	$(call nnue_b8_train,$(NNUE_NET5_DATA),$(NNUE_DIR)/net5/b8.nnue,0.0005,0.00005,$(NNUE_DIR)/net5)

# nn-faaf97409bce, the sixth iteration (docs/nnue.md, "Nets"):
# nn-93686917ca91's weights trained 3 epochs on the shared gen3-seed9001
# set and the games of the two nets before it, all at one scale (@0.858):
# nn-c0bb54cce8ca's (data-s10006 to 427 chunks, data-s10007) and
# nn-93686917ca91's own (data-s10008, 244 chunks). Each step resumes; the
# net is NNUE_DIR/net6/nn-*.nnue. Without $(NNUE_GEN3) and with 156 or 244
# chunks of data-s10008 the same recipe made nn-6f0bbc58e90f and
# nn-9b86308f1e49, which were not kept.
NNUE_NET5        = $(NNUE_DIR)/net5/nn-93686917ca91.nnue
NNUE_NET6_DATA   = $(NNUE_GEN3),$(NNUE_DIR)/data-s10006:427@0.858,$(NNUE_DIR)/data-s10007:46@0.858,$(NNUE_DIR)/data-s10008:244@0.858
.PHONY: nnue-net6
nnue-net6: nnue-bin $(NNUE_GEN3)/manifest.json
	test -f $(NNUE_NET5) || $(MAKE) nnue-net5
	$(call nnue_set,10006,$(NNUE_NET4),427)
	$(call nnue_set,10007,$(NNUE_NET4),46)
	$(call nnue_set,10008,$(NNUE_NET5),244)
	$(call nnue_b8_train,$(NNUE_NET6_DATA),$(NNUE_NET5),0.0005,0.00005,$(NNUE_DIR)/net6)

# nn-1fc251917e22, the seventh iteration's first candidate (docs/nnue.md,
# "Nets"): nn-faaf97409bce's weights trained 3 epochs on the sixth's data
# with all 296 chunks of data-s10008 and the first 252 of nn-faaf97409bce's
# own games (data-s10009), all at one scale (@0.858). It needs no earlier
# step: the nets that played each set come from the commits that built them
# in (NNUE_NET_COMMIT_*), and nnue-net7-data makes every set again from its
# seed (7.6 M positions: about 16 hours on one core, about 95 minutes on
# 16); not beside another datagen writing the same directory (stop the
# background generator first). Each step resumes; the net is
# NNUE_DIR/net7/nn-*.nnue.
NNUE_GIT_NET4    = $(NNUE_DIR)/nets/nn-c0bb54cce8ca.nnue
NNUE_GIT_NET5    = $(NNUE_DIR)/nets/nn-93686917ca91.nnue
NNUE_GIT_NET6    = $(NNUE_DIR)/nets/nn-faaf97409bce.nnue
NNUE_NET7_DATA   = $(NNUE_GEN3),$(NNUE_DIR)/data-s10006:427@0.858,$(NNUE_DIR)/data-s10007:46@0.858,$(NNUE_DIR)/data-s10008:296@0.858,$(NNUE_DIR)/data-s10009:252@0.858
.PHONY: nnue-net7-data nnue-net7
nnue-net7-data: nnue-bin $(NNUE_GEN3)/manifest.json $(NNUE_GIT_NET4) $(NNUE_GIT_NET5) $(NNUE_GIT_NET6)
	$(call nnue_set,10008,$(NNUE_GIT_NET5),296)
	$(call nnue_set,10006,$(NNUE_GIT_NET4),427)
	$(call nnue_set,10007,$(NNUE_GIT_NET4),46)
	$(call nnue_set,10009,$(NNUE_GIT_NET6),252)
nnue-net7: nnue-net7-data
	$(call nnue_b8_train,$(NNUE_NET7_DATA),$(NNUE_GIT_NET6),0.0005,0.00005,$(NNUE_DIR)/net7)

# nn-d6036171b57d, the seventh iteration (docs/nnue.md, "Nets"):
# nn-1fc251917e22's recipe without the grandparent's games (data-s10006,
# data-s10007: nn-c0bb54cce8ca's) and at a fifth of its learning rate:
# nn-faaf97409bce's weights trained 3 epochs on the shared set, the
# parent's games (data-s10008, nn-93686917ca91's, NNUE_NET7C_PARENT chunks)
# and nn-faaf97409bce's own (data-s10009, 252 chunks), both @0.858, cosine
# from NNUE_NET7C_LR to NNUE_NET7C_FINAL_LR. The defaults make the built-in
# net; NNUE_NET7C_LR=0.0005 NNUE_NET7C_FINAL_LR=0.00005 made nn-565e2be7964b.
# Each step resumes; the net is NNUE_NET7C_OUT/nn-*.nnue, a directory named
# by the settings (the trainer refuses a run directory with other ones).
NNUE_NET7C_PARENT ?= 200
NNUE_NET7C_LR     ?= 0.0001
NNUE_NET7C_FINAL_LR ?= 0.00001
NNUE_NET7C_OUT    ?= $(NNUE_DIR)/net7c-$(NNUE_NET7C_PARENT)-$(NNUE_NET7C_LR)-$(NNUE_NET7C_FINAL_LR)
NNUE_NET7C_DATA  = $(NNUE_GEN3),$(NNUE_DIR)/data-s10008:$(NNUE_NET7C_PARENT)@0.858,$(NNUE_DIR)/data-s10009:252@0.858
.PHONY: nnue-net7c
nnue-net7c: nnue-bin $(NNUE_GEN3)/manifest.json $(NNUE_GIT_NET5) $(NNUE_GIT_NET6)
	$(call nnue_set,10008,$(NNUE_GIT_NET5),$(NNUE_NET7C_PARENT))
	$(call nnue_set,10009,$(NNUE_GIT_NET6),252)
	$(call nnue_b8_train,$(NNUE_NET7C_DATA),$(NNUE_GIT_NET6),$(NNUE_NET7C_LR),$(NNUE_NET7C_FINAL_LR),$(NNUE_NET7C_OUT))

# The eighth iteration (docs/nnue.md, "Nets"): nn-d6036171b57d's weights
# trained 3 epochs on the shared set, the parent's games (data-s10009,
# nn-faaf97409bce's, NNUE_NET8_PARENT chunks) and nn-d6036171b57d's own
# (data-s10011, NNUE_NET8_OWN chunks), both @0.858, cosine from NNUE_NET8_LR
# to NNUE_NET8_FINAL_LR: nnue-net7c's recipe one generation on. Each step
# resumes; the net is NNUE_NET8_OUT/nn-*.nnue, a directory named by the
# settings.
NNUE_GIT_NET7    = $(NNUE_DIR)/nets/nn-d6036171b57d.nnue
NNUE_NET8_PARENT ?= 388
NNUE_NET8_OWN    ?= 252
NNUE_NET8_LR     ?= 0.0001
NNUE_NET8_FINAL_LR ?= 0.00001
NNUE_NET8_OUT    ?= $(NNUE_DIR)/net8-$(NNUE_NET8_PARENT)-$(NNUE_NET8_OWN)-$(NNUE_NET8_LR)-$(NNUE_NET8_FINAL_LR)
NNUE_NET8_DATA    = $(NNUE_GEN3),$(NNUE_DIR)/data-s10009:$(NNUE_NET8_PARENT)@0.858,$(NNUE_DIR)/data-s10011:$(NNUE_NET8_OWN)@0.858
.PHONY: nnue-net8
nnue-net8: nnue-bin $(NNUE_GEN3)/manifest.json $(NNUE_GIT_NET6) $(NNUE_GIT_NET7)
	$(call nnue_set,10009,$(NNUE_GIT_NET6),$(NNUE_NET8_PARENT))
	$(call nnue_set,10011,$(NNUE_GIT_NET7),$(NNUE_NET8_OWN))
	$(call nnue_b8_train,$(NNUE_NET8_DATA),$(NNUE_GIT_NET7),$(NNUE_NET8_LR),$(NNUE_NET8_FINAL_LR),$(NNUE_NET8_OUT))

# The ninth iteration (docs/nnue.md, "Nets"): nn-32595a65ec27's weights
# trained 3 epochs on the shared set, the parent's games (data-s10011,
# nn-d6036171b57d's, NNUE_NET9_PARENT chunks) and nn-32595a65ec27's own
# (data-s10012, NNUE_NET9_OWN chunks), both @0.858, cosine from NNUE_NET9_LR
# to NNUE_NET9_FINAL_LR: nnue-net8's recipe one generation on.
# NNUE_NET9_GEN3=N trains on the shared set's first N chunks only (empty:
# all 613). Each step resumes; the net is NNUE_NET9_OUT/nn-*.nnue, a
# directory named by the settings.
NNUE_GIT_NET8    = $(NNUE_DIR)/nets/nn-32595a65ec27.nnue
NNUE_NET9_PARENT ?= 336
NNUE_NET9_OWN    ?= 252
NNUE_NET9_LR     ?= 0.0001
NNUE_NET9_FINAL_LR ?= 0.00001
NNUE_NET9_GEN3   ?=
NNUE_NET9_OUT    ?= $(NNUE_DIR)/net9-$(NNUE_NET9_PARENT)-$(NNUE_NET9_OWN)-$(NNUE_NET9_LR)-$(NNUE_NET9_FINAL_LR)$(if $(NNUE_NET9_GEN3),-gen3-$(NNUE_NET9_GEN3))
NNUE_NET9_DATA    = $(NNUE_GEN3)$(if $(NNUE_NET9_GEN3),:$(NNUE_NET9_GEN3)),$(NNUE_DIR)/data-s10011:$(NNUE_NET9_PARENT)@0.858,$(NNUE_DIR)/data-s10012:$(NNUE_NET9_OWN)@0.858
.PHONY: nnue-net9
nnue-net9: nnue-bin $(NNUE_GEN3)/manifest.json $(NNUE_GIT_NET7) $(NNUE_GIT_NET8)
	$(call nnue_set,10011,$(NNUE_GIT_NET7),$(NNUE_NET9_PARENT))
	$(call nnue_set,10012,$(NNUE_GIT_NET8),$(NNUE_NET9_OWN))
	$(call nnue_b8_train,$(NNUE_NET9_DATA),$(NNUE_GIT_NET8),$(NNUE_NET9_LR),$(NNUE_NET9_FINAL_LR),$(NNUE_NET9_OUT))

# A fresh net on all the self-play data (docs/nnue.md, "Nets"): no -init,
# 8 output buckets, NNUE_FRESH_EPOCHS epochs at cosine NNUE_FRESH_LR to
# NNUE_FRESH_FINAL_LR on the shared set and every set the nets after it
# made, the chunk counts fixed so that the recipe does not move as the
# generator writes: data-s10008 (nn-93686917ca91's), data-s10009 and
# data-s10010 (nn-faaf97409bce's), data-s10011 (nn-d6036171b57d's) and
# data-s10012 (nn-32595a65ec27's, NNUE_FRESH_OWN chunks), all @0.858;
# NNUE_FRESH_S10013=N adds N chunks of data-s10013 (nn-b1bcbc02ac0b's) and
# NNUE_FRESH_S10014=N N chunks of data-s10014 (nn-983f12c231e6's). Each step
# resumes; the net is NNUE_FRESH_OUT/nn-*.nnue.
NNUE_FRESH_OWN   ?= 400
NNUE_FRESH_EPOCHS ?= 10
NNUE_FRESH_LR    ?= 0.002
NNUE_FRESH_FINAL_LR ?= 0.00002
NNUE_FRESH_S10013 ?=
NNUE_FRESH_S10014 ?=
comma := ,
NNUE_FRESH_OUT   ?= $(NNUE_DIR)/fresh-$(NNUE_FRESH_OWN)-$(NNUE_FRESH_EPOCHS)-$(NNUE_FRESH_LR)-$(NNUE_FRESH_FINAL_LR)$(if $(NNUE_FRESH_S10013),-s10013-$(NNUE_FRESH_S10013))$(if $(NNUE_FRESH_S10014),-s10014-$(NNUE_FRESH_S10014))
NNUE_FRESH_DATA   = $(NNUE_GEN3),$(NNUE_DIR)/data-s10008:293@0.858,$(NNUE_DIR)/data-s10009:388@0.858,$(NNUE_DIR)/data-s10010:532@0.858,$(NNUE_DIR)/data-s10011:336@0.858,$(NNUE_DIR)/data-s10012:$(NNUE_FRESH_OWN)@0.858$(if $(NNUE_FRESH_S10013),$(comma)$(NNUE_DIR)/data-s10013:$(NNUE_FRESH_S10013)@0.858)$(if $(NNUE_FRESH_S10014),$(comma)$(NNUE_DIR)/data-s10014:$(NNUE_FRESH_S10014)@0.858)
NNUE_GIT_NET9    = $(NNUE_DIR)/nets/nn-b1bcbc02ac0b.nnue
NNUE_GIT_NET10   = $(NNUE_DIR)/nets/nn-983f12c231e6.nnue
.PHONY: nnue-fresh
nnue-fresh: nnue-bin $(NNUE_GEN3)/manifest.json $(NNUE_GIT_NET5) $(NNUE_GIT_NET6) $(NNUE_GIT_NET7) $(NNUE_GIT_NET8) $(if $(NNUE_FRESH_S10013),$(NNUE_GIT_NET9)) $(if $(NNUE_FRESH_S10014),$(NNUE_GIT_NET10))
	$(call nnue_set,10008,$(NNUE_GIT_NET5),293)
	$(call nnue_set,10009,$(NNUE_GIT_NET6),388)
	$(nnue_s10010)
	$(call nnue_set,10011,$(NNUE_GIT_NET7),336)
	$(call nnue_set,10012,$(NNUE_GIT_NET8),$(NNUE_FRESH_OWN))
	$(if $(NNUE_FRESH_S10013),$(call nnue_set,10013,$(NNUE_GIT_NET9),$(NNUE_FRESH_S10013)))
	$(if $(NNUE_FRESH_S10014),$(call nnue_set,10014,$(NNUE_GIT_NET10),$(NNUE_FRESH_S10014)))
	$(call nnue_b8,-data $(NNUE_FRESH_DATA),$(NNUE_FRESH_EPOCHS),$(NNUE_FRESH_LR),$(NNUE_FRESH_FINAL_LR),$(NNUE_FRESH_OUT))

# The eleventh iteration from random weights on what a lost cache leaves
# (docs/nnue.md, "Nets"): nn-983f12c231e6's recipe (8 output buckets,
# mirrored, cosine NNUE_FRESH_LR to NNUE_FRESH_FINAL_LR) on the shared set
# (NNUE_FRESH11_GEN3 chunks as nnue_gen3 reads them) and NNUE_FRESH11_OWN
# chunks of nn-983f12c231e6's games (data-s10014) @0.858, for
# NNUE_FRESH11_EPOCHS epochs: the sets of the nets before it are not needed.
# NNUE_FRESH11_LAMBDA_END=L ramps λ linearly from NNUE_FRESH11_LAMBDA to L
# over the run (0.8 to 0.5: the game result's weight from 0.2 to 0.5);
# NNUE_FRESH11_WDL=K trains with -wdl-scale K. Each step resumes; the net is
# NNUE_FRESH11_OUT/nn-*.nnue.
NNUE_FRESH11_OWN ?= 700
NNUE_FRESH11_GEN3 ?=
NNUE_FRESH11_EPOCHS ?= 12
NNUE_FRESH11_LAMBDA ?= 1
NNUE_FRESH11_LAMBDA_END ?=
NNUE_FRESH11_WDL ?=
NNUE_FRESH11_OUT ?= $(NNUE_DIR)/fresh11-$(NNUE_FRESH11_OWN)-$(NNUE_FRESH11_EPOCHS)$(if $(NNUE_FRESH11_GEN3),-gen3-$(NNUE_FRESH11_GEN3))$(call nnue_target_dir,$(NNUE_FRESH11_LAMBDA),$(NNUE_FRESH11_LAMBDA_END),$(NNUE_FRESH11_WDL))
NNUE_FRESH11_DATA = $(call nnue_gen3,$(NNUE_FRESH11_GEN3))$(NNUE_DIR)/data-s10014:$(NNUE_FRESH11_OWN)@0.858
.PHONY: nnue-fresh11
nnue-fresh11: nnue-bin $(NNUE_GEN3)/manifest.json $(NNUE_GIT_NET10)
	$(call nnue_set,10014,$(NNUE_GIT_NET10),$(NNUE_FRESH11_OWN))
	$(call nnue_b8,-data $(NNUE_FRESH11_DATA),$(NNUE_FRESH11_EPOCHS),$(NNUE_FRESH_LR),$(NNUE_FRESH_FINAL_LR),$(NNUE_FRESH11_OUT),$(call nnue_target,$(NNUE_FRESH11_LAMBDA),$(NNUE_FRESH11_LAMBDA_END),$(NNUE_FRESH11_WDL)))

# The tenth iteration as a fine-tune (docs/nnue.md, "Nets"): the built-in
# nn-983f12c231e6, trained from random weights, trained 3 more epochs from
# its own weights on the shared set and NNUE_TUNE10_OWN chunks of its own
# games (data-s10014) @0.858, cosine NNUE_TUNE10_LR to NNUE_TUNE10_FINAL_LR:
# the fifth to ninth iterations' step, which needs only the newest net's
# games, the one set a session can make again when the cache is lost.
# NNUE_TUNE10_GEN3=N trains on the shared set's first N chunks only (0: none
# of it; empty: all 613). NNUE_TUNE10_LAMBDA, NNUE_TUNE10_LAMBDA_END and
# NNUE_TUNE10_WDL shape the target as NNUE_FRESH11_*'s do. Each step
# resumes; the net is NNUE_TUNE10_OUT/nn-*.nnue.
NNUE_TUNE10_OWN  ?= 120
NNUE_TUNE10_GEN3 ?=
NNUE_TUNE10_LR   ?= 0.0001
NNUE_TUNE10_FINAL_LR ?= 0.00001
NNUE_TUNE10_LAMBDA ?= 1
NNUE_TUNE10_LAMBDA_END ?=
NNUE_TUNE10_WDL  ?=
NNUE_TUNE10_OUT  ?= $(NNUE_DIR)/tune10-$(NNUE_TUNE10_OWN)-$(NNUE_TUNE10_LR)-$(NNUE_TUNE10_FINAL_LR)$(if $(NNUE_TUNE10_GEN3),-gen3-$(NNUE_TUNE10_GEN3))$(call nnue_target_dir,$(NNUE_TUNE10_LAMBDA),$(NNUE_TUNE10_LAMBDA_END),$(NNUE_TUNE10_WDL))
NNUE_TUNE10_DATA  = $(call nnue_gen3,$(NNUE_TUNE10_GEN3))$(NNUE_DIR)/data-s10014:$(NNUE_TUNE10_OWN)@0.858
.PHONY: nnue-tune10
nnue-tune10: nnue-bin $(NNUE_GEN3)/manifest.json $(NNUE_GIT_NET10)
	$(call nnue_set,10014,$(NNUE_GIT_NET10),$(NNUE_TUNE10_OWN))
	$(call nnue_b8_train,$(NNUE_TUNE10_DATA),$(NNUE_GIT_NET10),$(NNUE_TUNE10_LR),$(NNUE_TUNE10_FINAL_LR),$(NNUE_TUNE10_OUT),$(call nnue_target,$(NNUE_TUNE10_LAMBDA),$(NNUE_TUNE10_LAMBDA_END),$(NNUE_TUNE10_WDL)))

# The built-in nn-123a97147cde, the eleventh iteration (docs/nnue.md,
# "Nets"): nnue-tune10 with 940 chunks of data-s10014, cosine 0.0005 to
# 0.00002, and the game result in the target, its weight ramped from 0.2
# to 0.5 with the loss's sigmoid at 170 cp (train -wdl-scale). The net is
# NNUE_DIR/tune10-940-0.0005-0.00002-lambda-0.8-0.5-wdl-170/nn-123a97147cde.nnue.
# NNUE_NET11_STEP: the step and target of that run, which nnue-tune11
# takes one generation on: lr, final lr, λ, λ at the end, wdl scale.
NNUE_NET11_STEP = 0.0005 0.00002 0.8 0.5 170
nnue_net11 = $(word $(1),$(NNUE_NET11_STEP))
NNUE_NET11_ARGS = NNUE_TUNE10_OWN=940 NNUE_TUNE10_LR=$(call nnue_net11,1) NNUE_TUNE10_FINAL_LR=$(call nnue_net11,2) \
	NNUE_TUNE10_LAMBDA=$(call nnue_net11,3) NNUE_TUNE10_LAMBDA_END=$(call nnue_net11,4) NNUE_TUNE10_WDL=$(call nnue_net11,5)
.PHONY: nnue-net11
nnue-net11:
	$(MAKE) nnue-tune10 $(NNUE_NET11_ARGS)

# The twelfth iteration's first try, the eleventh's step one generation
# on: the built-in nn-123a97147cde trained 3 epochs from its own weights on
# the shared set and NNUE_TUNE11_OWN chunks of its own games (data-s10015)
# @0.858, with nn-123a97147cde's own step and target (NNUE_NET11_STEP).
# Each step resumes; the net is NNUE_TUNE11_OUT/nn-*.nnue.
NNUE_GIT_NET11   = $(NNUE_DIR)/nets/nn-123a97147cde.nnue
NNUE_TUNE11_OWN ?= 160
NNUE_TUNE11_OUT ?= $(NNUE_DIR)/tune11-$(NNUE_TUNE11_OWN)
NNUE_TUNE11_DATA = $(NNUE_GEN3),$(NNUE_DIR)/data-s10015:$(NNUE_TUNE11_OWN)@0.858
.PHONY: nnue-tune11
nnue-tune11: nnue-bin $(NNUE_GEN3)/manifest.json $(NNUE_GIT_NET11)
	$(call nnue_set,10015,$(NNUE_GIT_NET11),$(NNUE_TUNE11_OWN))
	$(call nnue_b8_train,$(NNUE_TUNE11_DATA),$(NNUE_GIT_NET11),$(call nnue_net11,1),$(call nnue_net11,2),$(NNUE_TUNE11_OUT),$(call nnue_target,$(call nnue_net11,3),$(call nnue_net11,4),$(call nnue_net11,5)))

# A net's output scaled by NNUE_SCALE_BY (nnue scale): the built-in
# nn-123a97147cde by default, any other with NNUE_SCALE_NET=file. The net
# is NNUE_DIR/nets/scaled-NNUE_SCALE_BY/nn-*.nnue, by the hash it prints.
NNUE_SCALE_BY  ?= 1.141
NNUE_SCALE_NET ?= $(NNUE_DIR)/nets/nn-123a97147cde.nnue
NNUE_SCALE_OUT  = $(NNUE_DIR)/nets/scaled-$(NNUE_SCALE_BY)
.PHONY: nnue-scaled
nnue-scaled: nnue-bin $(NNUE_SCALE_NET)
	mkdir -p $(NNUE_SCALE_OUT)
	h=$$($(NNUE_BIN) scale -by $(NNUE_SCALE_BY) -out $(NNUE_SCALE_OUT)/net.tmp $(NNUE_SCALE_NET) | sed -n 's/.*: \(nn-[0-9a-f]*\),.*/\1/p') && \
	test -n "$$h" && mv $(NNUE_SCALE_OUT)/net.tmp $(NNUE_SCALE_OUT)/$$h.nnue && echo $(NNUE_SCALE_OUT)/$$h.nnue

# The seventh iteration after the cache that held data-s10006 to
# data-s10008 was lost (docs/nnue.md, "Nets"): nn-faaf97409bce's weights
# trained 3 epochs on NNUE_NET7B_GEN3 chunks of the shared gen3-seed9001 set
# (0: none of it) and nn-faaf97409bce's own games, at one scale (@0.858):
# data-s10009 to NNUE_NET7B_OWN chunks and data-s10010 (a 16-core burst, 25
# games a chunk, chunks 0-531); cosine from NNUE_NET7B_LR to
# NNUE_NET7B_FINAL_LR. The defaults make nn-61a18d05a552; the sweep in
# docs/nnue.md names the others' values. Each step resumes; the net is
# NNUE_NET7B_OUT/nn-*.nnue, so a recipe with other values needs its own
# NNUE_NET7B_OUT (the trainer refuses a run directory with other settings).
NNUE_NET7B_OWN   ?= 32
NNUE_NET7B_GEN3  ?= 120
NNUE_NET7B_LR    ?= 0.0001
NNUE_NET7B_FINAL_LR ?= 0.00001
NNUE_NET7B_OUT   ?= $(NNUE_DIR)/net7b
NNUE_NET7B_DATA   = $(call nnue_gen3,$(NNUE_NET7B_GEN3))$(NNUE_DIR)/data-s10009:$(NNUE_NET7B_OWN)@0.858,$(NNUE_DIR)/data-s10010:532@0.858
.PHONY: nnue-net7b
nnue-net7b: nnue-bin $(NNUE_GEN3)/manifest.json $(NNUE_GIT_NET6)
	$(call nnue_set,10009,$(NNUE_GIT_NET6),$(NNUE_NET7B_OWN))
	$(nnue_s10010)
	$(call nnue_b8_train,$(NNUE_NET7B_DATA),$(NNUE_GIT_NET6),$(NNUE_NET7B_LR),$(NNUE_NET7B_FINAL_LR),$(NNUE_NET7B_OUT))

# SPRT of the net (NET=file, default: the built-in one) against the
# hand-written evaluation, or against another net with NNUE_BASE=file (the
# next net against the current one), both in the working tree's binary, colour-reversed
# pairs of book openings, NNUE_CONCURRENCY games at a time. NNUE_TC=N+I or NNUE_NODES_PER_MOVE
# (fixed nodes: the evaluations' quality without their speed). NNUE_CMD and
# NNUE_BASE_CMD put another binary on either side (a net of another width
# needs the build whose NetHidden it has); each defaults to the working tree's.
NNUE_TC     ?= 10+0.1
NNUE_SPRT   ?= elo0=0 elo1=10 alpha=0.05 beta=0.05
NNUE_ROUNDS ?= 500
NNUE_NODES_PER_MOVE ?=
NNUE_SRAND  ?= 20261126
NNUE_CONCURRENCY ?= 1
NNUE_BASE   ?=
NNUE_CMD      ?=
NNUE_BASE_CMD ?=
# What both SPRT targets add to MATCH_GAMES: seed, length, the test.
NNUE_MATCH   = $(MATCH_GAMES) -srand $(NNUE_SRAND) -rounds $(NNUE_ROUNDS) -concurrency $(NNUE_CONCURRENCY) -sprt $(NNUE_SPRT)
nnue-sprt:
	mkdir -p $(MATCH_DIR)/nnue
	$(NATIVE_SIMD) $(GO) build -o $(MATCH_DIR)/nnue/azurite ./cmd/azurite
	cd $(MATCH_DIR)/nnue && $(FASTCHESS) -engine cmd=$(if $(NNUE_CMD),$(abspath $(NNUE_CMD)),./azurite) name=nnue "option.Use NNUE=true" $(if $(NET),"option.EvalFile=$(abspath $(NET))") \
		-engine cmd=$(if $(NNUE_BASE_CMD),$(abspath $(NNUE_BASE_CMD)),./azurite) $(if $(NNUE_BASE),name=base "option.Use NNUE=true" "option.EvalFile=$(abspath $(NNUE_BASE))",name=hce "option.Use NNUE=false") \
		-each $(if $(NNUE_NODES_PER_MOVE),tc=1000+1 nodes=$(NNUE_NODES_PER_MOVE),tc=$(NNUE_TC)) timemargin=200 option.Threads=1 option.Hash=16 \
		$(NNUE_MATCH) \
		-pgnout file=nnue-$$(date +%Y%m%d-%H%M%S).pgn

# The same SPRT for the wasm build under node (NNUE_NODE): the working tree's
# wasm build with its built-in net against the hand-written evaluation, copied
# out first so that a rebuild during the match cannot change what plays. The
# wasm build cannot load EvalFile, so NET and NNUE_BASE are built in instead:
# each side is then the working tree's tracked files with that net as
# engine/eval/nets/default.nnue, built as dist/azurite.wasm is (wasm_with_net),
# and NNUE_BASE plays in place of the hand-written evaluation.
NNUE_NODE ?= node
NNUE_WASM_DIR = $(abspath $(MATCH_DIR))/nnue-wasm
# wasm_with_net builds $(2)/azurite.wasm from the tracked files with net $(1).
wasm_with_net = rm -rf $(2) && mkdir -p $(2)/src && git ls-files -z | xargs -0 cp --parents -t $(2)/src && \
	cp $(abspath $(1)) $(2)/src/engine/eval/nets/default.nnue && \
	cd $(2)/src && $(call wasmbin,$(2)/azurite.wasm,build $(WASM_FLAGS),./wasm) && rm -rf $(2)/src
.PHONY: nnue-sprt-wasm
nnue-sprt-wasm: wasm
	$(call wasm_copy,$(NNUE_WASM_DIR))
	$(if $(NET),$(call wasm_with_net,$(NET),$(NNUE_WASM_DIR)/net) && cp $(NNUE_WASM_DIR)/net/azurite.wasm $(NNUE_WASM_DIR)/azurite.wasm)
	$(if $(NNUE_BASE),$(call wasm_with_net,$(NNUE_BASE),$(NNUE_WASM_DIR)/base))
	cd $(NNUE_WASM_DIR) && N="$$(command -v $(NNUE_NODE))" && A="$(call wasm_args,$(NNUE_WASM_DIR))" && \
	B="$(if $(NNUE_BASE),args=$(NNUE_WASM_DIR)/azurite-uci.mjs --wasm $(NNUE_WASM_DIR)/base/azurite.wasm --exec $(NNUE_WASM_DIR)/wasm_exec.js)" && \
	$(FASTCHESS) -engine cmd=$$N "$$A" name=wasm-nnue "option.Use NNUE=true" \
		$(if $(NNUE_BASE),-engine cmd=$$N "$$B" name=wasm-base "option.Use NNUE=true",-engine cmd=$$N "$$A" name=wasm-hce "option.Use NNUE=false") \
		-each tc=$(NNUE_TC) timemargin=200 option.Threads=1 option.Hash=16 \
		$(NNUE_MATCH) \
		-pgnout file=$(abspath $(MATCH_DIR))/nnue-wasm-$$(date +%Y%m%d-%H%M%S).pgn

# The wasm build's gap to native, head to head: the native binary against the
# wasm build under node, both with the same evaluation (GAP_EVAL: nnue or hce),
# the same clock and openings; a fixed number of games, no SPRT, since the
# question is how big the gap is, not whether there is one. The Elo fastchess
# prints is native's over wasm's.
GAP_EVAL   ?= nnue
GAP_ROUNDS ?= 75
GAP_SRAND  ?= 20261208
GAP_DIR     = $(abspath $(MATCH_DIR))/wasm-gap
.PHONY: wasm-gap
wasm-gap: wasm
	$(call wasm_copy,$(GAP_DIR))
	$(NATIVE_SIMD) $(GO) build -trimpath -o $(GAP_DIR)/azurite ./cmd/azurite
	cd $(GAP_DIR) && N="$$(command -v $(NNUE_NODE))" && V="$$($$N -e 'process.stdout.write(process.versions.node)')" && \
	$(FASTCHESS) -engine cmd=./azurite name=native-$(GAP_EVAL) \
		-engine cmd=$$N "$(call wasm_args,$(GAP_DIR))" name=wasm-node$$V-$(GAP_EVAL) \
		-each tc=$(NNUE_TC) timemargin=200 option.Threads=1 option.Hash=16 "option.Use NNUE=$(if $(filter hce,$(GAP_EVAL)),false,true)" \
		$(MATCH_GAMES) -srand $(GAP_SRAND) -rounds $(GAP_ROUNDS) -concurrency $(NNUE_CONCURRENCY) \
		-pgnout file=$(abspath $(MATCH_DIR))/wasm-gap-$$(date +%Y%m%d-%H%M%S).pgn

# Search retuning for the learned evaluation: HEAD with search constants
# changed (RETUNE="rfpMargin=65 futilityMul=90", tools/lab/retune.sh) against
# HEAD itself, both on the built-in net, at a fixed node count per move so the
# result does not depend on the machine's load; an SPRT like nnue-sprt's.
RETUNE        ?=
RETUNE_NODES  ?= 20000
RETUNE_ROUNDS ?= 1000
RETUNE_SRAND  ?= 20261209
RETUNE_DIR     = $(abspath $(MATCH_DIR))/retune
.PHONY: retune-sprt
retune-sprt:
	@test -n "$(RETUNE)" || { echo 'retune-sprt: RETUNE="NAME=VALUE ..." required'; exit 1; }
	mkdir -p $(RETUNE_DIR)
	tools/lab/retune.sh $(RETUNE_DIR)/azurite-head HEAD
	tools/lab/retune.sh $(RETUNE_DIR)/azurite-variant HEAD $(RETUNE)
	cd $(RETUNE_DIR) && $(FASTCHESS) -engine cmd=./azurite-variant name=variant -engine cmd=./azurite-head name=head \
		-each tc=1000+1 nodes=$(RETUNE_NODES) option.Threads=1 option.Hash=16 \
		$(MATCH_GAMES) -srand $(RETUNE_SRAND) -rounds $(RETUNE_ROUNDS) -concurrency $(NNUE_CONCURRENCY) -sprt $(NNUE_SPRT) \
		-pgnout file=retune-$$(date +%Y%m%d-%H%M%S).pgn

# Make NET (a file nnue-train wrote) the built-in net and rewrite the
# reference outputs the tests pin.
nnue-install:
	@test -f "$(NET)" || { echo "nnue-install: NET=path/to/nn-HASH.nnue required"; exit 1; }
	cp "$(NET)" engine/eval/nets/default.nnue
	$(GO) test -count=1 -run '^TestNNUEReference$$' ./engine/eval -update-nnue-ref

# The game review's marked moves against Stockfish 15.1 (Debian's stockfish) at
# REVIEW_REF_NODES per position, lichess's thresholds, on the 20 games of
# tools/review-agreement/games.pgn: precision, recall and F1 of the review at its
# Normal quality (REVIEW_NODES), beside Stockfish at the same node count. Cached
# under ~/.cache/azurite/review-agreement: a rerun searches only what changed.
# REVIEW_ARGS="--list" adds the moves the two disagree on; "--scale S" rescales.
REVIEW_REF       ?= $(shell command -v stockfish || echo /usr/games/stockfish)
REVIEW_NODES     ?= 300000
REVIEW_REF_NODES ?= 2000000
.PHONY: review-agreement
review-agreement: azurite
	nice node tools/review-agreement/agreement.mjs --engine $(CURDIR)/bin/azurite --nodes $(REVIEW_NODES) --ref $(REVIEW_REF) --ref-nodes $(REVIEW_REF_NODES) $(REVIEW_ARGS)
