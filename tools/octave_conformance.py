#!/usr/bin/env python3
"""GNU Octave's own test blocks, run through llmlab in the matlab dialect (issue #26).

Octave ships the tests of its functions with the installed package: `%!` blocks at the end of
each function file (`/usr/share/octave/<version>/m/**/*.m`) and, for the compiled builtins,
the `*.cc-tst` files of `etc/tests/libinterp`. This tool reads them from the installed package
at run time (none is copied into the repository), keeps the blocks of every function llmlab
has, translates the Octave-only syntax MATLAB lacks, and runs each block in llmlab.

Blocks (Octave's test.m):
  %!assert CODE, %!fail CODE   one statement, run as it stands (`assert (...)`, `fail (...)`)
  %!test CODE                  statements; passes when they raise no error
  %!error [<pattern>|id=ID] CODE  passes when CODE raises an error (any error: the message
                               is not compared, in Octave's refresh run either)
  %!shared a, b  CODE          declares a, b (as [], the names of an earlier %!shared are
                               dropped) and runs CODE once; as in Octave's runner, each later
                               block of the file receives them, and a %!test or %!assert that
                               completes hands its changes on to the next ([a, b] = block(a, b);
                               an %!error block or a failing one leaves them as they were)
  %!function ... %!endfunction a helper function, defined for every block of the file
  %!demo                       not a test: not counted
  %!testif, %!xtest, %!warning excluded (a build feature, a known Octave failure, a warning's
                               text: nothing llmlab can be held to), counted by reason
A bug id after the keyword (`%!assert <*12345> (...)`) is dropped.

Which blocks: a `.m` file's blocks belong to its function (the file name), and count when
llmlab has that function (`exist(name, "builtin")` in llmlab); `private/`, `@class/` and
`+package/` folders are skipped. A `.cc-tst` file holds the tests of every builtin its `.cc`
file defines; a block belongs to the first function it names that Octave's `which` places in
that file (the list is cached with the exclusions; one llmlab has before one it lacks), in its
own code before its %!shared code, and counts when llmlab has it.

Translation, and only this (Octave-only syntax MATLAB lacks), outside strings and comments:
  `#` comment (and `#{ ... #}`)      -> `%` (`%{ ... %}`)
  `!=` and `!`                       -> `~=` and `~`
  `**` and `.**`                     -> `^` and `.^`
  endfunction endif endwhile endfor endswitch end_try_catch endparfor -> end
  `x++`, `x--` (a statement)         -> `x = x + 1`, `x = x - 1`
  `x OP= e` (a statement, OP in + - * /) -> `x = x OP (e)`
  `function f (a, b = e)` (a default value) -> `function f(a, b)` then `if nargin < 2, b = e; end`
  `"text"` (Octave's double-quoted char array, with backslash escapes)
                                     -> `'text'`, or `sprintf('text')` when it holds escapes
A block that still needs Octave (`unwind_protect`, `do ... until`, a function MATLAB lacks
from OCTAVE_ONLY_FUNCTIONS, an internal `__name__`) is excluded with that reason. So is a
block that builds a sparse matrix (a function of SPARSE_FUNCTIONS: `sparse`, `speye`, ...):
sparse matrices are out of scope in llmlab (issue #26), where they are a clear error; it is
counted as "out of scope: sparse matrices (issue #26)", and so is a block that uses a
variable of %!shared code that builds one.

Exclusions: a block is also excluded when it fails in Octave itself after translation. Running
Octave is slow, so `--refresh` recomputes the exclusions (and the .cc function lists) with the
installed Octave and writes them to tests/octave_conformance/excluded.tsv with Octave's
version; the test run reads that file and never starts Octave.

Running: the blocks of one Octave file make one llmlab script (`.m`, so the matlab dialect)
in which each block is a function of its own (only the %!shared variables reach the next
block, through its parameters and outputs) and each call sits in try/catch; the script prints
a marker per block. A file whose script dies, fails to parse or runs past its time limit has
its unmarked blocks rerun one per process, each after its %!shared code and the earlier blocks
that passed since (so it sees the shared values it would have seen), so one bad block costs
only itself. An excluded block is not run, so a shared value it would set is not set.

Result: per function and in total, ending with `octave-conformance: N passed, M failed`.
tests/octave_conformance/expected_pass.txt pins the block ids that pass: one of them failing
is a regression and fails the run; newly passing blocks are listed, and `--update` rewrites
the list.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import dataclasses
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "octave_conformance"
EXCLUDED = DATA / "excluded.tsv"
EXPECTED = DATA / "expected_pass.txt"

BLOCK_TIME_LIMIT_S = 10
# Functions Octave has and MATLAB lacks: a block calling one tests Octave, not MATLAB.
OCTAVE_ONLY_FUNCTIONS = {
    "printf", "puts", "fputs", "fdisp", "columns", "rows", "postpad", "prepad", "ifelse",
    "merge", "lookup", "nthargout", "isargout", "print_usage", "ostrsplit", "substr", "index",
    "rindex", "toascii", "do_string_escapes", "undo_string_escapes", "sizeof", "resize", "vec",
    "vech", "sumsq", "isna", "NA", "lgamma", "cbrt", "signbit", "isbool", "is_function_handle",
    "isdigit", "isalpha", "isalnum", "ispunct", "iscntrl", "isgraph", "isprint", "isxdigit",
    "isascii", "fail", "octave_config_info", "OCTAVE_VERSION", "OCTAVE_HOME", "I", "J",
    "print_empty_dimensions", "output_precision", "page_screen_output", "more", "mkstemp",
    "P_tmpdir", "cellslices", "autoload", "is_valid_file_id", "freport", "history",
    "completion_matches", "optimize_subsasgn_calls", "disable_range", "disable_diagonal_matrix",
    "disable_permutation_matrix", "save_precision", "fixed_point_format", "split_long_rows",
    "struct_levels_to_print", "print_struct_array_contents", "silent_functions",
    "string_fill_char", "idx_vector", "sparse_auto_mutate", "base64_encode", "base64_decode",
    "isguirunning", "have_window_system", "getpid", "nproc", "sizemax", "cstrcat", "untabify",
    "cholinsert", "choldelete", "cholshift", "shift", "size_equal", "svd_driver", "typeinfo",
    "file_in_loadpath", "bincoeff", "erfi",
}
# Sparse matrices are out of scope in llmlab (issue #26: `sparse(...)` is a clear error that
# says so): a block that builds one tests what llmlab deliberately lacks.
SPARSE_FUNCTIONS = {"sparse", "speye", "sprand", "sprandn", "sprandsym", "spones", "spalloc",
                    "spdiags", "spfun", "spconvert", "nzmax"}
SPARSE_REASON = "out of scope: sparse matrices (issue #26)"
OCTAVE_ONLY_KEYWORDS = {"unwind_protect", "unwind_protect_cleanup", "end_unwind_protect",
                        "do", "until"}
END_KEYWORDS = re.compile(
    r"\b(endfunction|endif|endwhile|endfor|endswitch|end_try_catch|endparfor)\b")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# A function header with its parameter list: (indent and `function`, outputs and name, the
# parameters, the rest of the line).
FUNCTION_HEADER = re.compile(r"^(\s*function\s+)([^(]*?)\s*\((.*)\)(\s*(?:[%#].*)?)$")
BLOCK_START = re.compile(r"^%!([a-z]+)")
BUG_ID = re.compile(r"^\s*<\*?\d+>")
ERROR_PATTERN = re.compile(r"^\s*(<[^>]*>|id=\S+)")
INCREMENT = re.compile(r"\b([A-Za-z_]\w*)(\+\+|--)(?=\s*([;,]|$))")
COMPOUND = re.compile(r"^(\s*)([A-Za-z_]\w*(?:\([^=;]*\))?)\s*([-+*/])=\s*(.+?)\s*(;?)\s*$")


@dataclasses.dataclass
class Block:
    id: str
    kind: str  # assert, test, error (and the excluded kinds)
    code: str
    source: str  # the Octave file, relative to the octave root
    shared: str = ""  # the init code of the %!shared block before it
    shared_names: tuple[str, ...] = ()  # the variables that %!shared declares
    shared_group: int = 0  # that %!shared block's number in its file, 0 when none
    functions: str = ""  # the %!function blocks of its file
    function: str = ""  # the function it tests
    translated: str = ""
    reason: str = ""  # why it is excluded, "" when it runs


# ----------------------------------------------------------------------------- the package


def octave_root() -> tuple[Path, str]:
    """The installed Octave's data folder (found through dpkg) and its version."""
    listing = subprocess.run(["dpkg", "-L", "octave-common"], capture_output=True, text=True)
    for line in listing.stdout.splitlines():
        match = re.fullmatch(r"(/usr/share/octave/(\d[\w.]*))/m", line)
        if match:
            return Path(match.group(1)), match.group(2)
    sys.exit("octave-conformance: Octave is not installed (Debian package octave-common: "
             "`apt-get install octave`, or `make deps`)")


