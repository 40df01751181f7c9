"""The words of the commands a mail to the host may carry, and the arguments each takes:
what the lobby reads a typed line by (``wtg.lobby.commands``), and what a mail's prose
keeps whole when it tells a player to type one (``wtg.text.prose``: ``Send RESIGN g1
again`` never broken between ``RESIGN`` and its game). Pure: words, no reading."""

from __future__ import annotations

import re

VERBS = (
    "HELP",
    "LIST",
    "JOIN",
    "CONFIRM",
    "WITHDRAW",
    "REPORT",
    "AOF",
    "STATUS",
    "RESIGN",
    "ABSENCE",
    "PRESS",
)
CODE_WORD = "CODE"
ARGUMENT = re.compile(r"[\w.@+-]+")
"""An argument as a command takes it: a game, a ruleset, a code, a number, a date. A word
ending a sentence (``us!``, ``please.``) is none."""
ARGUMENTS: dict[str, tuple[int, int]] = {
    "HELP": (0, 0),
    "LIST": (0, 0),
    "JOIN": (1, 2),
    "CONFIRM": (1, 1),
    "WITHDRAW": (1, 2),
    "REPORT": (1, 2),
    "AOF": (1, 1),
    "STATUS": (1, 1),
    "RESIGN": (1, 1),
    "ABSENCE": (3, 3),
    "PRESS": (1, 3),
    CODE_WORD: (1, 1),
}
"""The fewest and most arguments of each command (JOIN's before its ``AS <name>``): a line
in lower or mixed case is a command only with these."""
_TAKING = re.compile("|".join(verb for verb, (_, most) in ARGUMENTS.items() if most))
"""The words of the commands that take an argument, anywhere in a text: a line without one
(most lines a mail breaks: an order line quoted, a forecast's sentence) holds no span, and
is not read word by word."""

_WORD = re.compile(r"(?<![\w<\[-])[A-Z]{3,8}(?![\w'-])")
"""A word in capitals standing alone (``RESIGN``, not ``RESIGN's`` nor ``<CODE>``)."""
_PLACEHOLDER = re.compile(r"[<\[][\w.<>-]*[>\]]")
"""An argument a mail names by what it stands for (``<ruleset>``, ``[<turn>]``)."""
_END = ".,;:)"
"""The marks after a command's last argument that end the sentence around it."""
NAMED = "AS"
"""The word after JOIN's arguments that the name asked for follows (``JOIN wok4 AS Vic``):
every word to the end of the line is the name's (``wtg.lobby.commands``)."""
_NAME_ENDS = ',;)"'
"""The marks after a word of a name that end it where a sentence goes on (``JOIN wok4 AS
Vic Hale, until noon``, a command quoted ``"JOIN g1 AS Vic Hale" was``): a name holds
none of its commas and semicolons (``wtg.lobby.lookalikes``)."""
NAME_COLUMNS = 40
"""The most characters of a name (``wtg.game.gameconfig.NAME_MAX_LENGTH``): a name's words
run no further, whatever follows them on the line."""


def typed_spans(line: str) -> list[tuple[int, int]]:
    """Where in ``line`` (a sentence of a mail) a command a player is told to type stands:
    its word in capitals (``RESIGN``, ``CODE``) and as many of the arguments after it as
    it takes (``ARGUMENTS``: ``RESIGN g1``, ``REPORT g1 2``, ``JOIN <ruleset>``), the mark
    ending the sentence with them, and a JOIN's ``AS`` with the name after it (``JOIN wok4
    AS Vic Hale``, ``_name_end``); the start and end of each that has an argument. A
    command word with none after it (``HELP``, ``a RESIGN, confirmed``) is no span."""
    spans: list[tuple[int, int]] = []
    if not _TAKING.search(line):
        return spans
    for match in _WORD.finditer(line):
        verb = match.group()
        most = ARGUMENTS.get(verb, (0, 0))[1]
        if not most:
            continue
        end = match.end()
        for _ in range(most):
            word = _word_at(line, end)
            bare = word.rstrip(_END) or word
            if not (ARGUMENT.fullmatch(bare) or _PLACEHOLDER.fullmatch(bare)) or (
                verb == "JOIN" and word == NAMED
            ):
                break
            end += 1 + len(word)
            if bare != word:
                break
        if verb == "JOIN" and end > match.end() and _word_at(line, end) == NAMED:
            end = _name_end(line, end + 1 + len(NAMED))
        if end > match.end():
            spans.append((match.start(), end))
    return spans


def _word_at(line: str, end: int) -> str:
    """The word of ``line`` after the space at ``end`` ("" when no space is there)."""
    if line[end : end + 1] != " ":
        return ""
    stop = line.find(" ", end + 1)
    return line[end + 1 : stop if stop != -1 else len(line)]


def _name_end(line: str, end: int) -> int:
    """Where the name a JOIN asks for, after its ``AS`` ending at ``end``, ends: a
    placeholder alone (``AS <name>``), else every word up to the end of the line, to the
    first that a mark ending a name follows (``_NAME_ENDS``), that mark with it, or as far
    as a name may reach (``NAME_COLUMNS``, a mark after it)."""
    first = _word_at(line, end)
    if _PLACEHOLDER.fullmatch(first.rstrip(_END)):
        return end + 1 + len(first)
    start = end + 1
    while (word := _word_at(line, end)) and end + 1 + len(word) - start <= NAME_COLUMNS + 1:
        end += 1 + len(word)
        if word[-1] in _NAME_ENDS:
            break
    return end
