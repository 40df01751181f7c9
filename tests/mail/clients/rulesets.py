"""A game of every ruleset for the replies written by hand after what clients send: its
spec for `wtg new-game`, the order lines Alice (player 1) types, as she types them on one
line each, and the order file they make."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tests.mail.clients.table import KAO, GameSpec, Seat

ALICE = Seat("Alice", "alice@example.org", "ALICE7Q2")
BOB = Seat("Bob", "bob@example.org", "BOB4K9WZ")
CARA = Seat("Cara", "cara@example.org", "CARA3M8X")


@dataclass(frozen=True)
class Played:
    spec: GameSpec
    orders: dict[str, tuple[str, ...]]
    """Each order line's label and what Alice writes into its blanks."""
    filed: dict[str, Any]

    def bare(self) -> str:
        """The order lines alone, as typed above a quote: ``A1: 60 55 010``."""
        return "".join(f"{label}: {' '.join(words)}\n" for label, words in self.orders.items())

    def filled(self, form: str) -> str:
        """``form`` (the AOF as mailed) with Alice's lines filled in over their blanks."""
        lines = form.split("\n")
        for index, line in enumerate(lines):
            label = line.split(":", 1)[0]
            if label in self.orders and line.startswith(f"{label}:"):
                lines[index] = _written(line, iter(self.orders[label]))
        return "\n".join(lines)


def _written(line: str, words: Iterator[str]) -> str:
    """A form's line with its blanks written over by ``words``, one a blank."""
    return re.sub(r"_+", lambda blank: next(words, blank[0]), line)


PLAYED = {
    "wok4": Played(
        KAO,
        {"A1": ("60", "55", "010"), "G1": ("60", "5"), "R1": ("1",)},
        {
            "player": 1,
            "turn": 1,
            "attack": [{"from": 60, "to": 55, "armies": 10}],
            "aim": [{"province": 60, "aim": "TECH"}],
            "ready": True,
        },
    ),
    "standard": Played(
        GameSpec("std", "standard", (ALICE, BOB), seed=3, variant="skirmish", map="trial"),
        {"A1": ("20", "16", "010"), "G1": ("20", "5"), "R1": ("1",)},
        {
            "player": 1,
            "turn": 1,
            "attack": [{"from": 20, "to": 16, "armies": 10}],
            "aim": [{"province": 20, "aim": "MIN"}],
            "ready": True,
        },
    ),
    "intermediate": Played(
        GameSpec("inter", "intermediate", (ALICE, BOB), seed=3, map="marchlands"),
        {"A1": ("20", "15", "010"), "G1": ("20", "5"), "R1": ("1",)},
        {
            "player": 1,
            "turn": 1,
            "attack": [{"from": 20, "to": 15, "armies": 10}],
            "aim": [{"province": 20, "aim": "MIN"}],
            "ready": True,
        },
    ),
    "wisk": Played(
        GameSpec("wisk", "wisk", (ALICE, BOB, CARA), seed=3, map="classic"),
        {"P1": ("3", "4"), "A1": ("3", "2", "3", "1", "3"), "R1": ("1",)},
        {
            "player": 1,
            "turn": 1,
            "place": [{"territory": 3, "armies": 4}],
            "attack": [{"from": 3, "to": 2, "dice": 3, "until": 1, "move": 3}],
            "ready": True,
        },
    ),
    "tactics": Played(
        GameSpec("tac", "tactics", (ALICE, BOB), seed=3, map="meadow"),
        {"A1": ("SWORDSMAN",), "A2": ("ARCHER",), "A3": ("4",), "R1": ("1",)},
        {"player": 1, "turn": 1, "army": ["SWORDSMAN", "ARCHER", "ARCHER"], "ready": True},
    ),
}
"""Alice's turn 1 in a game of each ruleset: in WISK she moves first and places, then
attacks; in Tactics she picks her army (piece 4 is an ARCHER)."""
