"""The copies of an order form in a mail text.

A reply holds the form more than once: the player's filled copy and the blank one
quoted from the report, above or below each other, at any quote depth. A *marked*
copy runs from a begin marker to the next end (or begin) marker. Outside them, a
header line starts a copy of its own (a form pasted without its markers). Order lines
typed outside any form, above or below the quoted report, make a copy without a header
(the player's bare lines), which may borrow the header of the one form the text quotes
(``wtg.aof.choose``; in a text that quotes no form they may be anyone's and are not read).
A report its client left unquoted under the reply (Outlook, a phone, a forward) is taken
as quoted from the line that says where it begins (``wtg.aof.original``), when a form
stands in it. Any other line outside the forms is
not the player's to read as orders: quoted text is the report, and unquoted order-like
lines among the quoted ones (a long quoted line's tail, which a client re-wrapped without
its prefix) make a *stray* copy, never read. The player's signature (the lines under a
``-- `` line of his, down to the quote or a form) is his name and numbers, never orders: a
business's ``T 020 7946 0958`` is no transformation.
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Callable, Sequence
from functools import cache
from typing import NamedTuple

from wtg.aof.invented import invented_label
from wtg.aof.mailtext import Header, MailLine, is_header_line, marker_pattern, read_header
from wtg.aof.original import ATTRIBUTION, ORIGINAL, forward_end, header_block, header_shaped
from wtg.aof.values import read_token
from wtg.core.form import FormSpec, SectionSpec
from wtg.core.settings import SettingSpec, setting_named

ORDER_LINE = re.compile(r"([A-Za-z]) ?([0-9]+)(.*)")
"""An order line inside a form: ``A1: 07 06 020``, ``A1 07 06 020``, ``M 2: ...``."""
_LOOSE_TAIL = re.compile(r" *[:.)]| +[0-9_]|[-=] *[0-9_]")
"""Outside a form a line is an order only when its label is followed by ``:``, ``.``,
``)``, a number, or ``-``/``=`` and a number (``M2- 07 06``, as the form reads it): "A1 is
what I meant" is prose."""
_SPACED_VALUE = re.compile(r" +[0-9]")
"""A line's tail of values without the colon after its label: ``Q1 2027``."""
_UNKNOWN_TAIL = re.compile(r" *: *[0-9_]")
"""A line of a letter the form has not, outside a form, is an order line (rejected with the
letters the form has, never dropped without a word) only when written as one: ``N2: 07``."""
SETTING_LINE = re.compile(r"([A-Za-z]{2,8}) *: *(.*)")
"""A setting line: ``MAP: off`` (``wtg.core.settings``); its word is no header key."""
_ONE_WORD = re.compile(r"[A-Za-z0-9]*[.!]?")
"""A setting's value typed outside a form: one word (``MAP: off``), a stop after it maybe;
a link (``Map: https://maps.app.goo.gl/x7Yz``, a business's signature) is no value."""


MAX_COPIES = 40
"""Copies of the form read from one text: a reply to a Duel report holds six, a mail of
thousands is no reply (the first ones are read, the rest is not)."""


class FormCopy(NamedTuple):
    depth: int
    marked: bool
    start: int
    """The line number where the copy starts (its begin marker, or its first line)."""
    header: Header | None
    lines: tuple[MailLine, ...]
    """The lines to read orders from."""
    stray: bool = False
    """Order-like lines outside every form that may not be the player's (unquoted lines
    among the quoted ones): never read, only said."""
    among: frozenset[int] = frozenset()
    """The numbers of lines written as a telephone number is (``spaced_among_orders``), or
    with a line's number left out or typed in letters (``mislabelled_among_orders``), that
    stand among the order lines typed: read as orders, and answered."""


