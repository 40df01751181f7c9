"""One run of the turn generator is one player's turn: the active player's claim, placement
or turn of play; then the next player clockwise (by seat) is the active one.

A human who sent no orders gets his new armies placed for him as a robot would, and does
nothing else (``--missing place``, the default); or he passes (``--missing pass``); or a
robot plays his whole turn (``--missing robot``). Armies of the initial assignment cannot
wait: a claim or placement nobody made is made as a robot would."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from wtg.core.errors import GameFinished as GameFinished
from wtg.core.jsondata import Json
from wtg.core.ruleset import TurnResult
from wtg.rules.wisk.assignment import claim_turn, place_one, place_rest
from wtg.rules.wisk.constants import MISSING_PLACE, MISSING_ROBOT
from wtg.rules.wisk.events import (
    AssignedForMissing,
    NextPlayer,
    PlacedForMissing,
    TurnBegan,
    TurnPassed,
)
from wtg.rules.wisk.orders import WiskOrders
from wtg.rules.wisk.playerturn import play_turn
from wtg.rules.wisk.state import CLAIMING, PLACING, PLAYING, WiskState
from wtg.rules.wisk.strategy import claim_choice, place_choice, plan
from wtg.rules.wisk.turn import Turn


def resolve(
    state: WiskState, orders: Mapping[int, Mapping[str, Json]], rng: Random
) -> TurnResult[WiskState]:
    """The turn after ``state``, played on a copy (``state`` is untouched)."""
    if state.over:
        raise GameFinished(f"game {state.game} ended on turn {state.turn}")
    work = state.clone()
    work.turn = state.turn + 1
    turn = Turn(work, rng)
    chosen = _orders_of(turn, orders.get(state.active))
    if work.stage == CLAIMING:
        claim_turn(turn, chosen.place if chosen else (), claim_choice)
    elif work.stage == PLACING:
        placing = place_one if work.options.one_army_a_turn else place_rest
        placing(turn, chosen.place if chosen else (), place_choice)
    elif chosen is not None:
        play_turn(turn, chosen, place_choice)
    _advance(turn)
    return TurnResult(state=work, events=tuple(turn.events))


def _orders_of(turn: Turn, given: Mapping[str, Json] | None) -> WiskOrders | None:
    """The orders the active player's turn runs: his own, a robot's, or none (he passes).
    A human's ``missed`` counts his turns in a row without orders."""
    state, me = turn.state, turn.me
    sent = given is not None
    stand_in = False
    if not sent and (me.robot or state.options.missing == MISSING_ROBOT):
        given, stand_in = plan(state, me.id), not me.robot
    placed_for = given is None and state.stage == PLAYING and state.options.missing == MISSING_PLACE
    if given is None and (state.stage != PLAYING or placed_for):
        given = {}
    if not me.robot:
        me.missed = 0 if sent else me.missed + 1
    turn.emit(TurnBegan(player=me.id, stage=state.stage, stand_in=stand_in, public=True))
    if placed_for:
        turn.emit(PlacedForMissing(player=me.id, public=True))
    elif given == {} and not sent and not me.robot:
        turn.emit(AssignedForMissing(player=me.id, stage=state.stage, public=True))
    if given is None:
        turn.emit(TurnPassed(player=me.id, reason="no orders", public=True))
        return None
    return WiskOrders.from_dict(given)


def _advance(turn: Turn) -> None:
    """Who plays next: the next player clockwise; the initial assignment's stages end when
    every territory is claimed (the placing goes on "in turn" from the next player), then
    when every army is placed."""
    state = turn.state
    if state.winner:
        return
    if state.stage == CLAIMING and all(h.owner for h in state.holdings):
        state.stage = PLACING
        state.active = _next_to_place(state, state.active, inclusive=False)
    elif state.stage == PLACING:
        state.active = _next_to_place(state, state.active, inclusive=False)
    else:
        state.active = state.next_player(state.active)
    if state.stage == PLACING and not state.active:
        state.stage, state.active = PLAYING, state.first
    turn.emit(NextPlayer(player=state.active, stage=state.stage, public=True))


def _next_to_place(state: WiskState, after: int, inclusive: bool) -> int:
    """The next player clockwise with armies still to place; 0 when none has any."""
    ids = [p.id for p in state.players]
    start = ids.index(after)
    steps = range(0, len(ids)) if inclusive else range(1, len(ids) + 1)
    for step in steps:
        player = state.players[(start + step) % len(ids)]
        if player.to_place > 0:
            return player.id
    return 0
