"""WoS Tactics: grid battles of up to nine pieces per army, one player's turn at a time."""

from wtg.rules.tactics.ruleset import Tactics

__all__ = ["Tactics"]
