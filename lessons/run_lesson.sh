#!/usr/bin/env bash
# Run every script of a lesson folder with llmlab, each in the lesson's output folder
# (out/<lesson>/), so the figures each script saves land together. Usage:
#   lessons/run_lesson.sh BIN LESSON_DIR
# Scripts whose name starts with "deep_" are long experiments: they run only when
# LLMLAB_LONG=1 (make lesson-12 LLMLAB_LONG=1).
set -euo pipefail
bin=$(realpath "$1")
lesson=$(realpath "$2")
out="$(pwd)/out/$(basename "$lesson")"
mkdir -p "$out"
failed=0
count=0
for script in "$lesson"/*.rlab; do
  name=$(basename "$script" .rlab)
  if [[ "$name" == deep_* && "${LLMLAB_LONG:-0}" != 1 ]]; then
    echo "== $name (skipped: long experiment; run with LLMLAB_LONG=1)"
    continue
  fi
  echo "== $name"
  if ! (cd "$out" && "$bin" run --figures "$out" "$script"); then
    echo "!! $name failed" >&2
    failed=$((failed + 1))
  fi
  count=$((count + 1))
done
echo
echo "Ran $count script(s) of $(basename "$lesson"); $failed failed."
echo "Figures (SVG and PNG) are in $out"
[ "$failed" -eq 0 ]
