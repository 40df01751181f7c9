"""A mail text as a player's client left it: numbered lines with their quote depth, the
form's markers and the GAME/TURN/PLAYER/CODE header, read the same tolerant way by the
mail extractor and by the intake of orders.

A line's quote depth counts its ``>`` and ``|`` prefixes (``> > B1``, ``>>B1`` and
``| B1`` are depth 2, 2 and 1); its text is what follows, every Unicode space a plain
one, invisible characters gone, no surrounding spaces. Line numbers are those of the
text as the player wrote it (1-based), so an answer can point at them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache, partial
from typing import NamedTuple

from wtg.aof.values import read_number
from wtg.core.formatchars import without_format
from wtg.core.textwidth import text_width, wrapped_to_columns

BEGIN_MARKER = "=== BEGIN AOF ==="
END_MARKER = "=== END AOF ==="
"""The markers around every form (each form spec names them; a test holds them equal)."""
HEADER_KEYS = ("game", "turn", "player", "code")
HEADER_HINT = "keep the GAME/TURN/PLAYER/CODE header as it was sent to you"
MAX_NUMBER_DIGITS = 6
MAX_LINES = 20_000
"""Lines of a text that are read: a reply quoting a report has a few hundred; what
comes after this many lines is no form a player wrote (and would cost memory)."""

OTHER_SPACE = re.compile(r"[^\S\n ]")  # every other Unicode space, as str.isspace() counts them
_ASCII_SPACES = "\t\x0b\x0c\x1c\x1d\x1e\x1f"
"""The ASCII characters ``OTHER_SPACE`` matches once the line ends are LF."""
_PREFIX = re.compile(r"[ >|]*")  # one class, no group: a group repeated 500,000 times
# costs the regex engine a frame each
_QUOTE_STARTS = frozenset((" ", ">", "|"))
_QUOTE_MARKS = frozenset((">", "|"))
_KEY = re.compile(r"\b(GAME|TURN|PLAYER|CODE) *:", re.IGNORECASE)


class MailLine(NamedTuple):
    """A line of a mail text: a plain tuple, as a mail has many of them."""

    number: int
    depth: int
    text: str


@lru_cache(maxsize=4)
def mail_lines(text: str) -> tuple[MailLine, ...]:
    """Every line of ``text`` (the first MAX_LINES) with its number, quote depth and
    cleaned text. The extractor, the poller and each game a mail names read the same
    text: it is split once."""
    rows = _cleaned(text).split("\n", MAX_LINES)[:MAX_LINES]
    return tuple(
        _quoted_line(number, row)
        if row[:1] in _QUOTE_STARTS
        else _new_line((number, 0, row.rstrip(" ")))  # most lines: no prefix to look at
        for number, row in enumerate(rows, start=1)
    )


_new_line = partial(tuple.__new__, MailLine)
"""A MailLine made in C: ``MailLine(...)`` runs a Python ``__new__``, a third of the cost
of reading a mail's lines."""


def _quoted_line(number: int, row: str) -> MailLine:
    text = row.lstrip(" ")
    if text[:1] not in _QUOTE_MARKS:  # indented, not quoted (a form's column titles)
        return _new_line((number, 0, text.rstrip(" ")))
    prefix = _PREFIX.match(row)
    assert prefix is not None  # the pattern matches the empty string
    depth = prefix[0].count(">") + prefix[0].count("|")
    return _new_line((number, depth, row[prefix.end() :].rstrip(" ")))


def _cleaned(text: str) -> str:
    """``text`` with LF line ends, no invisible characters and every odd space a plain one.
    Cheap checks first: most texts come from the extractor (LF ends already) and are ASCII,
    so they need none of it, and the checks spare them a regex over every character."""
    if "\r" in text:  # the lines first: "\r\xad\n" is two line ends
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.isascii():
        text = without_format(text)
    elif not any(space in text for space in _ASCII_SPACES):
        return text
    return OTHER_SPACE.sub(" ", text)


