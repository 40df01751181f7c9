"""Standard WoK's own events: its battles, production, upgrades, spies, votes and RIPs.
The ones every WoK ruleset has are in ``wtg.rules.wok.events``."""

from __future__ import annotations

from typing import Any, ClassVar

from wtg.core.events import Event
from wtg.rules.wok.events import BattleFought, Produced, SpiedOn, SpyOperation


class Battle(BattleFought):
    """Standard WoK's battle: the winner's injured troops recover."""

    recovered: int


class Production(Produced):
    """Standard's workers also mine gold; False Orders leave some provinces idle."""

    gold: int
    idle: int
    """Provinces whose workers did nothing (False Orders)."""


class Upgraded(Event):
    kind: ClassVar[str] = "upgraded"
    player: int
    upgrade: str
    cost: int
    gold_left: int


class SpyReport(SpyOperation):
    """How far the spies got, and what came of it."""

    short_range: bool
    arrived: int
    caught: int
    returned: int
    provinces: tuple[dict[str, Any], ...] = ()
    empire: dict[str, Any] | None = None
    """Spy Player: the empire's totals, EFF, gold and tech level."""


class SpiedUpon(SpiedOn):
    """The victim's view: spies caught, and what a successful operation did."""

    caught: int


class VotedEnd(Event):
    kind: ClassVar[str] = "voted_end"
    player: int
    vote: bool


class Ripped(Event):
    """A colour lost its last province; the RIP goes to whoever owns it at the turn's end."""

    kind: ClassVar[str] = "ripped"
    colour: int
    province: int
    credited_to: int
