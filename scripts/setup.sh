#!/usr/bin/env bash
# Installs what building the web page needs: the wasm32 target, the pinned wasm-bindgen CLI and
# binaryen's wasm-opt from npm (scripts/web-tools). With --test, also what the tests need:
# Debian's chromium + chromium-driver and playwright-core from npm (which downloads no
# browser). Idempotent; fast when all is there.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# `npm ci` in DIR unless node_modules already holds the version of PACKAGE that DIR's
# package.json pins (exact versions; the lockfile pins the rest).
npm_pinned() {
  local dir="$1" package="$2" want have
  want="$(node -p "require('$dir/package.json').devDependencies['$package']")"
  have="$(node -p "try { require('$dir/node_modules/$package/package.json').version } catch { '' }")"
  if [ "$have" != "$want" ]; then
    say "installing $package $want (npm)"
    (cd "$dir" && npm ci --no-audit --no-fund --silent)
  fi
}

version="$(build_setting bindgen version)"
pinned="$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' "$ROOT/Cargo.toml")"
if [ "$version" != "$pinned" ]; then
  echo "wasm-pack.toml asks for wasm-bindgen $version but Cargo.toml pins =$pinned" >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $version" ]; then
  say "installing wasm-bindgen-cli $version (a few minutes of compiling)"
  # --locked first; when a locked dependency is missing from the registry, let cargo resolve.
  cargo install wasm-bindgen-cli --version "$version" --locked \
    || cargo install wasm-bindgen-cli --version "$version"
fi

# The page's build runs binaryen's wasm-opt from npm (Debian's binaryen 108 breaks the module).
npm_pinned "$ROOT/scripts/web-tools" binaryen

if [ "${1:-}" = "--test" ]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    say "installing chromium and chromium-driver (Debian packages)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
  npm_pinned "$ROOT/tests/e2e" playwright-core
fi
