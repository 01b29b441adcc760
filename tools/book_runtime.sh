#!/bin/bash
# Writes the runnable book's browser runtime (issue #29) into the book folder BOOK: in
# BOOK/assets/llmlab, the page script, its worker and the playground's script from web/runtime/,
# the editor (CodeMirror, from web/node_modules) bundled by esbuild into one file, and the
# WebAssembly session, llmlab-book.js and .wasm, from WASM_DIR when that holds a build (without
# one the files already there stay: CI builds no wasm, and the committed book/ carries them);
# and BOOK/playground.html, the playground page, from web/runtime/.
# Usage: tools/book_runtime.sh BOOK [WASM_DIR]
set -euo pipefail
book=$1
wasm=${2:-build/wasm}
here=$(cd "$(dirname "$0")/.." && pwd)
dest=$book/assets/llmlab
mkdir -p "$dest"
cp "$here/web/runtime/page.js" "$here/web/runtime/worker.js" "$here/web/runtime/playground.js" \
  "$dest/"
cp "$here/web/runtime/playground.html" "$book/playground.html"
esbuild=$here/web/node_modules/.bin/esbuild
if [ ! -x "$esbuild" ]; then
  echo "esbuild not found: run make deps (npm ci --prefix web)" >&2
  exit 1
fi
"$esbuild" "$here/web/runtime/editor.js" --bundle --minify --format=iife \
  --global-name=LlmlabEditor --log-level=warning --outfile="$dest/editor.js"
# WASM_DIR may be DEST itself (the committed session, kept): nothing to copy then.
if [ -f "$wasm/llmlab-book.wasm" ] && [ -f "$wasm/llmlab-book.js" ] &&
   [ "$(cd "$wasm" && pwd -P)" != "$(cd "$dest" && pwd -P)" ]; then
  cp "$wasm/llmlab-book.js" "$wasm/llmlab-book.wasm" "$dest/"
fi