# --- markers ------------------------------------------------------------------------------
@cache
def marker_pattern(marker: str) -> re.Pattern[str]:
    """A line that is the marker, case, spacing and the run of ``=`` around it aside:
    ``=== BEGIN AOF ===``, ``# === begin aof ===``, ``==BEGIN AOF==``, ``BEGIN  AOF``."""
    words = re.findall(r"[A-Za-z0-9]+", marker)
    core = r" *".join(re.escape(word) for word in words)
    return re.compile(rf"[^A-Za-z0-9]*{core}[^A-Za-z0-9]*", re.IGNORECASE)


def has_marker(marker: str, text: str) -> bool:
    """Whether a line of ``text`` is the marker (a text without the marker's first word
    has none, and most texts are found so at once)."""
    word = _first_word(marker)
    if word is None or word not in text.casefold():
        return False
    matches = marker_pattern(marker).fullmatch  # found once, not once a line
    return any(matches(line.text) for line in mail_lines(text))


@cache
def _first_word(marker: str) -> str | None:
    """The first word of a marker, case-folded (found once a marker, not once a text)."""
    words = re.findall(r"[A-Za-z0-9]+", marker)
    return words[0].casefold() if words else None


# --- the header -------------------------------------------------------------------------
class Header(NamedTuple):
    """The GAME/TURN/PLAYER/CODE header of a form as written, keys lower-case, and the
    numbers of the lines it was read from (more than one when a client wrapped it)."""

    values: dict[str, str]
    lines: tuple[int, ...]

    def where(self) -> str:
        if len(self.lines) == 1:
            return f"line {self.lines[0]}"
        return f"lines {self.lines[0]}-{self.lines[-1]}"

    def missing(self) -> list[str]:
        return [key for key in HEADER_KEYS if key not in self.values]


def header_keys(text: str) -> set[str]:
    """The header keys a cleaned line holds."""
    if ":" not in text:  # most lines: no key at all
        return set()
    return {match[1].lower() for match in _KEY.finditer(text)}


def is_header_line(text: str) -> bool:
    """A line that starts a header: it names the GAME, or holds two header keys. A report's
    "Attacks next turn: 3" is no header."""
    keys = header_keys(text)
    return "game" in keys or len(keys) >= 2


def read_header(lines: Sequence[MailLine], start: int) -> tuple[Header, int]:
    """The header starting at ``lines[start]`` (a header line) and the index after it.

    A client that hard-wraps a long header line moves its tail to the next line: a key
    left without a value takes the first word of the next line when that line holds no
    key of its own, and a next line holding keys not yet read continues the header. The
    tail of a quoted line may lose its quote prefix (a client that wraps the reply after
    quoting it): a line quoted less deeply continues the header too, never a deeper one."""
    values: dict[str, str] = {}
    used = [lines[start].number]
    dangling = _read_pairs(lines[start].text, values, None)
    index = start + 1
    while index < len(lines) and len(used) < 3:
        line = lines[index]
        if line.depth > lines[start].depth or not line.text:
            break
        keys = header_keys(line.text)
        if keys & values.keys() or not (keys or dangling):
            break
        first = _KEY.search(line.text)
        before = line.text[: first.start()] if first else line.text
        if dangling and len(before.split()) != 1:
            break  # not the wrapped tail of the header: a value is simply missing
        dangling = _read_pairs(line.text, values, dangling)
        used.append(line.number)
        index += 1
    return Header(values, tuple(used)), index


def _read_pairs(text: str, values: dict[str, str], dangling: str | None) -> str | None:
    """Read the ``KEY: value`` pairs of a line into ``values`` (a key read before keeps
    its first value); ``dangling``, a key the line before left without a value, takes
    the word before the first key. Returns the key this line leaves without a value."""
    matches = list(_KEY.finditer(text))
    if dangling is not None:
        head = text[: matches[0].start()] if matches else text
        if head.split():
            values.setdefault(dangling, head.split()[0])
    dangling = None
    for index, match in enumerate(matches):
        stop = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        value = text[match.end() : stop].strip()
        key = match[1].lower()
        if value and key != "game":
            value = value.split()[0]
        elif value:
            value = game_value(value)
        if value:
            values.setdefault(key, value)
        elif index + 1 == len(matches) and key not in values:
            dangling = key
    return dangling


_OPENING_QUOTES = frozenset("\"'\u201c\u201e\u2018\u201a\u00ab")
_CLOSING_QUOTES = frozenset("\"'\u201d\u201c\u2019\u2018\u00bb")


