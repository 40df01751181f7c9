"""What can happen in a Standard WoK turn beyond the events every WoK ruleset has
(``wtg.rules.wok.events``). Each event names who may see it."""

from __future__ import annotations

from typing import Any, ClassVar

from wtg.core.events import Event


class Battle(Event):
    kind: ClassVar[str] = "battle"
    attacker: int
    defender: int
    source: int
    province: int
    armies: int
    defenders: int
    rounds: int
    attacker_losses: int
    defender_losses: int
    recovered: int
    """Injured troops of the winning side who recovered."""
    conquered: bool
    level_bonus: int


class Production(Event):
    """What a player's workers made this turn, summed over the empire."""

    kind: ClassVar[str] = "production"
    player: int
    dfn: int
    lev: int
    mis: int
    spy: int
    gold: int
    eff: int
    idle: int
    """Provinces whose workers did nothing (False Orders)."""


class Upgraded(Event):
    kind: ClassVar[str] = "upgraded"
    player: int
    upgrade: str
    cost: int
    gold_left: int


class SpyReport(Event):
    """The spymaster's view of one operation."""

    kind: ClassVar[str] = "spy_report"
    player: int
    source: int
    target: int
    target_owner: int
    op: int
    spies: int
    short_range: bool
    arrived: int
    caught: int
    returned: int
    success: bool
    effect: int
    provinces: tuple[dict[str, Any], ...] = ()
    empire: dict[str, Any] | None = None
    """Spy Player: the empire's totals, EFF, gold and tech level."""


class SpiedUpon(Event):
    """The victim's view: spies caught, and what a successful operation did."""

    kind: ClassVar[str] = "spied_upon"
    player: int
    province: int
    op: int
    caught: int
    success: bool
    effect: int


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
