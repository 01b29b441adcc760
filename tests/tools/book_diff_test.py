#!/usr/bin/env python3
"""tools/book_diff.py: a book re-rendered with last-digit differences in its numbers (another
BLAS kernel) checks, and so does a notebook's figure whose pixels moved; any other difference
fails: a changed word, a number beyond 1e-9, a line or file more or fewer, a binary file, a
notebook figure of another size."""
import base64
import pathlib
import subprocess
import sys
import tempfile

TOOL = pathlib.Path(__file__).resolve().parents[2] / "tools" / "book_diff.py"

COMMITTED = {
    "lesson.md": "after 24 layers: sigma_max = 0.0000004382308136725138\nok\n",
    "lesson.html": '<section class="rl-block" id="b-1ca802c1">\n<pre>x = 0.21578136552789187</pre>\n',
    "plots/a.png": b"\x89PNG\x00\x01",
    "lesson.ipynb": "",  # filled in below: a figure's PNG line
}


def png_line(width: int, height: int, pixel: bytes) -> str:
    """A notebook's figure line: a PNG header of the given size, then a byte of "pixels"."""
    data = b"\x89PNG\r\n\x1a\n" + b"\0\0\0\rIHDR" + width.to_bytes(4, "big") + \
        height.to_bytes(4, "big") + pixel
    return '     "image/png": "' + base64.b64encode(data).decode() + '",\n'


COMMITTED["lesson.ipynb"] = png_line(900, 500, b"\x01") + '     "text/plain": "<figure 1>"\n'



def write(root: pathlib.Path, files: dict) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)


def run(changes: dict, removed: tuple = ()) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        old, new = pathlib.Path(scratch, "old"), pathlib.Path(scratch, "new")
        write(old, COMMITTED)
        fresh = {k: v for k, v in {**COMMITTED, **changes}.items() if k not in removed}
        write(new, fresh)
        return subprocess.run([sys.executable, str(TOOL), str(old), str(new)],
                              capture_output=True, text=True).returncode


def main() -> int:
    cases = [
        ("identical", {}, (), 0),
        ("last digits and the block id", {
            "lesson.md": "after 24 layers: sigma_max = 0.00000043823081367251373\nok\n",
            "lesson.html": '<section class="rl-block" id="b-f65e9b57">\n'
                           "<pre>x = 0.21578136552789196</pre>\n"}, (), 0),
        ("a number beyond 1e-9", {
            "lesson.md": "after 24 layers: sigma_max = 0.0000004382309\nok\n"}, (), 1),
        ("a changed word", {"lesson.md": "after 24 layers: sigma_max = "
                                         "0.0000004382308136725138\nfine\n"}, (), 1),
        ("a line more", {"lesson.md": COMMITTED["lesson.md"] + "extra\n"}, (), 1),
        ("a file fewer", {}, ("plots/a.png",), 1),
        ("a binary file", {"plots/a.png": b"\x89PNG\x00\x02"}, (), 1),
        ("a notebook figure's pixels", {"lesson.ipynb": png_line(900, 500, b"\x02") +
                                        '     "text/plain": "<figure 1>"\n'}, (), 0),
        ("a notebook figure's size", {"lesson.ipynb": png_line(900, 501, b"\x01") +
                                      '     "text/plain": "<figure 1>"\n'}, (), 1),
        ("a notebook figure's label", {"lesson.ipynb": png_line(900, 500, b"\x01") +
                                       '     "text/plain": "<figure 2>"\n'}, (), 1),
    ]
    failures = 0
    for name, changes, removed, expected in cases:
        got = run(changes, removed)
        if got != expected:
            print(f"FAIL {name}: exit {got}, expected {expected}")
            failures += 1
    print(f"{len(cases) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
