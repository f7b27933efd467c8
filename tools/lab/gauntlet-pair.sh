#!/usr/bin/env bash
# gauntlet-pair.sh plays the native binary and the wasm build (under node) of
# the working tree against the same anchors with the same openings, side by
# side, one game at a time each, so that both meet the same machine load:
# the measurement of "the wasm build within N Elo of native" (issue 5,
# docs/strength.md). `make gauntlet-pair`.
#
# usage: tools/lab/gauntlet-pair.sh [games-per-anchor] [tc]
# Environment:
#   NODE        node binary that runs the wasm build (default: node on PATH);
#               its version goes into the wasm engine's name
#   ANCHORS     anchors (default glaurung,sf2250: the pair that brackets both builds)
#   SRAND       book shuffle seed (default 20261124; sessions 5-9 used it)
#   TIMEMARGIN  ms an engine may overrun its clock (default 500)
#   PAIR_DIR    where the builds and the two consoles go (default .match/pair)
# Everything else (FASTCHESS, MATCH_HOME, HASH, ...) passes through to
# ../shared/tools/gauntlet.sh. The two combined ratings and their difference
# are printed at the end; the runs (PGNs, ratings.tsv) are in
# $MATCH_HOME/runs as usual.
set -euo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"

games=${1:-50}
tc=${2:-10+0.1}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
tools=$(cd "$root/../shared/tools" && pwd)
node=${NODE:-node}
dir=${PAIR_DIR:-$root/.match/pair}
rev=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
if ! git -C "$root" diff --quiet HEAD 2>/dev/null; then rev=$rev-dirty; fi
nodever=$("$node" -e 'process.stdout.write(process.versions.node)')

# Both engines are copied out of the tree, so a rebuild during the hours of
# a match cannot change what plays.
rm -rf "$dir" && mkdir -p "$dir/native" "$dir/wasm"
(cd "$root" && go build -trimpath -o "$dir/native/azurite" ./cmd/azurite)
make -C "$root" --no-print-directory wasm >/dev/null
cp "$root/dist/azurite.wasm" "$root/dist/wasm_exec.js" "$dir/wasm/"
cp "$root/tools/azurite-uci.mjs" "$dir/wasm/"
# The same 51-position bench from both: the node counts must agree.
nb=$(printf 'bench\nquit\n' | "$dir/native/azurite" | grep 'Nodes searched')
wb=$(printf 'bench\nquit\n' | "$node" "$dir/wasm/azurite-uci.mjs" --wasm "$dir/wasm/azurite.wasm" \
	--exec "$dir/wasm/wasm_exec.js" | grep 'Nodes searched')
if [ "$nb" != "$wb" ]; then
	echo "gauntlet-pair: bench differs: native '$nb', wasm '$wb'" >&2
	exit 1
fi
echo "gauntlet-pair: $rev, bench $nb; wasm under node $nodever ($node); $games games per anchor, $tc"

anchors=${ANCHORS:-glaurung,sf2250}
common=(CONCURRENCY=1 "TIMEMARGIN=${TIMEMARGIN:-500}" "SRAND=${SRAND:-20261124}" "ANCHORS=$anchors")
(cd "$dir/wasm" && env "${common[@]}" CAND_NAME="azurite-wasm-node$nodever-$rev" \
	"$tools/gauntlet.sh" "$node $dir/wasm/azurite-uci.mjs --wasm $dir/wasm/azurite.wasm --exec $dir/wasm/wasm_exec.js" \
	"$games" "$tc" >"$dir/wasm.out" 2>&1) &
w=$!
sleep 20 # the two matches start their games apart
(cd "$dir/native" && env "${common[@]}" CAND_NAME="azurite-native-$rev" \
	"$tools/gauntlet.sh" "$dir/native/azurite" "$games" "$tc" >"$dir/native.out" 2>&1) &
n=$!
status=0
wait $w || status=1
wait $n || status=1

rating() { sed -n 's/^Combined rating estimate[^:]*: *\([0-9-]*\) *+\/- *\([0-9]*\).*/\1 \2/p' "$1" | tail -n 1; }
read -r wr we <<<"$(rating "$dir/wasm.out")"
read -r nr ne <<<"$(rating "$dir/native.out")"
for f in wasm native; do
	echo "== $f"
	grep -E "^(${anchors//,/|}) " "$dir/$f.out" || true # the per-anchor rows
	grep '^Combined rating' "$dir/$f.out" || true
done
if [ -n "${wr:-}" ] && [ -n "${nr:-}" ]; then
	echo "gap (native - wasm): $((nr - wr)) (wasm $wr +/- $we, native $nr +/- $ne; 95 %, game noise only)"
fi
exit $status
