"""What the built-in Standard player (``strategy.py``) reckons of a battle before it orders
one: its chance of taking a province with the armies it can spare, and the garrison a
province of its own needs against the strongest neighbour that may attack it. Every number
is the battle's own (``robot_odds.py``: PATT, PDEF and the rounds fought until one side has
no armies left); a side is favoured when it wins more often than not."""

from __future__ import annotations

from wtg.rules.standard.robot_odds import round_odds, win_chance
from wtg.rules.wok.combat import attack_top, defense_top
from wtg.rules.wok.limits import NEUTRAL_EFF
from wtg.rules.wok.protection import headhunting_in_force, naps_in_force
from wtg.rules.wok.state import Province, WokState

EVEN = 0.5
"""A battle favours a side that wins it more often than it loses it."""


def defending_eff(state: WokState, province: Province) -> int:
    """The EFF the province's armies fight at: its owner's, a neutral's NEUTRAL_EFF."""
    return state.player(province.owner).eff if province.owner else NEUTRAL_EFF


def taking_chance(
    state: WokState, player: int, source: Province, target: Province, armies: int
) -> float:
    """The chance that ``armies`` of ``source`` (its level, the player's EFF) take ``target``
    as the state stands."""
    p = round_odds(
        attack_top(source.lev, state.player(player).eff),
        defense_top(target.lev, target.dfn, defending_eff(state, target)),
    )
    return win_chance(armies, target.troops, p)


def friends(state: WokState, player: int) -> set[int]:
    """The colours the human who plays ``player`` plays too, in a Duel or Trinity (none
    elsewhere): his own, never fought."""
    controller = state.player(player).controller
    if controller is None:
        return set()
    return {p.id for p in state.players if p.controller == controller and p.id != player}


def open_to(state: WokState, player: int, target: int) -> bool:
    """Whether ``player`` would bomb, attack or spy on ``target`` in the coming turn: not a
    home province headhunting protects, nor one of a side a Duel's NAP binds him to, nor
    one of another colour of his own."""
    protection = headhunting_in_force(state)
    if protection and target in protection[0]:
        return False
    napped = {other for other, _ in naps_in_force(state, player)}
    return state.province(target).owner not in napped | friends(state, player)


def garrison(state: WokState, player: int, province: Province) -> int:
    """The armies ``province`` keeps so that no neighbouring player is favoured to take it
    with all his armies there: the fewest that make each such attack an even chance or
    worse (all it has when it has too few; none against neutrals, who never attack, and
    sides that may not or would not attack it this turn: ``open_to``)."""
    need = 0
    for n in province.neighbours:
        other = state.province(n)
        if not other.owner or other.owner == player or not other.troops:
            continue
        if not open_to(state, other.owner, province.id):
            continue
        p = round_odds(
            attack_top(other.lev, state.player(other.owner).eff),
            defense_top(province.lev, province.dfn, state.player(player).eff),
        )
        # the defenders' chance is 1 - the attackers'; the fewest defenders holding it
        holding = least_holding(other.troops, p, province.troops)
        need = max(need, holding)
    return min(need, province.troops)


def least_holding(attackers: int, p: float, most: int) -> int:
    """The fewest defenders, at most ``most``, that ``attackers`` (each decisive round won
    with the chance ``p``) take with an even chance or less; ``most`` when none do."""
    if win_chance(attackers, most, p) > EVEN:
        return most
    low, high = 0, most
    while low < high:
        middle = (low + high) // 2
        if win_chance(attackers, middle, p) <= EVEN:
            high = middle
        else:
            low = middle + 1
    return low
