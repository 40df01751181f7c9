"""Slips of a YAML file edited by hand that PyYAML names far from where they are.

A quote left open (``from: "Game Master <gm@example.org>``) is read on to the next quote
of its kind, or to the end of the file: PyYAML stops on a later line, or on one past the
last (``found unexpected end of stream``), and never names the line the quote opened on.
An item of a list whose ``-`` has no space after it (``-{id: 2, ...}``) is read as text,
and PyYAML says a ``': '`` is not allowed there. A ``{...}`` whose ``}`` or a ``,`` went
missing is said in the parser's own words, ``expected ',' or '}'``. Each is said here with
the line to mend and what to write (``wtg.text.yamllines`` asks).
"""

from __future__ import annotations

import re

import yaml

QUOTES = ("'", '"')


def quote_left_open(text: str, exc: yaml.MarkedYAMLError) -> tuple[int, str] | None:
    """The line (1-based) a quote left open begins on and what to say of it, when the
    problem ``exc`` is that quote's; None when it is not."""
    start = exc.context_mark
    if exc.context == "while scanning a quoted scalar" and start is not None:
        quote = _char(text, start)
        return start.line + 1, (
            f"not valid YAML: the value in quotes that begins on line {start.line + 1} has no "
            f"closing {quote}: YAML read on to the end of the file for it; end it with {quote} "
            "on its line"
        )
    problem = exc.problem_mark
    if problem is None:
        return None
    spanning = _quoted_over_lines(text, problem.line)
    if spanning is None:
        return None
    opened, closed, quote = spanning
    return opened + 1, (
        f"not valid YAML: the value in quotes that begins on line {opened + 1} has no closing "
        f"{quote} on its line: YAML read on to the {quote} of line {closed + 1} for it; end it "
        f"with {quote} on line {opened + 1}"
    )


def _char(text: str, mark: yaml.Mark) -> str:
    """The character of ``text`` at ``mark`` when it is a quote; else a quote's word."""
    lines = text.splitlines()
    line = lines[mark.line] if mark.line < len(lines) else ""
    found = line[mark.column : mark.column + 1]
    return found if found in QUOTES else "quote"


def _quoted_over_lines(text: str, at: int) -> tuple[int, int, str] | None:
    """The first quoted value of ``text`` that begins on one line and ends on line ``at``
    (0-based), where the parser stopped: its first line, its last and its quote. A GM's
    file holds no value in quotes over several lines; one that ends where the text stops
    being YAML is a quote left open. None when there is none."""
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if (
                isinstance(token, yaml.ScalarToken)
                and token.style in QUOTES
                and token.start_mark.line < token.end_mark.line == at
            ):
                return token.start_mark.line, token.end_mark.line, str(token.style)
            if token.start_mark.line > at:
                return None
    except yaml.YAMLError:
        return None
    return None


GLUED_DASH = re.compile(r"-([^\s-].*)")
"""An item of a list with no space after its ``-``: ``-{id: 2, name: Ann}``."""


def dash_glued(line: str, number: int) -> str | None:
    """What to say of line ``number`` (1-based), ``line``, when it is an item of a list
    whose ``-`` has no space after it; None when it is not one."""
    found = GLUED_DASH.fullmatch(line.strip())
    if found is None:
        return None
    return (
        f" (line {number} begins -{found.group(1)[:1]} with no space after its '-': YAML reads "
        "the line as text, not as an item of a list: put a space after the '-')"
    )


def braces_unclosed(text: str, exc: yaml.MarkedYAMLError) -> tuple[int, str] | None:
    """The line of a ``{...}`` the parser could not end and what to say of it: its ``}``
    missing (the parser went on to the next line), or a ``,`` between two of its keys (or
    a ``': '`` in a value not in quotes). None for any other problem."""
    start, stop = exc.context_mark, exc.problem_mark
    if start is None or stop is None or "expected ',' or '}'" not in str(exc.problem):
        return None
    lines = text.splitlines()
    line = lines[start.line] if start.line < len(lines) else ""
    number = start.line + 1
    if stop.line > start.line and "}" not in line[start.column :]:
        return number, (
            f"not valid YAML: the {{ of line {number} is not closed: end its line with }}"
        )
    return number, (
        f"not valid YAML: {exc.problem} (in the {{...}} of line {number}: a ',' missing "
        "between two keys, or a ': ' in a value not in quotes: put the value in quotes)"
    )
