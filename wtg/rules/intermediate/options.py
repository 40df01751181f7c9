"""The `wtg new-game` options of Intermediate WoK: headhunting protection, the same option
(and flag) as Standard WoK's."""

from __future__ import annotations

from wtg.core.ruleset import Seating
from wtg.rules.standard.options import OPTIONS as STANDARD_OPTIONS

OPTIONS = tuple(o for o in STANDARD_OPTIONS if o.key == "headhunting_turns")

_SKIRMISH_RULE = (
    '"Intermediate WoK is pitched somewhere between the classic games of WoK IV and WoK V" '
    "and says nothing of a count (ruling: as Standard's Skirmish, 2 up to the map's seats)"
)
SEATING = (
    Seating(least=2, rule=_SKIRMISH_RULE),
    Seating(variant="skirmish", least=2, rule=_SKIRMISH_RULE),
)
