"""WISK, a Risk game by mail: 42 territories, cards, dice battles, missions, robots."""

from wtg.rules.wisk.ruleset import Wisk

__all__ = ["Wisk"]
