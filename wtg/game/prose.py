"""The prose of a mail wrapped to the width a plain-text mail client shows (RFC 5322's 78
characters a line): a line longer than that is broken at its words, each continuation
indented under it, so that a client 80 columns wide never breaks a word or a column."""

from __future__ import annotations

import textwrap

WIDTH = 78
"""The characters of a line of a mail's text, as RFC 5322 (2.1.1) would have them."""


def wrapped(text: str, indent: str = "    ", width: int = WIDTH) -> str:
    """``{{ line | wrapped }}``, ``{% filter wrapped("") %}``: each line of ``text`` longer
    than ``width`` broken at its spaces, its continuations begun with ``indent``; a word
    longer than a line (an address, a long number) is kept whole, and the spaces inside a
    line (the columns of an order line quoted) are kept as they are."""
    if len(text) <= width:
        return text
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        lines.extend(
            textwrap.wrap(
                line,
                width,
                subsequent_indent=indent,
                replace_whitespace=False,
                break_long_words=False,
                break_on_hyphens=False,
            )
            or [line]
        )
    return "\n".join(lines)
