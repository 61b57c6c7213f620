#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for SECONDS each (default 60), at low priority, on stable
# Rust without sanitizers (`-s none`); with --nightly, through `cargo +nightly` and
# AddressSanitizer. Installs the pinned cargo-fuzz when missing. Not part of CI.
#   scripts/fuzz.sh [SECONDS] [--nightly] [TARGET...]
# Corpora grow in fuzz/corpus/TARGET (started from the golden files of tests/data); a
# crashing input lands in fuzz/artifacts/TARGET and the run stops there.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
CARGO_FUZZ_VERSION="0.13.2"

seconds=60
toolchain=(+stable)
sanitizer=(-s none)
targets=()
for arg in "$@"; do
  case "$arg" in
    --nightly) toolchain=(+nightly); sanitizer=(-s address) ;;
    [0-9]*) seconds="$arg" ;;
    *) targets+=("$arg") ;;
  esac
done

if [ "$(cargo fuzz --version 2>/dev/null || true)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]; then
  say "installing cargo-fuzz $CARGO_FUZZ_VERSION"
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi

cd "$ROOT/fuzz"
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo "${toolchain[@]}" fuzz list)

# The golden files each corpus starts from (the targets' fixed seeds match them).
seeds() {
  local data="$ROOT/tests/data"
  case "$1" in
    output_square_remover) echo "$data/square-remover/3-patterned.out" ;;
    output_strip2048) echo "$data/strip2048/seed7-exact.out" ;;
    output_territory) echo "$data/territory/seed3-judge.out" ;;
    output_lines) ls "$data"/lines/seed1-*.out ;;
    output_tiles_matching) ls "$data"/tiles-matching/seed1-*.out ;;
    ipsc2014b_easy) ls "$data"/strip2048/b1-*.in ;;
  esac
}

for target in "${targets[@]}"; do
  mkdir -p "corpus/$target"
  for file in $(seeds "$target"); do
    cp -n "$file" "corpus/$target/golden-$(basename "$file")"
  done
  say "fuzzing $target for $seconds s"
  nice -n 10 cargo "${toolchain[@]}" fuzz run "${sanitizer[@]}" "$target" "corpus/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
done
