"""Which copy of the form in a mail carries the player's intent, for each side it names.

A reply holds the blank form it answers, quoted, above or below the player's own copy;
a Duel player's mail holds one form a colour; a player may type bare order lines above
the quote, fill in the quoted form, or attach the form. For each side (the header's
PLAYER), the copy with order lines wins over a blank one, the least quoted over a more
quoted one, the mail's body over an attachment over an HTML part, then the first
written. Forms are sent blank (a test checks every ruleset), so a copy that differs
from the one sent is one with order lines.

The form a player's orders are read from is the one carrying his own code: of a side's
copies, those whose header passes the door's check of the code (``carries_code``) come
first, so a copy that only names the side (another player's press printed in the report
with a header line, say) never displaces the player's own form. No copy takes a code it
does not carry, but for one: the order lines the player typed above or below the quoted
report (``wtg.aof.copies``, bare lines) take the header of the one form that text quotes (a
reply to a Duel report, quoting three colours' forms, is ambiguous and refused). Order
lines the player typed outside the form he filled in are not read, and each is answered
with its line number; order-like lines that may be anyone's (unquoted among the quoted
lines, or in a text that quotes no form: an HTML reply without a blockquote, a report
attached; an original a client left unquoted under its separator counts as quoted,
``wtg.aof.copies``) are never read, and the answer says so in a note.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from wtg.aof.copies import FormCopy, find_copies
from wtg.aof.mailtext import Header, header_number, mail_lines
from wtg.aof.parse import carries_orders, read_copy
from wtg.core.form import FormSpec
from wtg.core.orders import ParseOutcome, RawEntry, Verdict
from wtg.core.printable import printable


def _anything(_item: Found) -> bool:
    return True


class Found(NamedTuple):
    """A copy of the form, where it is, and what it says."""

    part: int
    """Which text of the mail (0: the body; attachments and HTML parts after it)."""
    copy: FormCopy
    outcome: ParseOutcome
    header: dict[str, str]
    """The header as written, or as borrowed from the form the copy answers."""
    borrowed: bool = False

    @property
    def filled(self) -> bool:
        return carries_orders(self.outcome)

    def rank(self) -> tuple[int, int, int, bool, int]:
        return (not self.filled, self.copy.depth, self.part, not self.copy.marked, self.copy.start)


class Choice(NamedTuple):
    """The copy chosen for one side (``side`` None: a copy whose PLAYER cannot be read),
    the order lines the player wrote outside it, and notes on other copies not read."""

    side: int | None
    found: Found
    outside: tuple[Verdict, ...]
    notes: tuple[str, ...] = ()


def find_all(
    form: FormSpec, texts: Sequence[str], carries_code: Callable[[Found], bool] | None = None
) -> list[Found]:
    """Every copy of the form in the texts of a mail, with its header (bare lines with the
    header of the form their text quotes: one carrying its code, ``carries_code``, if one
    does)."""
    found = [
        Found(index, copy, read_copy(form, copy), dict(copy.header.values) if copy.header else {})
        for index, text in enumerate(texts)
        for copy in find_copies(form, mail_lines(text))
    ]
    return [_borrow(item, found, carries_code or _anything) for item in found]


def _bare(item: Found) -> bool:
    """The order lines the player typed above or below the quoted report: no form's."""
    copy = item.copy
    return not copy.marked and copy.header is None and not copy.stray


def _borrow(item: Found, found: Sequence[Found], carries_code: Callable[[Found], bool]) -> Found:
    """Bare lines take the header of the one form their text quotes: a copy between the
    markers, quoted, whose header names the game, the player and the code (of the quoted
    forms that carry their code, when any does). Nothing else borrows: a header that lacks
    the code stays without it, and lines above the forms of two games (each game's reading
    finds its own form the one that carries its code) are neither's."""
    if not _bare(item) or not item.filled:
        return item
    quoted = _quoted_forms(item, found)
    if len({_identity(other.header)[0] for other in quoted}) > 1:
        return item  # the reports of two games: the lines may be for either
    quoted = [other for other in quoted if carries_code(other)] or quoted
    donors = {(_identity(other.header), other.header.get("code")): other.header for other in quoted}
    if len(donors) != 1:
        return item
    (donor,) = donors.values()
    return item._replace(header=dict(donor), borrowed=True)


def _quoted_forms(item: Found, found: Sequence[Found]) -> list[Found]:
    """The forms quoted in the text of ``item``, each with a header that names the game, the
    player and the code."""
    return [
        other
        for other in found
        if other.part == item.part
        and other.copy.marked
        and other.copy.depth > 0
        and _complete(other.copy.header)
    ]


def _complete(header: Header | None) -> bool:
    return header is not None and all(k in header.values for k in ("game", "player", "code"))


def _identity(header: dict[str, str]) -> tuple[str, int | None]:
    return (header.get("game", "").strip().lower(), _side(header))


def _side(header: dict[str, str]) -> int | None:
    written = header.get("player")
    return None if written is None else header_number(written)


