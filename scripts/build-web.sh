#!/usr/bin/env bash
# Builds the page's wasm module: cargo -> wasm-bindgen -> wasm-opt (binaryen from npm, pinned in
# scripts/web-tools), into the out-dir of wasm-pack.toml (www/pkg). Settings: wasm-pack.toml.
#   scripts/build-web.sh [--dist DIR]
# --dist DIR also writes DIR: the page as a static site that any static host serves as is
# (index.html, sw.js, www/ with the module, and `_headers`; see README). Both write
# www/pkg/precache.js, the offline copy's list of files and its version (scripts/precache.mjs).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
dist=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dist) dist="${2:?--dist needs a folder}"; shift 2 ;;
    *) echo "usage: scripts/build-web.sh [--dist DIR]" >&2; exit 2 ;;
  esac
done
if [ -n "$dist" ]; then
  mkdir -p "$dist"
  dist="$(cd "$dist" && pwd)"
  case "$dist/" in
    "$ROOT/" | "$ROOT/www/"* | "$ROOT/src/"* | "$ROOT/scripts/"* | "$ROOT/tests/"*)
      echo "--dist $dist: choose a folder outside the sources" >&2; exit 2 ;;
  esac
  if [ -n "$(ls -A "$dist")" ] && [ ! -f "$dist/www/pkg/arcade_bg.wasm" ]; then
    echo "--dist $dist: not empty and not an earlier --dist folder; refusing to replace it" >&2
    exit 2
  fi
fi
"$ROOT/scripts/setup.sh"

out_dir="$ROOT/$(build_setting bindgen out-dir)"
target="$(build_setting bindgen target)"
say "building the wasm module"
(cd "$ROOT" && cargo build --locked --release --lib --target wasm32-unknown-unknown)
# cargo's output folder: $CARGO_TARGET_DIR when set (relative to $ROOT, where cargo ran).
target_dir="${CARGO_TARGET_DIR:-target}"
case "$target_dir" in /*) ;; *) target_dir="$ROOT/$target_dir" ;; esac
# The same module with WebAssembly SIMD (simd128: Chrome/Edge 91+, Firefox 89+, Safari 16.4+),
# in its own target folder (other flags, other artefacts). The page loads it where a SIMD probe
# validates (www/wasm-file.js), the baseline module elsewhere; one JS glue serves both.
say "building the wasm module with simd128"
(cd "$ROOT" && RUSTFLAGS="${RUSTFLAGS:-} -C target-feature=+simd128" CARGO_TARGET_DIR="$target_dir/simd128" \
  cargo build --locked --release --lib --target wasm32-unknown-unknown)
wasm-bindgen --target "$target" --no-typescript --out-dir "$out_dir" \
  "$target_dir/wasm32-unknown-unknown/release/arcade.wasm"
simd_glue="$(mktemp -d)"
trap 'rm -rf "$simd_glue"' EXIT
wasm-bindgen --target "$target" --no-typescript --out-dir "$simd_glue" \
  "$target_dir/simd128/wasm32-unknown-unknown/release/arcade.wasm"
if ! cmp -s "$simd_glue/arcade.js" "$out_dir/arcade.js"; then
  echo "the simd128 module's JS glue differs from the baseline one's; one arcade.js must serve both" >&2
  diff "$out_dir/arcade.js" "$simd_glue/arcade.js" | head -20 >&2
  exit 1
fi
mv "$simd_glue/arcade_bg.wasm" "$out_dir/arcade_simd_bg.wasm"
if [ "$(build_setting wasm-opt enabled)" = "true" ]; then
  wasm_opt="$ROOT/scripts/web-tools/node_modules/.bin/wasm-opt"
  say "optimising with $("$wasm_opt" --version)"
  # shellcheck disable=SC2046
  "$wasm_opt" $(build_setting wasm-opt flags) "$out_dir/arcade_bg.wasm" -o "$out_dir/arcade_bg.wasm"
  # shellcheck disable=SC2046
  "$wasm_opt" $(build_setting wasm-opt flags) $(build_setting wasm-opt simd-flags) \
    "$out_dir/arcade_simd_bg.wasm" -o "$out_dir/arcade_simd_bg.wasm"
else
  say "wasm-opt is off (see wasm-pack.toml)"
fi
ls -l "$out_dir"/arcade_bg.wasm "$out_dir"/arcade_simd_bg.wasm >&2
# The service worker's list and version: after the module, which it covers.
(cd "$ROOT" && node scripts/precache.mjs) >&2

[ -n "$dist" ] || exit 0
# index.html and www/ without notes and dotfiles, plus `_headers`: the security headers in the
# format Netlify and Cloudflare Pages read (the policy is index.html's meta tag).
rm -rf "$dist/index.html" "$dist/sw.js" "$dist/_headers" "$dist/www"
cp "$ROOT/index.html" "$ROOT/sw.js" "$dist/"
(cd "$ROOT" && find www -type f ! -name '.*' ! -name '*.md' ! -name '*.d.ts' ! -name '*.map') |
  while read -r file; do
    mkdir -p "$dist/$(dirname "$file")"
    cp "$ROOT/$file" "$dist/$file"
  done
policy="$(cd "$ROOT" && node --input-type=module -e "import { pagePolicy } from './scripts/serve.mjs'; console.log(pagePolicy())")"
printf '/*\n  Content-Security-Policy: %s\n  X-Content-Type-Options: nosniff\n' "$policy" > "$dist/_headers"
say "static site in $dist ($(du -sh "$dist" | cut -f1))"
