"""Standard WoK, with its variants Skirmish, Duel, Duel-Lite and Trinity."""

from wtg.rules.standard.ruleset import Standard

__all__ = ["Standard"]
