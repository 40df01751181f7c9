"""Names that read as words of the host's sentences, not as a person's: a pronoun or a
word for everyone or no one (``You``, ``All``, ``Nobody``), a game's turn (``Turn 1``), a
game of the host or a waiting list (``wok4-1``, ``wok4``). Another player reads a name where
the host prints it, in sentences the host writes: ``[wok4-1] private press from You``,
``From Nobody (player 3):`` over a press, ``Turn 1 (#2) attacked your province`` in a
report, ``wok4-1 (#3)`` in a table, a name that reads as a turn or a game of the host's own.
Such a whole name is read as a reader reads it: in any case and in full-width letters, with
letters of another alphabet that look like Latin ones as those (``lookalikes.folded``),
without accents, spaced or joined, with a ``the`` before it, a number after it
(``Nobody 2``) and digits written for letters (``N0body``). A name that holds such a word
among others is a person's (``Tom Turner``, ``Al You``, ``Nobody Jones`` may be), and so is a
short name that is none (``Al``, ``Ali``, ``Noe``) (docs/mail.md, "What a name may be")."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from wtg.lobby.lookalikes import folded

SENTENCE_WORDS = frozenset(
    {
        "you",
        "your",
        "yours",
        "yourself",
        "me",
        "myself",
        "we",
        "us",
        "they",
        "them",
        "all",
        "nobody",
        "noone",
        "none",
        "nothing",
        "anyone",
        "anybody",
        "someone",
        "somebody",
        "unknown",
        "neutral",
        "player",
        "players",
    }
)
"""The words a report's or a press's sentence names a reader, every player, no one or a
province no player holds by (``neutral``, as a WoK report names one): a name of nothing
else but one of them reads as the host's sentence, not as a player's name."""

_DIGITS_FOR_LETTERS = str.maketrans(
    {"0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "l"}
)
"""Digits and marks written for the letters they look like (``N0body``, ``A11``, ``Y0u``)."""
_TURN = re.compile(r"(?:the)?turn(?:no|nr|number)?\d+")
"""A turn as the host names one, its number after it (``Turn 1``, ``TURN #12``,
``turn no. 3``), read without blanks and marks."""
_NUMBER_AFTER = re.compile(r"\d+$")


def _plain(name: str) -> str:
    """``name`` as read: compatibility form, without the characters that show nothing and
    without accents, look-alike letters as Latin ones, in small letters."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(char for char in text if unicodedata.category(char) not in ("Cf", "Mn"))
    text = unicodedata.normalize("NFKD", folded(text))
    return "".join(char for char in text if not unicodedata.combining(char)).casefold()


def _joined(text: str) -> str:
    """``text`` without its blanks and marks: letters and digits alone (``wok4-1`` as
    ``wok41``, ``No One`` as ``noone``)."""
    return "".join(char for char in text if char.isalnum())


def sentence_word(name: str, places: Iterable[str] = ()) -> str | None:
    """Why ``name`` reads as a word of the host's sentences (``SENTENCE_WORDS``), a turn, or
    one of ``places`` (the names of the host's games and waiting lists, or a list's name
    with a number, as its games are named: ``wok4-7``), naming what to change; None when it
    reads as none."""
    plain = _plain(name)
    joined = _joined(plain)
    if _TURN.fullmatch(joined):
        return (
            f"the name {name} reads as a turn of a game, as the host names one in its reports "
            "and press: choose a name of your own with AS <name>"
        )
    for place in places:
        own = _joined(_plain(place))
        bare = joined.removeprefix("the").removeprefix("game")
        if own and (
            bare == own or (bare.startswith(own) and _NUMBER_AFTER.fullmatch(bare[len(own) :]))
        ):
            return (
                f"the name {name} reads as the name of a game here ({place}: a game or a "
                "waiting list of the host's): in a report, a press or a notice it would read "
                "as the game, not a player: "
                "choose a name of your own with AS <name>"
            )
    for reading in (joined.translate(_DIGITS_FOR_LETTERS), _NUMBER_AFTER.sub("", joined)):
        letters = "".join(char for char in reading if char.isalpha())
        for word in (letters, letters.removeprefix("the")):
            if word in SENTENCE_WORDS:
                return (
                    f'the name {name} reads as "{word}", a word of the host\'s sentences, not '
                    "a person's name: a report or a press under it would read as the host's "
                    "own words: choose a name of your own with AS <name>"
                )
    return None