def test_files(root: Path) -> list[Path]:
    files = []
    for path in sorted((root / "m").rglob("*.m")):
        if any(part == "private" or part[0] in "@+" for part in path.relative_to(root).parts):
            continue
        files.append(path)
    files += sorted((root / "etc" / "tests" / "libinterp").rglob("*.cc-tst"))
    return files


def split_blocks(text: str) -> list[tuple[str, str]]:
    """The file's `%!` blocks as (keyword, code after the keyword)."""
    blocks: list[list[str]] = []
    for line in text.splitlines():
        if not line.startswith("%!"):
            continue
        start = BLOCK_START.match(line)
        if start:
            blocks.append([start.group(1), line[len(start.group(0)):]])
        elif blocks:
            blocks[-1][1] += "\n" + line[2:]
    return [(keyword, code) for keyword, code in blocks]


def read_blocks(root: Path, path: Path) -> list[Block]:
    source = str(path.relative_to(root))
    raw = split_blocks(path.read_text(errors="replace"))
    # Each %!function block runs to its %!endfunction block: give it its own end.
    functions = "".join(f"function{code}\nendfunction\n" for keyword, code in raw
                        if keyword == "function")
    blocks = []
    shared, names, group = "", (), 0
    for number, (keyword, code) in enumerate(raw, 1):
        if keyword in ("function", "endfunction", "demo"):
            continue
        if keyword == "shared":
            names, shared = shared_declaration(code)
            group = number
            continue
        block = Block(f"{source}#{number}", keyword, code, source, shared, names, group,
                      functions)
        if keyword in ("assert", "fail"):
            block.code = keyword + BUG_ID.sub("", code, count=1)
            block.kind = "assert"
        elif keyword == "test":
            block.code = BUG_ID.sub("", code, count=1)
        elif keyword == "error":
            block.code = ERROR_PATTERN.sub("", code, count=1)
        else:
            block.reason = {
                "testif": "testif: depends on how Octave was built",
                "xtest": "xtest: a known failure in Octave",
                "warning": "warning: checks a warning's text",
            }.get(keyword, f"unknown block kind %!{keyword}")
        blocks.append(block)
    return blocks


