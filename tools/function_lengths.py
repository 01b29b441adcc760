#!/usr/bin/env python3
"""List the C++ functions under the given folders (src/ by default) that run over N lines.

The project's rule is functions of at most 60 lines, split into named phases otherwise (#24).
This is a plain brace-matching scan, not a parser: comments, string, character and raw string
literals and preprocessor lines are blanked first, then every brace pair at namespace or class
scope is classified by the text before it (its "head"): `namespace`/`extern` and class heads are
scopes whose contents are scanned in turn, enum and data initialisers are skipped, and a head with
a parameter list opens a function body. Lambdas and local classes count toward the function that
holds them. A function's length runs from the line of its name to the line of its closing brace.

    tools/function_lengths.py [--over N] [--max M] [PATH ...]

prints `file:line: name (L lines)` for each function longer than N (60), longest first, and exits
with 1 when one is longer than M, so CI can pin a ceiling and lower it as functions get split.

A dispatch table (a switch over kinds or op codes whose cases are a few lines each) may be the
clearest form past 60 lines. Mark it with a comment that begins `// dispatch table:` and says
why, either in the block of `//` comments directly above the function or as the first thing in
its body; the function is then listed apart, as `(L lines, dispatch table)`, and --max passes
it by.
"""
import argparse
import pathlib
import re
import sys

SOURCE_SUFFIXES = {".cpp", ".hpp", ".cc", ".h"}
IDENTIFIER_CHARACTER = re.compile(r"[A-Za-z0-9_]")
RAW_STRING_OPEN = re.compile(r'(?:u8|[uUL])?R"([^()\\\s]{0,16})\(')
SCOPE_HEAD = re.compile(r"^(?:export\s+)?(?:inline\s+)?(?:namespace\b|extern\b)")
CLASS_HEAD = re.compile(r"^(?:template\s*<.*>\s*)?(?:class|struct|union)\b(?![^(]*\))", re.S)
ENUM_HEAD = re.compile(r"^(?:typedef\s+)?enum\b")
DISPATCH_MARKER = "// dispatch table:"
OPERATOR_NAME = re.compile(r"((?:[A-Za-z_]\w*\s*::\s*)*\boperator\s*(?:\(\s*\)|\[\s*\]|[^\s(]+))\s*\(")
QUALIFIED_NAME = re.compile(r"((?:[A-Za-z_]\w*(?:\s*<[^<>]*>)?\s*::\s*)*~?[A-Za-z_]\w*)\s*$")


def blank(text: str) -> str:
    """The text with comments, literals and preprocessor lines turned into spaces.

    Newlines stay where they were, so positions still give the right line numbers.
    """
    out = list(text)
    index = 0
    length = len(text)
    at_line_start = True

    def clear(start: int, end: int) -> None:
        for position in range(start, min(end, length)):
            if out[position] != "\n":
                out[position] = " "

    while index < length:
        character = text[index]
        if character == "\n":
            at_line_start = True
            index += 1
            continue
        if character in " \t\r":
            index += 1
            continue
        if at_line_start and character == "#":
            # A preprocessor line, with its backslash continuations.
            end = index
            while end < length and not (text[end] == "\n" and text[end - 1] != "\\"):
                end += 1
            clear(index, end)
            index = end
            continue
        at_line_start = False
        if text.startswith("//", index):
            end = text.find("\n", index)
            end = length if end < 0 else end
            clear(index, end)
            index = end
            continue
        if text.startswith("/*", index):
            end = text.find("*/", index + 2)
            end = length if end < 0 else end + 2
            clear(index, end)
            index = end
            continue
        raw = RAW_STRING_OPEN.match(text, index)
        if raw and (index == 0 or not IDENTIFIER_CHARACTER.match(text[index - 1])):
            closing = ")" + raw.group(1) + '"'
            end = text.find(closing, raw.end())
            end = length if end < 0 else end + len(closing)
            clear(index, end)
            index = end
            continue
        if character == "'" and in_number(text, index):
            index += 1  # A digit separator, as in 1'000'000.
            continue
        if character in "\"'":
            end = index + 1
            while end < length and text[end] != character and text[end] != "\n":
                end += 2 if text[end] == "\\" else 1
            clear(index, end + 1)
            index = end + 1
            continue
        index += 1
    return "".join(out)


