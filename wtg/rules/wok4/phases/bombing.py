"""PHASE I: bombing. Each missile separately may hit armies, spies, defenses or tech points."""

from __future__ import annotations

from random import Random

from wtg.core.rng import chance, roll
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.warfare import (
    Hits,
    Salvo,
    aim_only,
    bombing_run,
    bombing_suffered,
    report_bombing,
    salvos,
)
from wtg.rules.wok4.constants import (
    BOMB_ARMIES,
    BOMB_DEF,
    BOMB_DETECT_PER_SPY,
    BOMB_ORDERS,
    BOMB_SPIES,
    BOMB_TECH,
    CHANCE_MAX,
    DETECT_MIN,
)
from wtg.rules.wok4.events import Bombed
from wtg.rules.wok4.reach import bomb_range

PHASE = "I bombing"


def bombing(turn: Turn) -> None:
    for salvo in salvos(turn, PHASE, BOMB_ORDERS, bomb_range):
        _fire(turn, salvo)


def aiming(turn: Turn) -> None:
    """The bombing of a forecast: the orders that cannot fly, and the missiles that do."""
    aim_only(turn, PHASE, BOMB_ORDERS, bomb_range)


def _fire(turn: Turn, salvo: Salvo) -> None:
    rng = turn.rng
    target = salvo.target
    hit_chance = salvo.chance  # manual section 7
    owner = turn.state.player(target.owner) if target.owner else None
    watchers = target.spy
    hits = Hits()
    for _ in range(salvo.missiles):
        if chance(rng, hit_chance):
            _hit(rng, target, owner, hits)
        else:
            hits.misses += 1
    detected = False
    if owner is not None:
        detect = min(CHANCE_MAX, max(DETECT_MIN, BOMB_DETECT_PER_SPY * watchers))
        detected = chance(rng, detect)
    plain = bombing_run(salvo, hit_chance, hits, detected)  # Standard's, with the idle hits
    run = Bombed(**plain.field_values(), idle=hits.idle)
    report_bombing(turn, run, bombing_suffered(salvo, hits, detected))


def _hit(rng: Random, target: Province, owner: Player | None, hits: Hits) -> None:
    """ "can at random hit only the following targets": armies, defenses, spies, tech level.

    A hit never takes more than there is; a tech hit on a neutral province is wasted.
    """
    kind = roll(rng, 3)
    taken = 0
    if kind == 0:
        taken = min(target.arm, BOMB_ARMIES[0] + roll(rng, BOMB_ARMIES[1] - BOMB_ARMIES[0]))
        target.arm -= taken
        hits.armies += taken
    elif kind == 1:
        taken = min(target.spy, BOMB_SPIES[0] + roll(rng, BOMB_SPIES[1] - BOMB_SPIES[0]))
        target.spy -= taken
        hits.spies += taken
    elif kind == 2:
        taken = min(target.dfn, BOMB_DEF)
        target.dfn -= taken
        hits.dfn += taken
    elif owner is not None:
        taken = min(owner.tech, BOMB_TECH[0] + roll(rng, BOMB_TECH[1] - BOMB_TECH[0]))
        owner.tech -= taken
        hits.tech += taken
    if not taken:
        hits.idle += 1
