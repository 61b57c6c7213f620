#!/usr/bin/env bash
# Builds the page's wasm module: cargo -> wasm-bindgen -> wasm-opt (if present), into the
# out-dir of wasm-pack.toml (www/pkg). Settings: wasm-pack.toml.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
"$ROOT/scripts/setup.sh"

out_dir="$ROOT/$(build_setting bindgen out-dir)"
target="$(build_setting bindgen target)"
say "building the wasm module"
(cd "$ROOT" && cargo build --locked --release --lib --target wasm32-unknown-unknown)
wasm-bindgen --target "$target" --no-typescript --out-dir "$out_dir" \
  "$ROOT/target/wasm32-unknown-unknown/release/arcade.wasm"
if [ "$(build_setting wasm-opt enabled)" != "true" ]; then
  say "wasm-opt is off (see wasm-pack.toml)"
elif command -v wasm-opt >/dev/null; then
  say "optimising with $(wasm-opt --version)"
  # shellcheck disable=SC2046
  wasm-opt $(build_setting wasm-opt flags) "$out_dir/arcade_bg.wasm" -o "$out_dir/arcade_bg.wasm"
else
  say "wasm-opt not found: skipping optimisation (apt-get install binaryen to enable it)"
fi
ls -l "$out_dir"/arcade_bg.wasm >&2