def shared_declaration(code: str) -> tuple[tuple[str, ...], str]:
    """`%!shared a, b` then init lines: the names (a comment after them dropped) and the
    init lines."""
    first, _, rest = code.partition("\n")
    names = tuple(n.strip() for n in re.split(r"[%#]", first)[0].split(",") if n.strip())
    return names, rest


# -------------------------------------------------------------------------- translation


def split_line(line: str) -> list[tuple[str, str]]:
    """A line as (kind, text) pieces: "code", "string" (Octave's double-quoted text, already
    decoded), "char" (a single-quoted literal, quotes included) and "comment"."""
    pieces: list[tuple[str, str]] = []
    code = ""
    k = 0
    while k < len(line):
        c = line[k]
        if c in "#%":
            pieces.append(("code", code))
            return pieces + [("comment", line[k:])]
        if c == '"':
            text, k = read_double_quoted(line, k + 1)
            pieces += [("code", code), ("string", text)]
            code = ""
            continue
        if c == "'" and not is_transpose(code):
            end = k + 1
            while end < len(line):
                if line[end] == "'" and line[end + 1:end + 2] == "'":
                    end += 2
                elif line[end] == "'":
                    break
                else:
                    end += 1
            pieces += [("code", code), ("char", line[k:end + 1])]
            code = ""
            k = end + 1
            continue
        code += c
        k += 1
    return pieces + [("code", code)]


