#!/usr/bin/env bash
# retune.sh builds a native azurite from a git revision with search
# constants changed, for the search-retuning SPRTs of docs/nnue.md
# (make retune-sprt). The repository is never modified: the variant is built
# from a copy of the revision, patched in the copy.
#
#   tools/lab/retune.sh OUT [REV] NAME=VALUE [NAME=VALUE ...]
#
# Each NAME must be a constant of engine/search declared on a line of its own
# as "NAME = VALUE" (the selectivity block of negamax.go, deltaMargin of
# qsearch.go); the script fails unless each substitution matches exactly one
# line, so a renamed constant cannot silently leave the variant unchanged.
set -euo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"

if [[ $# -lt 2 ]]; then
	echo "usage: $0 OUT [REV] NAME=VALUE [NAME=VALUE ...]" >&2
	exit 2
fi
out=$1
shift
rev=HEAD
if [[ $1 != *=* ]]; then
	rev=$1
	shift
fi
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/retune.XXXXXX")
trap 'rm -rf "$work"' EXIT
git -C "$root" archive "$rev" | tar -x -C "$work"

for kv in "$@"; do
	name=${kv%%=*} value=${kv#*=}
	if [[ ! $name =~ ^[A-Za-z][A-Za-z0-9]*$ || ! $value =~ ^-?[0-9]+$ ]]; then
		echo "retune: '$kv': want NAME=INTEGER" >&2
		exit 2
	fi
	pattern="^(\s*(const )?$name\s*=\s*)-?[0-9]+"
	files=$(grep -lE "$pattern" "$work"/engine/search/*.go | grep -v _test.go || true)
	count=$(grep -hE "$pattern" $files /dev/null | wc -l || true)
	if [[ $count != 1 ]]; then
		echo "retune: constant $name matches $count lines in engine/search, want 1" >&2
		exit 1
	fi
	sed -i -E "s/$pattern/\1$value/" $files
	grep -hE "$pattern" $files | sed 's/^\s*/retune: /' >&2
done
(cd "$work" && go build -trimpath -o "$out" ./cmd/azurite)
