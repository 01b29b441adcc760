# User entry points. `make lesson-12` and `make test` work on a fresh Debian machine:
# they install what is missing (make deps), build, then run.
SHELL := /bin/bash
JOBS ?= $(shell nproc)
BIN := build/release/llmlab
ASAN_BIN := build/asan/llmlab
SHARED ?= ../shared

# APT_PACKAGES: what building llmlab and running the lessons needs (`make lesson-12`, `make`).
APT_PACKAGES := build-essential cmake ninja-build pkg-config python3 libeigen3-dev libopenblas-dev libfmt-dev libcli11-dev libgtest-dev \
  libcairo2-dev libpango1.0-dev fonts-dejavu-core libcmark-gfm-dev \
  libcmark-gfm-extensions-dev libedit-dev libomp-dev vim-runtime \
  xeus-dev nlohmann-json3-dev cppzmq-dev uuid-dev libssl-dev
# TEST_APT_PACKAGES: what only the tests need (`make test`, CI), installed by `make test-deps`.
# The Jupyter front ends the kernel tests drive (no lesson needs them: issue #30).
TEST_APT_PACKAGES := python3-jupyter-kernel-test python3-jupyter-client python3-nbconvert \
  jupyter-nbconvert python3-nbformat python3-ipykernel jupyter-console
# `jupyter kernelspec list` (the jupyter command is jupyter-core's, its kernelspec subcommand
# jupyter-client's).
TEST_APT_PACKAGES += jupyter-core jupyter-client
# The page-layout test drives Chromium and reads its screenshots with PIL (issue #16).
TEST_APT_PACKAGES += chromium python3-pil chromium-driver python3-selenium jupyter-notebook
# The checkpoints' PyTorch interop test (nlohmann JSON headers are above, for the build).
TEST_APT_PACKAGES += python3-numpy python3-torch
# The sweep tests start a one-node Slurm cluster (issue #15).
TEST_APT_PACKAGES += slurm-wlm munge
# bench/plot_points.py times matplotlib's Agg beside llmlab's PNG (issue #31).
TEST_APT_PACKAGES += python3-matplotlib
# The Octave conformance test reads GNU Octave's own test blocks from the installed package
# (issue #26; tools/octave_conformance.py).
TEST_APT_PACKAGES += octave
# The REPL test reads the screen tmux shows (cli.repl_tmux, issue #30).
TEST_APT_PACKAGES += tmux
# make format-check, which CI runs after make test-deps.
TEST_APT_PACKAGES += clang-format
# The libFuzzer targets (make fuzz) build with clang and its runtime.
FUZZ_APT_PACKAGES := clang libclang-rt-14-dev
# The WebAssembly build (make wasm, issue #29); emscripten brings node.
WASM_APT_PACKAGES := emscripten

