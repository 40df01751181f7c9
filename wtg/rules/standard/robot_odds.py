"""A robot's chance of taking a province, worked out from the state at the start of the turn
(ruling 34): the battle's rules in numbers, with no roll made.

"The game engine compares a random number for the attacker from the range of 0 to PATT, with
a random number for the defender from the range of 0 to PDEF, and the player with the lower
number loses one army (if the rolls tie neither side loses an army). This is repeated until
one side has no armies left." A round that costs an army is the defender's loss with the
chance ``p``, the attacker's with ``1 - p``; the attacker wins when the defender has lost all
his armies before the attacker has lost all of his. The level each round adds is left out:
it is thousandths, and the chance is only the robot's measure of when to attack. The
arithmetic is ``wtg.rules.wok.battleodds``, which the built-in players of every WoK ruleset
share.
"""

from __future__ import annotations

from wtg.rules.wok.battleodds import round_odds, win_chance
from wtg.rules.wok.combat import attack_top, defense_top
from wtg.rules.wok.limits import NEUTRAL_EFF
from wtg.rules.wok.state import WokState

__all__ = ["capture_chance", "round_odds", "win_chance"]


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
