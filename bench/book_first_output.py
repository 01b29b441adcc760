#!/usr/bin/env python3
"""Time from navigation to the first block's output of a runnable book page (issue #29), in
headless Chromium as tests/book/runnable_book_test.py measures it (its server, browser and
steps): the page opened, Run on the first block once the session is ready, the output shown.
Each run starts a new browser (an empty cache: "cold"), then opens the page again ("warm").
Prints each run's times and where the cold start's time went (the page's and its worker's marks,
LlmlabPage.timings(), and the page's own milestones), then the medians. Given several books
(--book twice: a before and an after), it alternates them run by run, so that a busy machine
weighs on each alike.
Goal: cold at most 1500 ms on localhost.
Usage: /usr/bin/python3 bench/book_first_output.py [--book book ...] [--runs 5] [--page PAGE]
  [--quiet]
"""
import argparse
import importlib.util
import pathlib
import statistics
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
SPEC = importlib.util.spec_from_file_location("runnable_book_test",
                                              HERE.parent / "tests/book/runnable_book_test.py")
book_test = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(book_test)

MILESTONES = """
const nav = performance.getEntriesByType('navigation')[0];
const scripts = performance.getEntriesByType('resource')
    .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
    .map((e) => ({name: 'fetched ' + e.name.split('/').pop(), time: e.responseEnd}));
return [{name: 'html fetched', time: nav.responseEnd},
        {name: 'dom interactive', time: nav.domInteractive},
        {name: 'DOMContentLoaded done', time: nav.domContentLoadedEventEnd}].concat(scripts);"""


def timeline(driver) -> list:
    """The page's milestones and the llmlab marks of page and worker, in time order."""
    marks = driver.execute_async_script(
        "LlmlabPage.timings ? LlmlabPage.timings().then(arguments[0], () => arguments[0]([]))"
        " : arguments[0]([]);")
    entries = driver.execute_script(MILESTONES) + marks
    return sorted(entries, key=lambda entry: entry["time"])


def one_run(url: str, page: str, work: pathlib.Path) -> tuple:
    driver = book_test.browser(work / "chromedriver.log")
    try:
        book_test.PAGE = page
        cold = book_test.time_to_first_output(driver, url)
        steps = timeline(driver)
        warm = book_test.time_to_first_output(driver, url)
        return cold, warm, steps
    finally:
        driver.quit()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--book", action="append", help="a book folder (default book; repeatable)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", default=book_test.PAGE)
    parser.add_argument("--quiet", action="store_true", help="no timeline per run")
    args = parser.parse_args()
    books = args.book or ["book"]
    times = {book: ([], []) for book in books}
    with tempfile.TemporaryDirectory() as work, open("/dev/null", "w") as log:
        servers = {book: book_test.serve(pathlib.Path(book).resolve(), log) for book in books}
        try:
            for run in range(args.runs):
                for book in books:
                    cold, warm, steps = one_run(servers[book][1], args.page, pathlib.Path(work))
                    times[book][0].append(cold)
                    times[book][1].append(warm)
                    print(f"{book} run {run + 1}: cold {cold:.0f} ms, warm {warm:.0f} ms")
                    if not args.quiet:
                        for step in steps:
                            print(f"  {step['time']:8.1f}  {step['name']}")
        finally:
            for server, _ in servers.values():
                server.shutdown()
    for book, (colds, warms) in times.items():
        print(f"{book}: median of {args.runs}: cold {statistics.median(colds):.0f} ms, "
              f"warm {statistics.median(warms):.0f} ms (cold {min(colds):.0f}-{max(colds):.0f}, "
              f"warm {min(warms):.0f}-{max(warms):.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