def is_transpose(code_before: str) -> bool:
    return bool(code_before) and (code_before[-1].isalnum() or code_before[-1] in "_)]}'.")


ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "r": "\r", "a": "\a",
           "0": "\0", "b": "\b", "f": "\f", "v": "\v"}


def read_double_quoted(line: str, k: int) -> tuple[str, int]:
    text = ""
    while k < len(line):
        c = line[k]
        if c == "\\" and k + 1 < len(line):
            text += ESCAPES.get(line[k + 1], "\\" + line[k + 1])
            k += 2
        elif c == '"' and line[k + 1:k + 2] == '"':
            text += '"'
            k += 2
        elif c == '"':
            return text, k + 1
        else:
            text += c
            k += 1
    return text, k


def char_literal(text: str) -> str:
    """MATLAB source for the char array `text`."""
    if all(c.isprintable() for c in text):
        return "'" + text.replace("'", "''") + "'"
    spelled = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\a": "\\a", "\0": "\\0", "\b": "\\b",
               "\f": "\\f", "\v": "\\v"}
    body = "".join(spelled.get(c, c) for c in text.replace("\\", "\\\\").replace("%", "%%"))
    return "sprintf('" + body.replace("'", "''") + "')"


def translate_code(code: str) -> str:
    code = code.replace(".**", ".^").replace("**", "^").replace("!=", "~=")
    code = re.sub(r"!(?!=)", "~", code)
    code = INCREMENT.sub(lambda m: f"{m[1]} = {m[1]} {m[2][0]} 1", code)
    return END_KEYWORDS.sub("end", code)


def top_level_split(text: str) -> list[str]:
    """`text` cut at the commas outside brackets."""
    parts, depth, current = [], 0, ""
    for c in text:
        depth += c in "([{"
        depth -= c in ")]}"
        if c == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += c
    return parts + [current]


def default_parameters(line: str) -> str:
    """Octave's default parameter values, `function f (a, b = expr)`, as MATLAB writes them:
    the bare parameter, then `if nargin < 2, b = expr; end` as the body's first line."""
    header = FUNCTION_HEADER.match(line)
    if not header or "=" not in header[3]:
        return line
    names, defaults = [], []
    for position, parameter in enumerate(top_level_split(header[3]), 1):
        name, equals, value = parameter.partition("=")
        names.append(name.strip())
        if equals:
            defaults.append(f"if nargin < {position}, {name.strip()} = {value.strip()}; end")
    return f"{header[1]}{header[2]}({', '.join(names)}){header[4]}\n" + "\n".join(defaults)


def translate(code: str) -> tuple[str, str]:
    """The block in MATLAB's syntax, and why it cannot be ("" when it can)."""
    lines = []
    reason = ""
    for line in code.splitlines():
        stripped = line.strip()
        if stripped in ("#{", "%{"):
            lines.append("%{")
            continue
        if stripped in ("#}", "%}"):
            lines.append("%}")
            continue
        out = ""
        for kind, text in split_line(line):
            if kind == "code":
                for name in IDENTIFIER.findall(text):
                    if name in OCTAVE_ONLY_KEYWORDS and not reason:
                        reason = f"octave-only syntax: {name}"
                    elif (name in OCTAVE_ONLY_FUNCTIONS and not reason
                          and not re.search(rf"\b{name}\s*(\([^)]*\))?\s*=[^=]", code)):
                        reason = f"octave-only function: {name}"
                    elif name.startswith("__") and not reason:
                        reason = f"octave-internal function: {name}"
                    elif name in SPARSE_FUNCTIONS and not reason:
                        reason = SPARSE_REASON
                out += translate_code(text)
            elif kind == "string":
                out += char_literal(text)
            elif kind == "comment":
                out += "%" + text[1:]
            else:
                out += text
        out = COMPOUND.sub(lambda m: f"{m[1]}{m[2]} = {m[2]} {m[3]} ({m[4]}){m[5]}", out)
        out = default_parameters(out)
        lines.append(out)
    return "\n".join(lines), reason


