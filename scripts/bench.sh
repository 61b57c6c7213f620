#!/usr/bin/env bash
# Solver strength and simulator speed for one game: `arcade bench` natively (a table per
# seed), then the same simulator work in wasm in headless Chromium, and the wasm/native ratio.
#   scripts/bench.sh GAME [arcade bench options...]
# (`--tsv FILE` keeps the per-seed rows for `arcade summary`; the solvers themselves in wasm:
# scripts/bench-solvers-wasm.mjs.)
# The tester's own overhead (`arcade run`): a whole 1,000-move Lines game with a trivial
# program (examples/lines_replay.rs), REPEATS times (default 11); medians per turn, and the
# share of Lines' 10 s limit.
#   scripts/bench.sh run-overhead [REPEATS]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

if [ "${1:-}" = run-overhead ]; then
  repeats="${2:-11}"
  cargo build --locked --release --bin arcade --example lines_replay 2>/dev/null
  # TSV columns: seed instance score moves time_ms wall_ms status error
  for _ in $(seq "$repeats"); do
    ./target/release/arcade run lines --seeds 5..5 --format tsv -- \
      target/release/examples/lines_replay tests/data/lines/seed5-greedy.out | tail -n 1
  done | awk -F'\t' -v n="$repeats" '
    $7 != "ok" || $4 != 1000 { print "a run failed: " $0 > "/dev/stderr"; exit 1 }
    { think[NR] = $5; outside[NR] = $6 - $5 }
    function median(a,   m, i, j, t) {
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END {
      t = median(think); o = median(outside)
      printf "arcade run lines: 1,000 turns with a trivial program, median of %d runs\n", n
      printf "thinking time counted against the program (its own reading included): %.0f ms = %.1f us/turn = %.2f%% of the 10 s limit\n", t, t, t / 100
      printf "the tester outside that time (rules, prompts, start and exit): %.0f ms = %.1f us/turn\n", o, o
    }'
  exit 0
fi

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
