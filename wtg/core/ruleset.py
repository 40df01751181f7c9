"""What every ruleset provides to the engine, the store and the command line."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import Enum
from types import MappingProxyType
from typing import (
    Generic,
    Literal,
    NewType,
    Protocol,
    TypeAlias,
    TypeGuard,
    TypeVar,
    runtime_checkable,
)

from wtg.core.events import Event
from wtg.core.form import FormSpec
from wtg.core.jsondata import Json, JsonObject
from wtg.core.orders import Acceptance, RawEntry, Verdict
from wtg.core.record import Record

OptionValue: TypeAlias = str | int | bool
"""The value of a ``wtg new-game`` option (a number, a choice or a text, a flag)."""

_EMPTY: Mapping[str, OptionValue] = MappingProxyType({})

S = TypeVar("S")
"""A ruleset's state: ``WokState``, ``WiskState``, ..."""
S_in = TypeVar("S_in", contravariant=True)
"""A state a protocol only reads."""

State = NewType("State", object)
"""The state of a ruleset whose state type the holder does not know: what the engine holds
of a game opened by name (``find_ruleset``). It is never looked into, only handed back to
the ruleset that made it: ``Ruleset[State]`` is a ``Ruleset[S]`` with ``S`` forgotten."""

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
    "text". Declared as data in ``wtg/rules/<ruleset>/options.py``, which the command
    line reads without importing the rules."""

    flag: str
    key: str
    help: str
    kind: str = "int"
    choices: tuple[str, ...] = ()
    default: OptionValue | None = None


class Seating(Record, kw_only=True):
    """How many players a game of a ruleset, or of one of its variants, takes: declared as
    data in ``wtg/rules/<ruleset>/options.py`` and checked by ``wtg new-game`` before it
    creates anything. ``rule`` is the sentence of the rules (or of the ruling) the numbers
    come from."""

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


class Registration(Record, kw_only=True):
    """What a ruleset's package tells the registry (``wtg.game.registry``), as the
    ``REGISTRATION`` of its ``__init__.py``: its ruleset class, and what the command line,
    the site and the ratings read of it without importing the rules. The ruleset's name
    is its package's. Nothing outside its folder names a ruleset: what differs from one
    to the next is said here."""

    rules: str
    """Its ruleset class, as ``module:Class`` with the module named within the package
    (``ruleset:Wok4``): imported when a game of it is opened, not before."""
    options: tuple[GameOption, ...] = ()
    """Its ``wtg new-game`` options."""
    seating: tuple[Seating, ...]
    """How many players it takes, and each variant."""
    public_board: Literal["open", "holders", "none"] = "none"
    """What the public sees of its board on the site (``wtg.site.board``): ``open`` the
    whole of it, ``holders`` who holds each province and nothing of what is in it,
    ``none`` nothing (its Top Ten and public events still appear)."""
    board_table: Literal["territories", "pieces", "provinces", ""] = ""
    """The list of its ``public_json`` the site shows as the board's table (each
    territory, piece or province); none when it publishes no board."""
    no_board: str = ""
    """Why it publishes no board, as the site's page says (a sentence of its rules)."""
    score_words: tuple[str, str] = ("Score", "Provinces")
    """What its Top Ten's score and holdings count, as the site heads their columns."""
    bot_word: str = "robot"
    """What its rules call a seat the machine plays."""
    rating: Literal["Elo", "Plackett-Luce"] = "Plackett-Luce"
    """How ``wtg ratings`` rates its players (``wtg.host.ratings``)."""
    hiscore: bool = False
    """Its finished games count in the WoK HiScore and championships (``wtg.site.hiscore``,
    which scores them by WoK IV's victory points)."""
    turns_run: str = "each turn runs once every player is READY"
    """When a turn of its game runs with no deadline, as a waiting list's answers say it
    (LIST, STATUS of a list: ``wtg.lobby.waitlist.deadline_rule``): who the turn waits for
    (all the players, or the one whose turn it is where they move one at a time)."""
    sooner: str = "once all are READY"
    """When a turn of its game runs before its deadline, in the same answers' words."""


NO_REGISTRATION = Registration(rules="", seating=())
"""What a ruleset added while the process runs (``registry.register``) tells the site and
the ratings: every default."""


