#!/usr/bin/env bash
# Runs every test: native (fmt, clippy, cargo test), wasm in headless Chromium (a page and a
# dedicated worker), and end-to-end through the page in headless Chromium. Installs what is
# missing first (scripts/setup.sh --test). `.ci/run` calls exactly this.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
"$ROOT/scripts/setup.sh" --test

say "native: format, lints, tests"
cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
cargo test --locked

say "unit: the page's pure modules in Node (seed lists, wins and gaps)"
node --test tests/unit/

say "wasm: the exported API in headless Chromium (page and dedicated worker)"
CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=180 \
  cargo test --locked --target wasm32-unknown-unknown --test wasm_page --test wasm_worker --test territory_wasm

say "wasm with SIMD: the SquareRemover beam's simd128 rows against its u128 rows (Node)"
target_dir="${CARGO_TARGET_DIR:-target}"
RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+simd128" CARGO_TARGET_DIR="$target_dir/simd128-test" \
  cargo test --locked --target wasm32-unknown-unknown --test square_remover_wasm

say "end to end: the page in headless Chromium, and the static site of build-web.sh --dist"
dist="$(mktemp -d)"
trap 'rm -rf "$dist"' EXIT
"$ROOT/scripts/build-web.sh" --dist "$dist"
(cd "$ROOT/tests/e2e" && ARCADE_DIST="$dist" node --test --test-concurrency=1 .)
