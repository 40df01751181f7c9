"""What the built-in Standard player (``strategy.py``) reckons of a battle before it orders
one: its chance of taking a province with the armies it can spare, and the garrison a
province of its own needs against the strongest neighbour that may attack it. Every number
is the battle's own (``robot_odds.py``: PATT, PDEF and the rounds fought until one side has
no armies left); a side is favoured when it wins more often than not."""

from __future__ import annotations

from wtg.rules.wok.battleodds import EVEN, defending_eff, least_holding, round_odds, win_chance
from wtg.rules.wok.combat import attack_top, defense_top
from wtg.rules.wok.protection import open_to
from wtg.rules.wok.state import Province, WokState

__all__ = ["EVEN", "garrison", "open_to", "taking_chance"]


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