def choose(
    found: Sequence[Found], carries_code: Callable[[Found], bool] = _anything
) -> list[Choice]:
    """The copy that carries the player's intent, for every side named in the mail: of its
    copies, one whose header carries the side's code (``carries_code``) when there is one."""
    by_side: dict[int | None, list[Found]] = {}
    unread: list[Found] = []
    for item in found:
        if item.copy.stray or _orphan(item, found):
            unread.append(item)
        elif item.header or item.filled:
            by_side.setdefault(_side(item.header), []).append(item)
    strays = _strays(unread)
    choices = []
    for side, items in by_side.items():
        best = min([i for i in items if carries_code(i)] or items, key=Found.rank)
        if side is None and not best.filled:
            continue
        # a filled copy in the quote is the player's too when he typed lines above it: he
        # filled in the quoted form and wrote a line more; the lines typed are read
        own = [
            i for i in items if i is not best and i.filled and (i.copy.depth == 0 or _bare(best))
        ]
        # the player's bare lines beside the form he filled in, in its text, are his lines
        # not read; another text of the mail (its HTML part: the same lines again, most
        # often) is only said not to have been read
        lines = [item for item in own if item.copy.header is None and item.part == best.part]
        outside = [verdict for item in lines for verdict in _outside(item, best)]
        unread = [item for item in own if item not in lines and not _again(item, best)]
        said = dict.fromkeys(_unread(item, best, carries_code) for item in unread)
        choices.append(Choice(side, best, tuple(outside), (*said, *strays)))
    return sorted(choices, key=lambda c: (c.found.part, c.found.copy.start))


def _again(item: Found, best: Found) -> bool:
    """Whether a copy in another text of the mail is the chosen one again: the same header,
    orders, settings and lines not read, as the HTML part of a mail sent as plain text and
    HTML holds them (Gmail, Thunderbird, Apple Mail, Outlook). Nothing of it is said: the
    player filled in one form."""
    return (
        item.part != best.part
        and item.header == best.header
        and _read_as(item.outcome) == _read_as(best.outcome)
    )


def _read_as(outcome: ParseOutcome) -> list[list[tuple[str, object]]]:
    """What a copy's lines read as, wherever they stand in its text."""
    entries: list[tuple[str, object]] = [(e.section, e.values) for e in outcome.entries]
    settings: list[tuple[str, object]] = [(e.section, e.values) for e in outcome.settings]
    bad: list[tuple[str, object]] = [(v.entry.text.strip(), v.reason) for v in outcome.bad]
    return [entries, settings, bad]


def _orphan(item: Found, found: Sequence[Found]) -> bool:
    """Bare lines in a text that quotes no form, in a mail that holds one: typed above an
    original no line says the start of (or among a report's lines), they may be anyone's."""
    if not _bare(item) or item.borrowed or not item.filled or _quoted_forms(item, found):
        return False
    return any(other.copy.header is not None for other in found)


def _strays(unread: Sequence[Found]) -> tuple[str, ...]:
    """The note on order-like lines that were not read because no form of the player's
    holds them."""
    lines = sorted({(i.part, line.number) for i in unread if i.filled for line in i.copy.lines})
    if not lines:
        return ()
    shown = ", ".join(str(number) for _part, number in lines[:6])
    more = ", ..." if len(lines) > 6 else ""
    if len(lines) == 1:
        stray = (
            f"1 line of your mail that looks like an order line (line {shown}) stands outside "
            "the form that carries your code, and was not read"
        )
    else:
        stray = (
            f"{len(lines)} lines of your mail that look like order lines (lines {shown}{more}) "
            "stand outside the form that carries your code, and were not read"
        )
    return (
        f"{stray}: the lines of that form are read, and order lines typed above or below the "
        "quoted report, never a line of the report itself or of another mail in yours.",
    )


def _unread(item: Found, best: Found, carries_code: Callable[[Found], bool]) -> str:
    """Another filled copy of the same form: said, not read, and why when its header is
    not the form's (a GAME or CODE the player changed), for that is what he must mend: the
    copy read is then most often the blank form his reply quotes."""
    where = f"from line {item.copy.start}" if item.part == best.part else "in another part"
    said = f"Your mail holds another filled-in copy of this form ({where}); it was not read"
    read = f"the one from line {best.copy.start} was"
    if item.borrowed or carries_code(item) or not carries_code(best):
        return f"{said}: {read}."
    game, meant = item.header.get("game", "").strip(), best.header.get("game", "").strip()
    if game.lower() != meant.lower():
        why = f"its header says GAME: {printable(game)[:40]}, and this form is for game {meant}"
    else:
        why = f"the CODE on its header is not the secret code of player {_side(best.header)}"
    return (
        f"{said}, as {why}: send it again with the GAME/TURN/PLAYER/CODE header as your "
        f"report's form has it ({read})."
    )


def _outside(item: Found, best: Found) -> list[Verdict]:
    """The player's bare lines in the text of the form he filled in: not read, and said so
    line by line."""
    where = f"the form you filled in (from line {best.copy.start})"
    reason = f"this line is outside {where}, so it was not read"
    outcome = item.outcome
    lines = [v.entry for v in outcome.bad] + list(outcome.entries) + list(outcome.settings)
    return [
        Verdict(entry=_as_line(entry), accepted=False, reason=reason)
        for entry in sorted(lines, key=lambda e: e.line or 0)
    ]


def _as_line(entry: RawEntry) -> RawEntry:
    return RawEntry(section="", values={}, position=0, line=entry.line, text=entry.text)
