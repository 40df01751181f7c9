"""Which copy of the form in a mail carries the player's intent, for each side it names.

A reply holds the blank form it answers, quoted, above or below the player's own copy;
a Duel player's mail holds one form a colour; a player may type bare order lines above
the quote, fill in the quoted form, or attach the form. For each side (the header's
PLAYER), the copy with order lines wins over a blank one, the least quoted over a more
quoted one, the mail's body over an attachment over an HTML part, then the first
written. Forms are sent blank (a test checks every ruleset), so a copy that differs
from the one sent is one with order lines.

Order lines typed outside any form have no header of their own: they take the header
of the one form the mail quotes (a reply to a Duel report, quoting three colours'
forms, is ambiguous and refused). Order lines the player typed outside the form he
filled in are not read, and each is answered with its line number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from wtg.aof.copies import FormCopy, find_copies
from wtg.aof.mailtext import Header, header_number, mail_lines
from wtg.aof.parse import carries_orders, read_copy
from wtg.core.form import FormSpec
from wtg.core.orders import ParseOutcome, RawEntry, Verdict


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


def find_all(form: FormSpec, texts: Sequence[str]) -> list[Found]:
    """Every copy of the form in the texts of a mail, with its header."""
    found = [
        Found(index, copy, read_copy(form, copy), dict(copy.header.values) if copy.header else {})
        for index, text in enumerate(texts)
        for copy in find_copies(form, mail_lines(text))
    ]
    return [_borrow(item, found) for item in found]


def _borrow(item: Found, found: Sequence[Found]) -> Found:
    """A copy without a full header takes the missing keys from the one other form in the
    mail it can answer (the same PLAYER, when it names one)."""
    missing = [key for key in ("game", "player", "code", "turn") if key not in item.header]
    if not missing or not item.filled:
        return item
    donors = {
        _identity(other.header): other.header
        for other in found
        if other is not item and _complete(other.copy.header)
    }
    if "player" in item.header:
        donors = {k: v for k, v in donors.items() if k[1] == _side(item.header)}
    if len(donors) != 1:
        return item
    (donor,) = donors.values()
    header = {**{key: donor[key] for key in missing if key in donor}, **item.header}
    return item._replace(header=header, borrowed=True)


def _complete(header: Header | None) -> bool:
    return header is not None and all(k in header.values for k in ("game", "player", "code"))


def _identity(header: dict[str, str]) -> tuple[str, int | None]:
    return (header.get("game", "").strip().lower(), _side(header))


def _side(header: dict[str, str]) -> int | None:
    written = header.get("player")
    return None if written is None else header_number(written)


def choose(found: Sequence[Found]) -> list[Choice]:
    """The copy that carries the player's intent, for every side named in the mail."""
    by_side: dict[int | None, list[Found]] = {}
    for item in found:
        if item.header or item.filled:
            by_side.setdefault(_side(item.header), []).append(item)
    choices = []
    for side, items in by_side.items():
        best = min(items, key=Found.rank)
        if side is None and not best.filled:
            continue
        own = [i for i in items if i is not best and i.filled and i.copy.depth == 0]
        outside = [v for item in own if item.copy.header is None for v in _outside(item, best)]
        notes = [_unread(item, best) for item in own if item.copy.header is not None]
        choices.append(Choice(side, best, tuple(outside), tuple(notes)))
    return sorted(choices, key=lambda c: (c.found.part, c.found.copy.start))


def _unread(item: Found, best: Found) -> str:
    """Another filled copy of the same form: said, not read."""
    where = f"from line {item.copy.start}" if item.part == best.part else "in another part"
    return (
        f"Your mail holds another filled-in copy of this form ({where}); it was not read: "
        f"the one from line {best.copy.start} was."
    )


def _outside(item: Found, best: Found) -> list[Verdict]:
    """The order lines of another copy of the player's own text: not read, and said so."""
    where = f"the form you filled in (from line {best.copy.start})"
    if best.part != item.part:
        where = "the form you filled in (in another part of your mail)"
    reason = f"this line is outside {where}, so it was not read"
    outcome = item.outcome
    lines = [v.entry for v in outcome.bad] + list(outcome.entries) + list(outcome.settings)
    return [
        Verdict(entry=_as_line(entry), accepted=False, reason=reason)
        for entry in sorted(lines, key=lambda e: e.line or 0)
    ]


def _as_line(entry: RawEntry) -> RawEntry:
    return RawEntry(section="", values={}, position=0, line=entry.line, text=entry.text)
