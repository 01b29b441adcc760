#!/usr/bin/env bash
# Runs every fuzzer in BUILD_DIR/fuzz for SECONDS each. The script fuzzers start from the
# repository's .rlab scripts (tests, lessons), with fuzz/rlab.dict; the file-reader fuzzers
# (load_*_fuzzer) from real .npy/.npz/.toml/.csv files that the release binary writes with
# `save` when it is there, and from tests/data; the notebook fuzzer from the notebooks; the
# sweep-file fuzzer (sbatch_fuzzer) from fuzz/seeds_sbatch; the
# .ipynb fuzzer from the repository's .ipynb files and the notebooks converted to .ipynb, and the
# kernel message fuzzer from a few well-formed requests (frames separated by NUL bytes).
# Crashes land in BUILD_DIR/fuzz/artifacts/<fuzzer>/.
# Usage: fuzz/run.sh BUILD_DIR SECONDS [FUZZER...]   (FUZZER: a name such as sbatch_fuzzer, to run
# only those, e.g. for a long run of one target)
set -euo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: $0 BUILD_DIR SECONDS [FUZZER...]" >&2
  exit 2
fi
build_dir=$(cd "$1" && pwd)  # absolute: the fuzzers run from a scratch directory
seconds=$2
only=("${@:3}")
root=$(cd "$(dirname "$0")/.." && pwd)

seeds="$build_dir/fuzz/seeds"
mkdir -p "$seeds" "$build_dir/fuzz/seeds_notebook"
# Flat seed names: the relative path with / replaced, so seeds from different folders never
# collide.
while IFS= read -r -d '' script; do
  name=${script#"$root"/}
  cp "$script" "$seeds/${name//\//_}"
done < <(find "$root/tests/scripts" "$root/lessons" "$root/../shared/acceptance" -name '*.rlab' \
  ! -name 'deep_*' -print0 2>/dev/null)

# Seeds for the file readers: real files of each format.
for format in npy npz toml csv; do mkdir -p "$build_dir/fuzz/seeds_$format"; done
llmlab="$root/build/release/llmlab"
if [[ -x "$llmlab" ]]; then
  # `run` works in the script's folder, so the seed-making script sits in build_dir/fuzz.
  cat >"$build_dir/fuzz/make_seeds.rlab" <<'RLAB'
x = [1 2 3; 4 5 6]; z = [1+2*i, 3]; e = zeros(0, 3); s = 7;
save("seeds_npy/matrix.npy", x); save("seeds_npy/complex.npy", z); save("seeds_npy/empty.npy", e);
save("seeds_npy/scalar.npy", s); save("seeds_npz/two.npz", "x", x, "z", z);
save("seeds_csv/matrix.csv", x); save("seeds_csv/complex.csv", z);
cfg.name = "run"; cfg.lr = 0.001; cfg.sizes = [1 2 3]; cfg.grid = [1 2; 3 4]; cfg.inner.flag = true;
cfg.tags = {"a", "b"}; save("seeds_toml/config.toml", cfg);
RLAB
  "$llmlab" run -q "$build_dir/fuzz/make_seeds.rlab" >/dev/null 2>&1 || true
fi
find "$root/tests" "$root/notebooks" -name '*.md' -exec cp {} "$build_dir/fuzz/seeds_notebook/" \; \
  2>/dev/null || true
mkdir -p "$build_dir/fuzz/seeds_ipynb"
find "$root/notebooks" "$root/tests" -name '*.ipynb' -exec cp {} "$build_dir/fuzz/seeds_ipynb/" \; \
  2>/dev/null || true
if [[ -x "$llmlab" ]]; then
  for notebook in "$root"/notebooks/*.md; do
    "$llmlab" notebook convert "$notebook" --to ipynb \
      -o "$build_dir/fuzz/seeds_ipynb/$(basename "${notebook%.md}").ipynb" >/dev/null 2>&1 || true
  done
fi
kernel_seeds="$build_dir/fuzz/seeds_kernel"
mkdir -p "$kernel_seeds"
header='{"msg_id":"1","msg_type":"%s","session":"s","username":"u","version":"5.3"}'
request() {  # request NAME MSG_TYPE CONTENT: identity, delimiter, signature, the four parts
  printf "client\\0<IDS|MSG>\\0signature\\0$header\\0{}\\0{}\\0%s" "$2" "$3" >"$kernel_seeds/$1"
}
request execute execute_request \
  '{"code":"x = 1","silent":false,"store_history":true,"user_expressions":{},"allow_stdin":true,"stop_on_error":true}'
request complete complete_request '{"code":"lin","cursor_pos":3}'
request inspect inspect_request '{"code":"disp","cursor_pos":2,"detail_level":0}'
request history history_request '{"hist_access_type":"tail","n":10,"output":false,"raw":true}'
request comm comm_open '{"comm_id":"c","target_name":"t","data":{}}'
request shutdown shutdown_request '{"restart":false}'
request info kernel_info_request '{}'
# Binary seeds kept in fuzz/seeds (a small checkpoint for the safetensors reader).
cp "$root"/fuzz/seeds/* "$seeds"/ 2>/dev/null || true

# Builtins may write files (savefig, save): let them land in a scratch directory.
scratch="$build_dir/fuzz/scratch"
mkdir -p "$scratch"
# Huge allocation requests are script errors (bad_alloc), not sanitizer reports.
export ASAN_OPTIONS="allocator_may_return_null=1:${ASAN_OPTIONS:-}"
# The fuzzers live in BUILD_DIR/fuzz, not beside the plot backend module (plot/backend.hpp).
export LLMLAB_PLOT_BACKEND="$build_dir/libllmlab_cairo.so"
# Font and glib caches live as long as the process by design (plotting builtins load them).
export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:${LSAN_OPTIONS:-}"

status=0
for fuzzer in "$build_dir"/fuzz/*_fuzzer; do
  [[ -x "$fuzzer" ]] || continue
  name=$(basename "$fuzzer")
  if [[ ${#only[@]} -gt 0 && " ${only[*]} " != *" $name "* ]]; then
    continue
  fi
  corpus="$build_dir/fuzz/corpus/$name"
  artifacts="$build_dir/fuzz/artifacts/$name"
  mkdir -p "$corpus" "$artifacts"
  echo "== $name for ${seconds}s"
  log="$build_dir/fuzz/$name.log"
  # Each fuzzer's seeds and, for the script fuzzers, the dictionary of names and keywords.
  case $name in
    load_*_fuzzer) format=${name#load_}; extra=("$build_dir/fuzz/seeds_${format%_fuzzer}") ;;
    notebook_fuzzer) extra=("$build_dir/fuzz/seeds_notebook") ;;
    sbatch_fuzzer) extra=("$root/fuzz/seeds_sbatch") ;;
    ipynb_fuzzer) extra=("$build_dir/fuzz/seeds_ipynb") ;;
    kernel_message_fuzzer) extra=("$kernel_seeds") ;;
    *) extra=("$seeds" "-dict=$root/fuzz/rlab.dict") ;;
  esac
  # -max_len: deep nesting and long chains need inputs of 100 KB and more.
  if ! (cd "$scratch" && "$fuzzer" "$corpus" "${extra[@]}" -max_total_time="$seconds" \
      -max_len=262144 -len_control=100 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$artifacts/" 2>"$log"); then
    echo "$name found a failure; see $log and $artifacts/" >&2
    tail -n 40 "$log" >&2
    status=1
  else
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" || true
    # The last status line: coverage (cov: edges, ft: features) and the corpus size.
    grep -E '^#[0-9]+' "$log" | tail -n 1 || true
  fi
done
exit $status
