"""Standard WoK battles: ties cost nothing, and the winner's injured troops recover. The rules
are in ``wtg.rules.wok.combat``, shared with Intermediate WoK."""

from __future__ import annotations

from wtg.rules.wok.combat import BattleResult, attack_top, defense_top, fight

__all__ = ["BattleResult", "attack_top", "defense_top", "fight"]
