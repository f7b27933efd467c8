#!/usr/bin/env bash
# ablate.sh builds a native azurite with one feature removed, for the
# ablation rows of docs/ablation.md (make ablation-match). The repository is
# never modified: the variant is built from a copy of a git revision, patched
# in the copy.
#
#   tools/lab/ablate.sh FEATURE OUT [REV]
#
# Evaluation features are removed by zeroing their weight blocks (a file
# dropped into the copy's engine/eval re-installs Default() with those blocks
# zeroed; its init runs after the package's own because Go runs a package's
# init functions in file-name order). Code features (endgame rules, search
# heuristics) are removed by a sed patch that must match exactly once, or the
# script fails. `tools/lab/ablate.sh list` prints the features; the feature
# "none" builds the revision unchanged (the full engine to play against).
set -euo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"

declare -A BLOCKS=(
	[mobility]="KnightMobility BishopMobility RookMobility QueenMobility"
	[passed]="Passed PassedFree PassedSafe PassedOwnKing PassedEnemyKing"
	[kingsafety]="KingDanger Shield Storm KingOpenFile KingSemiOpenFile"
	[pawnstructure]="Isolated Doubled Backward Connected Candidate"
	[threats]="ThreatByPawn ThreatByMinor ThreatByRook Hanging"
	[rooks]="RookOpenFile RookSemiOpenFile RookSeventh"
	[outposts]="KnightOutpost BishopOutpost"
	[bishoppair]="BishopPair"
	[tempo]="Tempo"
)
# Code patches: file, sed expression, and the text that must appear afterwards.
declare -A PATCH_FILE=(
	[endgame]="engine/eval/endgame.go"
	[scaling]="engine/eval/endgame.go"
	[nullmove]="engine/search/root.go"
	[lmr]="engine/search/negamax.go"
)
declare -A PATCH_SED=(
	# Both endgame parts: no special endgames (KPK bitbase, mates, dead draws) and no scaling.
	[endgame]='s/^func (e \*Evaluator) specialEndgame(pos \*board.Position) (v int, ok bool) {$/&\n\tif true {\n\t\treturn 0, false \/\/ ablated\n\t}/; s/^func (e \*Evaluator) scale(pos \*board.Position, eg int) int {$/&\n\tif true {\n\t\treturn scaleNormal \/\/ ablated\n\t}/'
	[scaling]='s/^func (e \*Evaluator) scale(pos \*board.Position, eg int) int {$/&\n\tif true {\n\t\treturn scaleNormal \/\/ ablated\n\t}/'
	[nullmove]='s/^\tt\.noNull = l\.Mate > 0$/\tt.noNull = true \/\/ ablated/'
	[lmr]='s/^\t\tif depth >= lmrMinDepth && moveCount > 1+boolInt(pvNode)/\t\tif \/* ablated *\/ false \&\& depth >= lmrMinDepth \&\& moveCount > 1+boolInt(pvNode)/'
)
declare -A PATCH_COUNT=([endgame]=2 [scaling]=1 [nullmove]=1 [lmr]=1)

if [[ ${1:-} == list || $# -lt 2 ]]; then
	echo "usage: $0 FEATURE OUT [REV]; features:" >&2
	for k in "${!BLOCKS[@]}"; do echo "  $k: zero ${BLOCKS[$k]}"; done | sort >&2
	for k in "${!PATCH_FILE[@]}"; do echo "  $k: patch ${PATCH_FILE[$k]}"; done | sort >&2
	echo "  none: the revision unchanged" >&2
	[[ ${1:-} == list ]] && exit 0 || exit 2
fi
feature=$1 out=$2 rev=${3:-HEAD}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/ablate-$feature.XXXXXX")
trap 'rm -rf "$work"' EXIT
git -C "$root" archive "$rev" | tar -x -C "$work"

if [[ $feature == none ]]; then
	:
elif [[ -n ${BLOCKS[$feature]:-} ]]; then
	names=""
	for b in ${BLOCKS[$feature]}; do names+="\"$b\": true, "; done
	cat >"$work/engine/eval/zz_ablate.go" <<EOF
package eval

// Ablation build ($feature): Default() with these blocks zeroed.
func init() {
	p := Default()
	zero := map[string]bool{$names}
	n := 0
	for _, b := range Layout {
		if zero[b.Name] {
			for i := b.Start; i < b.Start+b.Len; i++ {
				p.V[i] = 0
			}
			n++
		}
	}
	if n != len(zero) {
		panic("ablate: a block name is not in Layout")
	}
	SetParams(p)
}
EOF
elif [[ -n ${PATCH_FILE[$feature]:-} ]]; then
	f="$work/${PATCH_FILE[$feature]}"
	sed -i -e "${PATCH_SED[$feature]}" "$f"
	got=$(grep -c 'ablated' "$f" || true)
	if [[ $got != "${PATCH_COUNT[$feature]}" ]]; then
		echo "ablate: patch for $feature matched $got times in ${PATCH_FILE[$feature]}, want ${PATCH_COUNT[$feature]}" >&2
		exit 1
	fi
else
	echo "ablate: unknown feature $feature (try: $0 list)" >&2
	exit 2
fi
(cd "$work" && go build -o "$out" ./cmd/azurite)
echo "built $out ($feature removed, from $(git -C "$root" rev-parse --short "$rev"))"
