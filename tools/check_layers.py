#!/usr/bin/env python3
"""Fail if a library under src/ includes a header of a library it may not depend on.

The allowed edges mirror src/CMakeLists.txt (STYLE.md, "Dependency direction").
"""
import pathlib
import re
import sys

ALLOWED = {
    "base": set(),
    "num": {"base"},
    "nn": {"num", "base"},
    "lang": {"base"},
    "plot": {"base"},
    "train": {"nn", "num", "base"},
    "runtime": {"lang", "num", "base"},
    "autodiff": {"runtime", "lang", "num", "nn", "base"},
    # Sweeps as a library: spec, records, report and executors (issue #24).
    "sweep": {"runtime", "lang", "num", "nn", "plot", "train", "base"},
    "builtins": {"sweep", "autodiff", "runtime", "lang", "num", "nn", "plot", "train", "base"},
    "notebook": {"builtins", "runtime", "lang", "num", "plot", "base"},
    # The Jupyter kernel (llmlab-kernel): beside app, and nothing includes it but itself.
    "jupyter": {"notebook", "builtins", "sweep", "autodiff", "runtime", "lang", "num", "nn", "plot",
                "train", "base"},
    "app": {"notebook", "builtins", "sweep", "autodiff", "runtime", "lang", "num", "nn", "plot",
            "train", "base"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')


def main() -> int:
    src = pathlib.Path(sys.argv[1])
    bad = []
    for module, allowed in ALLOWED.items():
        for path in sorted((src / module).rglob("*.[hc]pp")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                match = INCLUDE.match(line)
                if match and match.group(1) != module and match.group(1) not in allowed:
                    bad.append(f"{path}:{number}: {module} may not include {match.group(1)}/")
    for line in bad:
        print(line)
    print(f"layering: {len(bad)} violation(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
