"""Phase 2, attacking: "Only valid orders count towards your attack limit" (the rules are
``wtg.rules.wok.attacking``, shared with Intermediate WoK)."""

from __future__ import annotations

from wtg.rules.wok.attacking import attack_phase, attacks_allowed
from wtg.rules.wok.turn import Turn

__all__ = ["attacks", "attacks_allowed"]

PHASE = "2 attacking"


def attacks(turn: Turn) -> None:
    attack_phase(turn, PHASE)
