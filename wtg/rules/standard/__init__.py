"""Standard WoK, with its variants Skirmish, Duel, Duel-Lite and Trinity."""

from wtg.rules.standard.ruleset import RULESET, Standard

__all__ = ["RULESET", "Standard"]
