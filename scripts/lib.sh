# Helpers shared by the scripts (sourced, not run).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Reads `key = "value"` from a [section] of wasm-pack.toml.
build_setting() {
  local section="$1" key="$2"
  awk -v s="[$section]" -v k="$key" '
    /^\[/ { in_section = ($0 == s) }
    in_section && $1 == k { sub(/^[^=]*= *"/, ""); sub(/".*$/, ""); print; exit }
  ' "$ROOT/wasm-pack.toml"
}
