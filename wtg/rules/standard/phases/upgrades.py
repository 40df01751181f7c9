"""Phase 9, upgrades: "The first upgrade of a turn costs 100 gold, the second 200 and the
third 300 gold" (the rules are ``wtg.rules.wok.upgrades``, shared with Intermediate WoK)."""

from __future__ import annotations

from wtg.rules.wok.turn import Turn
from wtg.rules.wok.upgrades import buy_upgrades

PHASE = "9 upgrades"


def upgrades(turn: Turn) -> None:
    buy_upgrades(turn, PHASE)
