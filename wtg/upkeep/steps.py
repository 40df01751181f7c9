"""The upgrade steps: what changes from one format to the next, for a game folder and for
the lobby's book; ``wtg upgrade`` applies them in order (``wtg.upkeep.folderupgrade``,
``wtg.upkeep.lobbyupgrade``).

A game folder's step reads the folder and says what it changes (``Changes``): it writes
nothing itself. The upgrade stages the changes beside the folder's files, counts them
with one write of the format file (``2 -> 3``), moves them into place and then writes the
new number: a kill anywhere leaves the folder at its old format with nothing changed, or
counted, finished by the next ``wtg upgrade`` (every command refuses it meanwhile). A
step may assume the folder is whole at its format (the game's lock is held, and what a
crashed writer left is recovered first).

A book's step runs inside the transaction that sets the book's new number: SQLite makes
it all or nothing.

Format 1 to 2, for both: the number itself, nothing else. A new step is a function here,
added to ``GAME_STEPS`` or ``BOOK_STEPS`` under the format it upgrades from, with the
format it leads to made ``FORMAT`` (``wtg.files.store``) or ``BOOK_FORMAT``
(``wtg.lobby.database``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from pathlib import Path

from wtg.lobby.database import schema_statements

Changes = Mapping[str, bytes | None]
"""What a step changes in a game folder: each file's path in the folder (``/`` between its
parts) and its new bytes, None for a file removed."""
GameStep = Callable[[Path], Changes]
BookStep = Callable[[sqlite3.Connection], None]


def numbered_folder(root: Path) -> Changes:
    """Format 1 to 2: the folder records its number (written by the upgrade); nothing else
    changes."""
    return {}


def numbered_book(db: sqlite3.Connection) -> None:
    """Format 1 to 2: the book records its number (set by the upgrade). A book of format
    1 was given a table it lacked whenever it was opened; it is given them here, once."""
    for statement in schema_statements():
        db.execute(statement)


GAME_STEPS: dict[int, GameStep] = {1: numbered_folder}
"""Each step by the format it upgrades a game folder from (to the next)."""
BOOK_STEPS: dict[int, BookStep] = {1: numbered_book}
"""Each step by the format it upgrades the lobby's book from (to the next)."""
