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

_WORD = re.compile(r"(?<![\w<\[-])[A-Z]{3,8}(?![\w'-])")
"""A word in capitals standing alone (``RESIGN``, not ``RESIGN's`` nor ``<CODE>``)."""
_PLACEHOLDER = re.compile(r"[<\[][\w.<>-]*[>\]]")
"""An argument a mail names by what it stands for (``<ruleset>``, ``[<turn>]``)."""
_END = ".,;:)"
"""The marks after a command's last argument that end the sentence around it."""


def typed_spans(line: str) -> list[tuple[int, int]]:
    """Where in ``line`` (a sentence of a mail) a command a player is told to type stands:
    its word in capitals (``RESIGN``, ``CODE``) and as many of the arguments after it as
    it takes (``ARGUMENTS``: ``RESIGN g1``, ``REPORT g1 2``, ``JOIN <ruleset>``), the mark
    ending the sentence with them; the start and end of each that has an argument. A
    command word with none after it (``HELP``, ``a RESIGN, confirmed``) is no span."""
    spans: list[tuple[int, int]] = []
    for match in _WORD.finditer(line):
        verb = match.group()
        most = ARGUMENTS.get(verb, (0, 0))[1]
        if not most:
            continue
        end = match.end()
        for _ in range(most):
            if line[end : end + 1] != " ":
                break
            stop = line.find(" ", end + 1)
            word = line[end + 1 : stop if stop != -1 else len(line)]
            bare = word.rstrip(_END) or word
            if not (ARGUMENT.fullmatch(bare) or _PLACEHOLDER.fullmatch(bare)):
                break
            end += 1 + len(word)
            if bare != word:
                break
        if end > match.end():
            spans.append((match.start(), end))
    return spans
