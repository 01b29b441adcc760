#!/usr/bin/env python3
"""Lesson 12's shipped .ipynb in the Jupyter Notebook (Debian's 6.4) in headless Chromium, as a
reader runs it: the test starts `jupyter notebook` on 127.0.0.1 with a token of its own, opens
the notebook through selenium (Debian's chromium-driver), checks the prose as shipped (typeset
by MathJax without an error, no raw `${…}`), runs all cells on the llmlab kernel, and then
checks that no cell failed, that the page logged no error, and that every figure is a real
image no wider than its cell; the screenshot is read back to find the figures drawn.
Needs chromium-driver, python3-selenium, jupyter-notebook and python3-pil (make deps).
Usage: /usr/bin/python3 notebook_browser_test.py --bin LLMLAB --repo ROOT [--keep DIR]
"""
import argparse
import os
import pathlib
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import jupyter_env
from checks import check, failures

NOTEBOOK = "12-layer-norm-and-residuals.ipynb"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_server(url: str, server, log: pathlib.Path, timeout: float = 120) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if server.poll() is not None:
            return False
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                if reply.status == 200:
                    return True
        except OSError:
            time.sleep(0.5)
    return False


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000",
                 "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or
                                            "/usr/bin/chromedriver"), options=options)


def wait_until(driver, script: str, timeout: float, interval: float = 1.0):
    """The script's value once truthy, or None after `timeout` seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(interval)
    return None


# What the page shows of the shipped prose, before anything runs.
PROSE = """
const rendered = [...document.querySelectorAll('.text_cell_render')];
return {cells: rendered.length,
        raw: rendered.filter((c) => c.textContent.includes('${')).map((c) => c.textContent.slice(0, 80)),
        math: document.querySelectorAll('.MathJax, .MathJax_Display, .MathJax_SVG').length,
        errors: [...document.querySelectorAll('.MathJax_Error, merror, .mjx-merror')]
            .map((e) => e.textContent.slice(0, 80))};
"""

# After Run All: each code cell's state, its error outputs and its figures' sizes.
OUTCOME = """
const cells = Jupyter.notebook.get_cells().filter((c) => c.cell_type === 'code');
const images = [...document.querySelectorAll('.output_area img')].map((img) => {
  const cell = img.closest('.cell').getBoundingClientRect();
  const box = img.getBoundingClientRect();
  return {width: box.width, natural: img.naturalWidth, left: box.left - scrollX,
          top: box.top + scrollY, height: box.height,
          cellLeft: cell.left, cellRight: cell.right, right: box.right};
});
return {pending: cells.filter((c) => c.input_prompt_number === '*' ||
                                     c.input_prompt_number === null).length,
        errors: cells.flatMap((c) => c.output_area.outputs)
            .filter((o) => o.output_type === 'error').map((o) => o.evalue),
        images: images};