class GameSetup(Record):
    game: str
    map: str
    seed: int
    players: tuple[SeatSetup, ...]
    variant: str | None = None
    options: Mapping[str, OptionValue] = _EMPTY


class TurnResult(Record, Generic[S]):
    """A resolved turn: the new state and what happened."""

    state: S
    events: tuple[Event, ...]


STILL_IN = "active"
"""The status a side shows in its ruleset's public state while its player plays on."""
QUIT_STATUS = "quit"
"""The status a side shows in its ruleset's public state once its player has quit (the WoK
rulesets'; WISK's and Tactics' players are out, not quit)."""


class PublicSide(Record):
    """A side as every ruleset's ``public_json`` shows it (in ``players``): what the engine,
    the mail and the command line read of a state of any ruleset."""

    id: SideId
    name: str
    status: str
    missed: int = 0
    """Turns missed in a row (rulesets that count them)."""
    bot: bool = False
    place: int | None = None
    """The place the side finished in (rulesets that rank the players out)."""


def public_sides(public: Mapping[str, Json]) -> list[PublicSide]:
    """The sides of a ruleset's ``public_json``; an entry without a whole-number ``id`` is
    no side (a ruleset's mistake: skipped, not a crash)."""
    players = public.get("players")
    sides = []
    for entry in players if isinstance(players, list) else []:
        if not isinstance(entry, dict):
            continue
        ident, missed, place = entry.get("id"), entry.get("missed"), entry.get("place")
        if not _whole(ident):
            continue
        sides.append(
            PublicSide(
                id=SideId(ident),
                name=str(entry.get("name", "")),
                status=str(entry.get("status", "")),
                missed=missed if _whole(missed) else 0,
                bot=entry.get("bot") is True,
                place=place if _whole(place) else None,
            )
        )
    return sides


def _whole(value: Json) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class ScoreLine(Record):
    rank: int
    player: int
    name: str
    score: int
    provinces: int
    status: str


class Ruleset(Protocol[S]):
    """A game's rules, found by name in ``wtg.game.registry``; ``S`` the type of its states.
    Each ruleset class subclasses ``Ruleset[<its state>]``, so that the type checker holds
    it to this protocol."""

    name: str
    title: str
    turn_style: TurnStyle

    @property
    def form(self) -> FormSpec:
        """The AOF of ``forms/<name>.yaml``."""
        ...

    def form_for(self, state: S) -> FormSpec:
        """The AOF of a game in ``state``: ``form`` with its province fields as wide as the
        game's map needs. Every AOF printed or read for a game is this one."""
        ...

    def map_names(self) -> list[str]: ...

    def new_game(self, setup: GameSetup, rng: random.Random) -> TurnResult[S]: ...

    def resolve(
        self, state: S, orders: Mapping[int, Mapping[str, Json]], rng: random.Random
    ) -> TurnResult[S]:
        """The turn after ``state``, with each side's orders (its order file's data)."""
        ...

    def state_to_dict(self, state: S) -> JsonObject:
        """The state file (``state.json``) of ``state``."""
        ...

    def state_from_dict(self, data: Mapping[str, Json]) -> S: ...

    def public_json(self, state: S) -> JsonObject:
        """What ``wtg state --json`` prints: the state without secrets, with at least
        ``ruleset``, ``turn`` and ``players`` (each with ``id``, ``name`` and ``status``)."""
        ...

    def public_sides_of(self, state: S) -> list[PublicSide]:
        """The sides of ``public_json(state)`` (``public_sides``). A ruleset whose public
        JSON holds far more than its players may read them without the rest: a poll's
        confirmation names one side (the same sides, ``tests/test_public_sides.py``)."""
        return public_sides(self.public_json(state))

    def turn_of(self, state: S) -> int: ...

    def is_over(self, state: S) -> bool: ...

    def owing(self, state: S) -> list[SideId]:
        """Players (sides) whose orders the next turn waits for."""
        ...

    def seat_of(self, state: S, side: SideId) -> SeatId | None:
        """The GM seat (a human with an address and a code) who gives ``side``'s orders;
        None for a robot. Most games: the side itself."""
        ...

    def sides_of(self, state: S, seat: SeatId) -> list[SideId]:
        """The sides a GM seat plays (one, or a Duel's three colours)."""
        ...

    def robot_orders(self, state: S) -> Mapping[int, Mapping[str, Json]]:
        """Order files of the robots for the next turn (none in most games)."""
        ...

    def default_map(self, variant: str | None, options: Mapping[str, OptionValue]) -> str:
        """The map a new game gets when the GM names none (``options``: the game's, as a
        Tactics world of the GM's own, ``--assets``, whose first map it is)."""
        ...

    def entries_from_dict(
        self, data: Mapping[str, Json], state: S | None = None
    ) -> tuple[list[RawEntry], list[Verdict], list[str]]:
        """Entries from an order file (YAML), entries it could not read, and fatal problems;
        read with ``form_for(state)`` (with ``form`` when no state is given)."""
        ...

    def accept(self, entries: Sequence[RawEntry], state: S, player: int) -> Acceptance: ...

    def form_context(self, state: S, player: int) -> Mapping[str, object]:
        """What fills the ``{placeholders}`` of the player's AOF."""
        ...

    def report_context(
        self, state: S, events: Sequence[Mapping[str, Json]], player: int
    ) -> Mapping[str, object]:
        """What the player's report template is rendered with."""
        ...

    def topten(self, state: S) -> list[ScoreLine]: ...

    def forecast(self, state: S, orders: Mapping[str, Json], player: int) -> Mapping[str, object]:
        """The player's own position after the turn if nobody else acted (for the order
        confirmation); ``later`` lists what only the turn itself decides."""
        ...


