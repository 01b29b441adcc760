#!/usr/bin/env python3
"""tools/seed_overlap.py on made-up texts: a file that shares only runs shorter than 12 words
with the seed passes; one whose shared 12-word runs make up more than 15 % of it fails, at the
exact boundary too; case and punctuation do not break a run; binary files are skipped and a
missing seed folder is an error."""
import pathlib
import subprocess
import sys
import tempfile

TOOL = pathlib.Path(__file__).resolve().parents[2] / "tools" / "seed_overlap.py"
sys.path.insert(0, str(TOOL.parent))
import seed_overlap  # noqa: E402

SEED = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike "
        "november oscar papa quebec romeo sierra tango")
FILLER = [f"own{i}" for i in range(200)]


def own_words(count: int, start: int = 0) -> str:
    return " ".join(FILLER[start:start + count])


def run(files: dict, seeds: dict | None = None) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        seed_dir = root / "seeds"
        seed_dir.mkdir()
        for name, text in (seeds if seeds is not None else {"seed.txt": SEED}).items():
            (seed_dir / name).write_text(text)
        checked = root / "checked"
        checked.mkdir()
        for name, content in files.items():
            path = checked / name
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content)
        proc = subprocess.run([sys.executable, str(TOOL), "--seeds", str(seed_dir), str(checked)],
                              capture_output=True, text=True)
        return proc.returncode, proc.stdout + proc.stderr


def share(text: str) -> float:
    windows = seed_overlap.windows(seed_overlap.words(SEED), 12)
    return seed_overlap.measure(text, windows, 12)[0]


def main() -> int:
    seed_words = SEED.split()
    eleven = " ".join(seed_words[:11])
    twelve = " ".join(seed_words[:12])
    thirteen = " ".join(seed_words[:13])
    failures = []

    def expect(label, got, wanted):
        if got != wanted:
            failures.append(f"{label}: expected {wanted!r}, got {got!r}")

    # The measure itself.
    expect("11 shared words are not a run", share(eleven + " " + own_words(9)), 0.0)
    expect("12 of 80 words", share(twelve + " " + own_words(68)), 15.0)
    expect("13 of 80 words", share(own_words(30) + " " + thirteen + " " + own_words(37, 30)),
           100.0 * 13 / 80)
    expect("case and punctuation", share("ALPHA, bravo; Charlie (delta) echo-foxtrot golf.hotel "
                                         "india\njuliet kilo LIMA " + own_words(12)), 50.0)
    expect("two separate 11-word pieces", share(eleven + " " + own_words(2) + " " +
                                                " ".join(seed_words[2:13])), 0.0)
    expect("words of a text", seed_overlap.words("x_1 = Gelu(x2);  % naïve"),
           ["x_1", "gelu", "x2", "naïve"])
    expect("empty text", seed_overlap.measure("", set(), 12), (0.0, 0, 0))

    # The command: passes at the limit, fails above it, says which file.
    code, out = run({"ok.rlab": eleven + " " + own_words(40),
                     "edge.md": twelve + " " + own_words(68)})
    expect("passing folder exit code", code, 0)
    if "15.0 %" not in out:
        failures.append(f"the boundary file's share is not printed as 15.0 %:\n{out}")
    code, out = run({"ok.rlab": own_words(50), "copied.md": thirteen + " " + own_words(20)})
    expect("failing folder exit code", code, 1)
    if "OVER" not in out or "copied.md" not in out or "1 file(s) above 15 %" not in out:
        failures.append(f"the failing file is not named:\n{out}")
    code, out = run({"image.png": b"\x89PNG\xff\xfe\x00" + twelve.encode()})
    expect("binary file skipped", code, 0)
    code, out = run({"a.md": own_words(20)}, seeds={})
    expect("no seeds is an error", code, 1)

    for failure in failures:
        print("FAIL " + failure)
    if not failures:
        print("ok: seed_overlap measures runs of 12+ shared words and fails above 15 %")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
