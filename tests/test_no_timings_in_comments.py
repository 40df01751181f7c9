"""No timings of the code in wtg's docstrings and comments: they go stale as the code and
the machine change, and the benchmarks (bench/*.py) print them. A duration that is a
setting or a protocol's value (IDLE for 300 s, a 7-day expiry, a pause of 1 s) is no
timing of the code and stays."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

WTG = Path(__file__).resolve().parents[1] / "wtg"

TIMING = re.compile(
    r"\b\d+(?:[.,]\d+)?(?:-\d+(?:\.\d+)?)?\s?(?:ms|µs|us|ns)\b"  # 13 µs, 4-5 ms, 0.4 ms
    r"|(?<![\w.])\d*\.\d+\s?s\b"  # 0.04 s (a whole number of seconds is a setting's)
    r"|\b(?:a|an|few|about|some|\d+)\s+(?:milli|micro|nano)seconds?\b"  # a few microseconds
    r"|\bof a (?:milli|micro|nano)second\b"  # a quarter of a millisecond
    r"|\b(?:milli|micro|nano)seconds? (?:a|an|per|each)\b",  # milliseconds an order file
    re.IGNORECASE,
)
"""A time the code takes, as the docstrings and comments issue 26 found wrote it."""


def notes(text: str) -> Iterator[tuple[int, str]]:
    """Every comment and every docstring of a module (a string standing alone as a
    statement: a module's, a class's, a function's or an attribute's), with its line."""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(text)):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            yield node.lineno, node.value.value


def timings(text: str) -> list[tuple[int, str]]:
    return [(line, match[0]) for line, note in notes(text) for match in TIMING.finditer(note)]


def test_issue_26_no_docstring_or_comment_of_wtg_quotes_a_timing() -> None:
    """Issue 26, item "no timings in docstrings or comments": not one "takes about 0.4 ms",
    "13 µs" or "in 0.04 s" in wtg (the benchmarks print them)."""
    found = [
        f"{path.relative_to(WTG.parent)}:{line}: {what}"
        for path in sorted(WTG.rglob("*.py"))
        for line, what in timings(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_check_knows_a_timing_from_a_setting() -> None:
    quoted = (
        '"""PyYAML takes about 0.4 ms, the JSON 13 µs; 4-5 ms a poll."""\n'
        "x = 1  # Dovecot moves a thousand mails in 0.04 s\n"
        "def f() -> None:\n"
        '    """A path\'s look-up is a few microseconds, a quarter of a millisecond."""\n'
        "y = 2\n"
        '"""PyYAML\'s emitter costs milliseconds an order file."""\n'
    )
    assert sorted(what for _line, what in timings(quoted)) == [
        "0.04 s",
        "0.4 ms",
        "13 µs",
        "4-5 ms",
        "few microseconds",
        "milliseconds an",
        "of a millisecond",
    ]
    settings = (
        '"""IDLE is started afresh every 300 s; a pause grows from 1 s to a minute."""\n'
        "WAIT = 300.0  # seconds; a 7-day expiry, version 1.2 of the form\n"
        '"""The key is the UTC time to the microsecond, of 20-digit nanoseconds."""\n'
    )
    assert timings(settings) == []
