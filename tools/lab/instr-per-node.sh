#!/usr/bin/env bash
# instr-per-node.sh counts the machine instructions one search node costs,
# natively and as wasm under node (V8's compiled code), with valgrind: a
# figure that does not depend on the machine's load, unlike CPU time, and
# that measures what V8 actually runs, unlike wasm-icount's wasm count.
#
#   tools/lab/instr-per-node.sh NATIVE.test WASM.test [LOW HIGH]
#
# Both arguments are `go test -c` binaries of ./engine/search. Each runs the
# bench (TestBenchPrint) at depths LOW and HIGH (default 6 and 8), with the
# test flags in BENCH_ARGS (e.g. BENCH_ARGS=-benchnnue: the built-in net); the
# difference of the two runs' instruction counts over the difference of their
# node counts cancels start-up, compilation and table set-up, which a single
# run would charge to the nodes. Needs valgrind. Takes minutes (valgrind runs
# V8 about 50 times slower than normal).
#
# node runs with --no-liftoff (WASM_NODE_FLAGS overrides it): V8 otherwise
# starts every function in its baseline compiler and switches to the
# optimising one at a moment that differs from run to run, which moved the
# wasm figure by about 4 % between two runs of the same binary; with only
# optimised code, repeats agree within about 1.5 % and the figure is the
# steady state a long search runs in.
set -euo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"
native=${1:?usage: instr-per-node.sh NATIVE.test WASM.test [LOW HIGH]}
wasm=${2:?usage: instr-per-node.sh NATIVE.test WASM.test [LOW HIGH]}
low=${3:-6}
high=${4:-8}
command -v valgrind >/dev/null || { echo "instr-per-node.sh: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
exec_node="$(go env GOROOT)/lib/wasm/wasm_exec_node.js"

# count prints "NODES INSTRUCTIONS" for one bench run of the given command.
count() {
	local out nodes instr
	out=$(valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" \
		-test.run '^TestBenchPrint$' -test.v ${BENCH_ARGS:-} 2>&1) || { echo "$out" >&2; return 1; }
	nodes=$(sed -n 's/.*Nodes searched: \([0-9]*\).*/\1/p' <<<"$out" | head -1)
	instr=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' <<<"$out" | tr -d ,)
	[[ -n $nodes && -n $instr ]] || { echo "instr-per-node.sh: no node or instruction count in: $*" >&2; return 1; }
	echo "$nodes $instr"
}

# per prints the instructions per node between depths LOW and HIGH.
per() {
	local n1 i1 n2 i2
	read -r n1 i1 < <(count "$@" -benchdepth "$low")
	read -r n2 i2 < <(count "$@" -benchdepth "$high")
	awk -v n1="$n1" -v i1="$i1" -v n2="$n2" -v i2="$i2" 'BEGIN { printf "%.0f %d\n", (i2 - i1) / (n2 - n1), n2 - n1 }'
}

# GOMAXPROCS=1 and no asynchronous preemption: valgrind runs one thread at a
# time, and an idle P's spinning thread and preemption signals otherwise add
# instructions that are not the search's (the count of one binary varied
# 4 466-5 160 per node with the machine's load; tools/lab/perft-instr.sh found the
# same for perft).
read -r nat nn < <(GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 per "$native")
echo "native: $nat instructions per node (depth $low-$high, $nn nodes)"
read -r -a node_flags <<<"${WASM_NODE_FLAGS---no-liftoff}"
read -r was wn < <(per node "${node_flags[@]}" "$exec_node" "$wasm")
echo "wasm:   $was instructions per node (depth $low-$high, $wn nodes; node $(node --version) ${node_flags[*]})"
awk -v a="$nat" -v b="$was" 'BEGIN { printf "wasm/native speed by instructions per node: %.3f\n", a / b }'