def in_number(text: str, index: int) -> bool:
    """Whether the quote at index sits inside a numeric literal (a C++14 digit separator)."""
    start = index
    while start > 0 and (IDENTIFIER_CHARACTER.match(text[start - 1]) or text[start - 1] == "'"):
        start -= 1
    return start < index and text[start].isdigit()


def matching_brace(text: str, open_index: int) -> int:
    """The index of the brace that closes the one at open_index (the end of text if none)."""
    depth = 0
    for index in range(open_index, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(text) - 1


def strip_leading_template(head: str) -> str:
    """The head without `template <...>` prefixes and `[[attributes]]`."""
    while True:
        head = head.lstrip()
        if head.startswith("[["):
            end = head.find("]]")
            head = head[end + 2:] if end >= 0 else ""
            continue
        match = re.match(r"template\s*<", head)
        if not match:
            return head
        depth = 0
        for index in range(match.end() - 1, len(head)):
            if head[index] == "<":
                depth += 1
            elif head[index] == ">":
                depth -= 1
                if depth == 0:
                    head = head[index + 1:]
                    break
        else:
            return head


def first_parameter_list(head: str) -> int:
    """The index of the `(` that opens the parameter list, or -1 when the head has none.

    Parentheses inside template arguments (std::function<void(int)>) do not count.
    """
    angle = 0
    for index, character in enumerate(head):
        if character == "<" and not head[:index].rstrip().endswith("operator"):
            angle += 1
        elif character == ">" and angle > 0 and head[index - 1] != "-":
            angle -= 1
        elif character == "(" and angle == 0:
            return index
    return -1


def tidy(name: str) -> str:
    """A name as written in one line: `Reader :: build` as `Reader::build`."""
    name = re.sub(r"\s+", " ", name)
    return re.sub(r"\s*(::|\(|\[)\s*", r"\1", name).strip()


def function_name(head: str) -> str | None:
    """The function's name if the head declares a function, else None."""
    head = strip_leading_template(head)
    if head.rstrip().endswith("="):
        return None  # A data initialiser, as in `const Table kTable = {`.
    operator = OPERATOR_NAME.search(head)
    if operator:
        return tidy(operator.group(1))
    paren = first_parameter_list(head)
    if paren < 0:
        return None
    before = head[:paren]
    if before.rstrip().endswith("]"):
        # A lambda at namespace scope: name it after the variable that holds it.
        variable = re.search(r"([A-Za-z_]\w*)\s*=\s*\[[^\]]*\]\s*$", before)
        return f"{variable.group(1)} (lambda)" if variable else "(lambda)"
    match = QUALIFIED_NAME.search(before)
    if not match:
        return None
    return tidy(match.group(1))


class Function:
    def __init__(self, path: str, line: int, name: str, length: int, dispatch_table: bool = False):
        self.path = path
        self.line = line
        self.name = name
        self.length = length
        self.dispatch_table = dispatch_table  # marked `// dispatch table:`, exempt from --max


def marked_dispatch_table(text: str, head_at: int, body_open: int) -> bool:
    """Whether the function whose head starts at head_at and whose body opens at body_open
    carries the dispatch-table marker: in the `//` comment block directly above its head, or
    as the first thing in its body."""
    if text[body_open + 1:].lstrip().startswith(DISPATCH_MARKER):
        return True
    line_end = text.rfind("\n", 0, head_at)  # the end of the line above the head's
    while line_end >= 0:
        line_start = text.rfind("\n", 0, line_end) + 1
        line = text[line_start:line_end].strip()
        if not line.startswith("//"):
            return False
        if line.startswith(DISPATCH_MARKER):
            return True
        line_end = line_start - 1
    return False


def scan(text: str, path: str) -> list[Function]:
    """Every function definition in one file's source text."""
    code = blank(text)
    line_starts = [0] + [index + 1 for index, character in enumerate(code) if character == "\n"]

    def line_of(index: int) -> int:
        low, high = 0, len(line_starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if line_starts[middle] <= index:
                low = middle
            else:
                high = middle - 1
        return low + 1

    def marked(head_at: int, body_open: int) -> bool:
        return marked_dispatch_table(text, head_at, body_open)

    functions: list[Function] = []
    scan_scope(code, 0, len(code), "", path, line_of, functions, marked)
    return functions


def scan_scope(code: str, start: int, end: int, prefix: str, path: str, line_of,
               functions: list, marked) -> None:
    """Classify each brace pair between start and end (a namespace or class body).

    prefix is the enclosing class's name and `::` for member functions defined in the class.
    """
    head_start = start
    index = start
    parentheses = 0  # braces inside parentheses belong to the head: `int f(std::vector<int> v = {})`
    while index < end:
        character = code[index]
        if character == "(":
            parentheses += 1
        elif character == ")":
            parentheses = max(parentheses - 1, 0)
        elif character in ";}":
            head_start = index + 1
            parentheses = 0
        elif character == "{" and parentheses > 0:
            index = matching_brace(code, index)
        elif character == "{":
            close = matching_brace(code, index)
            head = code[head_start:index]
            stripped = strip_leading_template(head.strip())
            if SCOPE_HEAD.match(stripped):
                scan_scope(code, index + 1, close, prefix, path, line_of, functions, marked)
            elif CLASS_HEAD.match(stripped):
                class_name = re.match(r"(?:template\s*<.*>\s*)?\w+\s+(\w+)", stripped, re.S)
                inner = prefix + (class_name.group(1) + "::" if class_name else "")
                scan_scope(code, index + 1, close, inner, path, line_of, functions, marked)
            elif ENUM_HEAD.match(stripped):
                pass
            else:
                name = function_name(head.strip())
                if name is not None:
                    # Braces in a constructor's initialiser list (`value_{x},`) are followed by a
                    # comma or by the body's own brace: the body is the first group that is not.
                    body_open = index
                    while True:
                        after = code[close + 1:end].lstrip()
                        if not after or after[0] not in ",{":
                            break
                        next_open = code.find("{", close + 1)
                        if next_open < 0 or next_open >= end:
                            break
                        body_open = next_open
                        close = matching_brace(code, next_open)
                    name_at = head_start + len(head) - len(head.lstrip()) + head.lstrip().find(
                        name.split("::")[0].split(" ")[0].lstrip("~"))
                    first_line = line_of(max(name_at, head_start))
                    head_at = head_start + len(head) - len(head.lstrip())
                    functions.append(Function(path, first_line, prefix + name,
                                              line_of(close) - first_line + 1,
                                              marked(head_at, body_open)))
            index = close
            head_start = close + 1
        index += 1


def source_files(paths: list[str]) -> list[pathlib.Path]:
    files = []
    for path in map(pathlib.Path, paths):
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in SOURCE_SUFFIXES))
        else:
            files.append(path)
    return files


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=["src"], help="files or folders (src)")
    parser.add_argument("--over", type=int, default=60, help="list functions longer than this")
    parser.add_argument("--max", type=int, default=None,
                        help="exit with 1 when a function is longer than this")
    arguments = parser.parse_args(argv)
    functions = []
    for path in source_files(arguments.paths):
        functions.extend(scan(path.read_text(errors="replace"), str(path)))
    long_ones = sorted((f for f in functions if f.length > arguments.over),
                       key=lambda f: (f.dispatch_table, -f.length, f.path, f.line))
    tables = 0
    for function in long_ones:
        kind = ", dispatch table" if function.dispatch_table else ""
        tables += function.dispatch_table
        print(f"{function.path}:{function.line}: {function.name} ({function.length} lines{kind})")
    marked_ones = f" ({tables} of them dispatch tables)" if tables else ""
    print(f"{len(long_ones)} of {len(functions)} functions over {arguments.over} lines{marked_ones}")
    if arguments.max is not None:
        too_long = [f for f in functions if f.length > arguments.max and not f.dispatch_table]
        if too_long:
            print(f"{len(too_long)} functions over the ceiling of {arguments.max} lines",
                  file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # the listing piped into `head`
        sys.exit(0)