def game_value(value: str) -> str:
    """A game's name as a mail writes it (after ``GAME:``), as the host reads it: without
    format characters (``g1\u2063`` is ``g1``: ``wtg.core.formatchars``) or the blanks
    around it, and without one pair of quotes around it (``"g1"``, ``'g1'``, ``\u201cg1\u201d``):
    who quotes a name means the name, and no game's name holds a quote."""
    plain = without_format(value).strip()
    if len(plain) > 1 and plain[0] in _OPENING_QUOTES and plain[-1] in _CLOSING_QUOTES:
        plain = plain[1:-1].strip()
    return plain


def header_number(value: str) -> int | None:
    """A header number (TURN, PLAYER) as written: ASCII digits only, a few of them."""
    return read_number(value, MAX_NUMBER_DIGITS)


_GAME_NAMED = re.compile(r"\bGAME *: *(\S.*?)(?= +(?:TURN|PLAYER|CODE) *:| *$)", re.I | re.M)
"""What ``games_glanced`` reads, as one regex (tests/aof/test_mailtext_fast.py holds them
equal): the value after ``GAME:``, up to the spaces before the next ``TURN:``, ``PLAYER:``
or ``CODE:`` of its line, or to the line's end and its trailing spaces. Run as it is, its
lazy value tries the look-ahead at every character, and the look-ahead runs over the spaces
after it: a run of spaces after a value took time that grew with the square of its length."""
_GAME_KEY = re.compile(r"\bGAME *: *(?=\S)", re.I)
"""``GAME:`` and the spaces after it, where a value follows (``_GAME_NAMED``'s start)."""
_VALUE_END = re.compile(r" (?:TURN|PLAYER|CODE) *:|\n", re.I)
"""The first place after a value's first character that may end it: a space before the next
key of the line (the value ends with the spaces before it), or the line's end."""


def games_glanced(texts: Sequence[str]) -> list[str]:
    """The names after every ``GAME:`` of a mail's texts, lower-cased, at a glance (one
    pass over the text, no line split): enough to find the games a mail is for; the
    intake reads the headers whole."""
    names = (game_value(name).lower() for text in texts for name in _games_named_in(text))
    return [name for name in dict.fromkeys(names) if name]


def _games_named_in(text: str) -> Iterator[str]:
    """What ``_GAME_NAMED.finditer(text)`` finds (each match's value), each character read a
    bounded number of times: ``GAME:`` looked for only where a "game" (any case) starts
    (under re.IGNORECASE the regex engine has no fast search and tries every character,
    where ``str.find`` over the lower-cased text skips to the few places), the value's end
    by one search from its first character."""
    if "\u0130" in text:  # the one character whose lower case is two: places would move
        found = _GAME_KEY.search(text)
        while found is not None:
            value, end = _value_at(text, found.end())
            yield value
            found = _GAME_KEY.search(text, end)
        return
    lowered = text.lower()  # "GAME" under re.I matches no character outside ASCII
    start = lowered.find("game")
    while start >= 0:
        key = _GAME_KEY.match(text, start)  # \b still sees the character before
        if key is None:
            start = lowered.find("game", start + 1)
            continue
        value, end = _value_at(text, key.end())
        yield value
        start = lowered.find("game", end)


def _value_at(text: str, begin: int) -> tuple[str, int]:
    """The value that starts at ``begin`` (a character that is no space) and where it ends:
    before the spaces of the next key of its line, or of the line's end."""
    found = _VALUE_END.search(text, begin + 1)
    if found is None or found[0] == "\n":
        stop = len(text) if found is None else found.start()
        value = text[begin:stop].rstrip(" ")
    else:
        value = text[begin : found.start()].rstrip(" ")
    return value, begin + len(value)


_CODE_VALUE = re.compile(r"\bCODE *: *(\S+)", re.I)
"""A header's code: ``CODE:`` and the word after it."""


