#!/usr/bin/env python3
"""What a reader of the rendered lesson 12 page sees, checked in headless Chromium.

Renders the notebook in both themes and loads each page at 1280 and 390 CSS pixels wide. In
every case the page must not scroll sideways and no element but code is wider than the window
(issue #30), display math fits its box instead of scrolling inside it, figure and diagram text
is at least 10 px on the screen (figures are laid out for
the width they are shown at), the table of contents is there, a jump to each of its headings
lands below the sticky bar and marks its link current, and every axes of every figure has drawn
pixels in the screenshot — not just an <svg> element in the DOM (a figure whose clip-path
resolved to another figure's rectangle drew nothing, issue #16).
Needs chromium and /usr/bin/python3 with PIL (Debian: chromium, python3-pil).
Usage: page_layout_test.py --bin LLMLAB --notebook NOTEBOOK.md [--keep DIR] [--page HTML]
  [--min-axes N]
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--force-device-scale-factor=1", "--virtual-time-budget=8000"]

# Appended to a copy of the page: measures after KaTeX and mermaid ran, and writes the result
# into the DOM for --dump-dom to carry out. Mermaid loads once a diagram nears the view: each is
# scrolled to first, and the measuring waits (up to 6 s) until mermaid has drawn them all.
MEASURE = """
<script>
function llmlabDiagramsDrawn(then, waited = 0) {
  const pending = document.querySelectorAll('pre.mermaid:not([data-processed])').length;
  if (pending && waited < 6000) return setTimeout(() => llmlabDiagramsDrawn(then, waited + 50), 50);
  window.scrollTo(0, 0);
  setTimeout(then, 0);
}
window.addEventListener('load', () => {
  document.querySelectorAll('pre.mermaid').forEach((diagram) => diagram.scrollIntoView());
  llmlabDiagramsDrawn(measure);
});
function measure() {
  const axes = [];
  document.querySelectorAll('main svg').forEach((svg, figure) => {
    if (!svg.closest('.plot-container, .image-grid')) return;
    if (svg.getBoundingClientRect().width === 0) return;  // the layout for the other width
    const ctm = svg.getScreenCTM();
    svg.querySelectorAll('clipPath rect').forEach((rect) => {
      const p = svg.createSVGPoint();
      const corner = (x, y) => { p.x = x; p.y = y; return p.matrixTransform(ctm); };
      const x = +rect.getAttribute('x'), y = +rect.getAttribute('y');
      const a = corner(x, y);
      const b = corner(x + +rect.getAttribute('width'), y + +rect.getAttribute('height'));
      axes.push({figure, left: a.x + scrollX, top: a.y + scrollY,
                 right: b.x + scrollX, bottom: b.y + scrollY});
    });
  });
  const shown = (element) => element.getBoundingClientRect().width > 0;
  const widths = [...document.querySelectorAll('main svg')]
      .filter((svg) => svg.closest('.plot-container, .image-grid') && shown(svg))
      .map((svg) => svg.getBoundingClientRect().width);
  // The smallest text of each shown figure and diagram, in CSS pixels on the screen: its font
  // size times the scale the SVG is drawn at.
  const textSizes = (selector, texts) => [...document.querySelectorAll(selector)]
      .filter(shown).map((svg) => {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const sizes = [...svg.querySelectorAll(texts)]
            .filter((t) => t.textContent.trim() && !t.closest('tspan[baseline-shift]'))
            .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        return sizes.length ? Math.min(...sizes) : null;
      }).filter((size) => size !== null);
  // Elements reaching past the window, outside the boxes that scroll on purpose (code) and
  // KaTeX's MathML copy for screen readers, which is clipped to nothing. An SVG counts as its
  // own box: the geometry its clip paths cut off does not show.
  const exempt = (e) => e.closest('pre, .katex-display, table, .katex-mathml') ||
      (e.ownerSVGElement && e.tagName.toLowerCase() !== 'svg');
  const wide = [...document.querySelectorAll('body *')]
      .filter((e) => !exempt(e.parentElement || e) && !exempt(e) &&
                     e.getBoundingClientRect().right > innerWidth + 1)
      .map((e) => e.tagName + ' ' + Math.round(e.getBoundingClientRect().right))
      .slice(0, 5);
  // Each contents link: where its heading lands once jumped to, against the sticky bar, and
  // whether the link is then marked as the current section.
  const bar = document.querySelector('.topbar');
  const anchors = [...document.querySelectorAll('nav.sidebar a[href^="#"]')].map((link) => {
    const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!heading) return {hash: link.hash, missing: true};
    heading.scrollIntoView();
    if (window.llmlabMarkSection) llmlabMarkSection();
    const result = {hash: link.hash, top: heading.getBoundingClientRect().top,
                    barBottom: bar ? bar.getBoundingClientRect().bottom : 0,
                    current: link.classList.contains('current'),
                    atEnd: innerHeight + scrollY >= document.documentElement.scrollHeight - 2};
    return result;
  });
  scrollTo(0, 0);
  parent.postMessage(JSON.stringify({
    scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
    height: document.documentElement.scrollHeight, axes, widths, wide, anchors,
    // Display math that would scroll inside its own box (it is shrunk to fit instead).
    scrollingMath: [...document.querySelectorAll('.katex-display')]
        .filter((box) => box.scrollWidth > box.clientWidth + 1)
        .map((box) => box.textContent.slice(0, 40)),
    figureText: textSizes('.plot-container svg, .image-grid svg', 'text'),
    diagramText: textSizes('figure.mermaid svg', 'text, foreignObject span, foreignObject div'),
    toc: [...document.querySelectorAll('nav.sidebar a, details.toc a')]
        .filter((a) => a.offsetParent !== null || a.closest('details')).length,
    katex: document.querySelectorAll('.katex').length,
    diagrams: document.querySelectorAll('pre.mermaid').length}), '*');
}
</script>
"""

# Headless Chromium will not make a window narrower than 500 CSS pixels, so the page is shown
# in an iframe of the width under test, at the top left of a wider window; the iframe's
# measurements come out through postMessage, and its pixels are the screenshot's left part.
FRAME = """<!DOCTYPE html><html><head><style>body {{ margin: 0; }} iframe {{ border: 0; display: block; }}</style></head>
<body><iframe src="{page}" width="{width}" height="{height}" scrolling="no"></iframe>
<pre id="llmlab-measure"></pre>
<script>addEventListener('message', (e) => {{ document.getElementById('llmlab-measure').textContent = e.data; }});</script>
</body></html>
"""


MIN_AXES = [5]  # --min-axes


def chromium_binary():
    return shutil.which("chromium") or shutil.which("chromium-browser")


def framed(page, width, height):
    frame = page.parent / f"frame-{width}-{height}.html"
    frame.write_text(FRAME.format(page=page.name, width=width, height=height), encoding="utf-8")
    return frame


def window(width, height):
    return f"--window-size={max(width + 20, 600)},{height}"


def measure(chromium, page, width, profile):
    frame = framed(page, width, 1200)
    dom = subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", window(width, 1200),
                          "--dump-dom", frame.as_uri()],
                         capture_output=True, text=True, timeout=180).stdout
    start = dom.find('<pre id="llmlab-measure">')
    if start < 0:
        return None
    text = dom[start + len('<pre id="llmlab-measure">'):dom.index("</pre>", start)]
    if not text.strip():
        return None
    return json.loads(text.replace("&quot;", '"').replace("&amp;", "&"))


def colourful_pixels(image, box):
    """Pixels in box whose channels differ by more than 40: series colours, not the greys of
    the background, frame and grid."""
    from PIL import Image  # /usr/bin/python3 (Debian python3-pil)
    left, top, right, bottom = (int(round(v)) for v in box)
    region = image.crop((max(left + 1, 0), max(top + 1, 0), right - 1, bottom - 1))
    count = 0
    for r, g, b in region.convert("RGB").getdata():
        if max(r, g, b) - min(r, g, b) > 40:
            count += 1
    return count


def check_page(chromium, page, theme, width, workdir, failures):
    label = f"{theme} theme at {width} px"
    profile = workdir / f"profile-{theme}-{width}"
    m = measure(chromium, page, width, profile)
    if m is None:
        failures.append(f"{label}: the measuring script did not run")
        return
    if m["scrollWidth"] > m["innerWidth"] + 1:
        failures.append(f"{label}: the page scrolls sideways ({m['scrollWidth']} px wide in a "
                        f"{m['innerWidth']} px window)")
    if m["toc"] == 0:
        failures.append(f"{label}: no table of contents")
    if m["katex"] == 0:
        failures.append(f"{label}: math was not typeset")
    if m["scrollingMath"]:
        failures.append(f"{label}: display math scrolls inside its box: {m['scrollingMath'][:3]}")
    if m["wide"]:
        failures.append(f"{label}: elements wider than the window: {m['wide']}")
    small = [round(size, 1) for size in m["figureText"] if size < 10]
    if small or not m["figureText"]:
        failures.append(f"{label}: figure text below 10 px: {small} of {len(m['figureText'])} "
                        "figures")
    small = [round(size, 1) for size in m["diagramText"] if size < 10]
    if small:
        failures.append(f"{label}: diagram text below 10 px: {small}")
    if (m["diagrams"] and not m["diagramText"]
            and (page.parent / "assets/mermaid/mermaid.min.js").exists()):
        failures.append(f"{label}: mermaid drew none of the page's {m['diagrams']} diagrams")
    hidden = [a for a in m["anchors"]
              if a.get("missing") or (a["top"] < a["barBottom"] - 1 and not a["atEnd"])]
    if hidden:
        failures.append(f"{label}: headings hidden under the sticky bar after a jump: {hidden[:3]}")
    unmarked = [a["hash"] for a in m["anchors"]
                if not a.get("missing") and not a["atEnd"] and not a["current"]]
    if unmarked:
        failures.append(f"{label}: contents links not marked current at their section: "
                        f"{unmarked[:3]}")
    if len(m["axes"]) < MIN_AXES[0]:
        failures.append(f"{label}: expected the lesson's figures and their axes, found "
                        f"{len(m['axes'])} axes")
    height = min(int(m["height"]) + 10, 30000)
    shot = workdir / f"{theme}-{width}.png"
    frame = framed(page, width, height)
    subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", window(width, height),
                    f"--screenshot={shot}", frame.as_uri()], capture_output=True, timeout=180)
    if not shot.exists():
        failures.append(f"{label}: no screenshot")
        return
    from PIL import Image
    image = Image.open(shot)
    for k, axes in enumerate(m["axes"]):
        box = (axes["left"], axes["top"], axes["right"], axes["bottom"])
        if box[3] > image.height:
            continue  # past the screenshot's height limit
        drawn = colourful_pixels(image, box)
        # A legend's line samples alone give about a hundred; a drawn series, hundreds more.
        if drawn < 250:
            failures.append(f"{label}: axes {k + 1} (figure {axes['figure'] + 1}) is blank "
                            f"({drawn} drawn pixels in {[round(v) for v in box]})")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--notebook", required=True)
    parser.add_argument("--keep", help="keep the pages and screenshots in this folder")
    parser.add_argument("--page", help="check this rendered page instead (one theme)")
    parser.add_argument("--min-axes", type=int, default=5,
                        help="axes the page's figures hold at least (lesson 12: 5)")
    args = parser.parse_args()
    MIN_AXES[0] = args.min_axes
    chromium = chromium_binary()
    if not chromium:
        print("FAIL: chromium is not installed (apt-get install chromium)")
        return 1
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        workdir = pathlib.Path(args.keep or tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        if args.page:
            page = workdir / "measured.html"
            source = pathlib.Path(args.page).resolve()
            if source.parent != workdir.resolve():
                shutil.copytree(source.parent, workdir, dirs_exist_ok=True)
            page.write_text(source.read_text(encoding="utf-8").replace("</body>",
                                                                       MEASURE + "</body>"),
                            encoding="utf-8")
            for width in (1280, 390):
                check_page(chromium, page, "given", width, workdir, failures)
        for theme in () if args.page else ("dark", "light"):
            folder = workdir / theme
            proc = subprocess.run([args.bin, "notebook", "render", args.notebook, "-t", theme,
                                   "-o", str(folder) + "/"], capture_output=True, text=True,
                                  timeout=600)
            if proc.returncode != 0:
                print(f"FAIL: render exited {proc.returncode}: {proc.stderr}")
                return 1
            rendered = folder / (pathlib.Path(args.notebook).stem + ".html")
            page = folder / "measured.html"
            page.write_text(rendered.read_text(encoding="utf-8").replace("</body>",
                                                                          MEASURE + "</body>"),
                            encoding="utf-8")
            for width in (1280, 390):
                check_page(chromium, page, theme, width, workdir, failures)
    for failure in failures:
        print("FAIL " + failure)
    if not failures:
        print("ok: no sideways scrolling, figures legible and drawn, in both themes at 1280 and "
              "390 px")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