# Installs those of the packages $(1) that are missing, so repeated runs cost nothing.
define install_missing
@missing=$$(for p in $(1); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
endef

.PHONY: all deps test-deps build release dev asan wasm test test-asan lesson-12 book book-check bench \
  format format-check fuzz clean

all: build

deps:
	$(call install_missing,$(APT_PACKAGES))
	@# KaTeX and mermaid, vendored into rendered HTML so math and diagrams work offline (npm);
	@# CodeMirror and esbuild, which bundles it into the runnable book's editor.
	@if [ ! -f web/node_modules/katex/dist/katex.min.js ] || \
	    [ ! -f web/node_modules/mermaid/dist/mermaid.min.js ] || \
	    [ ! -d web/node_modules/codemirror ] || [ ! -x web/node_modules/.bin/esbuild ]; then \
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
# emscripten finds its acorn through NODE_PATH (its package carries the prebuilt system
# libraries, so a cold build is about 13 CPU-minutes). `make test` builds it and runs the script
# suites against it too (ctest's wasm.* tests).
wasm: deps
	$(call install_missing,$(WASM_APT_PACKAGES))
	NODE_PATH=/usr/share/nodejs cmake --preset wasm >/dev/null
	NODE_PATH=/usr/share/nodejs cmake --build --preset wasm -j $(JOBS)

test-deps: deps
	$(call install_missing,$(TEST_APT_PACKAGES))

# The release tree registers the wasm.* suites when build/wasm holds a build, so it is configured
# again once the wasm build exists.
test: build wasm test-deps
	cmake --preset release >/dev/null
	ctest --preset release -j $(JOBS)

# Font and glib caches live as long as the process by design; tests/lsan.supp says so.
# The stack limit is raised to 16 MiB: unoptimised, with ASan's redzones, a nested script call
# takes about 6 KiB of stack, so the depth-limit tests' 1000 nested calls need more than the
# 6 MiB the evaluator may use of a default 8 MiB stack (it keeps a quarter in reserve).
test-asan: asan test-deps
	ulimit -s 16384 && LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
	  ASAN_OPTIONS=detect_leaks=1 ctest --preset asan -j $(JOBS)

lesson-12: build
	@bash lessons/run_lesson.sh $(BIN) lessons/12-layer-norm-and-residuals

# The lessons' markdown sources; each ships as an executed .ipynb beside itself too.
LESSON_NOTEBOOKS := $(filter-out notebooks/README.md notebooks/index.md,$(wildcard notebooks/*.md))

# The rendered book is committed, so it reads on GitHub without building anything; so are the
# lessons' Jupyter notebooks, run, so that GitHub shows their outputs.
# Plots are named by content hash, so the old pictures go first or they would linger beside the new.
# The pages run in the browser with book/assets/llmlab (tools/book_runtime.sh, which also writes
# book/playground.html): the WebAssembly session comes from build/wasm when `make wasm` built it,
# else the committed one stays.
book: build
	rm -rf book/plots
	$(BIN) notebook render notebooks -f markdown -o book
	$(BIN) notebook render notebooks -f html -o book --title "llmlab lessons"
	bash tools/book_runtime.sh book build/wasm
	for lesson in $(LESSON_NOTEBOOKS); do \
	  $(BIN) notebook convert $$lesson --to ipynb --execute || exit 1; \
	done

# Fails when book/ is out of date with notebooks/: the same files, the same text, numbers equal
# to a relative 1e-9 (LAPACK's last digits move with the kernels OpenBLAS picks for the processor);
# and when a lesson's .ipynb is not its markdown source run and converted (the same tolerance).
book-check: build
	rm -rf build/book-check build/book-ipynb
	$(BIN) notebook render notebooks -f markdown -o build/book-check --quiet
	$(BIN) notebook render notebooks -f html -o build/book-check --quiet --title "llmlab lessons"
	@# The page script, worker, editor and playground fresh; the WebAssembly session as committed
	@# (`make book` refreshes it from build/wasm).
	bash tools/book_runtime.sh build/book-check book/assets/llmlab
	python3 tools/book_diff.py book build/book-check
	mkdir -p build/book-ipynb/committed build/book-ipynb/fresh
	for lesson in $(LESSON_NOTEBOOKS); do \
	  name=$$(basename $$lesson .md); \
	  cp notebooks/$$name.ipynb build/book-ipynb/committed/ 2>/dev/null; \
	  $(BIN) notebook convert $$lesson --to ipynb --execute \
	    -o build/book-ipynb/fresh/$$name.ipynb >/dev/null || exit 1; \
	done
	python3 tools/book_diff.py build/book-ipynb/committed build/book-ipynb/fresh || \
	  { echo "the lessons' .ipynb files are stale: run make book"; exit 1; }

bench: build
	cmake --build --preset release -j $(JOBS) --target bench_layernorm_throughput \
	  bench_variance_growth bench_train_prepost
	python3 bench/run.py --bin $(BIN) --shared $(SHARED)

fuzz: deps
	$(call install_missing,$(FUZZ_APT_PACKAGES))
	cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
	bash fuzz/run.sh build/fuzz 60

format:
	$(call install_missing,clang-format)
	git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

format-check:
	$(call install_missing,clang-format)
	git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run --Werror

clean:
	rm -rf build