def codes_hidden(text: str, kept: str) -> str:
    """``text`` with the code of every header in it starred out, but ``kept`` (any case):
    a report of an earlier turn mailed to a player who took the seat over holds the
    quitter's code in its form."""
    return _CODE_VALUE.sub(
        lambda found: (
            found[0]
            if found[1].upper() == kept.strip().upper()
            else found[0][: found.start(1) - found.start()] + "*" * len(found[1])
        ),
        text,
    )


def header_codes(text: str) -> list[str]:
    """The CODE of every header in ``text``, as written (one starred out by ``codes_hidden``
    as its stars), in order."""
    return _CODE_VALUE.findall(text)


def game_named(text: str) -> str | None:
    """The GAME of the first header in ``text`` that names one: its first word, as written
    (or None)."""
    named = (header.values.get("game", "").split() for header in headers_in(mail_lines(text)))
    return next((words[0] for words in named if words), None)


def headers_in(lines: Sequence[MailLine]) -> Iterator[Header]:
    """Every header in a text, in the order written."""
    index = 0
    while index < len(lines):
        if is_header_line(lines[index].text):
            header, index = read_header(lines, index)
            yield header
        else:
            index += 1


# --- another's text beside a form --------------------------------------------------------
INERT_WIDTH = 60
"""Characters of another's text on a line of a report: quoted (``> ``) and prefixed, a line
stays short of the 72 at which a client may re-wrap a quoted line and leave its tail
unquoted."""


def inert_lines(text: str, tag: str) -> list[str]:
    """Someone else's text (a player's press) as the lines a report prints beside the
    player's own form, each ``<tag>| <line>``: ``tag`` starts with a digit (the writer's
    number), so no line starts with a letter (an order or a setting line does) or is only
    a marker (which has no digit before its words); a header key (``GAME:``, ``CODE:``, as
    the intake would read it, full-width letters and invisible characters too) loses its
    colon (``GAME -``); and a long line is wrapped at its blanks to ``INERT_WIDTH``
    columns (``wrapped_to_columns``: a Chinese letter, a full-width one, a wide emoji or a
    Hangul filler that shows as a blank fills two, an accent after its letter none: a line
    of wide letters wrapped at 60 characters was 120 columns, wider than a reader's screen,
    which wrapped it again and showed its tail at the start of a row, without the tag).
    Whatever a reply does with the report (quote it, or not), no line of it reads as part
    of a form, and every row of it a reader sees starts with its tag."""
    if not tag[:1].isdigit():
        raise ValueError(f"the tag of another's text starts with a digit, not {tag!r}")
    shown: list[str] = []
    for line in text.expandtabs().splitlines() or [""]:  # a tab as the blanks it shows
        fits = text_width(line) <= INERT_WIDTH
        pieces = [line] if fits else wrapped_to_columns(line, INERT_WIDTH)
        shown += [f"{tag}| {_defused(piece)}".rstrip() for piece in pieces]
    return shown


def header_key_in(text: str) -> str | None:
    """The first key of a form's header (``GAME:``, ``CODE:``, ...) that ``text`` holds
    however a mail's reader cleans it (``_read_as``), upper-case, colon and all; None when
    it holds none. A player's name holding one is refused: the host prints it on a line of
    its own mails (``From <name> (player 3)``), where it would read as a form's header."""
    found = _KEY.search(_read_as(text)[1])
    return None if found is None else f"{found[1].upper()}:"


def _read_as(line: str) -> tuple[str, str]:
    """``line`` as a mail's reader cleans it (compatibility forms, full-width letters, as
    ASCII; invisible characters gone), and that again with any other character but a
    letter, a digit or the colon taken for a space (a tab is one, a control character
    separates words): the header keys are looked for in the second, which is as long."""
    base = "".join(c for c in unicodedata.normalize("NFKC", line) if not _invisible(c))
    return base, "".join(c if c.isalnum() or c in ":_" else " " for c in base)


def _defused(line: str) -> str:
    """A line without a header key however a mail's reader cleans it (``_read_as``). The
    colon of each key found so becomes `` -``."""
    base, read = _read_as(line)
    colons = [match.end() - 1 for match in _KEY.finditer(read)]
    if not colons:
        return line
    for colon in reversed(colons):
        base = f"{base[:colon]} -{base[colon + 1 :]}"
    return base


def _invisible(char: str) -> bool:
    return unicodedata.category(char) == "Cf"
