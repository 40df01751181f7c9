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

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from wtg.core.textwidth import char_width, char_widths, text_width, wrapped_to_columns
from wtg.game.bidimark import LRM, right_to_left

__all__ = [
    "char_width",
    "column",
    "column_lines",
    "column_of_names",
    "figures_in",
    "figures_problem",
    "padded",
    "reads_as_figures",
    "reads_as_row",
    "row_name",
    "text_width",
]

_NUMBER = re.compile(r"[+-]?\d+(?:[.,:/]\d+)*%?")
"""A word that reads as a figure of a table's row: digits, of any script (``99``, ``1.5``,
``+3``, ``50%``)."""
STATUS_WORDS = frozenset(("ACTIVE", "DEAD", "QUIT", "OUT"))
"""The words the STATUS columns of the Top Tens and the reports' tables write, in capitals."""
_QUOTES = str.maketrans(dict.fromkeys('"\u201c\u201d\u201e\u201f\u00ab\u00bb', "'"))
"""The marks a reader takes for the quotes ``column`` puts around a name, made ``'`` inside
them: ``Ann" 99 "`` quoted would read as Ann and a 99 outside her name."""


def figures_in(name: str) -> list[str]:
    """The words of ``name`` (in compatibility form: ``９９`` as 99) that are numbers standing
    alone, as a table's figures are (``Zed 99999 99``: 99999 and 99; none in ``Lord1``)."""
    return [word for word in unicodedata.normalize("NFKC", name).split() if _NUMBER.fullmatch(word)]


def reads_as_figures(name: str) -> bool:
    """Whether ``name``, in a column of names with a row's figures after it (the Top Ten's
    SCORE, PROV and STATUS), would read as figures of the row: two numbers standing alone
    (``Zed 99999 99``), one with a word after it (``Zed 99 Bob``) or of more than two digits
    (``Zed 99999``, cut or not), or after a run of blanks (``Zed      99``, as a GM's
    game.yaml may have it), or a word of the STATUS column in capitals (``Zed ACTIVE``).
    ``Agent 47``, ``Robot 3``, ``Player 2`` and ``Lord1`` read as names."""
    words = unicodedata.normalize("NFKC", name).split()
    if any(word in STATUS_WORDS for word in words):
        return True
    numbers = [index for index, word in enumerate(words) if _NUMBER.fullmatch(word)]
    if len(numbers) > 1:
        return True
    if not numbers:
        return False
    if re.search(r"\s\s", name):  # ``Zed      99``: its number stands in a column of its own
        return True
    last = numbers[0] == len(words) - 1
    return not last or sum(char.isdigit() for char in words[numbers[0]]) > 2


def figures_problem(name: str) -> str | None:
    """Why ``name`` may not be a new player's, as what it holds would read as a row's
    figures in the Top Ten (two numbers standing alone, ``Zed 99999 99``; or one and a word
    of its STATUS column, ``Zed 99 ACTIVE``), or None. ``column`` quotes such a name where
    a game has one (a GM's game.yaml, an older wtg); a new one is refused, with this
    reason, where it is given (a JOIN, ``new-game --player``)."""
    figures = figures_in(name)
    status = [word for word in unicodedata.normalize("NFKC", name).split() if word in STATUS_WORDS]
    if len(figures) < 2 and not (figures and status):
        return None
    held = " and ".join([", ".join(figures[:-1]), figures[-1]] if len(figures) > 1 else figures)
    also = f" beside {status[0]}" if status else ""
    return (
        f"the name {name} holds numbers standing alone ({held}{also}), which read as the "
        "figures of its row in the Top Ten (a score, provinces, a status): write at most one "
        "number as a word of its own (Agent 47), or join it to a letter (Lord1)"
    )


ROW_WORDS = frozenset(
    [
        "orders",
        "order",
        "ready",
        "received",
        "resigned",
        "absent",
        "away",
        "owes",
        "yet",
        "missed",
        "failing",
        "leaves",
        "quit",
        "dead",
        "out",
        "active",
        "no",
    ]
)
"""The words of a player's row in `wtg status` and a STATUS answer after his name (``orders
received ..., READY``, ``NO ORDERS YET``, ``RESIGNED``, ``away this turn``, ``out of the game
(QUIT)``), in any case: a name that holds one reads as the row's status."""


def reads_as_row(name: str) -> bool:
    """Whether ``name``, in a row of `wtg status` or a STATUS answer with the player's status
    after it, would read as that status (``Zed orders in READY``: a word of ``ROW_WORDS``),
    or as figures (``reads_as_figures``)."""
    words = re.findall(r"[^\W_]+", unicodedata.normalize("NFKC", name).casefold())
    return reads_as_figures(name) or any(word in ROW_WORDS for word in words)


