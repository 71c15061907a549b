# Installs what a fresh Debian machine with rustup lacks, skipping whatever is already there at the
# right version. Sourced by .ci/serve and .ci/test; `need_browser=1` adds Chromium for the tests,
# `need_deny=1` cargo-deny.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TRUNK_VERSION=0.21.14
CARGO_DENY_VERSION=0.20.2
export PATH="$HOME/.cargo/bin:$ROOT/tests/node_modules/.bin:$PATH"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2
    return 1
  fi
}

apt_install() {
  say "installing $* (Debian packages)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_rust() {
  command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup first" >&2; exit 1; }
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt
}

ensure_trunk() {
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    say "installing trunk $TRUNK_VERSION (about 6 minutes)"
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
      cargo install trunk --version "$TRUNK_VERSION" --locked
  fi
}

ensure_wasm_bindgen() {
  local want
  want=$(grep -A1 '^name = "wasm-bindgen"$' "$ROOT/Cargo.lock" | sed -n 's/^version = "\(.*\)"$/\1/p')
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ]; then
    say "installing wasm-bindgen-cli $want (about 12 minutes)"
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
      cargo install wasm-bindgen-cli --version "$want"
  fi
}

ensure_cargo_deny() {
  if [ "$(cargo deny --version 2>/dev/null)" != "cargo-deny $CARGO_DENY_VERSION" ]; then
    say "installing cargo-deny $CARGO_DENY_VERSION (up to 45 minutes)"
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
      cargo install cargo-deny --version "$CARGO_DENY_VERSION" --locked
  fi
}

ensure_node_tools() {
  command -v npm >/dev/null || apt_install nodejs npm
  if ! (cd "$ROOT/tests" && npm ls --depth=0 >/dev/null 2>&1); then
    say "installing wasm-opt (binaryen) and playwright-core from npm"
    (cd "$ROOT/tests" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    apt_install chromium chromium-driver
  fi
}

ensure_rust
ensure_trunk
ensure_wasm_bindgen
ensure_node_tools
if [ "${need_deny:-0}" = 1 ]; then ensure_cargo_deny; fi
if [ "${need_browser:-0}" = 1 ]; then ensure_chromium; fi
cd "$ROOT"
