"""WISK, a Risk game by mail: 42 territories, cards, dice battles, missions, robots."""

from wtg.rules.wisk.ruleset import RULESET, Wisk

__all__ = ["RULESET", "Wisk"]
