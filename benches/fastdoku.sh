#!/usr/bin/env bash
# The exact search beside fastdoku (github rocketbombs/fastdoku, the fastest published solver we
# know of), run in turn on the same whole files, solve + prove unique (count to 2) for both.
#
#   benches/fastdoku.sh [--rounds N] [--cpu native|x86-64] [--sets "A.txt B.txt"] [--shared DIR]
#
# DIR (../shared beside the clone unless given) holds puzzles/ and anchors/fastdoku/. fastdoku is
# built by its anchors/fastdoku/run.sh (its source and a harness timing it as
# we time ours; `-C target-cpu=native`, as its author builds it). Ours is timed by
# `cargo bench --bench exact -- --alone`, built once with `-C target-cpu=$cpu` (native by default) in
# a target directory of its own, so the ordinary build keeps its cache. Each round times one pass
# of each over the file, in turn, the order swapped every round. Before timing, both must count
# the same puzzles with one solution. Prints one markdown table: each one's median puzzles per
# second and the median over the rounds of ours ÷ fastdoku, with its spread.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
shared="$here/../shared"
rounds=9 cpu=native
sets="forum_hardest_1905_11plus.txt magictour_top1465.txt 17_clue.txt forum_hardest_1106.txt"
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --cpu) cpu=$2; shift 2 ;;
        --sets) sets=$2; shift 2 ;;
        --shared) shared=$2; shift 2 ;;
        *) echo "usage: $0 [--rounds N] [--cpu CPU] [--sets \"A.txt B.txt\"] [--shared DIR]" >&2
           exit 2 ;;
    esac
done
anchor="$shared/anchors/fastdoku" puzzles="$shared/puzzles"
[ -x "$anchor/run.sh" ] || { echo "$0: no fastdoku at $anchor" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Built once and copied, so that editing the tree while this runs changes nothing timed.
bench=$(cd "$here" && RUSTFLAGS="-C target-cpu=$cpu" CARGO_TARGET_DIR="$here/target/bench-$cpu" \
    cargo bench --bench exact --no-run 2>&1 | sed -n 's/.*Executable.*(\(.*\))$/\1/p')
cp "$here/$bench" "$tmp/exact" 2>/dev/null || cp "$bench" "$tmp/exact"

# One pass of fastdoku: "unique rate".
theirs() { "$anchor/run.sh" "$1" 1 | awk '{ print $4, $6 }'; }
# One pass of ours (crates/engine/benches/exact.rs): "unique rate".
ours() {
    "$tmp/exact" --runs 1 --alone --puzzles "$puzzles" --set "$(basename "$1")" |
        awk -F'|' '$2 ~ /\.txt/ { gsub(/[ \/s]/, "", $4); gsub(/[ \/s]/, "", $5); print $4, $5 }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| set | unique (both) | fastdoku | ours ($cpu) | ours ÷ fastdoku: median (min–max) |"
echo "|---|---:|---:|---:|---:|"
for set in $sets; do
    file="$puzzles/$set"
    : >"$tmp/t" && : >"$tmp/o" && : >"$tmp/r"
    for round in $(seq "$rounds"); do
        if [ $((round % 2)) = 1 ]; then
            read -r tu t < <(theirs "$file") && read -r ou o < <(ours "$file")
        else
            read -r ou o < <(ours "$file") && read -r tu t < <(theirs "$file")
        fi
        [ "$ou" = "$tu" ] || { echo "$set: fastdoku counts $tu unique puzzles, ours $ou" >&2; exit 1; }
        echo "$t" >>"$tmp/t" && echo "$o" >>"$tmp/o"
        awk -v o="$o" -v t="$t" 'BEGIN { print o / t }' >>"$tmp/r"
    done
    awk -v s="$set" -v u="$ou" -v t="$(median <"$tmp/t")" -v o="$(median <"$tmp/o")" \
        -v r="$(median <"$tmp/r")" -v lo="$(sort -g "$tmp/r" | head -1)" \
        -v hi="$(sort -g "$tmp/r" | tail -1)" 'BEGIN {
        printf "| %s | %d | %.0f/s | %.0f/s | **%.2f** (%.2f–%.2f) |\n", s, u, t, o, r, lo, hi }'
done
