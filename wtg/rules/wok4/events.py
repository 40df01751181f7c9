"""What can happen in a WoK IV turn beyond the events every WoK ruleset has
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
    dfn_lost: int
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
    tech: int
    eff: int


class TechTraded(Event):
    kind: ClassVar[str] = "tech_traded"
    player: int
    points: int
    tech_left: int


class SpyReport(Event):
    """The spymaster's view of one operation."""

    kind: ClassVar[str] = "spy_report"
    player: int
    source: int
    target: int
    target_owner: int
    op: int
    spies: int
    chance: int
    success: bool
    caught: bool
    detected: bool
    effect: int
    """Missiles destroyed, defense tenths destroyed or population stolen."""
    eff_change: int
    provinces: tuple[dict[str, Any], ...] = ()
    """Province rows learned by a successful spy operation (op 1 and 2)."""
    target_eff: int = 0
    target_tech: int = 0


class SpiedUpon(Event):
    """The victim's view: only what they noticed. ``source``/``spymaster`` 0 if not detected."""

    kind: ClassVar[str] = "spied_upon"
    player: int
    province: int
    op: int
    success: bool
    caught: bool
    effect: int
    eff_change: int
    source: int
    spymaster: int
