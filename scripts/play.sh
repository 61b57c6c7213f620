#!/usr/bin/env bash
# Builds everything and serves the playground on a free loopback port (prints the URL).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
"$ROOT/scripts/build-web.sh"
(cd "$ROOT" && cargo build --locked --release --bin arcade)
say "the CLI is at target/release/arcade"
exec node "$ROOT/scripts/serve.mjs" "$@"
