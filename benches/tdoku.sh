#!/usr/bin/env bash
# The exact search beside tdoku (github t-dillon/tdoku) and the `sudoku` crate, run after run in
# turn on the same whole files, solve + prove unique (count to 2) for all three.
#
#   benches/tdoku.sh --tdoku DIR [--runs N] [--puzzles DIR]
#
# DIR is a tdoku checkout outside this repository; nothing of it is committed. It is built with
# g++ -O3 -march=native into a temporary directory (no cmake needed). Before timing, tdoku's
# count of puzzles with one solution must equal ours. Prints one markdown table: each solver's
# median puzzles per second over the runs, and ours divided by the faster of the other two.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
tdoku="" runs=5 puzzles="$here/../shared/puzzles"
while [ $# -gt 0 ]; do
    case "$1" in
        --tdoku) tdoku=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --puzzles) puzzles=$2; shift 2 ;;
        *) echo "usage: $0 --tdoku DIR [--runs N] [--puzzles DIR]" >&2; exit 2 ;;
    esac
done
[ -f "$tdoku/src/solver_dpll_triad_simd.cc" ] || {
    echo "$0: --tdoku DIR must be a tdoku checkout" >&2
    exit 2
}
sets=(forum_hardest_1905_11plus.txt magictour_top1465.txt 17_clue.txt)

build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
flags=(-O3 -march=native -std=c++14 -DNDEBUG)
sed -e 's/\${CMAKE_C_COMPILER_ID}/GNU/; s/\${CMAKE_CXX_COMPILER_ID}/GNU/' \
    -e "s/\${CMAKE_C_COMPILER_VERSION}/$(g++ -dumpversion)/" \
    -e "s/\${CMAKE_CXX_COMPILER_VERSION}/$(g++ -dumpversion)/" \
    -e "s/\${CMAKE_C_FLAGS}/ ${flags[*]}/; s/\${CMAKE_CXX_FLAGS}/ ${flags[*]}/" \
    "$tdoku/src/build_info.h.in" >"$build/build_info.h"
echo "building tdoku in $build" >&2
g++ "${flags[@]}" -I"$build" -I"$tdoku/src" -o "$build/run_benchmark" \
    "$tdoku/src/run_benchmark.cc" "$tdoku/src/solver_dpll_triad_simd.cc" \
    "$tdoku/src/util.cc" "$tdoku/other/other_solvers.cc"
# tdoku's benchmark only stops on a puzzle without a solution; this counts each file's unique
# puzzles through the same entry point, to hold beside ours.
cat >"$build/unique.cc" <<'EOF'
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
extern "C" size_t TdokuSolverDpllTriadSimd(const char *, size_t, uint32_t, char *, size_t *);
int main() {
    std::string line;
    size_t unique = 0;
    char solution[81];
    size_t guesses;
    while (std::getline(std::cin, line)) {
        if (line.size() >= 81 && line[0] != '#') {
            unique += TdokuSolverDpllTriadSimd(line.c_str(), 2, 0, solution, &guesses) == 1;
        }
    }
    std::printf("%zu\n", unique);
}
EOF
g++ "${flags[@]}" -I"$tdoku/src" -o "$build/unique" "$build/unique.cc" \
    "$tdoku/src/solver_dpll_triad_simd.cc" "$tdoku/src/util.cc"
(cd "$here" && cargo bench --bench exact --no-run >&2)

# One run of tdoku's own benchmark over the whole file, in its order: puzzles per second.
tdoku_rate() {
    local n
    n=$(awk 'length($0) >= 81 && substr($0, 1, 1) != "#"' "$1" | wc -l)
    "$build/run_benchmark" -s tdoku -r 0 -n "$n" -w 1 -t 1 "$1" |
        awk -F'|' '/tdoku/ { gsub(/[ ,'"'"']/, "", $3); print $3 }'
}

# One run of ours and the crate (benches/exact.rs): "unique ours crate".
ours_rate() {
    (cd "$here" && cargo bench -q --bench exact -- --runs 1 --set "$1") |
        awk -F'|' '$2 ~ /\.txt/ { gsub(/[ \/s]/, "", $4); gsub(/[ \/s]/, "", $5);
                                  gsub(/[ \/s]/, "", $6); print $4, $5, $6 }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| set | unique (both) | tdoku | exact search | \`sudoku\` 0.8 | ours ÷ faster |"
echo "|---|---:|---:|---:|---:|---:|"
for set in "${sets[@]}"; do
    file="$puzzles/$set"
    theirs_unique=$("$build/unique" <"$file")
    : >"$build/t" && : >"$build/o" && : >"$build/c"
    for _ in $(seq "$runs"); do
        tdoku_rate "$file" >>"$build/t"
        read -r unique ours crate < <(ours_rate "$set")
        echo "$ours" >>"$build/o" && echo "$crate" >>"$build/c"
    done
    [ "$unique" = "$theirs_unique" ] || {
        echo "$set: tdoku counts $theirs_unique unique puzzles, ours $unique" >&2
        exit 1
    }
    t=$(median <"$build/t") o=$(median <"$build/o") c=$(median <"$build/c")
    awk -v s="$set" -v u="$unique" -v t="$t" -v o="$o" -v c="$c" 'BEGIN {
        best = t > c ? t : c
        printf "| %s | %d | %.0f/s | %.0f/s | %.0f/s | %.2f |\n", s, u, t, o, c, o / best }'
done
