#!/usr/bin/env bash
# calibrate-levels.sh - measure the web player's named strength levels in matches.
#
# usage:  tools/lab/calibrate-levels.sh ENGINE PAIRING...
#   ENGINE    the native UCI binary (make calibrate-levels builds .match/azurite-levels)
#   PAIRING   LEVEL:OPPONENT[:GAMES]
#             LEVEL    a level id from web/levels.js (beginner, novice, …, master), or
#                      elo<N>: UCI_LimitStrength at UCI_Elo=N, or skill<N>: Skill Level N,
#                      SKILL_MT ms per move (for fitting the mapping)
#             OPPONENT an anchor (sf1500, sf1750, sf2000, sf2250, sf2500, fairymax) or
#                      another level id
#             GAMES    even number of games, default $GAMES (colour-reversed pairs)
#
# Each level plays exactly as the page plays it (web/play.js): the options of its
# row in web/levels.js (UCI_LimitStrength, UCI_Elo, Book Variety) plus OwnBook=true,
# MultiPV=1, UCI_AnalyseMode=false, and `go movetime` equal to the level's movetime
# (fastchess st=). Levels below full strength stop at their own depth and node caps,
# far below that movetime, so a level plays the same moves on any machine.
#
# Level-vs-level pairings use LEVEL_ST seconds per move instead of the page's
# movetime, so that a loaded machine cannot make the clock bind before the caps:
# the games are then load-insensitive (the weakest levels, below every anchor, are
# measured through such a chain tied to an anchored level). Anchors play at
# ANCHOR_TC with TIMEMARGIN ms of slack; they use the clock, so run those on a
# quiet machine at CONCURRENCY=1.
#
# ANCHOR_NODES=N instead gives the anchor a fixed node count per move (a
# load-insensitive pilot; the anchors' ratings were measured at time controls).
#
# Environment: ANCHOR_TC (5+0.05) TIMEMARGIN (500) CONCURRENCY (1) GAMES (40)
#   LEVEL_ST (30) SKILL_MT (1000) SRAND (20261122) OUTDIR FASTCHESS BOOK HASH (16)
#   RATED="club=1470,casual=1100"  ratings of opponent levels already measured, so the
#   report prints the rating each pairing implies (the chain's transitive anchor).
# Output: OUTDIR/<level>-vs-<opponent>.{pgn,out,log,summary.txt}, printed summaries.
set -euo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SHARED=${SHARED:-$ROOT/../shared}
MATCH_HOME=${MATCH_HOME:-$HOME/.cache/azurite-match}
FASTCHESS=${FASTCHESS:-$MATCH_HOME/fastchess/fastchess}
BOOK=${BOOK:-$SHARED/data/openings/8moves_v3.pgn}
TOOLS=$SHARED/tools
PYTHON=${PYTHON:-/usr/bin/python3}
ANCHOR_TC=${ANCHOR_TC:-5+0.05}
TIMEMARGIN=${TIMEMARGIN:-500}
CONCURRENCY=${CONCURRENCY:-1}
GAMES=${GAMES:-40}
LEVEL_ST=${LEVEL_ST:-30}
SKILL_MT=${SKILL_MT:-1000}
SRAND=${SRAND:-20261122}
HASH=${HASH:-16}
RATED=${RATED:-}
ADJUDICATE=(-resign movecount=3 score=600 -draw movenumber=34 movecount=8 score=20 -maxmoves 400)

die() { echo "calibrate-levels.sh: $*" >&2; exit 1; }