def find_copies(form: FormSpec, lines: Sequence[MailLine]) -> list[FormCopy]:
    """Every copy of the form in a mail text's lines, in the order written."""
    copies: list[FormCopy] = []
    outside: list[MailLine] = []
    index = 0
    begins = marker_pattern(form.begin).fullmatch  # the marker's pattern found once
    never = _no_marker_starts(form.begin, form.end)

    def is_begin(text: str) -> bool:
        return text[:1] not in never and bool(begins(text))

    ends = marker_pattern(form.end).fullmatch
    lines = _original_quoted(lines, is_begin, lambda text: bool(ends(text)))
    signed = _signature(lines, is_begin)
    while index < len(lines):
        line = lines[index]
        if is_begin(line.text):
            copy, index = _marked(form, lines, index, signed)
            copies.append(copy)
        else:
            if line.number not in signed:
                outside.append(line)
            index += 1
    copies += _unmarked(form, outside, lines)
    typed = _typed_into_quote(form, lines, is_begin)
    if typed:
        copies.append(
            FormCopy(
                typed[0].depth,
                marked=False,
                start=typed[0].number,
                header=None,
                lines=typed,
                stray=True,
            )
        )
    return sorted(copies, key=lambda c: c.start)[:MAX_COPIES]


def _typed_into_quote(
    form: FormSpec, lines: Sequence[MailLine], begins: Callable[[str], bool]
) -> tuple[MailLine, ...]:
    """The order lines at the top of a quote, under its attribution at most: what a player
    typed with his cursor inside the quote of an HTML reply (Apple Mail, iOS Mail and Gmail
    put it into the quote's block). Quoted, they are not his to read as orders, and are
    stray (said, never read); a report's own lines start with its title."""
    found: list[MailLine] = []
    depth = 0
    leading = False
    for line in lines:
        if line.depth != depth:
            depth, leading = line.depth, line.depth > 0
        if not leading:
            continue
        if not line.text or (not found and ATTRIBUTION.fullmatch(line.text)):
            continue
        if begins(line.text) or not is_loose_line(form, line.text):
            leading = False
            continue
        found.append(line)
    return tuple(found)


def _original_quoted(
    lines: Sequence[MailLine], begins: Callable[[str], bool], ends: Callable[[str], bool]
) -> Sequence[MailLine]:
    """``lines``, the mail a reply answers taken as quoted (one level deeper) when the client
    left it unquoted under the reply with a form in it: from the line that says where it
    begins (``wtg.aof.original``: Outlook's ``From: ... Sent: ...``, ``-----Original
    Message-----``, a forward's line, an attribution over unquoted text) above an unquoted
    begin marker, down to the end of the text or to the line that ends a forward (mutt's
    and neomutt's ``----- End forwarded message -----``: ``forward_end``), or, for the
    host's own mail forwarded whole with its header lines (s-nail's ``forward``, which ends
    it with nothing: ``_own_mail_end``), to its last form's end marker. The player's lines
    above that line are his, as above a quoted report, and so are those under the
    original's end; the original's are not."""
    last = next((i for i in range(len(lines) - 1, -1, -1) if _unquoted_begin(lines[i], begins)), 0)
    texts = [line.text for line in lines[:last]]
    unquoted = [line.text if not line.depth else "" for line in lines]
    typed = False
    for index in range(last):
        line = lines[index]
        if line.depth:
            continue
        if (
            ORIGINAL.fullmatch(line.text)
            or header_block(texts, index)
            or header_shaped(texts, index)
            or (typed and ATTRIBUTION.fullmatch(line.text) and _unquoted_next(lines, index))
        ):
            end = forward_end(unquoted, index)
            end = end if end is not None else _own_mail_end(lines, index, last, ends)
            under = end + 1 if end is not None else len(lines)
            deeper = (line._replace(depth=line.depth + 1) for line in lines[index:under])
            return (*lines[:index], *deeper, *lines[under:])
        typed = typed or bool(line.text)
    return lines


OWN_MAILER = re.compile(r"x-mailer:\s*wtg\s*", re.IGNORECASE)
"""The header line of the host's own mail (``compose``'s ``X-Mailer: wtg``) as a client
that forwards a mail with its header lines (s-nail) writes it into the text."""
OWN_HEAD_LINES = 30
"""Lines under an original's head line looked at for its header lines."""


