"""A name in a column of the plain text players read (the Top Ten, a report's tables of
players), cut and padded by the columns it fills on a screen, not by its characters.

The GM's own lines (`wtg status`) and a player's STATUS answer pad a name the same way,
but never cut it (``padded``).

A letter of Chinese, Japanese or Korean (East Asian Width "W" or "F") fills two columns of a
fixed-width font, an accent written after its letter (a combining mark) or an invisible
format character none: a name of twenty such letters padded to twenty characters pushed
the rest of its row twenty columns to the right of everyone else's.
"""

from __future__ import annotations

from wtg.core.textwidth import char_width, text_width

__all__ = ["char_width", "column", "padded", "text_width"]


def column(text: str, width: int) -> str:
    """``text`` in a column of ``width``: cut to fit it (a wide letter that would reach past
    it left out) and padded with spaces to fill it."""
    shown: list[str] = []
    used = 0
    for char in text:
        columns = char_width(char)
        if used + columns > width:
            break
        shown.append(char)
        used += columns
    return "".join(shown) + " " * (width - used)


def padded(text: str, width: int) -> str:
    """``text`` padded with spaces to fill ``width`` columns, as ``f"{text:<{width}}"`` pads
    by characters: a text wider than the column is left whole."""
    return text + " " * max(0, width - text_width(text))
