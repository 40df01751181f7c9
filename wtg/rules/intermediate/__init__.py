"""Intermediate WoK: terrains, troop types (PIK, ARC, KNI, CAT), wood and the Upgrade Troops
phase; Skirmish games only.

The package registers the ruleset (``wtg.registry`` finds it): ``REGISTRATION`` names its
class and carries its ``new-game`` options and seating, read without importing the rules.
"""

from __future__ import annotations

from wtg.core.ruleset import Registration
from wtg.rules.intermediate.options import OPTIONS, SEATING

REGISTRATION = Registration(rules="ruleset:Intermediate", options=OPTIONS, seating=SEATING)
