"""A robot's chance of taking a province, worked out from the state at the start of the turn
(ruling 34): the battle's rules in numbers, with no roll made.

"The game engine compares a random number for the attacker from the range of 0 to PATT, with
a random number for the defender from the range of 0 to PDEF, and the player with the lower
number loses one army (if the rolls tie neither side loses an army). This is repeated until
one side has no armies left." A round that costs an army is the defender's loss with the
chance ``p``, the attacker's with ``1 - p``; the attacker wins when the defender has lost all
his armies before the attacker has lost all of his. The level each round adds is left out:
it is thousandths, and the chance is only the robot's measure of when to attack.
"""

from __future__ import annotations

from wtg.rules.wok.combat import attack_top, defense_top
from wtg.rules.wok.limits import NEUTRAL_EFF
from wtg.rules.wok.state import WokState


def round_odds(att_top: int, def_top: int) -> float:
    """The chance that a round which costs an army costs the defender's: rolls drawn evenly
    from 0..att_top and 0..def_top, the lower one losing, a tie costing nothing."""
    att_wins = sum(min(a, def_top + 1) for a in range(att_top + 1))
    def_wins = sum(min(d, att_top + 1) for d in range(def_top + 1))
    return att_wins / (att_wins + def_wins) if att_wins + def_wins else 0.5


def win_chance(attackers: int, defenders: int, p: float) -> float:
    """The chance that ``attackers`` take a province ``defenders`` hold, each decisive round
    the defenders' loss with the chance ``p``: the defenders lose all before the attackers do,
    sum over k < attackers of C(defenders - 1 + k, k) p^defenders (1 - p)^k."""
    if defenders == 0:
        return 1.0
    if attackers == 0:
        return 0.0
    term = p**defenders  # k = 0
    total = term
    for k in range(1, attackers):
        term *= (defenders - 1 + k) / k * (1 - p)
        total += term
    return min(1.0, total)


def capture_chance(state: WokState, robot: int, source: int, target: int) -> float:
    """The chance that all the armies in ``source`` take ``target`` this turn, as the state
    stands at its start."""
    attacking, defending = state.province(source), state.province(target)
    owner = defending.owner
    def_eff = state.player(owner).eff if owner else NEUTRAL_EFF
    p = round_odds(
        attack_top(attacking.lev, state.player(robot).eff),
        defense_top(defending.lev, defending.dfn, def_eff),
    )
    return win_chance(attacking.troops, defending.troops, p)
