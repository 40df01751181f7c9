"""Highest Unique Bid, a toy ruleset made by following docs/architecture.md ("A new
ruleset"): each turn every player bids 1 to 9; the highest bid nobody else made scores its
value; the first to reach the goal (``--goal``, ``GOAL`` by default) wins. Pure: its form
comes from its Library."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from wtg.aof.orderfile import orders_from_entries
from wtg.core.events import Event
from wtg.core.jsondata import Json, JsonObject
from wtg.core.orders import Acceptance, RawEntry, Verdict
from wtg.core.record import Record
from wtg.core.ruleset import (
    GameSetup,
    OptionValue,
    Ruleset,
    ScoreLine,
    SeatId,
    SideId,
    TurnResult,
    TurnStyle,
)
from wtg.rules.base import RulesetFiles

GOAL = 10
BIDS = range(1, 10)


class Bidder(Record):
    id: int
    name: str
    score: int = 0


class ToyState(Record):
    turn: int
    players: tuple[Bidder, ...]
    winner: int | None = None
    goal: int = GOAL

    def to_dict(self) -> JsonObject:
        players: list[Json] = [{"id": p.id, "name": p.name, "score": p.score} for p in self.players]
        data: JsonObject = {"ruleset": "toy", "turn": self.turn, "winner": self.winner}
        return {**data, "goal": self.goal, "players": players}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToyState:
        """A state file read back as ``to_dict`` wrote it."""
        players = tuple(Bidder(**p) for p in data["players"])
        return cls(data["turn"], players, data["winner"], data.get("goal", GOAL))


class BidsOpened(Event):
    kind = "bids_opened"
    bids: tuple[tuple[int, int], ...]
    """(player, bid) of every player who bid."""
    scorer: int | None
    points: int


class Toy(RulesetFiles[ToyState], Ruleset[ToyState]):
    name = "toy"
    title = "Highest Unique Bid"
    turn_style = TurnStyle.SIMULTANEOUS

    def map_names(self) -> list[str]:
        return ["table"]

    def default_map(self, variant: str | None, options: Mapping[str, OptionValue]) -> str:
        return "table"

    def new_game(self, setup: GameSetup, rng: Random) -> TurnResult[ToyState]:
        players = tuple(Bidder(id=p.id, name=p.name) for p in setup.players)
        goal = int(setup.options.get("goal", GOAL))
        return TurnResult(state=ToyState(turn=0, players=players, goal=goal), events=())

    def resolve(
        self, state: ToyState, orders: Mapping[int, Mapping[str, Json]], rng: Random
    ) -> TurnResult[ToyState]:
        bids = tuple(
            (p, b) for p, o in sorted(orders.items()) if isinstance(b := o.get("bid"), int)
        )
        counts = Counter(bid for _player, bid in bids)
        unique = [(bid, player) for player, bid in bids if counts[bid] == 1]
        points, scorer = max(unique) if unique else (0, None)
        players = tuple(
            Bidder(id=p.id, name=p.name, score=p.score + (points if p.id == scorer else 0))
            for p in state.players
        )
        winner = next((p.id for p in players if p.score >= state.goal), None)
        event = BidsOpened(bids=bids, scorer=scorer, points=points, public=True)
        after = ToyState(turn=state.turn + 1, players=players, winner=winner, goal=state.goal)
        return TurnResult(after, (event,))

    def state_to_dict(self, state: ToyState) -> JsonObject:
        return state.to_dict()

    def state_from_dict(self, data: Mapping[str, Json]) -> ToyState:
        return ToyState.from_dict(data)

    def public_json(self, state: ToyState) -> JsonObject:
        return state.to_dict()

    def turn_of(self, state: ToyState) -> int:
        return state.turn

    def is_over(self, state: ToyState) -> bool:
        return state.winner is not None

    def owing(self, state: ToyState) -> list[SideId]:
        return [] if self.is_over(state) else [SideId(p.id) for p in state.players]

    def seat_of(self, state: ToyState, side: int) -> SeatId | None:
        return SeatId(side)

    def sides_of(self, state: ToyState, seat: int) -> list[SideId]:
        return [SideId(seat)]

    def robot_orders(self, state: ToyState) -> dict[int, JsonObject]:
        return {}

    def accept(self, entries: Sequence[RawEntry], state: ToyState, player: int) -> Acceptance:
        verdicts = [
            Verdict(entry=e, accepted=True)
            if e.values["bid"] in BIDS
            else Verdict(entry=e, accepted=False, reason="a bid is 1 to 9")
            for e in entries
        ]
        good = [v.entry for v in verdicts if v.accepted]
        return Acceptance(orders_from_entries(self.form, player, state.turn + 1, good), verdicts)

    def form_context(self, state: ToyState, player: int) -> dict[str, object]:
        return {"goal": state.goal}

    def report_context(
        self, state: ToyState, events: Sequence[Mapping[str, Json]], player: int
    ) -> dict[str, object]:
        return {"state": state, "rounds": events, "me": player, "goal": state.goal}

    def topten(self, state: ToyState) -> list[ScoreLine]:
        ranked = sorted(state.players, key=lambda p: (-p.score, p.id))
        return [
            ScoreLine(rank=i, player=p.id, name=p.name, score=p.score, provinces=0, status="")
            for i, p in enumerate(ranked, start=1)
        ]

    def forecast(self, state: ToyState, orders: Mapping[str, Json], player: int) -> JsonObject:
        return {"later": ["who else bids what"]}
