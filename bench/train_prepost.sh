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
    /usr/bin/python3 "$script" --ln "$norm" --steps "$steps" --out "$out/torch_$norm.json" |
      sed 's/^/pytorch /'
  else
    echo "pytorch: not installed (apt-get install python3-torch), skipped"
  fi
done
rm -rf "$out"
