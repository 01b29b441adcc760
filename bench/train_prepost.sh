#!/bin/sh
# Side by side on the same machine: llmlab's native trainer and PyTorch (bench/../shared
# train_prepost.py) on the baseline configuration, the same number of steps, Pre-LN and Post-LN.
# Usage: bench/train_prepost.sh [STEPS] [BUILD_DIR]   (BUILD_DIR defaults to build/release;
# build first with `cmake --build BUILD_DIR --target bench_train_prepost`).
set -eu
steps=${1:-50}
build=${2:-build/release}
script=${LLMLAB_SHARED_DIR:-$(dirname "$0")/../../shared}/bench/train_prepost.py
out=$(mktemp -d)
for norm in pre post; do
  "$build/bench/bench_train_prepost" --steps "$steps" --norm "$norm"
  if /usr/bin/python3 -c "import torch" 2>/dev/null; then
    # PyTorch's OpenBLAS at its best: a host may pin OPENBLAS_CORETYPE to an older kernel set
    # (Haswell's, on Zen 5), which slows it, so it is unset for this command alone;
    # KEEP_OPENBLAS_ENV=1 keeps it, for a processor this OpenBLAS does not run correctly.
    unset_blas=""
    [ "${KEEP_OPENBLAS_ENV:-0}" = 1 ] || unset_blas="-u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE"
    # shellcheck disable=SC2086
    env $unset_blas \
      /usr/bin/python3 "$script" --ln "$norm" --steps "$steps" --out "$out/torch_$norm.json" |
      sed 's/^/pytorch /'
  else
    echo "pytorch: not installed (apt-get install python3-torch), skipped"
  fi
done
rm -rf "$out"
