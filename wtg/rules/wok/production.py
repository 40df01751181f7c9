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


def work_in_province(province: Province, rates: Rates) -> int:
    """Produce the province's own aim (DEF, LEV, MIS, SPY), up to the limits; returns what
    was gained (0 for the other aims)."""
    aim, wok = province.aim, province.wok
    if aim == "DEF":
        gained = min(DEF_MAX, province.dfn + wok // rates.wok_per_def) - province.dfn
        province.dfn += gained
    elif aim == "LEV":
        gained = min(LEV_MAX, province.lev + rates.level_gain(province)) - province.lev
        province.lev += gained
    elif aim == "MIS":
        gained = min(MIS_MAX, province.mis + wok // rates.wok_per_mis) - province.mis
        province.mis += gained
    elif aim == "SPY":
        gained = min(SPY_MAX, province.spy + wok // rates.wok_per_spy) - province.spy
        province.spy += gained
    else:
        gained = 0
    return gained
