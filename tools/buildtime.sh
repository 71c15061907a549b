#!/usr/bin/env bash
# How long a clean `cargo test` takes at two revisions, alternating so that both meet the same
# machine noise: each round builds each revision's tests from an empty target dir (the build),
# then runs them (the run). Prints one line a (round, revision) and the medians.
#
#   tools/buildtime.sh BASE [NEW] [ROUNDS]     # NEW defaults to HEAD, ROUNDS to 3
set -euo pipefail

base=${1:?usage: tools/buildtime.sh BASE [NEW] [ROUNDS]}
new=${2:-HEAD}
rounds=${3:-3}
repo=$(git rev-parse --show-toplevel)
declare -A build run

tree_of() { echo "/tmp/buildtime-$1"; }

for rev in "$base" "$new"; do
    commit=$(git -C "$repo" rev-parse --verify "$rev^{commit}")
    tree=$(tree_of "$rev")
    git -C "$repo" worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
    git -C "$repo" worktree add --quiet --detach "$tree" "$commit"
done

seconds() { local t0=$EPOCHREALTIME; "$@" >/dev/null 2>&1; echo "$EPOCHREALTIME - $t0" | bc; }

for round in $(seq "$rounds"); do
    for rev in "$base" "$new"; do
        tree=$(tree_of "$rev")
        rm -rf "$tree/target"
        b=$(cd "$tree" && seconds cargo test --locked --offline --no-run)
        r=$(cd "$tree" && seconds cargo test --locked --offline)
        build[$rev]+="$b "
        run[$rev]+="$r "
        echo "round $round $rev build ${b}s test ${r}s"
    done
done

median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for rev in "$base" "$new"; do
    echo "median $rev build $(echo "${build[$rev]}" | median)s test $(echo "${run[$rev]}" | median)s"
    rm -rf "$(tree_of "$rev")/target"
    git -C "$repo" worktree remove --force "$(tree_of "$rev")"
done
