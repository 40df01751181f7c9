"""What workers make in their own province, in every WoK ruleset; the rates are each
ruleset's (WoK IV: 1 missile per 4 workers, Standard: per 3; the level rule differs too)."""

from __future__ import annotations

from collections.abc import Callable

from wtg.core.record import Record
from wtg.rules.wok.limits import DEF_MAX, LEV_MAX, MIS_MAX, SPY_MAX
from wtg.rules.wok.state import Province

TOTAL_OF_AIM = {"DEF": "dfn", "LEV": "lev", "MIS": "mis", "SPY": "spy"}
"""The production total an aim adds to."""


class Rates(Record):
    """Workers per 0.1 DEF, per missile, per spy, and the level a province's workers add."""

    wok_per_def: int
    wok_per_mis: int
    wok_per_spy: int
    level_gain: Callable[[Province], int]


def work_in_province(province: Province, rates: Rates, percent: int = 100) -> int:
    """Produce the province's own aim (DEF, LEV, MIS, SPY), up to the limits; returns what
    was gained (0 for the other aims). ``percent``: Intermediate WoK's bonuses (100: none);
    the workers' product is scaled and rounded down once, the level gain after its cap."""
    aim, work = province.aim, province.wok * percent
    if aim == "DEF":
        gained = min(DEF_MAX, province.dfn + work // (100 * rates.wok_per_def)) - province.dfn
        province.dfn += gained
    elif aim == "LEV":
        raised = rates.level_gain(province) * percent // 100
        gained = min(LEV_MAX, province.lev + raised) - province.lev
        province.lev += gained
    elif aim == "MIS":
        gained = min(MIS_MAX, province.mis + work // (100 * rates.wok_per_mis)) - province.mis
        province.mis += gained
    elif aim == "SPY":
        gained = min(SPY_MAX, province.spy + work // (100 * rates.wok_per_spy)) - province.spy
        province.spy += gained
    else:
        gained = 0
    return gained