# ----------------------------------------------------------------------------- selection


def llmlab_builtins(binary: Path, names: set[str]) -> set[str]:
    """Which of `names` llmlab has, by asking it."""
    ordered = sorted(n for n in names if re.fullmatch(r"[A-Za-z]\w*", n))
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "exist.rlab"
        script.write_text("".join(f'disp(exist("{n}", "builtin"))\n' for n in ordered))
        result = subprocess.run([str(binary), "run", "-q", str(script)], capture_output=True,
                                text=True, timeout=120)
    if result.returncode != 0:
        sys.exit(f"octave-conformance: llmlab could not list its builtins:\n{result.stderr}")
    answers = result.stdout.split()
    return {name for name, answer in zip(ordered, answers) if answer == "5"}


def called_names(code: str) -> list[str]:
    names = []
    for kind, text in split_line_all(code):
        if kind == "code":
            names += IDENTIFIER.findall(text)
    return names


def split_line_all(code: str) -> list[tuple[str, str]]:
    return [piece for line in code.splitlines() for piece in split_line(line)]


def attribute(blocks: list[Block], cc_functions: dict[str, list[str]], has: set[str]) -> None:
    """Sets each block's function: a .m file's own, or for a .cc-tst file the first name the
    block uses that its .cc file defines. Blocks of functions llmlab lacks keep ""."""
    for block in blocks:
        if block.source.endswith(".m"):
            name = Path(block.source).stem
            block.function = name if name in has else ""
            continue
        defined = set(cc_functions.get(block.source, []))
        # The block's own code first: a %!shared init that calls sqrt does not make every
        # later block of the file a test of sqrt. A name llmlab has wins over one it lacks
        # (`[v, i] = sort (x)` tests sort, not the constant i); a block naming only functions
        # llmlab lacks tests none of llmlab's.
        for code in (block.code, block.shared):
            named = [n for n in called_names(code) if n in defined]
            if named:
                block.function = next((n for n in named if n in has), "")
                break


# ------------------------------------------------------------------------------- running


def hands_on_shared(block: Block) -> bool:
    """Octave's runner keeps the shared values a %!test or %!assert block leaves, not an
    %!error block's."""
    return block.kind != "error" and bool(block.shared_names)


def block_function(name: str, shared_names: tuple[str, ...], code: str,
                   returns_shared: bool) -> str:
    parameters = ", ".join(shared_names)
    outputs = f"[{parameters}] = " if returns_shared else ""
    return f"function {outputs}{name}({parameters})\n{code}\nend\n"


def block_call(name: str, shared_names: tuple[str, ...], returns_shared: bool) -> str:
    parameters = ", ".join(shared_names)
    outputs = f"[{parameters}] = " if returns_shared else ""
    return f"{outputs}{name}({parameters});"


def driver(blocks: list[tuple[int, Block]]) -> str:
    """One script for blocks of one file, in file order: the file's helpers, one function per
    %!shared init code and per block, then the calls, each block's in try/catch between
    markers. The shared variables live in the script; a block gets them as parameters and, as
    in Octave's runner, a %!test or %!assert returns them."""
    parts = ["1;\n"]
    if blocks and blocks[0][1].functions:
        parts.append(translate(blocks[0][1].functions)[0] + "\n")
    calls = []
    group = 0
    for number, block in blocks:
        if block.shared_group != group:
            group = block.shared_group
            calls.append("".join(f"{name} = [];\n" for name in block.shared_names))
            if block.shared.strip():
                init = f"octave_shared_{number}"
                returns = bool(block.shared_names)
                parts.append(block_function(init, block.shared_names, block.shared, returns))
                calls.append(f"try\n  {block_call(init, block.shared_names, returns)}\n"
                             f"catch octave_caught\nend\n")
        name = f"octave_block_{number}"
        returns = hands_on_shared(block)
        parts.append(block_function(name, block.shared_names, block.translated, returns))
        calls.append(f"try\n  {block_call(name, block.shared_names, returns)}\n"
                     f"  disp('@@ok {number}');\n"
                     f"catch octave_caught\n  disp('@@error {number}');\n"
                     f"  disp(octave_caught.message);\nend\n")
    return "".join(parts + calls)


