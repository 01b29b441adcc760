"""The Jupyter tests' one way to report: each check prints ok or FAIL with what it checked, and
the failures collect in `failures` for the exit status."""

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)
