"""The prose of a mail wrapped to the width a plain-text mail client shows (RFC 5322's 78
characters a line): a line longer than that is broken at its words, each continuation
indented under it, so that a client 80 columns wide never breaks a word or a column; a
player's mail (a report, an answer, a notice, the press), to the 72 columns a phone shows
(``PHONE``), the GM's digest and terminal to 78.
A line is measured by the columns it fills (``wtg.core.textwidth``): a letter of Chinese,
Japanese or Korean fills two, so a player's name of twenty of them is forty columns of
another player's report (a sentence of 78 such characters once filled 98).

A confirmation wraps a line a rejected or noted order line, tens a mail: each line is cut
at its last space that fits, which is what ``textwrap.wrap`` does with words kept whole
and the spaces inside a line kept (tests/test_prose.py holds the two the same), in a
few string searches rather than a walk over its words."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from wtg.core.textwidth import char_widths, text_width, wrapped_to_columns
from wtg.text.commandwords import typed_spans
from wtg.text.hostpaths import OnDisk, fits, fitted

_COUNT = re.compile(r"[+-]?\d+(?:[.,]\d+)*%?")
"""A number as a sentence counts with it: ``2``, ``0.1``, ``+0.030``, ``94%``."""

_NUMBERED = re.compile(r"\(#?\d+\)+[.,;:]*")
"""The number of a territory or a player after its name: ``(15)``, ``(#3),``, and one
that closes a bracket of its own (``(Bart (#2)),``: a spy line's owner of the target)."""

_NUMBERED_THINGS = frozenset(("piece", "player", "province", "seat", "territory", "turn"))
"""The things a sentence names by their number after them (``piece 21``, ``turn 5``): a
line never ends on one of them with its number at the start of the next."""

_NAMED = re.compile(r"[A-Z][a-z]+")
"""A word of a name that a number may end (``Robot 4``, ``Agent 47``): a WISK report read
``Robot`` above ``4 lost 3 armies``, the robot's number taken for a count."""

_DASHES = frozenset(("-", "\u2013", "\u2014"))
"""A dash standing between two words (``Kaomaris - Standard``), which a line never begins
with: ``- `` at a line's start is an item of a list."""

_CODE = re.compile(r"[A-Z]{3}")
"""A troop's code of three capitals (``KNI``, ``PIK``) as a sentence names it before the
terrain it prefers (``KNI Plains``)."""

WIDTH = 78
"""The characters of a line of a mail's text, as RFC 5322 (2.1.1) would have them."""
PHONE = 72
"""The columns a phone's mail app shows of a plain mail in a fixed font: a player's mail
(a report, a confirmation, the press, a notice) breaks its prose to them, so that a phone
never breaks a line of it again (docs/mail.md, "A report on a phone")."""


def wrapped(
    text: str,
    indent: str = "    ",
    width: int = WIDTH,
    kept: int = 0,
    own: bool = False,
    no_word_alone: bool = False,
    counts: bool = False,
    names: Sequence[str] = (),
) -> str:
    """``{{ line | wrapped }}``, ``{% filter wrapped("") %}``: each line of ``text`` longer
    than ``width`` broken at its spaces, its continuations begun with ``indent``; a word
    that fits a line (an address, a long number) is never broken, one wider than a line
    (someone else's: nothing the host writes is) is cut between its characters
    (``_broken``), and the spaces inside a
    line (the columns of an order line quoted) are kept as they are. ``kept``: the
    characters at the start of the first line that are never broken (what the player
    wrote, quoted as he wrote it: ``wrapped("", kept=n)``), on a line of their own when
    they are wider than ``width``, unless a word of them is wider than a line (a word of
    hundreds of characters someone wrote, mailed to whoever his From or the seat's address
    names): then they are broken as any text someone else wrote (``_quote_cut``), that
    word cut between its characters. ``own``: the text is the GM's own (an announcement, a
    hold's reason): a word of his wider than a line (a link to be clicked) is kept whole.
    ``no_word_alone``: a line's last word is not left alone under the rest (``as you`` over
    ``like.``, a row of its own in a notice of two lines): the word before it goes down
    with it (``_no_word_alone``), never a word of the start ``kept`` (a word cut between
    its characters never goes down: its two pieces are wider than a line); a template's
    ``wrapped`` does so, and ``textwrap`` does not. ``counts``: a number is never cut from
    what it counts or names (``turn 5``, ``3 armies``: ``_may_cut``), as a report's
    sentence keeps them; a template's ``wrapped`` does so too, a player's mail read as one
    voice, and ``textwrap`` does not. ``names``: names of more than one word the text holds
    (a player's, ``Alice Wonder``), never broken at their blanks: a lobby's answer ended
    ``as Alice`` above ``Wonder: 1 of 3 players``, two names to its reader."""
    if len(text) <= width and _columns(text) <= width:
        return text
    lines: list[str] = []
    for line in text.split("\n"):
        if kept and _columns(line[:kept]) > width and not fits(line[:kept], width):
            lines.extend(_quote_cut(line, kept, indent, width))
        else:
            if _columns(line) > width:
                pieces = _broken(
                    line, indent, width, kept, cut_long=not own, counts=counts, names=names
                )
                lines.extend(
                    _no_word_alone(pieces, counts, names)
                    if no_word_alone and len(pieces) > 1 + bool(kept)
                    else pieces
                )
            else:
                lines.append(line)
        kept = 0
    return "\n".join(lines)


def _quote_cut(line: str, kept: int, indent: str, width: int) -> list[str]:
    """A line whose first ``kept`` characters (a quote of someone else's words) are wider
    than ``width``: those broken at their blanks to lines of ``width`` columns, a word
    wider than a line cut between its characters (``wrapped_to_columns``), the lines after
    the first begun with ``indent``; the rest of the line (the host's words) after them,
    broken at its blanks as ever."""
    head, *more = wrapped_to_columns(line[:kept], width - len(indent))
    pieces = [head, *(indent + piece for piece in more)]
    last = pieces.pop() + line[kept:]
    if _columns(last) <= width:
        return [*pieces, last]
    return [*pieces, *_broken(last, indent, width, continued=len(indent) if pieces else 0)]


def _broken(
    line: str,
    indent: str,
    width: int,
    kept: int = 0,
    continued: int = 0,
    cut_long: bool = True,
    counts: bool = False,
    names: Sequence[str] = (),
) -> list[str]:
    """``line`` cut at the last space of each piece that fits in ``width``, the spaces at
    each cut dropped; a word no line holds (wider than a line less its ``indent``: someone
    else's, a stranger's command or game name of hundreds of characters) fills the rest of
    its line and goes on on the next, cut between two characters, as ``textwrap`` breaks a
    long word; never inside the first ``kept`` characters (where no space fits after them,
    the cut is at the first space that follows). ``continued``: the columns of an indent
    ``line`` begins with, a continuation's (its own leading spaces are a row's, and count
    as none). ``cut_long`` False: such a word kept whole on a line of its own (the GM's).
    ``counts``: a number is never cut from the word after it (``_may_cut``); ``names``:
    never cut at a blank of one (``_commands``)."""
    pieces: list[str] = []
    start = len(line) - len(line.lstrip(" "))  # a line's own leading spaces are no cut
    room = width - continued  # the columns of the line being cut, less its indent
    start = max(start, kept - 1)
    commands = _commands(line, names)
    while _columns(line) > width:
        fits = _fitting(line, width)
        cut = _last_cut(line, start + 1, fits + 1, commands, counts)
        begin = cut + 1 if cut != -1 else start + (line[start : start + 1] == " ")
        if cut_long and fits > max(start, begin) and _outsized(line, begin, room, commands):
            head, rest = line[:fits].rstrip(" "), line[fits:]
        else:
            if cut == -1:
                cut = _next_cut(line, max(fits, start + 1), commands, counts)
            head, rest = (
                (line[:cut].rstrip(" "), line[cut:].lstrip(" ")) if cut != -1 else (line, "")
            )
        if not rest:
            break
        pieces.append(head)
        # the next piece: ``rest``, which begins that far into the whole line, indented
        commands = commands.piece(commands.shift + len(line) - len(rest), len(indent))
        line, start, room = indent + rest, len(indent), width - len(indent)
    pieces.append(line.rstrip(" ") if pieces else line)
    return pieces


def _outsized(line: str, begin: int, room: int, commands: _Commands) -> bool:
    """Whether the word of ``line`` that begins at ``begin`` (up to the next blank that may
    end a line, ``_may_cut``) is wider than ``room`` columns: no line holds it whole."""
    end = _next_cut(line, begin, commands)
    return _columns(line[begin : end if end != -1 else len(line)]) > room


def _columns(text: str) -> int:
    """The columns ``text`` fills (its length, for ASCII: most lines)."""
    return len(text) if text.isascii() else text_width(text)


def _fitting(line: str, width: int) -> int:
    """The characters at the start of ``line`` that fill at most ``width`` columns."""
    if line.isascii():
        return width
    used = 0
    for index, columns in enumerate(char_widths(line)):
        used += columns
        if used > width:
            return index
    return len(line)


@dataclass(frozen=True, slots=True)
class _Commands:
    """The commands a player is told to type that a line being broken holds (``Send RESIGN
    g1 again``: ``wtg.text.commandwords.typed_spans``), read once for the whole line, not
    again for each piece cut from it nor around each of its spaces."""

    spaces: Mapping[int, int]
    """Each space of the line inside a command, with where in the line its command begins
    (of two, the later)."""
    shift: int = 0
    """What a place in the piece being cut adds to be a place in the whole line."""
    begins: int = 0
    """Where in the whole line the text of the piece being cut begins, after its indent."""

    def holds(self, at: int) -> bool:
        """Whether the space at ``at`` of the piece is inside a command begun in the piece:
        one begun before it was cut between its characters (its word or an argument wider
        than a line), and is no command to type any more."""
        return self.spaces.get(at + self.shift, -1) >= self.begins

    def piece(self, begins: int, indent: int) -> _Commands:
        """The commands of the piece cut next, whose text begins at ``begins`` of the line
        after an indent of ``indent`` characters: none in a line that holds none (most)."""
        if not self.spaces:
            return self
        return _Commands(self.spaces, begins - indent, begins)


_NO_COMMANDS = _Commands({})
"""The commands of a line that holds none (most lines broken: an order line quoted, a
forecast's sentence), one for them all."""


def _commands(line: str, names: Sequence[str] = ()) -> _Commands:
    """The commands of ``line``, each space inside one (``_Commands.spaces``), and each
    space inside one of ``names`` where the line holds it (a name of two words, held
    together as a command is)."""
    spans = list(typed_spans(line))
    for name in names:
        if " " not in name:
            continue
        found = line.find(name)
        while found != -1:
            spans.append((found, found + len(name)))
            found = line.find(name, found + len(name))
    if not spans:
        return _NO_COMMANDS
    return _Commands(
        {at: start for start, end in spans for at in range(start + 1, end) if line[at] == " "}
    )


def _may_cut(line: str, at: int, commands: _Commands, counts: bool = False) -> bool:
    """Whether the space at ``at`` may end a line: not one beside an ``=``, which holds a
    code and its number together (``4 = SPY`` of a reason listing a form's codes), nor the
    one inside a quote of two words, a line to type as it stands (``"MAP: off"``), nor one
    inside a command a player is told to type (``commands``: ``Send RESIGN g1 again``),
    which goes down whole to the next line when the rest of its line does not hold it.
    ``counts``: nor the one after a number that a word follows, the count of what it names
    (``2 hits``, ``12 ARM``, ``51 Wendrasse``, ``(60 provinces)``: a report's sentence ended
    ``2`` above ``hits found nothing``), nor the one before a number in brackets, the number
    of what it follows (``Scandinavia (15)``, ``P3 (#3)``), nor the one after a troop's code
    that a name follows, its terrain (``KNI Plains``: Intermediate's sentence ended ``KNI``
    above ``Plains``), nor the one after a code that a number follows, the number it names
    (``DEF 0.0a``, ``EFF 50%``: a Spy Player's empire ended ``DEF`` above ``0.0a``; the
    ``a`` of an average), nor the one between a thing and its number (``piece 21``:
    ``_NUMBERED_THINGS``; a Tactics forecast ended ``only if piece`` above ``21 still
    stands``), nor the one between a capitalised word and a number, a name's (``Robot 4``:
    a WISK report ended ``Robot`` above ``4 lost 3 armies``); a thing's number is no count
    of the word after it (``turn 12`` may end a line
    above ``begins``); nor either of a count out of another (``1 of 3 players``: a
    lobby's answer ended ``1 of`` above ``3 players``); nor the one before a dash between
    words (``World of Kaomaris -
    Standard WoK``: a line begun ``- Standard WoK`` reads as an item of a list, an event of
    a report)."""
    if line[at - 1 : at] == "=" or line[at + 1 : at + 2] == "=":
        return False
    if commands.holds(at):
        return False
    if not counts and '"' not in line:  # no quote to keep whole, and nothing else to look for
        return True
    begin = line.rfind(" ", 0, at) + 1
    before = line[begin:at]
    end = line.find(" ", at + 1)
    after = line[at + 1 : end if end != -1 else len(line)].rstrip(".,;:)")
    if counts and (
        (
            _COUNT.fullmatch(before.lstrip("("))
            and after[:1].isalpha()
            and _word_before(line, begin) not in _NUMBERED_THINGS
        )
        or (
            before == "of"
            and _COUNT.fullmatch(after)
            and _COUNT.fullmatch(_word_before(line, begin))
        )
        or (_CODE.fullmatch(before) and after[:1].isupper() and after[1:2].islower())
        or (_CODE.fullmatch(before) and _COUNT.fullmatch(after.rstrip("a")) is not None)
        or (before in _NUMBERED_THINGS and after.isdigit())
        or (_NAMED.fullmatch(before) and after.isdigit())
        or _NUMBERED.fullmatch(line[at + 1 : end if end != -1 else len(line)])
        or line[at + 1 : end if end != -1 else len(line)] in _DASHES
    ):
        return False
    return not (
        before[:1] == '"' and after[-1:] == '"' and len(after) > 1 and '"' not in before[1:]
    )


def _word_before(line: str, begin: int) -> str:
    """The word of ``line`` before the one that begins at ``begin`` (``turn`` before the
    number of ``turn 12``), "" at the line's start."""
    return line[line.rfind(" ", 0, begin - 1) + 1 : begin - 1] if begin > 1 else ""


def _last_cut(line: str, start: int, end: int, commands: _Commands, counts: bool = False) -> int:
    """The last space of ``line[start:end]`` that may end a line (``_may_cut``), or -1."""
    cut = line.rfind(" ", start, end)
    while cut != -1 and not _may_cut(line, cut, commands, counts):
        cut = line.rfind(" ", start, cut)
    return cut


def _next_cut(line: str, start: int, commands: _Commands, counts: bool = False) -> int:
    """The first space from ``start`` on that may end a line (``_may_cut``), or -1."""
    cut = line.find(" ", start)
    while cut != -1 and not _may_cut(line, cut, commands, counts):
        cut = line.find(" ", cut + 1)
    return cut


def sentences_wrapped(text: str, width: int = WIDTH) -> str:
    """A report's text with each line longer than ``width`` that is a sentence broken at
    its words, its continuations indented two columns more than it (under the words of an
    event's ``- ``). A line holding two spaces together after its indent is a row of
    columns and is left as it is: broken, its columns would no longer line up. A number
    stays with the word it counts (``2 hits``, ``12 ARM``), as a phone's reader takes
    them in together. A line that carries an event on (begun under the words of the
    ``- `` line above it, as Intermediate's battle says its outcome) goes on where it
    began: two columns further in, it read as under nothing."""
    lines: list[str] = []
    words = -1  # the column of the words of the event the lines are under, -1 for none
    for line in text.split("\n"):
        body = line.lstrip(" ")
        begins = len(line) - len(body)
        if body.startswith("- "):
            words = begins + 2
        elif begins != words:
            words = -1
        if _columns(line) <= width or "  " in body.rstrip(" "):
            lines.append(line)
        else:
            indent = " " * (begins if begins == words else begins + 2)
            lines.extend(_no_word_alone(_broken(line, indent, width, counts=True), counts=True))
    return "\n".join(lines)


def words_wrapped(text: str, indent: str, width: int = WIDTH) -> str:
    """``wrapped`` for a line of prose (an order form's titles), its last word never alone
    on a line of its own (``_no_word_alone``): a form's title ended ``(you have`` above
    ``  0)``, ``... run this`` above ``  turn``."""
    return wrapped(text, indent, width, no_word_alone=True)


_BRACKETED = re.compile(r"\((?:[^()]|\([^()]*\))*\)[.,;:]*")
"""A part of a title in brackets, one more pair inside it (``(Eamon (#5))``), with the stop
or comma after it."""


@lru_cache(maxsize=512)
def titled(text: str, indent: str = "  ", width: int = WIDTH) -> str:
    """``{{ line | titled }}``: a title (an order form's section, a report's heading) broken
    as ``words_wrapped`` breaks it, but a part of it in brackets that a line holds whole is
    never split across two: the words before it end their line and it begins the next
    (``for good (your`` above ``  provinces stay, dug in)`` read as two thoughts cut
    apart). A bracket no line holds is broken as any words. Each title is broken once a
    process and its lines kept: a form's ten titles are the same on every player's form
    of every turn but for a number or two in them."""
    lines = words_wrapped(text, indent, width).split("\n")
    if len(lines) == 1:
        return text
    for match in _BRACKETED.finditer(text):
        head = text[: match.start()].rstrip(" ")
        if (
            not head.strip()
            or any(match.group() in line for line in lines)
            or _columns(indent + match.group()) > width
        ):
            continue
        rest = titled(indent + text[match.start() :], indent, width)
        return f"{words_wrapped(head, indent, width)}\n{rest}"
    return "\n".join(lines)


def _no_word_alone(pieces: list[str], counts: bool = False, names: Sequence[str] = ()) -> list[str]:
    """A sentence's pieces with its last word not alone on the last line (``0%`` / ``EFF.``):
    the word before it goes down with it, as far as the line holds them, cut from its line
    at a space that may end one (``_may_cut``: never inside ``"MAP: off"``)."""
    if len(pieces) < 2 or " " in pieces[-1].strip():
        return pieces
    above = pieces[-2]
    start = len(above) - len(above.lstrip(" ")) + 1
    cut = _last_cut(above, start, len(above), _commands(above, names), counts)
    if cut == -1:
        return pieces
    indent = pieces[-1][: len(pieces[-1]) - len(pieces[-1].lstrip(" "))]
    head, word = above[:cut].rstrip(" "), above[cut + 1 :]
    moved = f"{indent}{word} {pieces[-1].lstrip(' ')}"
    return [*pieces[:-2], head, moved] if _columns(moved) <= _columns(above) else pieces


def packed(
    items: Iterable[str],
    lead: str = "",
    end: str = "",
    width: int = WIDTH,
    indent: str = "  ",
    between: str = ",",
) -> str:
    """``lead`` and the ``items`` after it, ", " between them (``between``: another mark
    than the comma, ``;``) and ``end`` after the last, on as few lines of at most ``width``
    as it takes, each item kept whole on one line (a place and a name with its number:
    ``7. Gus (#7)``, ``Western Europe (18): 3 armies``); a line after the first begins
    with ``indent`` (two spaces). An item wider than a line has one of its own."""
    texts = list(items)
    lines = [lead.rstrip(" ")]
    for index, item in enumerate(texts):
        piece = item + (between if index < len(texts) - 1 else end)
        joined = f"{lines[-1]} {piece}" if lines[-1] else piece
        if _columns(joined) <= width or not lines[-1].strip():
            lines[-1] = joined
        else:
            lines.append(indent + piece)
    return "\n".join(lines)


def listed(
    text: str,
    first: str = "  ",
    rest: str = "    ",
    width: int = WIDTH,
    paths: Iterable[str] = (),
    on_disk: OnDisk | None = None,
) -> str:
    """``{{ line | listed }}``: an item of a list the GM reads, in a terminal or the digest
    (a server's refusal, a mail's outcome, a folder and why it cannot be read, a sender's
    address), on lines of at most ``width`` columns: ``text`` (every run of blanks and line
    breaks one space: no line of it reads as one of wtg's) broken at its blanks, its first
    line begun with ``first`` and the others with ``rest``; a word wider than a line (an
    address, a header's value without blanks, a word with a ``/`` someone else wrote) is
    cut between its characters, being read, not copied, but a path of the host's
    (``paths``, ``wtg.text.hostpaths``: the --config of a command named, the games folder
    and the files in it, there when ``on_disk`` is given) is kept whole on a line of its
    own, to be copied (so is the path ``with_path`` adds)."""
    room = width - max(len(first), len(rest))
    pieces = fitted(" ".join(text.split()), room, paths, on_disk)
    return "\n".join([f"{first}{pieces[0]}", *(f"{rest}{piece}" for piece in pieces[1:])])


def fitted_line(
    text: str,
    rest: str = "    ",
    width: int = WIDTH,
    paths: Iterable[str] = (),
    on_disk: OnDisk | None = None,
) -> str:
    """``{{ line | fitted_line }}``: a line the GM reads (a mail's key and the game it
    named, a seat and its wrong codes) as it is, its blanks too, unless a word of it wider
    than ``width`` columns is no path of the host's (``wtg.text.hostpaths.fits``: a game's
    name of 200 characters a stranger's mail gave, as `wtg status`'s headings); such a
    line is broken at its blanks (``wtg.text.hostpaths.fitted``), that word cut between
    its characters and a path of the host's (``paths``) whole, each line after the first
    begun with ``rest``."""
    if fits(text, width, paths, on_disk):
        return text
    lead = text[: len(text) - len(text.lstrip(" "))]
    room = width - max(len(lead), len(rest))
    first, *others = fitted(text.strip(" "), room, paths, on_disk)
    return "\n".join([lead + first, *(rest + piece for piece in others)])


def with_path(
    text: str,
    path: str,
    width: int = WIDTH,
    paths: Iterable[str] = (),
    on_disk: OnDisk | None = None,
) -> list[str]:
    """An item of a list the GM reads, in a terminal (`wtg status`) or the digest: ``text``
    (what a mail or its header said, every run of blanks and line breaks one space) broken
    at its blanks to ``width`` columns, its first line indented two spaces and the others
    four; a word wider than a line (a header's value without blanks) is cut between its
    characters, being read, not copied. Then ``path``, whole on a line of its own indented
    four, to be copied: on one line with a reason of 200 characters it reached 320."""
    return [*listed(text, width=width, paths=paths, on_disk=on_disk).split("\n"), f"    {path}"]


def path_then(
    path: str,
    text: str,
    width: int = WIDTH,
    paths: Iterable[str] = (),
    on_disk: OnDisk | None = None,
) -> list[str]:
    """``path`` whole on a line of its own indented two spaces, to be copied, then ``text``
    under it (what a mail's handling said: up to 300 characters) broken as ``with_path``
    breaks it, each line indented four."""
    said = listed(text, "    ", width=width, paths=paths, on_disk=on_disk)
    return [f"  {path}", *said.split("\n")]