def _own_mail_end(
    lines: Sequence[MailLine], head: int, last: int, ends: Callable[[str], bool]
) -> int | None:
    """The index of the last form's end marker, unquoted, under ``last`` (the original's
    last begin marker), when the original under ``head`` is the host's own mail forwarded
    with its header lines (``OWN_MAILER`` among them, above its first empty line); else
    None. s-nail puts what its sender types under the whole original, with no line that
    ends it: a report ends with its forms and, under them, the prose of its map note, no
    order line; the lines under its last form are the sender's."""
    top = lines[head + 1 : head + 1 + OWN_HEAD_LINES]
    block = list(itertools.takewhile(lambda line: line.text and not line.depth, top))
    if not any(OWN_MAILER.fullmatch(line.text) for line in block):
        return None
    closing = [i for i in range(last + 1, len(lines)) if not lines[i].depth and ends(lines[i].text)]
    return closing[0] if closing else None


def _unquoted_begin(line: MailLine, begins: Callable[[str], bool]) -> bool:
    return not line.depth and begins(line.text)


def _unquoted_next(lines: Sequence[MailLine], index: int) -> bool:
    """Whether the next line of text after ``lines[index]`` is unquoted."""
    following = next((line for line in lines[index + 1 :] if line.text), None)
    return following is not None and not following.depth


SIGNATURE = "--"
"""The line above a signature (``-- ``, RFC 3676), as a line's text is: its spaces dropped."""


def _signature(lines: Sequence[MailLine], begins: Callable[[str], bool]) -> frozenset[int]:
    """The numbers of the lines of the player's signature: each unquoted line under a
    ``-- `` line of no quote depth, down to the next quoted line or begin marker (a client
    puts the signature above the quote, or under the whole reply)."""
    signed: set[int] = set()
    within = False
    for line in lines:
        if line.depth or begins(line.text):
            within = False
        elif within:
            signed.add(line.number)
        elif line.text == SIGNATURE:
            within = True
    return frozenset(signed)


def _marked(
    form: FormSpec, lines: Sequence[MailLine], begin: int, signed: frozenset[int] = frozenset()
) -> tuple[FormCopy, int]:
    """The copy from the begin marker at ``lines[begin]`` to the next end or begin marker
    (at any depth: a client may re-wrap or re-quote a line). Its lines are those quoted
    as deep as the marker or less: a player who fills in the quoted form may drop the
    ``> `` of the lines he edits, and text quoted deeper is what he quoted, not his. The
    lines of a signature (``signed``: a form pasted without its end marker runs on into
    it) are not the form's."""
    depth = lines[begin].depth
    body: list[MailLine] = []
    index = begin + 1
    marker = _markers(form.begin, form.end)
    never = _no_marker_starts(form.begin, form.end)
    while index < len(lines):
        line = lines[index]
        found = None if line.text[:1] in never else marker(line.text)
        if found is not None:
            if found["begin"] is None:  # the end marker ends the copy; a begin one starts the next
                index += 1
            break
        index += 1
        if line.depth <= depth and line.number not in signed:
            body.append(line)
    header = _first_header(body)
    return FormCopy(
        depth, marked=True, start=lines[begin].number, header=header, lines=tuple(body)
    ), index


@cache
def _markers(begin: str, end: str) -> Callable[[str], re.Match[str] | None]:
    """Whether a cleaned line is either marker, the begin one with its group ``begin`` set:
    a line of a copy is tested once, not once for each marker (the pattern is the two
    markers' patterns, one after the other: a line both would be is the begin marker)."""
    either = f"(?P<begin>{marker_pattern(begin).pattern})|{marker_pattern(end).pattern}"
    return re.compile(either, re.IGNORECASE).fullmatch


@cache
def _no_marker_starts(*markers: str) -> frozenset[str]:
    """The characters no line that is one of the markers starts with: a marker's pattern
    takes anything but ASCII letters and digits before its first word, so a line that
    starts with one is the marker only if it is that word's first letter (in either case).
    An empty line is no marker that has a word. Most lines of a form start so: their test
    costs a look at a character, not a pattern (that was most of finding the copies)."""
    words = [re.findall(r"[A-Za-z0-9]+", marker) for marker in markers]
    firsts = {found[0][0].lower() for found in words if found}
    ascii_alnum = string.ascii_letters + string.digits
    never = {c for c in ascii_alnum if c.lower() not in firsts}
    return frozenset(never | {""} if all(words) else never)