@runtime_checkable
class TakesOver(Protocol[S]):
    """A ruleset whose seats a new player may take over once their player has quit (`wtg
    offer-seat`, then a mail `JOIN <game>`): the rules' takeover."""

    def take_over(self, state: S, side: SideId, name: str) -> S:
        """``state`` with ``side`` played again, by the player called ``name``, from where
        its quitter left it; a new state (``state`` is not changed). ValueError, with the
        reason, when the side cannot be taken over."""
        ...

    def parted(self, state: S, side: SideId) -> list[SideId]:
        """The sides whose pact with ``side`` in ``state`` (an alliance) its quitter made and
        ``take_over`` ends: their players are told."""
        ...


@runtime_checkable
class EndsByHand(Protocol[S]):
    """A ruleset whose game a GM may end by hand (`wtg end`): the end written as one more
    turn in which nothing moves, no one wins and the players keep the places they stand in
    (docs/gm.md, "Ending a game by hand")."""

    def end_by_hand(self, state: S, reason: str, unplayed: Sequence[SideId]) -> TurnResult[S]:
        """The turn after ``state`` as the GM's end makes it: the state as it stands, over,
        with ``reason`` (the GM's words, "" for none) kept; the sides of ``unplayed`` (their
        orders for it were pending) told theirs were not played. ``state`` is not changed."""
        ...

    def ended_by_hand(self, state: S) -> str | None:
        """The GM's reason when ``state`` is a game the GM ended ("" when he gave none);
        None for any other state."""
        ...


@runtime_checkable
class Renames(Protocol[S]):
    """A ruleset whose state names each seat's player (his sides in the reports, the Top
    Ten, the site): a player's name edited in game.yaml is taken into the state by the
    next turn (``renamed``), so that every place says the one name from then on."""

    def seat_name(self, state: S, seat: SeatId) -> str | None:
        """The name ``state`` calls the player of ``seat`` by; None for a seat it has
        not."""
        ...

    def renamed(self, state: S, seat: SeatId, name: str) -> S:
        """``state`` with the player of ``seat`` called ``name`` wherever it names him
        (each of his sides); a new state (``state`` is not changed)."""
        ...


@runtime_checkable
class KeepsOptions(Protocol[S_in]):
    """A ruleset whose state keeps the game's options as turn 0 was made with them: the
    game plays those, whatever game.yaml's ``options`` say after (a GM's edit changes
    nothing), so what the players are told of the rules reads them (``played_options``)."""

    def played_options(self, state: S_in) -> Mapping[str, OptionValue]:
        """The options ``state`` plays, by their game.yaml names."""
        ...


@runtime_checkable
class PlansAbsence(Protocol):
    """A ruleset that lets a player be away for some turns (a mail's ``ABSENCE``): what
    happens to the seat meanwhile, in a player's words, the most turns one seat may be away
    in a game, and the orders the engine gives an absent side that sent none."""

    absence_policy: str
    absence_turns: int

    def absent_orders(self, side: SideId) -> Mapping[str, Json]: ...
