"""The one source of chance: an RNG seeded from the game seed and the turn number."""

from __future__ import annotations

import random


def turn_rng(seed: int, turn: int) -> random.Random:
    """The RNG for resolving ``turn`` of the game with ``seed``.

    ``random.Random`` seeded with a string hashes it with SHA-512 (seed version 2,
    unchanged since Python 3.2), so neighbouring seeds and turns give unrelated
    streams, the same on every platform.
    """
    return random.Random(f"wtg:{seed}:{turn}")


class NoChance(random.Random):
    """An RNG for work that must not depend on chance (a confirmation's forecast): any draw
    is a programming error, raised rather than hidden behind a fixed seed."""

    def random(self) -> float:
        raise RuntimeError("this computation must not draw on chance")

    def getrandbits(self, k: int) -> int:
        raise RuntimeError("this computation must not draw on chance")


def roll(rng: random.Random, top: int) -> int:
    """A whole number drawn evenly from 0..top inclusive."""
    return int(rng.random() * (top + 1))


def chance(rng: random.Random, percent: int) -> bool:
    """True with a probability of ``percent`` in 100."""
    return rng.random() * 100 < percent