[[ $# -ge 2 ]] || die "usage: calibrate-levels.sh ENGINE LEVEL:OPPONENT[:GAMES]..."
ENGINE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
[[ -x $ENGINE ]] || die "engine not executable: $ENGINE"
[[ -x $FASTCHESS ]] || die "fastchess not found at $FASTCHESS (see ../shared/tools/README.md)"
[[ -r $BOOK ]] || die "opening book not found at $BOOK"

# Anchors: name|rating|command|args|options (ratings and sources: ../shared/tools/README.md).
declare -A A_RATING A_CMD A_ARGS A_OPTS
while IFS='|' read -r name rating cmd args opts; do
    A_RATING[$name]=$rating; A_CMD[$name]=$cmd; A_ARGS[$name]=$args; A_OPTS[$name]=$opts
done <<EOF
sf1500|1480|/usr/games/stockfish||option.Threads=1 option.UCI_LimitStrength=true option.UCI_Elo=1500
sf1750|1852|/usr/games/stockfish||option.Threads=1 option.UCI_LimitStrength=true option.UCI_Elo=1750
sf2000|2440|/usr/games/stockfish||option.Threads=1 option.UCI_LimitStrength=true option.UCI_Elo=2000
sf2250|2772|/usr/games/stockfish||option.Threads=1 option.UCI_LimitStrength=true option.UCI_Elo=2250
sf2500|2988|/usr/games/stockfish||option.Threads=1 option.UCI_LimitStrength=true option.UCI_Elo=2500
fairymax|?|$PYTHON|$TOOLS/xb2uci.py -- /usr/games/fairymax|
EOF

# The levels, read from the page's own module: "id<TAB>movetime<TAB>option=value<TAB>…".
declare -A L_MT L_OPTS
while IFS=$'\t' read -r id mt opts; do
    L_MT[$id]=$mt; L_OPTS[$id]=$opts
done < <(cd "$ROOT" && node --input-type=module -e '
import { LEVELS } from "./web/levels.js";
for (const l of LEVELS) {
  const o = { OwnBook: true, MultiPV: 1, UCI_AnalyseMode: false, ...l.options };
  console.log([l.id, l.movetime, ...Object.entries(o).map(([k, v]) => `option.${k}=${v}`)].join("\t"));
}')
[[ ${#L_MT[@]} -gt 0 ]] || die "could not read web/levels.js"
# elo<N> is not a page level: UCI_LimitStrength at UCI_Elo=N (for fitting the mapping).
for pairing in "$@"; do
    IFS=: read -r a b _ <<<"$pairing"
    for id in "$a" "$b"; do
        if [[ $id =~ ^skill([0-9]+)$ ]]; then
            L_MT[$id]=$SKILL_MT
            L_OPTS[$id]=$(printf 'option.OwnBook=true\toption.MultiPV=1\toption.UCI_AnalyseMode=false\toption.UCI_LimitStrength=false\toption.Skill Level=%s\toption.Book Variety=50' "${BASH_REMATCH[1]}")
        elif [[ $id =~ ^elo([0-9]+)$ ]]; then
            L_MT[$id]=$SKILL_MT
            L_OPTS[$id]=$(printf 'option.OwnBook=true\toption.MultiPV=1\toption.UCI_AnalyseMode=false\toption.UCI_LimitStrength=true\toption.UCI_Elo=%s\toption.Book Variety=50' "${BASH_REMATCH[1]}")
        fi
    done
done

# level_engine ID ST: fastchess arguments for one level.
level_engine() {
    local id=$1 st=$2
    local args=(-engine "cmd=$ENGINE" "name=$id" "st=$st" "timemargin=$TIMEMARGIN" "option.Hash=$HASH")
    local IFS=$'\t'
    for o in ${L_OPTS[$id]}; do args+=("$o"); done
    printf '%s\n' "${args[@]}"
}

OUTDIR=${OUTDIR:-$ROOT/.match/levels-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUTDIR"
echo "engine: $ENGINE ($("$ENGINE" -version 2>/dev/null || echo '?'))"
echo "book  : $BOOK (random order, seed $SRAND); output: $OUTDIR"

slice=0
for pairing in "$@"; do
    IFS=: read -r lvl opp games <<<"$pairing"
    games=${games:-$GAMES}
    [[ -n ${L_MT[$lvl]+x} ]] || die "unknown level '$lvl' (known: ${!L_MT[*]})"
    (( games % 2 == 0 )) || games=$((games + 1))
    rounds=$((games / 2))
    tag=$lvl-vs-$opp
    if [[ -n ${L_MT[$opp]+x} ]]; then
        mapfile -t e1 < <(level_engine "$lvl" "$LEVEL_ST")
        mapfile -t e2 < <(level_engine "$opp" "$LEVEL_ST")
        rating=?
        for r in ${RATED//,/ }; do [[ ${r%%=*} == "$opp" ]] && rating=${r#*=}; done
        how="level vs level, st=$LEVEL_ST (caps bind)"
    elif [[ -n ${A_CMD[$opp]+x} ]]; then
        st=$(awk -v ms="${L_MT[$lvl]}" 'BEGIN { printf "%g", ms / 1000 }')
        mapfile -t e1 < <(level_engine "$lvl" "$st")
        if [[ -n ${ANCHOR_NODES:-} ]]; then
            limit=("nodes=$ANCHOR_NODES" "st=$LEVEL_ST") anchor_how="nodes=$ANCHOR_NODES"
        else
            limit=("tc=$ANCHOR_TC") anchor_how="tc=$ANCHOR_TC"
        fi
        e2=(-engine "cmd=${A_CMD[$opp]}" "name=$opp" "${limit[@]}" "timemargin=$TIMEMARGIN" "option.Hash=$HASH")
        [[ -n ${A_ARGS[$opp]} ]] && e2+=("args=${A_ARGS[$opp]}")
        # shellcheck disable=SC2206
        [[ -n ${A_OPTS[$opp]} ]] && e2+=(${A_OPTS[$opp]})
        rating=${A_RATING[$opp]}
        how="level st=$st (page movetime), $opp $anchor_how"
    else
        die "unknown opponent '$opp' (anchors: ${!A_CMD[*]}; levels: ${!L_MT[*]})"
    fi
    printf '%s\t%s\t%s\n' "$opp" "$rating" "$how" >"$OUTDIR/$tag.tsv"
    start=$((1 + slice * 1000)) # each pairing its own slice of the shuffled book
    slice=$((slice + 1))
    echo "== $tag: $games games, $how"
    t0=$(date +%s)
    set +e
    (cd "$OUTDIR" && "$FASTCHESS" "${e1[@]}" "${e2[@]}" \
        -openings "file=$BOOK" format=pgn order=random "start=$start" -srand "$SRAND" \
        -rounds "$rounds" -repeat -concurrency "$CONCURRENCY" -recover "${ADJUDICATE[@]}" \
        -pgnout "file=$OUTDIR/$tag.pgn" notation=san nodes=true \
        -log "file=$OUTDIR/$tag.log" level=warn append=false >"$OUTDIR/$tag.out" 2>&1)
    rc=$?
    set -e
    echo "   $(( $(date +%s) - t0 )) s; fastchess exit $rc"
    [[ -s $OUTDIR/$tag.pgn ]] || { echo "   no games recorded; see $OUTDIR/$tag.out"; continue; }
    "$PYTHON" "$TOOLS/gauntlet_report.py" "$lvl" "$OUTDIR/$tag.tsv" "$OUTDIR/$tag.pgn" | tee "$OUTDIR/$tag.summary.txt"
done
