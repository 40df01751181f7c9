"""The roster a report ends with: the game's other players, and the address of each who
agreed to share it (``share_address: true`` in ``game.yaml``; ``wtg new-game
--share-address N``). An address nobody agreed to share is never shown."""

from __future__ import annotations

from wtg.core.record import Record
from wtg.core.ruleset import Ruleset, S, SeatId, SideId
from wtg.game.gameconfig import GameConfig


class RosterLine(Record):
    """Another player of the game: his name, the sides he plays, his address if shared."""

    seat: int
    name: str
    sides: tuple[int, ...]
    address: str
    """"" when the player did not agree to share it."""


def roster(ruleset: Ruleset[S], config: GameConfig, state: S, side: int) -> list[RosterLine]:
    """Every player of the game but the one who plays ``side``, in seat order."""
    mine = ruleset.seat_of(state, SideId(side))
    return [
        RosterLine(
            seat=entry.id,
            name=entry.name,
            sides=tuple(ruleset.sides_of(state, SeatId(entry.id))),
            address=entry.email if entry.share_address else "",
        )
        for entry in config.players
        if entry.id != mine
    ]
