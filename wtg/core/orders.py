"""Orders on their way in: raw entries from an AOF or an order file, and verdicts on them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeAlias

from wtg.core.errors import GameError
from wtg.core.jsondata import JsonObject
from wtg.core.record import Record

FieldValue: TypeAlias = int | str | bool | tuple[int, int]
"""A field's value in an order as read (``wtg.aof.values``): a number, the NAME of a code,
yes/no for a flag, a word, or an (x, y) tile."""


class RawEntry(Record):
    """One order as written: a section of the form and its field values.

    ``line`` is the line number in the AOF text, or None when the entry came
    from an order file; ``position`` is its place among the filled entries of
    its section (1-based).
    """

    section: str
    values: Mapping[str, FieldValue]
    position: int
    line: int | None = None
    text: str = ""

    def where(self) -> str:
        if self.line is not None:
            return f"line {self.line}"
        return f"{self.section} #{self.position}"

    def number(self, name: str) -> int:
        """The whole number field ``name`` holds (a number, a province, a player: the form
        read it as one)."""
        value = self.values[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._kind_error(name, "a whole number")
        return value

    def number_or_none(self, name: str) -> int | None:
        """The whole number an optional field ``name`` holds, or None when it was left
        out."""
        return None if self.values.get(name) is None else self.number(name)

    def code(self, name: str) -> str:
        """The code NAME or word field ``name`` holds (``POP-ARM``, ``TECH``, ``ARM``)."""
        value = self.values[name]
        if not isinstance(value, str):
            raise self._kind_error(name, "a code or a word")
        return value

    def flag(self, name: str) -> bool:
        """The yes/no of flag field ``name``."""
        value = self.values[name]
        if not isinstance(value, bool):
            raise self._kind_error(name, "yes or no")
        return value

    def _kind_error(self, name: str, kind: str) -> TypeError:
        """A field that holds another kind of value than the rules read: its form and its
        rules disagree, a bug of wtg's (no WtgError: nothing a player wrote does it, as
        the form reads every field as its kind)."""
        found = self.values[name]
        return TypeError(f"{self.section} field {name!r} holds {found!r}, not {kind}")


class Verdict(Record):
    """Accepted (maybe with a note) or rejected with a reason a player understands."""

    entry: RawEntry
    accepted: bool
    reason: str = ""

    def describe(self) -> str:
        text = self.entry.text or _entry_text(self.entry)
        status = "ok" if self.accepted else "REJECTED"
        tail = f": {self.reason}" if self.reason else ""
        return f"{self.entry.where()}: {status} {text}{tail}"


def _entry_text(entry: RawEntry) -> str:
    inner = " ".join(f"{k}={v}" for k, v in entry.values.items())
    return f"{entry.section.upper()} {inner}".strip()


@dataclass(slots=True)
class ParseOutcome:
    """What a parser understood: the header, the entries and what went wrong outside them."""

    header: dict[str, str] = field(default_factory=dict)
    entries: list[RawEntry] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Fatal problems: nothing can be stored (no form found, unreadable file)."""
    bad: list[Verdict] = field(default_factory=list)
    """Order lines that were filled in but could not be read, each with its reason."""
    settings: list[RawEntry] = field(default_factory=list)
    """Setting lines read (``MAP: off``; ``wtg.core.settings``): no orders. Each entry's
    section is the setting's key and its one value the value chosen."""


@dataclass(slots=True)
class Acceptance:
    """The result of checking entries against the game: the canonical orders and every verdict."""

    orders: JsonObject
    verdicts: list[Verdict]

    @property
    def rejected(self) -> list[Verdict]:
        return [v for v in self.verdicts if not v.accepted]

    @property
    def accepted(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.accepted]


class OrderError(GameError):
    """Orders that cannot be stored at all (wrong code, wrong turn, unreadable)."""

    def __init__(self, message: str, player: int | None = None) -> None:
        super().__init__(message)
        self.player = player
        """The side the orders were for, once the door knows it."""


class WrongCode(OrderError):
    """The form's secret code is not the player's: nothing about the game may be told."""

    def __init__(self, game: str, player: int, given: str | None = None) -> None:
        super().__init__(f"wrong secret code for player {player}: orders not stored", player)
        self.game = game
        self.given = given
        """The code the form gave (an old one of the seat's, perhaps: ``TakenOverCode``)."""


class TakenOverCode(OrderError):
    """The form's code was the seat's before a GM's takeover gave it to another player: its
    old player is told so (his code proved him), never anything of the game beyond it."""

    def __init__(self, game: str, turn: int) -> None:
        super().__init__(taken_over_text(game, turn))
        self.game = game


def taken_over_text(game: str, turn: int) -> str:
    """What the player whose seat was taken over after ``turn`` is told of his old code."""
    return (
        f"your seat in game {game} was taken over by another player on turn {turn}; your "
        "code no longer works; ask the GM"
    )


class OrderRefused(OrderError):
    """The code was right, but the orders cannot be taken (wrong turn, game over...): the
    reason may be told to the player."""
