"""The one source of chance: an RNG seeded from the game seed and the turn number."""

from __future__ import annotations

import hashlib
import random


def turn_rng(seed: int, turn: int) -> random.Random:
    """The RNG for resolving ``turn`` of the game with ``seed``.

    The seed is mixed through SHA-256 so that neighbouring seeds and turns give
    unrelated streams; ``random.Random`` seeded with an int is the same on every
    platform and Python version.
    """
    digest = hashlib.sha256(f"wtg:{seed}:{turn}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def roll(rng: random.Random, top: int) -> int:
    """A whole number drawn evenly from 0..top inclusive."""
    return int(rng.random() * (top + 1))


def chance(rng: random.Random, percent: int) -> bool:
    """True with a probability of ``percent`` in 100."""
    return rng.random() * 100 < percent
