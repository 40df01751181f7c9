"""What a WITHDRAW takes a player off, and how the lobby's answers name it. ``WITHDRAW
wok4`` names a ruleset: every waiting list of it (``wok4``, ``wok4-beginner``), as ever.
``WITHDRAW wok4-beginner`` names one list, no ruleset's name: that list alone. The answers
that tell a waiting player how to leave (his JOIN confirmed, STATUS <list>) name the word
that takes him off that list, and say so when it takes him off his other lists of the
ruleset too (a list named as its ruleset: ``wok4``). ``WITHDRAW wok4 ONLY`` takes him off the
list named ``wok4`` alone (he stays on ``wok4-beginner``): the word the answers give for
it."""

from __future__ import annotations

from wtg.lobby import confirm
from wtg.lobby.commands import WITHDRAW_ONLY as ONLY
from wtg.lobby.database import LobbyDatabase


def target(word: str, only: bool) -> str:
    """What a WITHDRAW asks for, as the book keeps it and its answers name it:
    ``wok4``, ``wok4-beginner`` or ``wok4 ONLY``."""
    return f"{word.lower()} {ONLY}" if only else word.lower()


class Scope:
    """The lists a WITHDRAW's word names (open or closed): those of its ruleset when it is
    one's name (``whole``), else the one list of that name; none when it names neither.
    ``wok4 ONLY`` (``target``) names the list ``wok4`` alone."""

    def __init__(self, book: LobbyDatabase, word: str) -> None:
        words = word.split()
        word = words[0].lower() if words else ""
        if len(words) > 1:  # wok4 ONLY: the list of that name, whatever the ruleset
            self.word = word
            self.whole = False
            found = book.row("SELECT 1 FROM lists WHERE name = ?", word) is not None
            self.lists = [word] if found else []
            return
        of_ruleset = [
            str(row[0])
            for row in book.rows("SELECT name FROM lists WHERE ruleset = ? ORDER BY name", word)
        ]
        self.word = word
        self.whole = (
            bool(of_ruleset) or book.row("SELECT 1 FROM lists WHERE name = ?", word) is None
        )
        self.lists = of_ruleset if self.whole else [word]


def withdraw_words(book: LobbyDatabase, person: int, address: str, list_name: str) -> str:
    """How the answers to a player waiting on ``list_name`` (his number in the book, his
    address) tell him to leave it: ``WITHDRAW wok4-beginner takes you off the list``; for a
    list named as its ruleset, when he waits (or asked to wait) on others of it too, that
    the word takes him off all of them, and what takes him off another alone."""
    scope = Scope(book, list_name)
    if not scope.whole:
        return f"WITHDRAW {list_name} takes you off the list"
    mine = [
        str(row[0])
        for row in book.rows(
            "SELECT DISTINCT list FROM entries WHERE person = ? AND game IS NULL UNION "
            "SELECT DISTINCT target FROM pending WHERE kind = ? AND address = ? ORDER BY 1",
            person,
            confirm.JOIN,
            address,
        )
        if str(row[0]) in scope.lists
    ]
    others = [name for name in mine if name != list_name]
    if not others:
        return f"WITHDRAW {list_name} takes you off the list"
    alone = ", ".join(
        [f"WITHDRAW {list_name} {ONLY} off {list_name} alone"]
        + [f"WITHDRAW {name} off {name} alone" for name in others]
    )
    every = ", ".join(sorted({list_name, *others}))
    return (
        f"WITHDRAW {list_name} takes you off every waiting list of {list_name} you are on or "
        f"asked to join ({every}); {alone}"
    )
