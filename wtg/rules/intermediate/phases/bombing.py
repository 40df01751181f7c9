"""Phase 2, bombing: "Each successful missile has a chance of hitting the defences of the
province equal to 10 X the DEF value. In this case 0.1 DEF will be destroyed, otherwise the
hit will land randomly among the ARM, PIK, ARC, KNI, CAT and SPY in the province, with a
chance of hitting each type proportional to the numbers in the province."

Random draws, for every missile in turn: one ``chance`` (EFF%, or 3/4 of it at long range)
that it hits; on a hit one ``chance`` of 10 x DEF percent (DEF in tenths: that many percent)
that it strikes the defences; otherwise, when the province holds any of those units, one
``roll`` that picks the unit, each kind in proportion to its number."""

from __future__ import annotations

from random import Random

from wtg.core.rng import chance, roll
from wtg.rules.intermediate.events import TroopBombingRun, TroopBombingSuffered
from wtg.rules.wok.protection import forbidden
from wtg.rules.wok.troops import TROOP_KINDS
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.warfare import (
    BOMB_MISSILES_MAX,
    BOMB_ORDERS,
    Hits,
    Salvo,
    aim_only,
    bomb_range,
    report_bombing,
    salvos,
)

PHASE = "2 bombing"
TARGETS = (*TROOP_KINDS, "spy")
"""What a missile that misses the defences may strike, in the order the roll counts them."""


def bombing(turn: Turn) -> None:
    """Reach, orders and chance as in Standard WoK: a neighbour at EFF%, a neighbour's
    neighbour at 3/4 EFF%; up to 5 orders of up to 99 missiles (ruling: "Most of the phases
    are similar to Standard WoK")."""
    for salvo in salvos(turn, PHASE, BOMB_ORDERS, bomb_range, BOMB_MISSILES_MAX, forbidden):
        _fire(turn, salvo)


def aiming(turn: Turn) -> None:
    """The bombing of a forecast: the orders that cannot fly, and the missiles that do."""
    aim_only(turn, PHASE, BOMB_ORDERS, bomb_range, BOMB_MISSILES_MAX, forbidden)


def _fire(turn: Turn, salvo: Salvo) -> None:
    target = salvo.target
    hits = Hits()
    struck = dict.fromkeys(TARGETS, 0)
    for _ in range(salvo.missiles):
        if not chance(turn.rng, salvo.chance):
            hits.misses += 1
        elif chance(turn.rng, target.dfn):  # 10 x DEF percent: DEF 1.0 (10 tenths) is 10%
            target.dfn -= 1
            hits.dfn += 1
        else:
            unit = _strike(turn.rng, [getattr(target, kind) for kind in TARGETS])
            if unit is not None:  # ruling: with none of them there, the hit destroys nothing
                setattr(target, unit, getattr(target, unit) - 1)
                struck[unit] += 1
    hits.armies, hits.spies = struck["arm"], struck["spy"]
    bomber, victim = salvo.player.id, target.owner
    run = TroopBombingRun(
        player=bomber,
        source=salvo.source.id,
        target=target.id,
        target_owner=victim,
        missiles=salvo.missiles,
        long_range=salvo.long_range,
        chance=salvo.chance,
        armies=hits.armies,
        spies=hits.spies,
        dfn=hits.dfn,
        tech=hits.tech,
        misses=hits.misses,
        detected=False,  # no Intermediate bombing is detected: no source, no bomber
        pik=struck["pik"],
        arc=struck["arc"],
        kni=struck["kni"],
        cat=struck["cat"],
        visible_to=frozenset({bomber}),
    )
    suffered = TroopBombingSuffered(
        player=victim,
        province=target.id,
        missiles=salvo.missiles,
        armies=hits.armies,
        spies=hits.spies,
        dfn=hits.dfn,
        tech=hits.tech,
        source=0,
        bomber=0,
        pik=struck["pik"],
        arc=struck["arc"],
        kni=struck["kni"],
        cat=struck["cat"],
        visible_to=frozenset({victim}),
    )
    report_bombing(turn, run, suffered)


def _strike(rng: Random, counts: list[int]) -> str | None:
    """The kind of unit a hit lands on, in proportion to the numbers (None: there is none)."""
    total = sum(counts)
    if total == 0:
        return None
    pick = roll(rng, total - 1)
    for unit, count in zip(TARGETS, counts, strict=True):
        if pick < count:
            return unit
        pick -= count
    raise AssertionError("unreachable: the pick is below the total")
