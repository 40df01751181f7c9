"""A battle's odds in numbers, with no roll made: what the built-in players (and Standard's
robots) reckon before they attack. Every WoK battle is rounds of two rolls, "a random number
for the attacker from the range of 0 to PATT, with a random number for the defender from the
range of 0 to PDEF", the lower one losing an army, until one side has none left. The rulesets
differ in a tie: Standard and Intermediate WoK's costs nothing ("if the rolls tie neither side
loses an army"), WoK IV's costs the attacker an army (a ruling, ``wtg.rules.wok4.combat``).
The level a round adds and the defense a WoK IV round may destroy are left out: they are
thousandths and tenths, and the chance is only a player's measure of when to attack."""

from __future__ import annotations

from wtg.rules.wok.limits import NEUTRAL_EFF
from wtg.rules.wok.state import Province, WokState

EVEN = 0.5
"""A battle favours a side that wins it more often than it loses it."""


def round_odds(att_top: int, def_top: int, tie_to_defender: bool = False) -> float:
    """The chance that a round which costs an army costs the defender's: rolls drawn evenly
    from 0..att_top and 0..def_top, the lower one losing; a tie costs nothing, or the
    attacker an army (``tie_to_defender``, WoK IV)."""
    att_wins = sum(min(a, def_top + 1) for a in range(att_top + 1))
    if tie_to_defender:
        return att_wins / ((att_top + 1) * (def_top + 1))
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


def defending_eff(state: WokState, province: Province) -> int:
    """The EFF the province's armies fight at: its owner's, a neutral's NEUTRAL_EFF."""
    return state.player(province.owner).eff if province.owner else NEUTRAL_EFF
