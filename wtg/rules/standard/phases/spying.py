"""Phase 10, spying (the rules are ``wtg.rules.wok.espionage``, shared with Intermediate WoK)."""

from __future__ import annotations

from wtg.rules.wok.espionage import spy_phase
from wtg.rules.wok.turn import Turn

PHASE = "10 spying"


def spying(turn: Turn) -> None:
    spy_phase(turn, PHASE)
