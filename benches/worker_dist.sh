#!/usr/bin/env bash
# The diagnostics build of the app made with the worker's profile (`release`, wasm-opt -O3) in
# place of the page's (every crate for size, wasm-opt -Oz), into target/dist-worker. The browser
# benchmark times the engine in the page's own wasm, while the page runs every solver, the referee
# and the generator in its worker: served from this build, it times the engine as people run it.
#
#   benches/worker_dist.sh && DIST=target/dist-worker node benches/browser.mjs --part exact
#
# Needs trunk and wasm-opt on PATH, as for `trunk build`.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
# Beside index.html, for its relative paths; gone afterwards.
html="$here/worker-profile.html"
trap 'rm -f "$html"' EXIT
sed 's/ data-cargo-profile-release="page" data-wasm-opt="z"/ data-wasm-opt="3"/' \
    "$here/index.html" >"$html"
if grep -q 'data-cargo-profile-release="page"' "$html"; then
    echo "$0: the app's link in index.html changed; update this script's sed" >&2
    exit 1
fi
cd "$here"
trunk build --release --features diagnostics --dist target/dist-worker "$html"