"""


def notebook_own_noise(message: str) -> bool:
    """Errors Notebook 6.4 logs for any notebook, whatever the kernel: it asks its server for a
    CodeMirror mode named after each fence language in markdown (none exists for mermaid, the
    lesson's diagram: a 404, then the refused script), and its MathJax 2 probes a web font at
    about:blank. Neither shows on the page."""
    return ("codemirror/mode/mermaid/mermaid.js" in message or
            "Access to font at 'about:blank'" in message or
            message.startswith("about:blank - Failed to load resource"))


def colourful_pixels(image, box) -> int:
    left, top, right, bottom = (int(round(v)) for v in box)
    region = image.crop((max(left, 0), max(top, 0), right, bottom)).convert("RGB")
    return sum(1 for r, g, b in region.getdata() if max(r, g, b) - min(r, g, b) > 40)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--keep", help="keep the screenshots in this folder")
    args = parser.parse_args()
    jupyter_env.setup(args.bin)
    repo = pathlib.Path(args.repo).resolve()
    # The notebook in a folder of its own beside the lessons, as in the repository; the server
    # must not write into the checkout.
    root = jupyter_env.ROOT / "site"
    (root / "notebooks").mkdir(parents=True)
    shutil.copy(repo / "notebooks" / NOTEBOOK, root / "notebooks" / NOTEBOOK)
    (root / "lessons").symlink_to(repo / "lessons")
    keep = pathlib.Path(args.keep) if args.keep else jupyter_env.ROOT / "shots"
    keep.mkdir(parents=True, exist_ok=True)

    token = secrets.token_hex(16)
    port = free_port()
    log = jupyter_env.ROOT / "notebook-server.log"
    with open(log, "w") as log_file:
        server = subprocess.Popen(
            [sys.executable, "-m", "notebook", "--no-browser", "--ip=127.0.0.1",
             f"--port={port}", "--port-retries=0", f"--NotebookApp.token={token}",
             "--NotebookApp.password=", f"--notebook-dir={root}",
             # CI containers run as root, which the Notebook refuses without this.
             *(["--allow-root"] if os.geteuid() == 0 else [])],
            stdout=log_file, stderr=subprocess.STDOUT)
    driver = None
    try:
        base = f"http://127.0.0.1:{port}"
        if not wait_for_server(f"{base}/api/status?token={token}", server, log):
            print("FAIL: jupyter notebook did not start; its log:\n" + log.read_text())
            return 1
        driver = browser()
        driver.get(f"{base}/notebooks/notebooks/{NOTEBOOK}?token={token}")
        ready = wait_until(driver, "return window.Jupyter && Jupyter.notebook && "
                           "Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected() "
                           "&& Jupyter.notebook.kernel.name", 120)
        check(ready == "llmlab", f"the notebook opens on the llmlab kernel (got {ready!r})")
        if ready != "llmlab":
            return 1
        # MathJax typesets the markdown cells after the page loads, formula by formula: wait
        # until it has done all of them (a fixed pause raced it on a loaded machine: 17 of 20).
        wait_until(driver, "return document.querySelectorAll("
                   "'.MathJax, .MathJax_Display, .MathJax_SVG').length > 20", 60, 0.5)
        time.sleep(1)  # and the queue's last formulas and error marks
        prose = driver.execute_script(PROSE)
        check(prose["cells"] > 10 and not prose["raw"],
              f"the shipped markdown holds the rendered prose, no raw ${{…}} "
              f"({prose['cells']} cells; raw: {prose['raw'][:2]})")
        check(prose["math"] > 20 and not prose["errors"],
              f"MathJax typesets the prose without an error ({prose['math']} formulas; "
              f"errors: {prose['errors'][:3]})")

        driver.execute_script("Jupyter.notebook.clear_all_output(); "
                              "Jupyter.notebook.execute_all_cells();")
        time.sleep(2)
        done = wait_until(driver, "const c = Jupyter.notebook.get_cells().filter("
                          "(c) => c.cell_type === 'code'); return c.every((c) => "
                          "c.input_prompt_number !== '*' && c.input_prompt_number !== null) "
                          "&& !Jupyter.notebook.kernel_busy;", 600, 2.0)
        check(done is True, "Run All finishes within 10 minutes")
        outcome = driver.execute_script(OUTCOME)
        check(not outcome["errors"], f"no cell fails ({outcome['errors'][:3]})")
        images = outcome["images"]
        check(len(images) >= 4, f"the lesson's figures show as images ({len(images)})")
        too_wide = [i for i in images if i["right"] > i["cellRight"] + 1 or i["natural"] == 0]
        check(not too_wide, f"every figure is a loaded image no wider than its cell "
                            f"({len(too_wide)} not: {too_wide[:2]})")
        logged = [entry for entry in driver.get_log("browser")
                  if entry["level"] == "SEVERE" and not notebook_own_noise(entry["message"])]
        check(not logged, f"the page logs no error ({[e['message'][:160] for e in logged[:3]]})")

        # One screenshot per figure, read back: the figure's pixels are drawn. (The Notebook
        # scrolls its #site box, not the window: each figure is scrolled into view there.)
        from PIL import Image
        for number in range(1, min(len(images), 4) + 1):
            box = driver.execute_script(
                f"const img = document.querySelectorAll('.output_area img')[{number - 1}];"
                "img.scrollIntoView({block: 'start'}); const r = img.getBoundingClientRect();"
                "return [r.left, r.top, r.right, Math.min(r.bottom, innerHeight)];")
            time.sleep(0.5)
            shot = keep / f"figure-{number}.png"
            driver.save_screenshot(str(shot))
            drawn = colourful_pixels(Image.open(shot), box)
            check(drawn > 500, f"figure {number} is drawn in the screenshot ({drawn} coloured "
                               f"pixels in {[round(v) for v in box]}, {shot})")
    finally:
        if driver is not None:
            driver.quit()
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    if failures:
        print("notebook server log (end):\n" + log.read_text()[-3000:])
    else:
        print("ok: lesson 12 runs in the Notebook in Chromium, prose typeset, figures in their "
              "cells")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