def _first_header(lines: Sequence[MailLine]) -> Header | None:
    for index, line in enumerate(lines):
        if is_header_line(line.text):
            return read_header(lines, index)[0]
    return None


def _unmarked(
    form: FormSpec, outside: Sequence[MailLine], lines: Sequence[MailLine]
) -> list[FormCopy]:
    """Copies among the lines outside every marked copy: one per header line (with the
    lines down to the next header at its depth), the player's own order lines (above or
    below the quoted text), and the stray ones (unquoted among the quoted lines)."""
    by_depth: dict[int, list[MailLine]] = {}
    for line in outside:
        by_depth.setdefault(line.depth, []).append(line)
    copies: list[FormCopy] = []
    for depth, at_depth in by_depth.items():
        starts = [i for i, line in enumerate(at_depth) if is_header_line(line.text)]
        if depth == 0 and not starts:
            among = spaced_among_orders(form, at_depth) | mislabelled_among_orders(form, at_depth)
            loose = [
                line for line in at_depth if line.number in among or is_loose_line(form, line.text)
            ]
            if loose:
                copies += _bare_and_stray(loose, lines, among)
            continue
        for number, start in enumerate(starts):
            first = 0 if number == 0 and depth == 0 else start
            stop = starts[number + 1] if number + 1 < len(starts) else len(at_depth)
            header = read_header(at_depth, start)[0]
            chunk = tuple(at_depth[first:stop])
            copies.append(
                FormCopy(depth, marked=False, start=chunk[0].number, header=header, lines=chunk)
            )
    return copies


def _bare_and_stray(
    loose: Sequence[MailLine], lines: Sequence[MailLine], among: frozenset[int] = frozenset()
) -> list[FormCopy]:
    """The unquoted order lines of a text outside every form: the player's own above the
    first quoted line or below the last (all of them in a text that quotes nothing), the
    stray ones in between, where a client that re-wraps a long quoted line leaves its tail
    unquoted (and so does a player's note among the quoted lines)."""
    quoted = [line.number for line in lines if line.depth]
    first, last = (quoted[0], quoted[-1]) if quoted else (0, 0)
    own = tuple(line for line in loose if not first < line.number < last)
    stray = tuple(line for line in loose if first < line.number < last)
    found = (
        [FormCopy(0, marked=False, start=own[0].number, header=None, lines=own, among=among)]
        if own
        else []
    )
    if stray:
        found.append(
            FormCopy(
                0,
                marked=False,
                start=stray[0].number,
                header=None,
                lines=stray,
                stray=True,
                among=among,
            )
        )
    return found


def setting_line(text: str, loose: bool = False) -> tuple[SettingSpec, str] | None:
    """The setting a cleaned line sets and the value written, or None when it is no
    setting line. ``loose``: the line stands outside any form, where only a line of one
    word after the colon is a setting ("Map: I like it" is prose)."""
    if ":" not in text or not text[1:2].isalpha():  # most lines: "B1: ..." is no setting
        return None
    match = SETTING_LINE.fullmatch(text)
    if match is None:
        return None
    setting = setting_named(match[1])
    if setting is None or (loose and not _ONE_WORD.fullmatch(match[2])):
        return None
    return setting, match[2]


def is_loose_order(form: FormSpec, text: str) -> bool:
    """A line outside any form that the player meant as an order of this form: any line
    written as one but a signature's telephone line (``spaced_number`` whose fields fit
    no order of the form, ``_spaced_order``), postcode or telephone line with its
    country's code (``_signature_line``). ``A12`` and ``A111 60 55``, lines too many, are
    answered, and so are ``A 01 60 55`` and ``A 111 60 55``, an order with its number
    spaced (``wtg.aof.parse`` says so)."""
    match = ORDER_LINE.fullmatch(text)
    if match is None or _signature_line(text):
        return False
    if spaced_number(form, match) and not _spaced_order(form, match):
        return False
    section = form.by_label(match[1])
    if section is None:
        return bool(_UNKNOWN_TAIL.match(match[3]))
    if _prose(section, match[3]):
        return False
    return bool(match[3] == "" or _LOOSE_TAIL.match(match[3]))


_PROSE_WORD = re.compile(r"[A-Za-z]{2,}[.,;!]?")


