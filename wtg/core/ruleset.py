"""What every ruleset provides to the engine, the store and the command line."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import Enum
from types import MappingProxyType
from typing import Any, NewType, Protocol

from wtg.core.events import Event
from wtg.core.form import FormSpec
from wtg.core.orders import Acceptance, RawEntry, Verdict
from wtg.core.record import Record

_EMPTY: Mapping[str, Any] = MappingProxyType({})

SeatId = NewType("SeatId", int)
"""A GM seat: a human with an address and a secret code (``game.yaml``'s player id)."""
SideId = NewType("SideId", int)
"""A side of the board that gives orders: most games one a seat, with the seat's number; a
Duel seat plays three colours, whose numbers are not the seat's."""


class TurnStyle(Enum):
    """Whether all players move at once or one after another."""

    SIMULTANEOUS = "simultaneous"
    SEQUENTIAL = "sequential"


class SeatSetup(Record):
    """A player as the GM registered them; rules see only id and name."""

    id: int
    name: str


class GameOption(Record):
    """A ``wtg new-game`` option of a ruleset (``--flag``), kept in the game's ``options``
    under ``key``. ``kind``: "int", "choice" (one of ``choices``), "flag" (on or off) or
    "text". Declared as data in ``wtg/options/<ruleset>.py``, which the command line
    reads without importing the rules."""

    flag: str
    key: str
    help: str
    kind: str = "int"
    choices: tuple[str, ...] = ()
    default: Any = None


class Seating(Record, kw_only=True):
    """How many players a game of a ruleset, or of one of its variants, takes: declared as
    data in ``wtg/options/<ruleset>.py`` and checked by ``wtg new-game`` before it creates
    anything. ``rule`` is the sentence of the rules (or of the ruling) the numbers come from.
    """

    variant: str | None = None
    least: int = 2
    """Fewest human players (each with an address)."""
    most: int | None = None
    """Most human players; None: as many as the map seats."""
    colours: int = 1
    """Seats of the map each human plays (a Duel's three colours)."""
    robots: int = 0
    """Seats the variant gives to robots of its own."""
    robots_option: str | None = None
    """The ``new-game`` option adding robots that count with the humans (``robots``, ``bots``)."""
    together: tuple[int, int] | None = None
    """Fewest and most players, humans and those robots together."""
    rule: str = ""


class GameSetup(Record):
    game: str
    map: str
    seed: int
    players: tuple[SeatSetup, ...]
    variant: str | None = None
    options: Mapping[str, Any] = _EMPTY


class TurnResult(Record):
    """A resolved turn: the new state and what happened."""

    state: Any
    events: tuple[Event, ...]


class ScoreLine(Record):
    rank: int
    player: int
    name: str
    score: int
    provinces: int
    status: str


class Ruleset(Protocol):
    """A game's rules, registered by name in ``wtg.registry``."""

    name: str
    title: str
    turn_style: TurnStyle

    @property
    def form(self) -> FormSpec:
        """The AOF of ``forms/<name>.yaml``."""
        ...

    def form_for(self, state: Any) -> FormSpec:
        """The AOF of a game in ``state``: ``form`` with its province fields as wide as the
        game's map needs. Every AOF printed or read for a game is this one."""
        ...

    def map_names(self) -> list[str]: ...

    def new_game(self, setup: GameSetup, rng: random.Random) -> TurnResult: ...

    def resolve(
        self, state: Any, orders: Mapping[int, Mapping[str, Any]], rng: random.Random
    ) -> TurnResult: ...

    def state_to_dict(self, state: Any) -> dict[str, Any]: ...

    def state_from_dict(self, data: Mapping[str, Any]) -> Any: ...

    def public_json(self, state: Any) -> dict[str, Any]: ...

    def turn_of(self, state: Any) -> int: ...

    def is_over(self, state: Any) -> bool: ...

    def owing(self, state: Any) -> list[SideId]:
        """Players (sides) whose orders the next turn waits for."""
        ...

    def seat_of(self, state: Any, side: SideId) -> SeatId | None:
        """The GM seat (a human with an address and a code) who gives ``side``'s orders;
        None for a robot. Most games: the side itself."""
        ...

    def sides_of(self, state: Any, seat: SeatId) -> list[SideId]:
        """The sides a GM seat plays (one, or a Duel's three colours)."""
        ...

    def robot_orders(self, state: Any) -> dict[int, dict[str, Any]]:
        """Order files of the robots for the next turn (none in most games)."""
        ...

    def default_map(self, variant: str | None, options: Mapping[str, Any]) -> str:
        """The map a new game gets when the GM names none (``options``: the game's, as a
        Tactics world of the GM's own, ``--assets``, whose first map it is)."""
        ...

    def entries_from_dict(
        self, data: Mapping[str, Any], state: Any = None
    ) -> tuple[list[RawEntry], list[Verdict], list[str]]:
        """Entries from an order file (YAML), entries it could not read, and fatal problems;
        read with ``form_for(state)`` (with ``form`` when no state is given)."""
        ...

    def accept(self, entries: Sequence[RawEntry], state: Any, player: int) -> Acceptance: ...

    def form_context(self, state: Any, player: int) -> dict[str, Any]: ...

    def report_context(
        self, state: Any, events: Sequence[Mapping[str, Any]], player: int
    ) -> dict[str, Any]: ...

    def topten(self, state: Any) -> list[ScoreLine]: ...

    def forecast(self, state: Any, orders: Mapping[str, Any], player: int) -> dict[str, Any]:
        """The player's own position after the turn if nobody else acted (for the order
        confirmation); ``later`` lists what only the turn itself decides."""
        ...
