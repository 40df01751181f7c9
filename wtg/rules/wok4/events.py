"""What can happen in a WoK IV turn beyond the events every WoK ruleset has
(``wtg.rules.wok.events``). Each event names who may see it."""

from __future__ import annotations

from typing import ClassVar

from wtg.core.events import Event
from wtg.core.jsondata import JsonObject
from wtg.rules.wok.events import (
    BattleFought,
    BombingRun,
    Produced,
    SpiedOn,
    SpyOperation,
)


class Battle(BattleFought):
    """WoK IV's battle also destroys defense: 3% a round."""

    dfn_lost: int


class Bombed(BombingRun):
    """WoK IV's bombing run also counts the hits that found nothing to destroy (``idle``):
    a hit may take 1-5 armies or spies, so the totals do not tell."""

    idle: int


class Production(Produced):
    """WoK IV's workers also make tech points."""

    tech: int


class TechTraded(Event):
    kind: ClassVar[str] = "tech_traded"
    player: int
    points: int
    tech_left: int


class SpyReport(SpyOperation):
    """``effect``: missiles destroyed, defense tenths destroyed or population stolen."""

    chance: int
    caught: bool
    detected: bool
    eff_change: int
    provinces: tuple[JsonObject, ...] = ()
    """Province rows learned by a successful spy operation (op 1 and 2)."""
    target_eff: int = 0
    target_tech: int = 0
    found_nothing: bool = False
    """A sabotage or theft whose spies got in and found nothing to take (the target had
    none, or a sabotage of defenses had fewer than 3 spies): not successful, by the text."""


class SpiedUpon(SpiedOn):
    """Only what the victim noticed. ``source``/``spymaster`` 0 if not detected."""

    caught: bool
    eff_change: int
    source: int
    spymaster: int
    found_nothing: bool = False
    """As the spymaster's (``SpyReport.found_nothing``)."""