def _prose(section: SectionSpec, tail: str) -> bool:
    """Whether a line outside any form written as line ``section`` without its colon is a
    player's prose (``Q1 2027 results``, ``A2 2027 budget approved``): a number after its
    line number that its first blank does not take, and a word after it. An order written
    so, its first value fitting (``A2 60 55 010 armies``), is read (and answered). A
    blank that takes a name (a Tactics army line's piece, by name or by its number in the
    report's list) takes no number of more than ``_LISTED_DIGITS`` digits: ``A2 2027
    budget approved`` is prose there too."""
    if not _SPACED_VALUE.match(tail) or not section.fields:
        return False
    values = tail.split()
    if not any(_PROSE_WORD.fullmatch(value) for value in values[1:]):
        return False
    first = section.fields[0]
    if first.word and values[0].isdigit():
        return len(values[0].lstrip("0")) > _LISTED_DIGITS
    return read_token(first, values[0])[0] is None


_LISTED_DIGITS = 2
"""The digits of a number from a list in the report that a name blank takes (a Tactics
piece's kind, 1 to the kinds there are): a year's four are none."""


_POSTCODE = re.compile(r"[A-Za-z][0-9][A-Za-z0-9]? [0-9][A-Za-z]{2}")
"""A British postcode of one letter (``M1 1AE``, ``B1 1AA``, ``E14 5AB``), on a line of its
own under the town in a signature's address: no order line's values start with a digit
and two letters."""

_COUNTRY_CODE_FIRST = re.compile(r"[A-Za-z] 1[-. ][2-9][0-9]{2}[-. ][0-9]{3}[-. ][0-9]{4}(?: .*)?")
"""An American telephone line with the country's code first (``T 1-800-555-0199``, ``M
1.212.555.0147``, ``T 1 212 555 0148 x204``): it reads as line T1 or M1, but no order's
values are three digits, three and four."""


def _signature_line(text: str) -> bool:
    """Whether a line outside any form that starts as an order line is a signature's
    postcode (``_POSTCODE``) or telephone line with its country's code first
    (``_COUNTRY_CODE_FIRST``)."""
    return bool(_POSTCODE.fullmatch(text) or _COUNTRY_CODE_FIRST.fullmatch(text))


def spaced_number(form: FormSpec | None, match: re.Match[str]) -> bool:
    """Whether a line outside any form (``ORDER_LINE``'s match) is written as a signature's
    telephone line, as Apple Mail and Outlook add one without a ``-- `` above: a letter, a
    space, and a number no line of the form has, more digits than its lines' numbers have
    or a leading zero (``T 020 7946 0958``, ``M 07700 900123``, ``T 212-555-0147``, a
    French ``T 01 23 45 67 89``), no colon after it. A player writes an order's label as
    the form does, its number against its letter: ``A111 60 55`` and ``A111: 60 55 010``
    are lines too many, answered."""
    number = match[2]
    if match.start(2) == match.end(1) or match[3].startswith(":"):
        return False
    return len(number) > _number_digits(form) or (len(number) > 1 and number[0] == "0")


def spaced_fields(match: re.Match[str]) -> list[str]:
    """The fields written after a ``spaced_number`` line's number (a ``.``, ``)``, ``-`` or
    ``=`` right after it aside), as the form's blanks are separated."""
    rest = match[3].lstrip()
    if rest[:1] in (".", ")", "-", "="):
        rest = rest[1:]
    return rest.replace(",", " ").replace(";", " ").split()


def _spaced_order(form: FormSpec, match: re.Match[str]) -> bool:
    """Whether a ``spaced_number`` line has the shape of an order of the form: its letter
    one of the form's, then at least one field and no more than its lines have, each one
    its blank takes (``A 01 60 55 010``, ``A 111 60 55``). A telephone line's groups fit
    none (``T 01 23 45 67 89``: four of them; ``T 02 123 45 67``: no province is 123).
    On a map whose province blanks take 3 or 4 digits, the groups of ``M 212 555 0147``,
    ``M 020 7946 0958`` or ``M 0412 345 678`` fit a move's FROM and TO: a line of two
    groups or more, each of 3 digits or more, and fewer than the line's blanks, is taken
    for a telephone number (``_telephone_groups``), unless it stands among the order lines
    typed (``spaced_among_orders``). An order so spaced fills every blank (``A 01 1234
    1235 010``) or has a short number among them (``A 111 60 55``)."""
    return _spaced_fits(form, match) and not _telephone_groups(form, match)


