"""What happens in a WISK turn, as data. The battle log is public; a card drawn, cards taken
from an eliminated player and an order skipped are seen by their player only."""

from __future__ import annotations

from typing import ClassVar

from wtg.core.events import Event


class TurnBegan(Event, kw_only=True):
    kind: ClassVar[str] = "turn_began"
    player: int
    stage: str
    stand_in: bool = False
    """True when a robot plays the turn of a human who sent no orders."""


class TurnPassed(Event, kw_only=True):
    kind: ClassVar[str] = "turn_passed"
    player: int
    reason: str


class PlacedForMissing(Event, kw_only=True):
    """A human sent no orders: his new armies are placed for him as a robot would (the
    default, ``--missing place``); he trades only the sets he must, and does not attack."""

    kind: ClassVar[str] = "placed_for_missing"
    player: int


class AssignedForMissing(Event, kw_only=True):
    """A human sent no orders in the initial assignment: the claim or the starting armies
    cannot wait, so they are made for him as a robot would make them (ruling 16)."""

    kind: ClassVar[str] = "assigned_for_missing"
    player: int
    stage: str
    """The stage of the turn: claiming or placing."""


class Claimed(Event, kw_only=True):
    kind: ClassVar[str] = "claimed"
    player: int
    territory: int
    chosen: bool
    """False when the claim was made for the player (no free territory named)."""


class Reinforced(Event, kw_only=True):
    kind: ClassVar[str] = "reinforced"
    player: int
    territories: int
    from_territories: int
    continents: tuple[tuple[str, int], ...]
    cards: int
    total: int


class Traded(Event, kw_only=True):
    """A card set shown and exchanged (traded cards are shown to everyone)."""

    kind: ClassVar[str] = "traded"
    player: int
    cards: tuple[int, ...]
    kinds: tuple[str, ...]
    armies: int
    bonus: tuple[int, ...]
    """Territories that got the 2 extra armies of their traded card."""
    why: str
    """"orders", "five cards" (forced at the start) or "elimination"."""


class Placed(Event, kw_only=True):
    kind: ClassVar[str] = "placed"
    player: int
    territory: int
    armies: int
    why: str
    """"orders", "card bonus", "left over", "setup" or "elimination"."""


class Battle(Event, kw_only=True):
    kind: ClassVar[str] = "battle"
    attacker: int
    defender: int
    source: int
    target: int
    rolls: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """Each round: the attacker's dice and the defender's dice, highest first."""
    attacker_losses: int
    defender_losses: int
    conquered: bool
    moved: int
    left: int
    """Armies left in the attacking territory."""
    asked: int | None = None
    """The order's MOVE, where fewer than the dice of the last roll, who "must" move in
    at least (None: MOVE blank, or as many or more)."""


class OrderSkipped(Event, kw_only=True):
    kind: ClassVar[str] = "order_skipped"
    player: int
    order: str
    reason: str


class Eliminated(Event, kw_only=True):
    kind: ClassVar[str] = "eliminated"
    player: int
    by: int
    cards: int


class CardsTaken(Event, kw_only=True):
    kind: ClassVar[str] = "cards_taken"
    player: int
    source: int
    cards: tuple[int, ...]


class CardEarned(Event, kw_only=True):
    """Public: a player drew a card (which one, only he sees: CardDrawn)."""

    kind: ClassVar[str] = "card_earned"
    player: int
    drawn: bool


class CardDrawn(Event, kw_only=True):
    kind: ClassVar[str] = "card_drawn"
    player: int
    card: int


class Fortified(Event, kw_only=True):
    kind: ClassVar[str] = "fortified"
    player: int
    source: int
    target: int
    armies: int


class GameWon(Event, kw_only=True):
    kind: ClassVar[str] = "game_won"
    player: int
    how: str
    """"domination" or "mission"."""
    mission: str = ""


class NextPlayer(Event, kw_only=True):
    kind: ClassVar[str] = "next_player"
    player: int
    stage: str


class OrdersNotPlayed(Event, kw_only=True):
    """The player's orders for the turn the GM ended the game on (`wtg end`): kept in the
    game's folder, never played; told to him alone."""

    kind: ClassVar[str] = "orders_not_played"
    player: int


class GameEnded(Event, kw_only=True):
    """The GM ended the game by hand (`wtg end`): no one won (the site says it as every
    ruleset's ``game_over``)."""

    kind: ClassVar[str] = "game_over"
    reason: str
    winners: tuple[int, ...] = ()
