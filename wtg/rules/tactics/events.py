"""What happens in a tactics turn, as data. The battlefield is in plain view: every event is
public but a skipped move, which only its player sees."""

from __future__ import annotations

from typing import ClassVar

from wtg.core.events import Event


class ArmyPicked(Event):
    kind: ClassVar[str] = "army_picked"
    player: int
    pieces: tuple[str, ...]
    default: bool


class TurnBegan(Event):
    kind: ClassVar[str] = "turn_began"
    player: int
    rested: tuple[int, ...]
    """Pieces rested enough for an "all rested" turn."""


class Walked(Event):
    kind: ClassVar[str] = "walked"
    player: int
    piece: int
    piece_kind: str
    start: tuple[int, int]
    to: tuple[int, int]
    steps: int


class Attacked(Event):
    kind: ClassVar[str] = "attacked"
    player: int
    piece: int
    piece_kind: str
    target: int
    target_kind: str
    target_owner: int
    at: tuple[int, int]
    miss_chance: int
    crit_chance: int
    dominates: bool
    missed: bool
    crit: bool
    damage: int
    hp_left: int
    killed: bool
    xp: int


class LevelUp(Event):
    kind: ClassVar[str] = "level_up"
    player: int
    piece: int
    level: int


class MoveSkipped(Event):
    kind: ClassVar[str] = "move_skipped"
    player: int
    piece: int
    reason: str


class NoOrders(Event):
    kind: ClassVar[str] = "no_orders"
    player: int
    missed: int
    autopilot: bool
    """The bots' strategy played the turn."""


class PlayerOut(Event):
    kind: ClassVar[str] = "player_out"
    player: int
    place: int
    by: int


class WarPointsEarned(Event):
    """Guild war points for beating a guild warrior of another guild (ruling 10)."""

    kind: ClassVar[str] = "war_points"
    player: int
    loser: int
    points: int


class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    places: tuple[int, ...]
    """Player ids from first place down."""
    reason: str


class OrdersNotPlayed(Event):
    """The player's orders for the turn the GM ended the battle on (`wtg end`): kept in the
    game's folder, never played; told to him alone."""

    kind: ClassVar[str] = "orders_not_played"
    player: int


class GmWords(Event):
    """The GM's words on the battle he ended by hand (`wtg end`), told to everyone."""

    kind: ClassVar[str] = "gm_words"
    words: str
