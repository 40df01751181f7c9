"""Entropy: every player loses one point of EFF for every province of the empire
(WoK IV: at the start of PHASE III; Standard WoK: phase 3 of its own)."""

from __future__ import annotations

from wtg.rules.wok.events import Entropy
from wtg.rules.wok.state import Player
from wtg.rules.wok.turn import Turn


def entropy(turn: Turn) -> None:
    """Standard WoK, phase 3: "you lose one point of effectiveness for every province in your
    empire. No orders are required."; in the OoP, for every player with a province."""
    for pid in turn.oop:
        provinces = turn.state.count_of(pid)
        if provinces:
            lose_eff(turn, turn.state.player(pid), provinces)


def lose_eff(turn: Turn, player: Player, provinces: int) -> None:
    """One point of EFF a province, down to the 1% floor."""
    before = player.eff
    player.change_eff(-provinces)
    if turn.keeps_events:  # a forecast shows none
        turn.emit(
            Entropy(
                player=player.id,
                provinces=provinces,
                eff_before=before,
                eff_after=player.eff,
                visible_to=frozenset({player.id}),
            )
        )
