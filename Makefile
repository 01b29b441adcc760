# User entry points. `make lesson-12` and `make test` work on a fresh Debian machine:
# they install what is missing (make deps), build, then run.
SHELL := /bin/bash
JOBS ?= $(shell nproc)
BIN := build/release/llmlab
ASAN_BIN := build/asan/llmlab
SHARED ?= ../shared

APT_PACKAGES := build-essential cmake ninja-build pkg-config python3 clang clang-format \
  libclang-rt-14-dev libeigen3-dev libopenblas-dev libfmt-dev libcli11-dev libgtest-dev \
  libcairo2-dev libpango1.0-dev fonts-dejavu-core libcmark-gfm-dev \
  libcmark-gfm-extensions-dev libedit-dev libomp-dev vim-runtime \
  xeus-dev nlohmann-json3-dev cppzmq-dev uuid-dev libssl-dev python3-jupyter-kernel-test \
  python3-jupyter-client python3-nbconvert jupyter-nbconvert python3-nbformat python3-ipykernel \
  jupyter-console
# `jupyter kernelspec list` (the jupyter command is jupyter-core's, its kernelspec subcommand
# jupyter-client's).
APT_PACKAGES += jupyter-core jupyter-client
# The page-layout test drives Chromium and reads its screenshots with PIL (issue #16).
APT_PACKAGES += chromium python3-pil
# Checkpoints (nlohmann JSON headers) and their PyTorch interop test.
APT_PACKAGES += nlohmann-json3-dev python3-numpy python3-torch
# The sweep tests start a one-node Slurm cluster (issue #15).
APT_PACKAGES += slurm-wlm munge
# The WebAssembly build (make wasm, issue #29); emscripten brings node.
APT_PACKAGES += emscripten

.PHONY: all deps build release dev asan wasm test test-asan lesson-12 book book-check bench \
  format format-check fuzz clean

all: build

# Install only what is missing, so repeated runs cost nothing.
deps:
	@missing=$$(for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@# KaTeX and mermaid, vendored into rendered HTML so math and diagrams work offline (npm).
	@if [ ! -f web/node_modules/katex/dist/katex.min.js ] || \
	    [ ! -f web/node_modules/mermaid/dist/mermaid.min.js ]; then \
	  if command -v npm >/dev/null; then npm ci --prefix web --no-audit --no-fund --silent; \
	  else echo "npm not found: rendered HTML will show math as TeX source"; fi; \
	fi

build release: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)

dev: deps
	cmake --preset dev >/dev/null
	cmake --build --preset dev -j $(JOBS)

asan: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)

# build/wasm/: llmlab.js and llmlab.wasm, and llmlab-node, which runs them as a command. Debian's
# emscripten finds its acorn through NODE_PATH. Once built, `make test` runs the script suites
# against it too (ctest's wasm.* tests).
wasm: deps
	NODE_PATH=/usr/share/nodejs cmake --preset wasm >/dev/null
	NODE_PATH=/usr/share/nodejs cmake --build --preset wasm -j $(JOBS)

test: build
	ctest --preset release -j $(JOBS)

# Font and glib caches live as long as the process by design; tests/lsan.supp says so.
# The stack limit is raised to 16 MiB: unoptimised, with ASan's redzones, a nested script call
# takes about 6 KiB of stack, so the depth-limit tests' 1000 nested calls need more than the
# 6 MiB the evaluator may use of a default 8 MiB stack (it keeps a quarter in reserve).
test-asan: asan
	ulimit -s 16384 && LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
	  ASAN_OPTIONS=detect_leaks=1 ctest --preset asan -j $(JOBS)

lesson-12: build
	@bash lessons/run_lesson.sh $(BIN) lessons/12-layer-norm-and-residuals

# The rendered book is committed, so it reads on GitHub without building anything.
book: build
	$(BIN) notebook render notebooks -f markdown -o book
	$(BIN) notebook render notebooks -f html -o book --title "llmlab lessons"

# Fails when book/ is out of date with notebooks/: the same files, the same text, numbers equal
# to a relative 1e-9 (LAPACK's last digits move with the kernels OpenBLAS picks for the processor);
# and when the lesson's .ipynb is not its markdown source converted.
book-check: build
	rm -rf build/book-check
	$(BIN) notebook render notebooks -f markdown -o build/book-check --quiet
	$(BIN) notebook render notebooks -f html -o build/book-check --quiet --title "llmlab lessons"
	python3 tools/book_diff.py book build/book-check
	@# The shipped Jupyter notebook is the markdown source converted, byte for byte.
	$(BIN) notebook convert notebooks/12-layer-norm-and-residuals.md --to ipynb -o - | \
	  cmp - notebooks/12-layer-norm-and-residuals.ipynb || \
	  { echo "notebooks/12-layer-norm-and-residuals.ipynb is stale: run" \
	    "$(BIN) notebook convert notebooks/12-layer-norm-and-residuals.md --to ipynb"; exit 1; }

bench: build
	cmake --build --preset release -j $(JOBS) --target bench_layernorm_throughput \
	  bench_variance_growth bench_train_prepost
	python3 bench/run.py --bin $(BIN) --shared $(SHARED)

fuzz: deps
	cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
	bash fuzz/run.sh build/fuzz 60

format:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

format-check:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run --Werror

clean:
	rm -rf build
