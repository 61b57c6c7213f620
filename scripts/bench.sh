#!/usr/bin/env bash
# Solver strength and simulator speed for one game: `arcade bench` natively (a table per
# seed), then the same simulator work in wasm in headless Chromium, and the wasm/native ratio.
#   scripts/bench.sh GAME [arcade bench options...]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
game="${1:?usage: scripts/bench.sh GAME [--seeds A..B] [--budget-ms B] ...}"
shift
cargo build --locked --release --bin arcade 2>/dev/null
native_out="$(./target/release/arcade bench "$game" "$@")"
echo "$native_out"
[ -f www/pkg/arcade_bg.wasm ] || "$ROOT/scripts/build-web.sh"
seed="$(echo "$native_out" | sed -n 's/^simulator: .*(seed \([0-9]*\),.*/\1/p')"
wasm_out="$(node scripts/bench-wasm.mjs "$game" "$seed")"
echo "$wasm_out"
native_rate="$(echo "$native_out" | sed -n 's/^simulator: median \([0-9]*\) moves.*/\1/p')"
wasm_rate="$(echo "$wasm_out" | sed -n 's/^wasm simulator: median \([0-9]*\) moves.*/\1/p')"
awk -v w="$wasm_rate" -v n="$native_rate" 'BEGIN { printf "wasm/native simulator speed: %.2f\n", w / n }'
