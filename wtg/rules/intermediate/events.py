"""Intermediate WoK's own events: battles, bombing and production with troop kinds and wood,
and the Upgrade Troops phase. The ones it shares are in ``wtg.rules.wok.events``."""

from __future__ import annotations

from typing import ClassVar

from wtg.core.events import Event
from wtg.rules.wok.events import Battle, BombingRun, BombingSuffered, Produced


class TroopBattle(Battle):
    """A battle with each side's troops by kind (arm, pik, arc, kni, cat) before and after,
    the battle's terrain and each side's terrain bonus (thousandths) at its start."""

    sent: dict[str, int]
    defending: dict[str, int]
    attackers_left: dict[str, int]
    defenders_left: dict[str, int]
    terrain: str | None
    attacker_bonus: int
    defender_bonus: int


class TroopBombingRun(BombingRun):
    """``armies`` counts the plain armies destroyed; the upgraded troops are counted apart."""

    pik: int
    arc: int
    kni: int
    cat: int


class TroopBombingSuffered(BombingSuffered):
    pik: int
    arc: int
    kni: int
    cat: int


class Production(Produced):
    """Intermediate's workers also mine gold and chop wood; False Orders leave some idle."""

    gold: int
    wood: int
    idle: int


class TroopsUpgraded(Event):
    kind: ClassVar[str] = "troops_upgraded"
    player: int
    province: int
    source: str
    target: str
    amount: int
    wood: int
    """WOOD paid (negative: reclaimed)."""
    wood_left: int
