#!/usr/bin/env bash
# What every registered solver does at a fixed amount of work, one line per (solver, puzzle,
# seed), so that two revisions can be compared with diff: a change that should not change
# behaviour (issue 22) leaves every line as it was.
#
#   tools/behaviour.sh [REV] [TICKS]      # REV defaults to HEAD, TICKS to 100
#   tools/behaviour.sh 7d8e75c > /tmp/base.txt; tools/behaviour.sh HEAD > /tmp/new.txt
#   diff /tmp/base.txt /tmp/new.txt
#
# REV's `sudoku` binary is built in a temporary git worktree (/tmp/behaviour-<rev>, removed
# afterwards) with the target dir $BEHAVIOUR_TARGET (default /tmp/behaviour-target, shared by
# revisions so that the dependencies build once); `--bin sudoku` finds it in the root package
# before the workspace and in crates/cli after. Uncommitted changes are not part of REV. Each run is
# `sudoku bench --ticks TICKS` on a one-puzzle file: the tick budget, not the clock, ends it, so
# the moves are the same on every machine. Runs that end solved are replayed with
# `sudoku solve --json` (the same seed names the same run) for their effort (restarts,
# backtracks, ...), which bench does not report.
# Seeds 1, 2 and 3 (one seed on 16×16). A line reads:
#   SOLVER PUZZLE seed=S solved|unsolved|refused moves=M [EFFORT=E]
# "refused": the solver does not take this board (bench counts it as unsolved with no moves).
set -euo pipefail

rev=${1:-HEAD}
ticks=${2:-100}
seeds=(1 2 3)
repo=$(git rev-parse --show-toplevel)
commit=$(git -C "$repo" rev-parse --verify "$rev^{commit}")
short=${commit:0:7}
target=${BEHAVIOUR_TARGET:-/tmp/behaviour-target}
bin=/tmp/behaviour-bin/$commit/sudoku

if [[ ! -x $bin ]]; then
    tree=/tmp/behaviour-$short
    if [[ -e $tree ]]; then
        git -C "$repo" worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
    fi
    git -C "$repo" worktree add --quiet --detach "$tree" "$commit" >&2
    (cd "$tree" && CARGO_TARGET_DIR=$target cargo build --release --locked --bin sudoku >&2)
    mkdir -p "$(dirname "$bin")"
    cp "$target/release/sudoku" "$bin"
    git -C "$repo" worktree remove --force "$tree"
fi

# The puzzles, written out so that every revision reads the same ones: ../shared/puzzles/famous.txt
# (9×9), the first three lines of benches/data/generated_16_hard.txt (16×16), and a 4×4 and a
# 6×6 from `sudoku generate --size N --seed 1` at 7d8e75c.
puzzles=(
    "famous-1 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    "famous-2 1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
    "famous-3 .......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
    "famous-4 .......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
    "famous-5 1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    "famous-6 .2..5.7..4..1....68....3...2....8..3.4..2.5.....6...1...2.9.....9......57.4...9.."
    "famous-7 ........3..1..56...9..4..7......9.5.7.......8.5.4.2....8..2..9...35..1..6........"
    "famous-8 12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"
    "famous-9 ..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
    "hard16-1 .E..3...95......4618C.E....D.9.....D5A.48....1.....B..9...CE.G..1........CD.9.F..DB.....E....7.......5G8.3...CB.7..CD6....45...3...5.G4....26..........F.D9AE...3.A.2.C.F...1...C9G...16....DB....51...B...C.2...87......6...A4F.A9.E.65.8.7....GB...1.3..A.7.59"
    "hard16-2 14.......75........D4.....9F.3A...5.1.8..BD2..F..86..3.....C.D..DGF3.B.....8...6....A.G3....E...9........2.A3CG4E.......7....B....4.....5...G..F.A..C2..941.D.3.5.......2.C..4.1.317B..5..FEA..9.5.A..3...67.....7...9.2.....E6..6.B..54A...C92...D.8E7..F...1.."
    "hard16-3 .E..F.....9....C.B.....61.7....GG3.2..CE..A.4..D..4.1.A.G..82.9B...G....4...A.......7G..6..9..4FA....FD..2.....8..9.3.....FGBCD....1.A.CD.GB..3...D.26F.C............E....3F.27636FE57..9........A.....FB..3...E69.3.8.7A...DBG....D....E.4.C...FC...B4......85."
    "4x4 ...4.1.....3.2.."
    "6x6 1.4....5.4....5.2...1......5.4...3.."
)

# The registry's names, as the revision's own help lists them.
solvers=$("$bin" bench --help | tr '\n' ' ' | sed -n 's/.*--solver <SOLVER>.*\[possible values: \([^]]*\)\].*/\1/p' | tr -d ',')
[[ -n $solvers ]] || { echo "behaviour.sh: no solver names in '$bin bench --help'" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# On standard error, so that the tables of two revisions diff clean.
echo "tools/behaviour.sh: $rev ($short), $ticks ticks per run" >&2
for solver in $solvers; do
    for entry in "${puzzles[@]}"; do
        name=${entry%% *}
        puzzle=${entry#* }
        echo "$puzzle" > "$work/$name.txt"
        # One seed on 16×16, where a run costs the most.
        [[ $name == hard16-* ]] && run_seeds=(1) || run_seeds=("${seeds[@]}")
        for seed in "${run_seeds[@]}"; do
            report=$("$bin" bench --solver "$solver" --set "$work/$name.txt" --seed "$seed" \
                --ticks "$ticks" --timeout 100000 --json)
            solved=$(jq -r '.solved' <<< "$report")
            moves=$(jq -r '.moves' <<< "$report")
            line="$solver $name seed=$seed"
            if [[ $solved == 1 ]]; then
                # Everything solve reports but the puzzle, its solution and the clock; its moves
                # only if they differ from bench's.
                extra=$({ "$bin" solve --json --solver "$solver" --seed "$seed" --timeout 100000 "$puzzle" || true; } |
                    jq -r --argjson m "$moves" 'del(.solver, .puzzle, .solution, .seconds)
                        | (if .moves == $m then del(.moves) else {"solve-moves": .moves} + del(.moves) end)
                        | (if .solved then del(.solved) else . end)
                        | to_entries | map("\(.key)=\(.value)") | join(" ")')
                echo "$line solved moves=$moves $extra"
            elif [[ $moves == 0 ]]; then
                echo "$line refused"
            else
                echo "$line unsolved moves=$moves"
            fi
        done
    done
done