def run_driver(command: list[str], script: str, folder: Path, name: str,
               limit: float) -> dict[int, tuple[str, str]]:
    """Runs a driver; returns {block number: ("ok" | "error", message)} for the blocks that
    reported."""
    path = folder / f"{name}.m"
    path.write_text(script)
    try:
        result = subprocess.run(command + [str(path)], capture_output=True, text=True,
                                timeout=limit, cwd=folder, errors="replace")
        output = result.stdout
        errors = [line for line in result.stderr.splitlines() if "error:" in line]
        why = errors[0].split("error:", 1)[1].strip() if errors else "crashed"
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout.decode(errors="replace") if isinstance(expired.stdout, bytes) \
            else (expired.stdout or "")
        why = "time limit"
    outcomes: dict[int, tuple[str, str]] = {-1: ("died", why)}
    current = None
    for line in output.splitlines():
        marker = re.fullmatch(r"@@(ok|error) (\d+)", line)
        if marker:
            current = int(marker.group(2))
            outcomes[current] = (marker.group(1), "")
        elif current is not None and outcomes[current][0] == "error" and not outcomes[current][1]:
            outcomes[current] = ("error", line)
    return outcomes


def run_blocks(command: list[str], blocks: list[Block], jobs: int,
               per_block: float) -> dict[str, tuple[str, str]]:
    """Every block's outcome by id: ("ok" | "error" | "died", message)."""
    by_file: dict[str, list[tuple[int, Block]]] = collections.defaultdict(list)
    for number, block in enumerate(blocks):
        by_file[block.source].append((number, block))
    results: dict[str, tuple[str, str]] = {}

    def run_file(group: list[tuple[int, Block]]) -> dict[str, tuple[str, str]]:
        with tempfile.TemporaryDirectory() as folder:
            outcomes = run_driver(command, driver(group), Path(folder), "octave_file",
                                  max(30.0, per_block * len(group) / 4))
            found = {}
            for position, (number, block) in enumerate(group):
                if number not in outcomes:
                    before = state_before(group[:position], block, outcomes)
                    alone = run_driver(command, driver(before + [(number, block)]),
                                       Path(folder), f"octave_block_{number}",
                                       per_block * (1 + len(before) / 4))
                    outcomes[number] = alone.get(number, ("died", "died: " + alone[-1][1]))
                found[block.id] = outcomes[number]
            return found

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for found in pool.map(run_file, by_file.values()):
            results.update(found)
    return results


def state_before(earlier: list[tuple[int, Block]], block: Block,
                 outcomes: dict[int, tuple[str, str]]) -> list[tuple[int, Block]]:
    """The blocks to rerun before `block` so that it sees the shared values it would have
    seen: the earlier blocks of its %!shared group that completed and hand their values on."""
    if not block.shared_names:
        return []
    return [(number, other) for number, other in earlier
            if other.shared_group == block.shared_group and hands_on_shared(other)
            and outcomes.get(number, ("",))[0] == "ok"]


def passed(block: Block, outcome: tuple[str, str]) -> bool:
    if block.kind == "error":
        return outcome[0] == "error"
    return outcome[0] == "ok"


# ----------------------------------------------------------------------- exclusions cache


def read_excluded() -> tuple[str, dict[str, str], dict[str, list[str]]]:
    """Octave's version, {block id: reason}, {.cc-tst file: functions its .cc defines}."""
    version = ""
    excluded: dict[str, str] = {}
    cc_functions: dict[str, list[str]] = {}
    if not EXCLUDED.exists():
        return version, excluded, cc_functions
    for line in EXCLUDED.read_text().splitlines():
        fields = line.split("\t")
        if fields[0] == "version":
            version = fields[1]
        elif fields[0] == "defines":
            cc_functions[fields[1]] = fields[2].split()
        elif fields[0] == "excluded":
            excluded[fields[1]] = fields[2]
    return version, excluded, cc_functions


