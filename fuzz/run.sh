#!/usr/bin/env bash
# Runs every fuzzer in BUILD_DIR/fuzz for SECONDS each, from a seed corpus of the repository's
# .rlab scripts (tests, lessons, bench). Crashes land in BUILD_DIR/fuzz/artifacts/<fuzzer>/.
# Usage: fuzz/run.sh BUILD_DIR SECONDS
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 BUILD_DIR SECONDS" >&2
  exit 2
fi
build_dir=$(cd "$1" && pwd)  # absolute: the fuzzers run from a scratch directory
seconds=$2
root=$(cd "$(dirname "$0")/.." && pwd)

seeds="$build_dir/fuzz/seeds"
mkdir -p "$seeds"
# Flat seed names: the relative path with / replaced, so seeds from different folders never
# collide.
while IFS= read -r -d '' script; do
  name=${script#"$root"/}
  cp "$script" "$seeds/${name//\//_}"
done < <(find "$root/tests/scripts" "$root/lessons" "$root/../shared/acceptance" -name '*.rlab' \
  ! -name 'deep_*' -print0 2>/dev/null)

# Binary seeds kept in fuzz/seeds (a small checkpoint for the safetensors reader).
cp "$root"/fuzz/seeds/* "$seeds"/ 2>/dev/null || true

# Builtins may write files (savefig, save): let them land in a scratch directory.
scratch="$build_dir/fuzz/scratch"
mkdir -p "$scratch"
# Huge allocation requests are script errors (bad_alloc), not sanitizer reports.
export ASAN_OPTIONS="allocator_may_return_null=1:${ASAN_OPTIONS:-}"
# Font and glib caches live as long as the process by design (plotting builtins load them).
export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:${LSAN_OPTIONS:-}"

status=0
for fuzzer in "$build_dir"/fuzz/*_fuzzer; do
  [[ -x "$fuzzer" ]] || continue
  name=$(basename "$fuzzer")
  corpus="$build_dir/fuzz/corpus/$name"
  artifacts="$build_dir/fuzz/artifacts/$name"
  mkdir -p "$corpus" "$artifacts"
  echo "== $name for ${seconds}s"
  log="$build_dir/fuzz/$name.log"
  if ! (cd "$scratch" && "$fuzzer" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=4096 \
      -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$artifacts/" \
      2>"$log"); then
    echo "$name found a failure; see $log and $artifacts/" >&2
    tail -n 40 "$log" >&2
    status=1
  else
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" || true
  fi
done
exit $status
