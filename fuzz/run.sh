#!/usr/bin/env bash
# Runs every fuzzer in BUILD_DIR/fuzz for SECONDS each, from a seed corpus of the repository's
# .rlab scripts (tests, lessons, bench). Crashes land in BUILD_DIR/fuzz/artifacts/<fuzzer>/.
# Usage: fuzz/run.sh BUILD_DIR SECONDS
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 BUILD_DIR SECONDS" >&2
  exit 2
fi
build_dir=$1
seconds=$2
root=$(cd "$(dirname "$0")/.." && pwd)

seeds="$build_dir/fuzz/seeds"
mkdir -p "$seeds"
# Flat seed names: the relative path with / replaced, so seeds from different folders never
# collide.
while IFS= read -r -d '' script; do
  name=${script#"$root"/}
  cp "$script" "$seeds/${name//\//_}"
done < <(find "$root/tests/scripts" "$root/lessons" "$root/bench" "$root/../shared/acceptance" \
  "$root/../shared/bench" -name '*.rlab' -print0 2>/dev/null)

status=0
for fuzzer in "$build_dir"/fuzz/*_fuzzer; do
  [[ -x "$fuzzer" ]] || continue
  name=$(basename "$fuzzer")
  corpus="$build_dir/fuzz/corpus/$name"
  artifacts="$build_dir/fuzz/artifacts/$name"
  mkdir -p "$corpus" "$artifacts"
  echo "== $name for ${seconds}s"
  if ! "$fuzzer" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
      -print_final_stats=1 -artifact_prefix="$artifacts/" 2>"$build_dir/fuzz/$name.log"; then
    echo "$name found a failure; see $build_dir/fuzz/$name.log and $artifacts/" >&2
    tail -n 40 "$build_dir/fuzz/$name.log" >&2
    status=1
  else
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$build_dir/fuzz/$name.log" || true
  fi
done
exit $status
