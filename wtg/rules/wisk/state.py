"""The state of a WISK game between two turns, its file form and its public JSON.

The state file carries the board, so a game never depends on a map file a GM may
edit later. Cards in hand, the deck and missions are in the state file only; the
public JSON shows how many cards each player holds, never which, and no mission.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from wtg.core.jsondata import Json, JsonObject, flag, json_list, json_object, whole, word
from wtg.core.record import Record
from wtg.rules.endreasons import BY_GM
from wtg.rules.wisk.board import Board, board_from_data
from wtg.rules.wisk.constants import (
    AUTOMATIC,
    CLAIM,
    ESCALATING,
    MISSING_PLACE,
    TIES_ATTACKER,
)

ACTIVE = "active"
DEAD = "dead"

CLAIMING = "claim"
"""Initial assignment by claims: one territory a turn."""
PLACING = "place"
"""Initial assignment: the players place the rest of their armies, one army a turn (the
claims of ``--assignment claim``) or all on one AOF."""
PLAYING = "play"


class Options(Record):
    """The game's options, fixed at ``wtg new-game``."""

    assignment: str = AUTOMATIC
    cards: str = ESCALATING
    ties: str = TIES_ATTACKER
    missions: bool = False
    missing: str = MISSING_PLACE

    @property
    def one_army_a_turn(self) -> bool:
        """Whether the starting armies left after the claims are placed one a turn."""
        return self.assignment == CLAIM

    def to_dict(self) -> JsonObject:
        return self.field_values()

    @classmethod
    def from_dict(cls, data: Mapping[str, Json]) -> Options:
        """The options a state file holds; one it lacks keeps its default."""
        default = cls()
        return cls(
            assignment=word(data.get("assignment", default.assignment)),
            cards=word(data.get("cards", default.cards)),
            ties=word(data.get("ties", default.ties)),
            missions=flag(data.get("missions", default.missions)),
            missing=word(data.get("missing", default.missing)),
        )


@dataclass(slots=True)
class Holding:
    """Who holds a territory and with how many armies (0: nobody, while claiming)."""

    owner: int = 0
    armies: int = 0


@dataclass(slots=True)
class Player:
    id: int
    name: str
    robot: bool = False
    status: str = ACTIVE
    cards: list[int] = field(default_factory=list)
    mission: int = 0
    """The secret mission's number on the board (0: none)."""
    to_place: int = 0
    """Armies of the initial assignment not placed yet."""
    missed: int = 0
    """Turns a human let pass without orders."""
    eliminated_by: int = 0
    out_on: int = 0

    @property
    def alive(self) -> bool:
        return self.status == ACTIVE

    def to_dict(self) -> JsonObject:
        return {
            "id": self.id,
            "name": self.name,
            "robot": self.robot,
            "status": self.status,
            "cards": list(self.cards),
            "mission": self.mission,
            "to_place": self.to_place,
            "missed": self.missed,
            "eliminated_by": self.eliminated_by,
            "out_on": self.out_on,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Json]) -> Player:
        return cls(
            id=whole(d["id"]),
            name=word(d["name"]),
            robot=flag(d.get("robot", False)),
            status=word(d.get("status", ACTIVE)),
            cards=_numbers(d.get("cards")),
            mission=whole(d.get("mission", 0)),
            to_place=whole(d.get("to_place", 0)),
            missed=whole(d.get("missed", 0)),
            eliminated_by=whole(d.get("eliminated_by", 0)),
            out_on=whole(d.get("out_on", 0)),
        )


@dataclass(slots=True)
class WiskState:
    game: str
    board: Board
    players: list[Player]
    holdings: list[Holding]
    options: Options = field(default_factory=Options)
    turn: int = 0
    stage: str = PLAYING
    active: int = 1
    first: int = 1
    """Who plays first: every round starts with him."""
    deck: list[int] = field(default_factory=list)
    """The cards to draw, the next one first."""
    discard: list[int] = field(default_factory=list)
    trades: int = 0
    """Card sets traded so far by everyone (the escalating values count them)."""
    winner: int = 0
    won_by: str = ""
    gm_note: str = ""
    """The GM's words on a game he ended by hand (`wtg end`: ``won_by`` is ``BY_GM``, no
    one won)."""

    @property
    def over(self) -> bool:
        """Won, or ended by the GM's hand (``wtg.rules.wisk.byhand``)."""
        return bool(self.winner) or self.won_by == BY_GM

    # --- looking things up ---------------------------------------------------------
    def player(self, pid: int) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(f"no player {pid}")

    def holding(self, tid: int) -> Holding:
        return self.holdings[tid - 1]

    def owner(self, tid: int) -> int:
        return self.holdings[tid - 1].owner

    def armies(self, tid: int) -> int:
        return self.holdings[tid - 1].armies

    def territories_of(self, pid: int) -> list[int]:
        return [i for i, h in enumerate(self.holdings, start=1) if h.owner == pid]

    def alive(self) -> Iterator[Player]:
        return (p for p in self.players if p.alive)

    def continents_of(self, pid: int) -> list[str]:
        """The continents ``pid`` holds whole, in the map's order."""
        return [
            c.name
            for c in self.board.continents
            if all(self.owner(t) == pid for t in c.territories)
        ]

    def next_player(self, after: int) -> int:
        """The next player clockwise (by seat) after ``after`` who is still in the game."""
        order = [p.id for p in self.players]
        start = order.index(after)
        for step in range(1, len(order) + 1):
            candidate = self.players[(start + step) % len(order)]
            if candidate.alive:
                return candidate.id
        return after

    def clone(self) -> WiskState:
        return WiskState.from_dict(self.to_dict(), board=self.board)

    # --- files -------------------------------------------------------------------------
    def to_dict(self) -> JsonObject:
        """The whole state, secrets included (the state file)."""
        return {
            "ruleset": "wisk",
            "game": self.game,
            "turn": self.turn,
            "stage": self.stage,
            "active": self.active,
            "first": self.first,
            "options": self.options.to_dict(),
            "trades": self.trades,
            "winner": self.winner,
            "won_by": self.won_by,
            **({"gm_note": self.gm_note} if self.won_by == BY_GM else {}),
            "players": [p.to_dict() for p in self.players],
            "holdings": [[h.owner, h.armies] for h in self.holdings],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "board": self.board.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Json], board: Board | None = None) -> WiskState:
        return cls(
            game=word(d["game"]),
            board=board or board_from_data(d["board"], "the state file"),
            players=[Player.from_dict(json_object(p)) for p in json_list(d["players"])],
            holdings=[_holding(json_list(h)) for h in json_list(d["holdings"])],
            options=Options.from_dict(json_object(d.get("options", {}))),
            turn=whole(d["turn"]),
            stage=word(d.get("stage", PLAYING)),
            active=whole(d["active"]),
            first=whole(d.get("first", 1)),
            deck=_numbers(d.get("deck")),
            discard=_numbers(d.get("discard")),
            trades=whole(d.get("trades", 0)),
            winner=whole(d.get("winner", 0)),
            won_by=word(d.get("won_by", "")),
            gm_note=note if isinstance(note := d.get("gm_note"), str) else "",
        )


def _numbers(given: Json) -> list[int]:
    """A list of whole numbers (cards; none given: none)."""
    return [whole(n) for n in json_list(given)]


def _holding(given: list[Json]) -> Holding:
    """A territory's holding as the state file holds it: [owner, armies]."""
    owner, armies = given
    return Holding(whole(owner), whole(armies))
