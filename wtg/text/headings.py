"""A line of `wtg quarantine` and `wtg outbox` (`wtg status` breaks its own: ``hanging``) kept to 78
columns when a word from outside makes it run on: a game's name a stranger's mail gave
(200 characters), an address (254), a name of wide letters (a letter of Chinese fills two
columns, ``wtg.core.textwidth``), a word begun with ``/`` or holding one.

Such a line is wrapped at its blanks to ``WIDTH`` columns, each continuation begun with
``CONTINUED``, and the word wider than a line cut between two characters; a path of the
host's in it (``wtg.text.hostpaths``: the ``--config`` given, the games folder, a file wtg
names there) stays whole on a line of its own, to be copied. Every other line is printed
as it is: the headings are long sentences, which a terminal folds at its own width and
tests and GMs' scripts match whole, and so is a line whose only word wider than a line is
a path of the host's.
"""

from __future__ import annotations

from collections.abc import Iterable

from wtg.core.textwidth import tabs_expanded
from wtg.text.hostpaths import OnDisk, fits, fitted
from wtg.text.prose import WIDTH

CONTINUED = "  "
"""The start of each continuation of a heading wrapped."""


def heading(
    text: str, width: int = WIDTH, paths: Iterable[str] = (), on_disk: OnDisk | None = None
) -> str:
    """``text``, each line of it that holds a word wider than ``width`` columns that is no
    path of the host's (``paths``, ``on_disk``: ``wtg.text.hostpaths``) made lines of at
    most ``width`` columns each, but such a path whole on a line of its own."""
    known = [path for path in paths if path]
    lines = tabs_expanded(text).split("\n")  # a tab fills the columns it moves on by
    return "\n".join(_line(line, width, known, on_disk) for line in lines)


def _line(line: str, width: int, paths: list[str], on_disk: OnDisk | None) -> str:
    if fits(line, width, paths, on_disk):
        return line
    first, *rest = fitted(line, width - len(CONTINUED), paths, on_disk)
    return "\n".join([first, *(CONTINUED + piece for piece in rest)])