def octave_cc_functions(root: Path, names: set[str]) -> dict[str, list[str]]:
    """For each .cc-tst file, the functions among `names` that Octave says its .cc defines."""
    ordered = sorted(n for n in names if re.fullmatch(r"[A-Za-z]\w*", n))
    script = "".join(
        f"try\n  w = which('{n}');\n  printf('%s\\t%s\\n', '{n}', w);\ncatch\nend\n"
        for n in ordered)
    result = subprocess.run(["octave", "--no-gui", "--no-window-system", "-q", "--eval", script],
                            capture_output=True, text=True, timeout=600)
    tests = {str(p.relative_to(root / "etc" / "tests"))[:-len("-tst")]: str(p.relative_to(root))
             for p in (root / "etc" / "tests" / "libinterp").rglob("*.cc-tst")}
    found: dict[str, list[str]] = collections.defaultdict(list)
    for line in result.stdout.splitlines():
        name, _, where = line.partition("\t")
        # Octave answers a compiled builtin's which with its source ("libinterp/corefcn/data.cc").
        if where.strip() in tests:
            found[tests[where.strip()]].append(name)
    return found


def refresh(root: Path, version: str, binary: Path, jobs: int) -> None:
    files = test_files(root)
    blocks = [b for f in files for b in read_blocks(root, f)]
    names = {Path(b.source).stem for b in blocks if b.source.endswith(".m")}
    for block in blocks:
        if block.source.endswith(".cc-tst"):
            names.update(called_names(block.code))
    has = llmlab_builtins(binary, names)
    # Every function each .cc defines, so a block of one llmlab lacks is not counted as a
    # test of another it names (attribute).
    cc_functions = octave_cc_functions(root, names)
    attribute(blocks, cc_functions, has)
    selected = [b for b in blocks if b.function]
    prepare(selected)
    runnable = [b for b in selected if not b.reason]
    octave = ["octave", "--no-gui", "--no-window-system", "-q", "-W"]
    outcomes = run_blocks(octave, runnable, jobs, 60)
    lines = [f"version\t{version}"]
    lines += [f"defines\t{source}\t{' '.join(sorted(fs))}"
              for source, fs in sorted(cc_functions.items())]
    for block in selected:
        reason = block.reason
        if not reason and not passed(block, outcomes[block.id]):
            reason = "fails in Octave: " + (outcomes[block.id][1] or outcomes[block.id][0])
        if reason:
            lines.append(f"excluded\t{block.id}\t{reason.replace(chr(9), ' ')[:200]}")
    DATA.mkdir(parents=True, exist_ok=True)
    EXCLUDED.write_text("\n".join(lines) + "\n")
    print(f"octave-conformance: wrote {EXCLUDED.relative_to(REPO)} "
          f"({sum(1 for l in lines if l.startswith('excluded'))} exclusions)")


def prepare(blocks: list[Block]) -> None:
    for block in blocks:
        block.translated, reason = translate(block.code)
        shared, shared_reason = translate(block.shared)
        block.shared = shared
        # %!shared code that builds a sparse matrix excludes only the blocks that use its
        # variables (`%!shared xs` then `xs = sparse (0:3)` is followed by unrelated blocks).
        if shared_reason == SPARSE_REASON and not set(called_names(block.code)) & set(
                block.shared_names):
            shared_reason = ""
        block.reason = block.reason or reason or shared_reason


# -------------------------------------------------------------------------------- report