def _spaced_fits(form: FormSpec, match: re.Match[str]) -> bool:
    """Whether each field of a ``spaced_number`` line is one its blank takes, its letter one
    of the form's, and its fields at least one and no more than its lines have."""
    section = form.by_label(match[1])
    fields = spaced_fields(match)
    if section is None or not 0 < len(fields) <= len(section.fields):
        return False
    pairs = zip(section.fields, fields, strict=False)  # fields left blank: fewer tokens
    return all(read_token(spec, token)[0] is not None for spec, token in pairs)


def _telephone_groups(form: FormSpec, match: re.Match[str]) -> bool:
    """Whether a spaced line's fields are a telephone number's groups: two or more, each of
    3 digits or more, fewer than its line's blanks (``M 020 7946 0958``)."""
    section = form.by_label(match[1])
    fields = spaced_fields(match)
    blanks = len(section.fields) if section is not None else 0
    return 2 <= len(fields) < blanks and all(len(field) >= 3 for field in fields)


def spaced_among_orders(form: FormSpec, lines: Sequence[MailLine]) -> frozenset[int]:
    """The numbers of the unquoted lines written as a telephone number is whose groups fit
    the blanks of an order of the form (``_spaced_fits``, ``_telephone_groups``: ``A 111
    1234 1235``, ``A 01 1234 1235`` on a map of four-digit provinces, the armies left out)
    that stand among order lines the player typed: a line next to one that is an order
    line of the form (``is_loose_order``), or next to such a line that is. A signature's
    telephone lines stand under a name or a company's, never against an order line; an
    order line the player typed so is answered, not dropped without a word."""
    return _among_orders(lines, lambda text: _spaced_kind(form, text))


MISLABELLED = re.compile(r"([A-Za-z]) ?([lIi|!oO]*) *[:.)=] *[0-9_][0-9_ ,;/]*")
"""A line of the form whose number was left out (``A: 2 5 10``) or typed with letters that
look like digits (``Al: 2 5 10``, an l or an I for the 1; an O for a 0): answered in a form
(``wtg.aof.parse``), and outside one when it stands among order lines the player typed
(``mislabelled_among_orders``), where it was passed over as prose, its orders lost."""


def mislabelled_among_orders(form: FormSpec, lines: Sequence[MailLine]) -> frozenset[int]:
    """The numbers of the unquoted ``MISLABELLED`` lines of a letter of the form, and of the
    lines of a label it has not meant as one of its orders (``Move: 2 6 3 5``,
    ``wtg.aof.invented``), that stand among order lines the player typed (next to one, or
    next to such a line that is): read and answered as a form's are. One alone ("P: 5" in
    a signature) stays prose."""
    return _among_orders(lines, lambda text: _mislabelled_kind(form, text))


def _mislabelled_kind(form: FormSpec, text: str) -> bool | None:
    """True for an order line of the form, False for a ``MISLABELLED`` line or one of a
    label it has not meant as one of its orders, None for any other line."""
    if is_loose_order(form, text):
        return True
    if _mislabelled_line(form, text):
        return False
    return None


def _among_orders(
    lines: Sequence[MailLine], kind_of: Callable[[str], bool | None]
) -> frozenset[int]:
    """The numbers of the unquoted lines ``kind_of`` calls False (a line that may be an
    order) that stand in a run of unquoted lines next to each other, one of which it calls
    True (an order line of the form); a line it calls None ends a run."""
    found: set[int] = set()
    run: list[tuple[int, bool]] = []  # (number, is an order line) of lines next to each other
    last = -1
    for line in [*lines, MailLine(-2, 0, "")]:
        kind = kind_of(line.text) if line.text and not line.depth else None
        if kind is None or line.number != last + 1:
            if any(order for _number, order in run):
                found.update(number for number, order in run if not order)
            run = []
        if kind is not None:
            run.append((line.number, kind))
        last = line.number
    return frozenset(found)


