"""Intermediate WoK: terrains, troop types (PIK, ARC, KNI, CAT), wood and the Upgrade Troops
phase; Skirmish games only."""

from wtg.rules.intermediate.ruleset import Intermediate

__all__ = ["Intermediate"]
