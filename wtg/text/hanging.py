"""The rule of `wtg status`'s lines (a game's, the games', the host's) on a terminal of 80
columns: every line wider than ``WIDTH`` is broken at its blanks, each line after the first
begun with a hanging indent (the line's own blanks and ``HANGING`` more, or the column its
caller gives: a player's row goes on under its notes), so that a GM reads a heading as one
block at 2 a.m. rather than as a terminal folds it, at column 80 in the middle of a word.

Four things are never broken: a moment (``2026-11-23 09:12 UTC``) and a span from it or
to it (``in 6 d 9 h``, ``3 h 5 min ago``: ``wtg.gm.gamestatus.span_text``); a command to type,
written between backquotes (`` `wtg release g1` ``), which moves whole to the next line
when it does not fit and stands alone on it when it is wider than one, to be copied; and a
path of the host's (``wtg.text.hostpaths``). A word from outside wider than a line (a
stranger's game name, an address) fills the rest of its line and is cut between its
characters, and so is a command holding one: it could not be typed as it is anyway. The
width is the terminal's, its last column left to the cursor (``WIDTH`` on one of 80): a
pipe, cron's mail and a GM's script read the lines whole, as before
(``wtg.cli.givenhead.tell_hung``). `--json` is not touched."""

from __future__ import annotations

import re
from collections.abc import Iterable

from wtg.core.textwidth import tabs_expanded, text_width, wrapped_to_columns
from wtg.text.hostpaths import OnDisk, fits, runs
from wtg.text.shellcommand import SHELL_COMMAND

WIDTH = 79
"""The columns of a line of `wtg status` on a terminal of 80, its last column left to the
cursor (a line of 80 makes some terminals show a blank line after it)."""
HANGING = "    "
"""What a line broken adds before each of its lines after the first, after its own blanks."""
_WHOLE = re.compile(
    r"`[^`\n]*`|\d{4}-\d\d-\d\d \d\d:\d\d UTC"
    r"|(?<![\w.])(?:in )?\d+ (?:d \d+ h|h \d+ min|min)\b(?: ago)?|\bjust now\b"
    rf"|{SHELL_COMMAND.pattern}"
)
"""What a line keeps on one line: a command to type, as the GM's lines write one, between
backquotes, or a shell's (``chmod 700 '/home/ann/my wtg/games'``: ``SHELL_COMMAND``); a
moment, as they say one (``2026-11-23 09:12 UTC``); a span, as they say one from a moment
or to it (``in 6 d 9 h``, ``3 h 5 min ago``, ``just now``)."""


def hanging(
    text: str,
    width: int = WIDTH,
    paths: Iterable[str] = (),
    on_disk: OnDisk | None = None,
    indent: str | None = None,
    whole: Iterable[str] = (),
) -> str:
    """``text``, each of its lines wider than ``width`` columns broken at its blanks, the
    lines after its first begun with ``indent`` (or the line's own blanks and ``HANGING``),
    a command between backquotes and a path of the host's (``paths``) never broken, nor
    the words of ``whole`` (a player's name of two words, `wtg lists`) where a line holds
    them."""
    known = [path for path in paths if path]
    names = [name for name in whole if " " in name]
    lines = tabs_expanded(text).split("\n")  # a tab fills the columns it moves on by
    return "\n".join(_hung(line, width, known, on_disk, indent, names) for line in lines)


def _hung(
    line: str,
    width: int,
    known: list[str],
    on_disk: OnDisk | None,
    indent: str | None,
    names: list[str],
) -> str:
    if text_width(line) <= width:
        return line
    lead = line[: len(line) - len(line.lstrip(" "))]
    rest = lead + HANGING if indent is None else indent
    said: list[str] = []
    current, started = lead, False
    units = _units(line[len(lead) :], width - len(rest), known, on_disk, names)
    for gap, word, whole in units:
        if started and text_width(current) + text_width(gap) + text_width(word) <= width:
            current += gap + word
            continue
        if (
            started
            and not whole
            and text_width(word) > width - len(rest)
            and _room(current + gap, word, width)
        ):
            current += gap  # no line holds it: it fills this one's rest, then the next ones
        elif started:
            said.append(current)
            current = rest
        pieces = [word] if whole else _cut(word, width - text_width(current), width - len(rest))
        for piece in pieces[:-1]:
            said.append(current + piece)
            current = rest
        current += pieces[-1]
        started = True
    return "\n".join([*said, current])


def _room(current: str, word: str, width: int) -> bool:
    """Whether ``current`` has a column left for ``word``'s first character: else a word
    no line holds begins the next line, not a line past ``width``."""
    return text_width(current) + text_width(word[:1]) <= width


def _cut(word: str, room: int, line: int) -> list[str]:
    """``word`` (no blank in it) as pieces: the first of at most ``room`` columns, each
    other of at most ``line``; whole when it fits ``room``."""
    if text_width(word) <= room:
        return [word]
    first = wrapped_to_columns(word, max(room, 1))[0]
    return [first, *wrapped_to_columns(word[len(first) :], line)]


def _units(
    body: str, room: int, known: list[str], on_disk: OnDisk | None, names: list[str]
) -> list[tuple[str, str, bool]]:
    """The words of ``body`` with the blanks before each, and whether it is kept whole: a
    host's path, or a command between backquotes (with what is written against it, a
    bracket, a comma) holding no word from outside wider than ``room``, or one of
    ``names`` no wider than ``room``."""
    kept = [
        (match.start(), match.end())
        for match in _WHOLE.finditer(body)
        if fits(match.group(), room, known, on_disk)
    ]
    kept += [
        (match.start(), match.end())
        for name in names
        if text_width(name) <= room
        for match in re.finditer(re.escape(name), body)
    ]
    units: list[tuple[str, str, bool]] = []
    gap, word, whole, at = "", "", False, 0
    for run, is_path in runs(body, known, on_disk):
        inside = any(start < at < end for start, end in kept)
        at += len(run)
        if run.isspace() and not inside:
            if word:
                units.append((gap, word, whole))
                gap, word, whole = "", "", False
            gap += run
            continue
        word += run
        whole = whole or is_path or inside or any(start < at <= end for start, end in kept)
    if word:
        units.append((gap, word, whole))
    return units
