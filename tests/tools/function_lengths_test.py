#!/usr/bin/env python3
"""tools/function_lengths.py on made-up C++: it finds free functions, member functions (named
with their class), operators and constructors; lambdas, local classes and braces in comments,
strings, raw strings and character literals stay inside the function that holds them; namespace
and class bodies are scanned, enums and data tables are not functions; --over chooses what is
listed and --max sets the exit status, which a function marked `// dispatch table:` does not
count toward."""
import pathlib
import subprocess
import sys
import tempfile

TOOL = pathlib.Path(__file__).resolve().parents[2] / "tools" / "function_lengths.py"
sys.path.insert(0, str(TOOL.parent))
import function_lengths  # noqa: E402

SOURCE = r'''#include <map>
#define BRACES { {
namespace outer {
namespace {
enum class Flow { Normal, Break };
const std::map<int, int> kTable = {{1, 2}, {3, 4}};
int helper(int x) {  // } a brace in a comment
  const char* text = "}}";
  char brace = '{';
  int large = 1'000'000;
  auto square = [](int y) {
    return y * y;
  };
  return square(x) + text[0] + brace + large;
}
}  // namespace

struct Point {
  Point(int x, int y) : x_{x}, y_(y) {
    x_ += 1;
  }
  bool operator()(int z) const {
    return z > 0;
  }
  int x_, y_;
};

template <typename T>
std::function<void(T)> make_printer() {
  /* { */
  return [](T value) {
    struct Local {
      int f() { return 1; }
    };
    (void)value;
  };
}

std::string page() {
  return R"html(<style>body { margin: 0; }</style>)html";
}
}  // namespace outer

extern "C" {
int exported(void) {
  return 0;
}
}

int with_defaults(std::vector<int> values = {}, Point origin = {0, 0}) {
  return 0;
}
'''


def lengths(text: str) -> dict:
    return {f.name: (f.line, f.length) for f in function_lengths.scan(text, "made_up.cpp")}


def run(arguments: list, files: dict) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        for name, text in files.items():
            (root / name).write_text(text)
        proc = subprocess.run([sys.executable, str(TOOL), *arguments, str(root)],
                              capture_output=True, text=True)
        return proc.returncode, (proc.stdout + proc.stderr).replace(str(root) + "/", "")


def long_function(name: str, lines: int) -> str:
    body = "".join(f"  x += {i};\n" for i in range(lines - 3))
    return f"int {name}(int x) {{\n{body}  return x;\n}}\n"


def main() -> int:
    failures = []

    def expect(label, got, wanted):
        if got != wanted:
            failures.append(f"{label}: expected {wanted!r}, got {got!r}")

    found = lengths(SOURCE)
    expect("the functions found", found, {
        "helper": (7, 9),
        "Point::Point": (19, 3),
        "Point::operator()": (22, 3),
        "make_printer": (29, 9),
        "page": (39, 3),
        "exported": (45, 3),
        "with_defaults": (50, 3),
    })

    # Listing and the ceiling.
    files = {"a.cpp": long_function("short_one", 10) + long_function("long_one", 70),
             "b.hpp": long_function("longer_one", 90), "notes.txt": long_function("skipped", 99)}
    code, output = run([], files)
    expect("default listing", (code, output),
           (0, "b.hpp:1: longer_one (90 lines)\na.cpp:11: long_one (70 lines)\n"
               "2 of 3 functions over 60 lines\n"))
    code, output = run(["--over", "80"], files)
    expect("--over 80", output, "b.hpp:1: longer_one (90 lines)\n1 of 3 functions over 80 lines\n")
    expect("--max 90 holds", run(["--max", "90"], files)[0], 0)
    code, output = run(["--max", "89"], files)
    expect("--max 89 fails", (code, output.splitlines()[-1]),
           (1, "1 functions over the ceiling of 89 lines"))

    # A `// dispatch table:` marker in the comments directly above a function or first in its
    # body lists it apart and exempts it from --max; one cut off by a blank line does not.
    inside = long_function("table_inside", 75).replace("{\n", "{\n  // dispatch table: ops.\n", 1)
    files = {"c.cpp": "// Above.\n// dispatch table: kinds.\n" + long_function("table_above", 80)
             + inside + "// dispatch table: stray.\n\n" + long_function("plain", 65)}
    code, output = run(["--max", "65"], files)
    expect("dispatch tables", (code, output),
           (0, "c.cpp:161: plain (65 lines)\nc.cpp:3: table_above (80 lines, dispatch table)\n"
               "c.cpp:83: table_inside (76 lines, dispatch table)\n"
               "3 of 3 functions over 60 lines (2 of them dispatch tables)\n"))
    expect("the unmarked one still fails --max 64", run(["--max", "64"], files)[0], 1)

    for failure in failures:
        print(failure)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
