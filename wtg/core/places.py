"""Shared places: the rank of each of a list put in order, equal keys sharing one.

The ranking the best hosts print ("standard competition ranking"): two equal first are
both 1, the next is 3. Every ranking of players that players read (the Top Ten, a game's
final ranking, the HiScore) is numbered here, so that a tie is never decided by a player's
number."""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def shared_places(keys: Sequence[Hashable]) -> list[int]:
    """The place of each of ``keys``, which are in order, best first: one more than the
    count of those before it with another key (an equal key shares the place)."""
    places: list[int] = []
    for index, key in enumerate(keys):
        places.append(places[-1] if index and key == keys[index - 1] else index + 1)
    return places