def _mislabelled_line(form: FormSpec, text: str) -> bool:
    """Whether a line is a ``MISLABELLED`` one of a letter of the form, or one of a label
    the form has not meant as one of its orders (``invented_label``)."""
    match = MISLABELLED.fullmatch(text)
    if match is not None and form.by_label(match[1]) is not None:
        return True
    return invented_label(form, text) is not None


def spaced_alone(form: FormSpec, lines: Sequence[MailLine]) -> tuple[MailLine, ...]:
    """The unquoted lines written as a telephone number is whose groups fit the blanks of
    an order of the form (``A 111 1234 1235`` on a map of four-digit provinces) that stand
    away from every order line (``spaced_among_orders`` reads those next to one) and under
    no text: the mail's first line, or one after a blank line. A signature's telephone
    lines stand under a name or a company's; these are never read, but the answer to a
    mail that gave no orders names them (``wtg.game.intake``), not dropped without a word."""
    among = spaced_among_orders(form, lines)
    above: MailLine | None = None
    found: list[MailLine] = []
    for line in lines:
        if line.depth:
            above = None
            continue
        # under nothing, a blank line, or such a line found itself (never under a name)
        lone = above is None or not above.text or (bool(found) and found[-1] is above)
        if line.number not in among and _spaced_kind(form, line.text) is False and lone:
            found.append(line)
        above = line
    return tuple(found)


def _spaced_kind(form: FormSpec, text: str) -> bool | None:
    """True for an order line of the form, False for a line written as a telephone number
    whose groups fit an order's blanks, None for any other line."""
    if is_loose_order(form, text):
        return True
    match = ORDER_LINE.fullmatch(text)
    if match is None or _signature_line(text) or not spaced_number(form, match):
        return None
    if _spaced_fits(form, match) and _telephone_groups(form, match):
        return False
    return None


def _number_digits(form: FormSpec | None) -> int:
    """The digits a line number typed outside the form may have: two, or those of the
    form's highest line number (two when no form is known)."""
    if form is None:
        return 2
    return max(2, len(str(max((section.lines for section in form.sections), default=1))))


def reads_as_order(text: str) -> bool:
    """Whether a cleaned line outside any form is an order line of some form
    (``is_loose_order`` with every letter a label): a label and a number written as an
    order's (``T1: 01 1 50``, ``a2) 7``, ``M 2- 07 06``), anything after them. A line of
    the label and number alone (``T1``) is left out: it orders nothing."""
    match = ORDER_LINE.fullmatch(text)
    return match is not None and _LOOSE_TAIL.match(match[3]) is not None


def typed_order_lines(lines: Sequence[MailLine], forms: Sequence[FormSpec] = ()) -> list[MailLine]:
    """The unquoted lines of a mail's text that read as order lines of some form
    (``reads_as_order``), telephone lines and postcodes aside (``spaced_number``, no form
    known: a line number has two digits at most), but for an order of one of ``forms``
    written with its number spaced (``A 01 60 55 010``: ``is_loose_order``), and a line of
    prose for each of ``forms`` that has its letter (``Q1 2027 results``: ``_prose``): what
    its sender typed as orders, said back to him when no form is found to read them with
    (one written as a telephone number is among them too: ``spaced_among_orders``)."""
    found = []
    among = frozenset().union(*(spaced_among_orders(f, lines) for f in forms))
    for line in lines:
        if line.depth or not reads_as_order(line.text):
            continue
        match = ORDER_LINE.fullmatch(line.text)
        if match is None or _signature_line(line.text):
            continue
        if (
            spaced_number(None, match)
            and line.number not in among
            and not any(is_loose_order(f, line.text) for f in forms)
        ):
            continue
        sections = [s for f in forms if (s := f.by_label(match[1])) is not None]
        if sections and all(_prose(section, match[3]) for section in sections):
            continue  # "Q1 2027 results", in every form of his games
        found.append(line)
    return found


def is_loose_line(form: FormSpec, text: str) -> bool:
    """A line outside any form that the player meant for this form: an order or a setting."""
    return is_loose_order(form, text) or setting_line(text, loose=True) is not None
