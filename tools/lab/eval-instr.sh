#!/usr/bin/env bash
# eval-instr.sh counts the machine instructions one evaluation costs,
# natively and as wasm under node (V8's optimised code), with valgrind: the
# evaluation's own wasm/native ratio, a figure that does not depend on the
# machine's load (see instr-per-node.sh for the search as a whole).
#
#   tools/lab/eval-instr.sh NATIVE.test WASM.test [LOW HIGH]
#
# Both arguments are `go test -c` binaries of ./engine/eval, run from
# engine/eval (the sample is read from the shared suites). Each runs
# TestEvalBenchPrint with -evalreps LOW and HIGH (default 1 and 9): the
# difference of the instruction counts over the difference of the numbers of
# evaluations cancels start-up and the sample's set-up, and the first pass
# (which fills the pawn table) is in both. The wasm run also checks that both
# builds printed the same checksum.
#
# node runs with --no-liftoff --single-threaded (WASM_NODE_FLAGS overrides):
# with V8's background threads, valgrind also counted their waiting, and two
# runs of one binary with the same repeats differed by 1 000 million
# instructions (8 %); single-threaded, by 0.03 %. The remaining noise of
# the difference is a few per cent (repeats 1 -> 3, 3 -> 5 and 5 -> 9 gave
# 5361, 5003 and 5430 per evaluation), so compare builds at LOW=1 HIGH=9.
set -euo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"
native=$(realpath "${1:?usage: eval-instr.sh NATIVE.test WASM.test [LOW HIGH]}")
wasm=$(realpath "${2:?usage: eval-instr.sh NATIVE.test WASM.test [LOW HIGH]}")
low=${3:-1}
high=${4:-9}
command -v valgrind >/dev/null || { echo "eval-instr.sh: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
exec_node="$(go env GOROOT)/lib/wasm/wasm_exec_node.js"
cd "$(dirname "$0")/../../engine/eval"

# count prints "EVALUATIONS INSTRUCTIONS CHECKSUM" for one run.
count() {
	local out n instr sum
	out=$(valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" \
		-test.run '^TestEvalBenchPrint$' -test.v 2>&1) || { echo "$out" >&2; return 1; }
	n=$(sed -n 's/.*Evaluations: \([0-9]*\).*/\1/p' <<<"$out" | head -1)
	sum=$(sed -n 's/.*Evaluations: [0-9]*  sum \(-*[0-9]*\).*/\1/p' <<<"$out" | head -1)
	instr=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' <<<"$out" | tr -d ,)
	[[ -n $n && -n $instr ]] || { echo "eval-instr.sh: no evaluation or instruction count in: $*" >&2; return 1; }
	echo "$n $instr $sum"
}

# per prints the instructions per evaluation between LOW and HIGH repeats,
# the number of evaluations between them and the HIGH run's checksum.
per() {
	local n1 i1 s1 n2 i2 s2
	read -r n1 i1 s1 < <(count "$@" -evalreps "$low")
	read -r n2 i2 s2 < <(count "$@" -evalreps "$high")
	awk -v n1="$n1" -v i1="$i1" -v n2="$n2" -v i2="$i2" -v s="$s2" 'BEGIN { printf "%.0f %d %s\n", (i2 - i1) / (n2 - n1), n2 - n1, s }'
}

read -r nat nn ns < <(GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 per "$native")
echo "native: $nat instructions per evaluation ($nn evaluations, checksum $ns)"
read -r -a node_flags <<<"${WASM_NODE_FLAGS---no-liftoff --single-threaded}"
read -r was wn ws < <(per node "${node_flags[@]}" "$exec_node" "$wasm")
echo "wasm:   $was instructions per evaluation ($wn evaluations, checksum $ws; node $(node --version) ${node_flags[*]})"
[[ $ns == "$ws" ]] || { echo "eval-instr.sh: the builds' checksums differ ($ns vs $ws)" >&2; exit 1; }
awk -v a="$nat" -v b="$was" 'BEGIN { printf "wasm/native speed by instructions per evaluation: %.3f\n", a / b }'
