"""Compare printed output with the seed's, under the shared acceptance tolerance.

Lines correspond one to one (leading/trailing blank lines ignored); tokens are split on
whitespace. Non-numbers must be equal. A number may be wrapped in [ ( and followed by ] ) , ; :
(the wrapping must be equal). A number with exactly 6 decimals below 1000 in magnitude may
differ by one unit in the 6th decimal and must be matched by another 6-decimal number; any
other number must agree to a relative 1e-9 or an absolute 1e-15.
"""
import re
from decimal import Decimal

_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_TOKEN = re.compile(r"^([\[(]*)(" + _NUMBER + r")([\]),;:]*)$")
_SIX = re.compile(r"^[+-]?\d+\.\d{6}$")


def _token_difference(expected, got):
    if expected == got:
        return None
    e, g = _TOKEN.match(expected), _TOKEN.match(got)
    if not e or not g:
        return f"{expected!r} != {got!r}"
    if e.group(1) != g.group(1) or e.group(3) != g.group(3):
        return f"wrapping of {expected!r} != {got!r}"
    en, gn = e.group(2), g.group(2)
    if _SIX.match(en) and abs(Decimal(en)) < 1000:
        if not _SIX.match(gn):
            return f"format: {en!r} is fixed 6-decimal, got {gn!r}"
        if abs(Decimal(en) - Decimal(gn)) > Decimal("0.000001"):
            return f"{en} vs {gn}: more than 1 unit in the 6th decimal"
        return None
    ev, gv = float(en), float(gn)
    if abs(ev - gv) <= max(1e-9 * max(abs(ev), abs(gv)), 1e-15):
        return None
    return f"{en} vs {gn}: relative difference above 1e-9"


def compare(expected_text, got_text):
    """Return None when the outputs agree, else a message naming the first difference."""
    def lines(text):
        rows = [line.rstrip() for line in text.splitlines()]
        while rows and not rows[0].strip():
            rows.pop(0)
        while rows and not rows[-1].strip():
            rows.pop()
        return rows
    expected, got = lines(expected_text), lines(got_text)
    if len(expected) != len(got):
        return f"expected {len(expected)} lines, got {len(got)}:\n" + "\n".join(got)
    for number, (e_line, g_line) in enumerate(zip(expected, got), 1):
        e_tokens, g_tokens = e_line.split(), g_line.split()
        if len(e_tokens) != len(g_tokens):
            return f"line {number}: expected {e_line!r}, got {g_line!r}"
        for e_token, g_token in zip(e_tokens, g_tokens):
            reason = _token_difference(e_token, g_token)
            if reason:
                return f"line {number}: {reason}\n  expected {e_line!r}\n  got      {g_line!r}"
    return None