def report_reason_counts(title: str, reasons: list[str]) -> None:
    counts = collections.Counter(re.sub(r"(: [^:]*)$", lambda m: m[1][:60], r) for r in reasons)
    print(f"{title}: {len(reasons)}")
    for reason, count in counts.most_common(15):
        print(f"  {count:5d}  {reason}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", type=Path, default=REPO / "build" / "release" / "llmlab")
    parser.add_argument("--refresh", action="store_true",
                        help="recompute the exclusions by running Octave (slow)")
    parser.add_argument("--update", action="store_true",
                        help="rewrite the expected-pass list with this run's passes")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--function", help="only the blocks of this function")
    parser.add_argument("--failures", action="store_true", help="list every failing block")
    parser.add_argument("--sample", type=int, default=1, metavar="N",
                        help="only every N-th function, in name order (a sanitizer build is "
                             "too slow for all of them)")
    parser.add_argument("--block-time-limit", type=float, default=BLOCK_TIME_LIMIT_S,
                        help="seconds one block may run before it counts as failed")
    args = parser.parse_args()

    started = time.monotonic()
    root, version = octave_root()
    if args.refresh:
        refresh(root, version, args.bin, args.jobs)
    cached_version, excluded, cc_functions = read_excluded()
    if cached_version != version:
        print(f"octave-conformance: the exclusions are for Octave {cached_version or '(none)'} "
              f"but {version} is installed: run tools/octave_conformance.py --refresh")
        return 1

    blocks = [b for f in test_files(root) for b in read_blocks(root, f)]
    names = {Path(b.source).stem for b in blocks if b.source.endswith(".m")}
    names.update(n for fs in cc_functions.values() for n in fs)
    has = llmlab_builtins(args.bin, names)
    attribute(blocks, cc_functions, has)
    selected = [b for b in blocks if b.function and
                (not args.function or b.function == args.function)]
    if args.sample > 1:
        sampled = sorted({b.function for b in selected})[::args.sample]
        selected = [b for b in selected if b.function in sampled]
    prepare(selected)
    for block in selected:
        block.reason = excluded.get(block.id, block.reason)
    runnable = [b for b in selected if not b.reason]
    outcomes = run_blocks([str(args.bin), "run", "-q", "--dialect", "matlab"], runnable,
                          args.jobs, args.block_time_limit)

    per_function: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    passing: set[str] = set()
    failures: list[tuple[Block, str]] = []
    by_kind: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    for block in runnable:
        ok = passed(block, outcomes[block.id])
        per_function[block.function][0 if ok else 1] += 1
        by_kind[block.kind][0 if ok else 1] += 1
        if ok:
            passing.add(block.id)
        else:
            failures.append((block, outcomes[block.id][1] or outcomes[block.id][0]))

    print(f"Octave {version}: {len(blocks)} blocks in {len(set(b.source for b in blocks))} "
          f"files; {len(selected)} belong to {len(set(b.function for b in selected))} "
          f"functions llmlab has")
    report_reason_counts("excluded", [b.reason for b in selected if b.reason])
    print("per function (passed/run):")
    for name, (good, bad) in sorted(per_function.items()):
        print(f"  {name:24s} {good:4d}/{good + bad}")
    for kind, (good, bad) in sorted(by_kind.items()):
        print(f"%!{kind}: {good} passed, {bad} failed")
    report_reason_counts("failures by message", [
        re.sub(r"\d+(\.\d+)?", "N", message)[:80] for _, message in failures])
    if args.failures:
        for block, message in failures:
            print(f"FAIL {block.id} [{block.function}] {message}")

    expected = set(EXPECTED.read_text().split()) if EXPECTED.exists() else set()
    if args.function or args.sample > 1:
        expected = {i for i in expected if i in {b.id for b in selected}}
    regressions = sorted(expected - passing)
    newly = sorted(passing - expected)
    for block_id in regressions:
        print(f"REGRESSION {block_id}: {outcomes.get(block_id, ('', 'not run'))[1]}")
    if newly:
        print(f"{len(newly)} block(s) pass that the expected list lacks "
              f"(--update adds them): {' '.join(newly[:20])}{' ...' if len(newly) > 20 else ''}")
    if args.update and not args.function and args.sample == 1:
        DATA.mkdir(parents=True, exist_ok=True)
        EXPECTED.write_text("".join(f"{i}\n" for i in sorted(passing)))
        regressions = []
    print(f"time: {time.monotonic() - started:.0f} s")
    print(f"octave-conformance: {len(passing)} passed, {len(failures)} failed")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