def row_name(text: str, width: int) -> str:
    """A name in a row of words (`wtg status`, a STATUS answer), padded to ``width`` columns
    and never cut (``padded``): between double quotes when it would read as the row's words
    (``reads_as_row``: ``"Zed orders in READY"   no orders yet``), as ``column`` quotes one in
    the Top Ten, and, written right to left, followed by a LEFT-TO-RIGHT MARK
    (``wtg.game.bidimark``: the row's words after it stay in their order)."""
    shown = text + LRM if right_to_left(text) and not text.endswith(LRM) else text
    if reads_as_row(text):
        shown = f'"{shown.translate(_QUOTES)}"'
    return padded(shown, width)


@lru_cache(maxsize=4096)
def column(text: str, width: int) -> str:
    """``text`` in a column of ``width``: cut to fit it (a wide letter that would reach past
    it left out) and padded with spaces to fill it. A name that would read as the row's
    figures (``reads_as_figures``: ``Zed 99999 99 ACTIVE`` in the Top Ten's name column
    read as a row's score, provinces and status) is put between double quotes, cut inside
    them, so that it ends where they do (docs/mail.md, "What a name may be"). Kept for the
    next call with the same name and width: every report of a turn puts the same players'
    names in its Top Ten's column, and the same provinces' in its tables."""
    if width > 2 and reads_as_figures(text):
        inner, used = _cut(text.translate(_QUOTES), width - 2)
        return f'"{_closed(inner)}"' + " " * (width - 2 - used)
    shown, used = _cut(text, width)
    return _closed(shown) + " " * (width - used)


def column_of_names(names: Sequence[str], room: int, least: int = 20) -> list[str]:
    """``names``, each in a column (``column``) as wide as the widest of them as it is
    shown there (between quotes where it reads as figures; its blanks at its ends not
    counted), ``least`` columns at least and ``room`` at most (what the row's other columns
    leave of a phone's 72): the Top Ten's names, a long one whole where the row has room
    for it (``Bartholomew-Maximilian`` was cut to ``Bartholomew-Maximili`` on a row of 52)."""
    widest = max([least, *(text_width(column(name, 72).strip()) for name in names)])
    width = max(least, min(widest, room))
    return [column(name, width) for name in names]


def column_lines(text: str, width: int) -> list[str]:
    """A place's name in the NAME column of a table of ``width`` columns, never cut: the
    name in its column (``column``) where it fits, else broken at its blanks into pieces
    of at most ``width`` columns (a word wider than that cut between its characters), the
    first padded to fill the column on its row, each other for a line of its own under it
    (a GM's map named a province ``The Most Serene Principality of Upper Wendrassia``:
    the report's table showed ``The Most Seren``)."""
    if text_width(text) <= width:
        return [column(text, width)]
    first, *rest = _name_pieces(text, width)
    return [padded(_closed(first), width), *(_closed(piece) for piece in rest)]


_AFTER_HYPHENS = re.compile(r"[^-]*-+|[^-]+")
"""The parts of a word a line may end after: each up to and with its hyphens."""


def _name_pieces(text: str, width: int) -> list[str]:
    """``text`` broken at its blanks into pieces of at most ``width`` columns, as
    ``wrapped_to_columns`` breaks it, but a word wider than that broken after a hyphen in
    it where one falls before it is cut between its characters: a Tactics kind's key is a
    name's words joined by hyphens (``STONE-GOLEM-OF-THE-DEEP``: ``STONE-GOLEM-`` over
    ``OF-THE-DEEP``, not ``STONE-GOLEM-O`` over ``F-THE-DEEP``)."""
    words = text.split()
    if not any(text_width(word) > width and "-" in word.strip("-") for word in words):
        return wrapped_to_columns(text, width)
    pieces: list[str] = []
    for word in words:
        parts = _AFTER_HYPHENS.findall(word) if text_width(word) > width else [word]
        for index, part in enumerate(parts):
            joined = pieces[-1] + ("" if index else " ") + part if pieces else part
            if pieces and text_width(joined) <= width:
                pieces[-1] = joined
            else:
                pieces.extend(wrapped_to_columns(part, width))
    return pieces


def _closed(shown: str) -> str:
    """What a column shows of a name, followed by a LEFT-TO-RIGHT MARK (no column wide) when
    it is written right to left (``wtg.game.bidimark``): cut, its end is no name's end, and
    ``marked_names`` knows a piece of it only as long as ``bidimark.SHORTEST_CUT``; the
    row's figures after it stay in their order wherever it is shown."""
    return shown + LRM if right_to_left(shown) and not shown.endswith(LRM) else shown


def _cut(text: str, width: int) -> tuple[str, int]:
    """``text`` cut to fill at most ``width`` columns (a wide letter that would reach past
    them left out), and the columns it fills."""
    shown: list[str] = []
    used = 0
    for char, columns in zip(text, char_widths(text), strict=True):
        if used + columns > width:
            break
        shown.append(char)
        used += columns
    return "".join(shown), used


def padded(text: str, width: int) -> str:
    """``text`` padded with spaces to fill ``width`` columns, as ``f"{text:<{width}}"`` pads
    by characters: a text wider than the column is left whole."""
    return text + " " * max(0, width - text_width(text))
