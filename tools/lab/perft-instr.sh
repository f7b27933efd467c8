#!/usr/bin/env bash
# perft-instr.sh counts the machine instructions one perft node costs,
# natively and as wasm under node (V8's compiled code), with valgrind: the
# perft twin of instr-per-node.sh, a load-independent stand-in for the
# wasm/native speed ratio that `make bench-perft` measures by the clock.
#
#   tools/lab/perft-instr.sh NATIVE.test WASM.test [KIND…]
#
# Both arguments are `go test -c` binaries of ./engine/board (the second
# built with GOOS=js GOARCH=wasm, through tools/wasmbuild); NATIVE "-"
# counts the wasm binary alone (comparing wasm variants of one site). KIND is one of startpos-bulk,
# kiwipete-bulk, startpos-nobulk, kiwipete-nobulk (default: all four). Each
# kind runs two BenchmarkPerft rows of one position a depth apart (startpos
# depths 4 and 5, Kiwipete 3 and 4); the difference of their instruction
# counts over the difference of their node counts cancels start-up,
# compilation and table set-up, which a single run would charge to the
# nodes. `make perft-instr` runs it. Needs valgrind; takes a few minutes
# (valgrind runs V8 about 50 times slower than normal).
#
# node runs with --no-liftoff: V8 compiles each wasm function with its
# optimising compiler at once instead of first with its baseline compiler
# (Liftoff) and tiering up hot functions in the background. Under valgrind,
# which runs one thread at a time, the tier-up comes late and a large,
# varying share of the nodes ran in baseline code (Kiwipete bulk: 100-107
# instructions per node with tier-up, 54 without, against 25 natively, while
# the clock says wasm runs at 0.45x native). In a normal run the optimised
# code takes over within milliseconds. NODE_FLAGS replaces the flag.
set -euo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"
native=${1:?usage: perft-instr.sh NATIVE.test WASM.test [KIND…]}
wasm=${2:?usage: perft-instr.sh NATIVE.test WASM.test [KIND…]}
shift 2
kinds=("$@")
[[ ${#kinds[@]} -gt 0 ]] || kinds=(startpos-bulk kiwipete-bulk startpos-nobulk kiwipete-nobulk)
command -v valgrind >/dev/null || { echo "perft-instr.sh: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
exec_node="$(go env GOROOT)/lib/wasm/wasm_exec_node.js"
read -ra node_flags <<<"${NODE_FLAGS---no-liftoff}"

# count prints "NODES INSTRUCTIONS" for one BenchmarkPerft row ($1) of the
# command that follows.
count() {
	local row=$1 out nodes instr
	shift
	out=$(valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" \
		-test.run '^$' -test.bench "^BenchmarkPerft\$/^$row\$" -test.benchtime 1x 2>&1) || { echo "$out" >&2; return 1; }
	nodes=$(sed -n 's/.* \([0-9]*\) nodes\/op.*/\1/p' <<<"$out" | head -1)
	instr=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' <<<"$out" | tr -d ,)
	[[ -n $nodes && -n $instr ]] || { echo "perft-instr.sh: no node or instruction count for $row in: $*" >&2; return 1; }
	echo "$nodes $instr"
}

# per prints the instructions per node between rows $1 and $2 of the command that follows.
per() {
	local lo=$1 hi=$2 n1 i1 n2 i2
	shift 2
	read -r n1 i1 < <(count "$lo" "$@")
	read -r n2 i2 < <(count "$hi" "$@")
	awk -v n1="$n1" -v i1="$i1" -v n2="$n2" -v i2="$i2" 'BEGIN { printf "%.1f\n", (i2 - i1) / (n2 - n1) }'
}

echo "machine instructions per perft node (valgrind; node $(node --version) ${node_flags[*]}); wasm/native speed = native/wasm"
for kind in "${kinds[@]}"; do
	pos=${kind%-*} mode=${kind#*-}
	case $pos in
	startpos) lo=4 hi=5 ;;
	kiwipete) lo=3 hi=4 ;;
	*) echo "perft-instr.sh: unknown kind $kind" >&2; exit 2 ;;
	esac
	[[ $mode == bulk || $mode == nobulk ]] || { echo "perft-instr.sh: unknown kind $kind" >&2; exit 2; }
	rlo=$pos-d$lo-$mode rhi=$pos-d$hi-$mode
	was=$(per "$rlo" "$rhi" node "${node_flags[@]}" "$exec_node" "$wasm")
	if [[ $native == - ]]; then
		printf '%-16s wasm %7.1f  (%s -> %s)\n' "$kind" "$was" "$rlo" "$rhi"
		continue
	fi
	nat=$(GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 per "$rlo" "$rhi" "$native")
	awk -v k="$kind" -v l="$rlo" -v h="$rhi" -v a="$nat" -v b="$was" \
		'BEGIN { printf "%-16s native %7.1f  wasm %7.1f  wasm/native %.3f  (%s -> %s)\n", k, a, b, a / b, l, h }'
done
