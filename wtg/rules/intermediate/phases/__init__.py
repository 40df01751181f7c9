"""Intermediate WoK's own phases; the ones it shares are in ``wtg.rules.wok``."""
