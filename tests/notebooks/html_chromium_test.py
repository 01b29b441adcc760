#!/usr/bin/env python3
"""Open a rendered notebook in headless Chromium and check what a reader sees.

Renders a notebook to HTML, loads it from disk in headless Chromium (no network), and checks
the DOM after scripts ran: KaTeX typeset the math (offline, from the vendored assets), the
printed outputs and the inline SVG figures are there. Optionally saves a screenshot
(--screenshot FILE). Exits 77 (ctest: skipped) with a message when Chromium is not installed.
Usage: html_chromium_test.py --bin LLMLAB --notebook NOTEBOOK.md [--screenshot PNG]
"""
import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--virtual-time-budget=5000"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--notebook", required=True)
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        # CI installs chromium through `make deps`: there a missing browser is a failure.
        print("SKIPPED: chromium is not installed (apt-get install chromium)")
        return 1 if os.environ.get("CI") else 77
    with tempfile.TemporaryDirectory() as out:
        page = pathlib.Path(out) / "page.html"
        proc = subprocess.run([args.bin, "notebook", "render", args.notebook, "-o", str(page)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"FAIL: render exited {proc.returncode}: {proc.stderr}")
            return 1
        if not (pathlib.Path(out) / "assets" / "katex" / "katex.min.js").exists():
            print("SKIPPED: KaTeX is not installed (make deps runs `npm ci --prefix web`)")
            return 1 if os.environ.get("CI") else 77
        profile = pathlib.Path(out) / "profile"
        dom = subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                              page.as_uri()], capture_output=True, text=True, timeout=120).stdout
        failures = []
        if 'class="katex"' not in dom:
            failures.append("math was not typeset by KaTeX")
        if "katex-error" in dom:
            failures.append("KaTeX reported an error: " + dom[dom.index("katex-error"):][:200])
        if '<pre class="output">' not in dom:
            failures.append("no printed output in the page")
        if dom.count("<svg") < 4:
            failures.append(f"expected the lesson's figures inline, found {dom.count('<svg')} svg")
        if args.screenshot:
            subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}",
                            f"--screenshot={pathlib.Path(args.screenshot).resolve()}",
                            "--window-size=1400,2400", page.as_uri()],
                           capture_output=True, timeout=120)
    for failure in failures:
        print("FAIL " + failure)
    if not failures:
        print("ok: math typeset, outputs and figures present")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
