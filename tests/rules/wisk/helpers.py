"""Small hand-made WISK states for rule tests, on the classic board."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from tests.shipped import WISK as RULESET
from wtg.core.ruleset import GameSetup, SeatSetup, TurnResult
from wtg.rules.wisk.board import Board
from wtg.rules.wisk.resolve import resolve
from wtg.rules.wisk.setup import start_state
from wtg.rules.wisk.state import PLAYING, Holding, Options, Player, WiskState

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")

# classic board ids used by the tests
ALASKA, NW_TERRITORY, GREENLAND, ALBERTA, ONTARIO = 1, 2, 3, 4, 5
VENEZUELA, PERU, BRAZIL, ARGENTINA = 10, 11, 12, 13
ICELAND = 14
NORTH_AFRICA, EGYPT, EAST_AFRICA, CONGO, SOUTH_AFRICA, MADAGASCAR = 21, 22, 23, 24, 25, 26
KAMCHATKA, JAPAN, MIDDLE_EAST, SIAM = 30, 33, 36, 38
INDONESIA, NEW_GUINEA, W_AUSTRALIA, E_AUSTRALIA = 39, 40, 41, 42
WILD_1, WILD_2 = 43, 44


@cache
def classic() -> Board:
    return RULESET.load_board("classic")


def new_game(humans: int = 2, seed: int = 1, **options: Any) -> WiskState:
    """A game as ``wtg new-game`` starts it."""
    setup = GameSetup(
        game="test",
        map="classic",
        seed=seed,
        players=tuple(SeatSetup(id=i, name=NAMES[i - 1]) for i in range(1, humans + 1)),
        options=options,
    )
    return start_state(setup, classic(), random.Random(seed))


def board_state(
    players: int = 2, owners: Mapping[int, int] | None = None, **options: Any
) -> WiskState:
    """Player 1 to move in the play stage; every territory is player 2's with 1 army except
    those ``owners`` names (territory -> player); then set armies with ``put``."""
    owners = owners or {}
    holdings = [Holding(owners.get(t, 2), 1) for t in range(1, 43)]
    people = [Player(i, NAMES[i - 1]) for i in range(1, players + 1)]
    return WiskState(
        game="test",
        board=classic(),
        players=people,
        holdings=holdings,
        options=Options(**options),
        stage=PLAYING,
        active=1,
        first=1,
        deck=list(range(1, 45)),
    )


def put(state: WiskState, territory: int, owner: int, armies: int) -> None:
    state.holdings[territory - 1] = Holding(owner, armies)


def run(
    state: WiskState, orders: Mapping[str, Any] | None = None, seed: int = 1
) -> TurnResult[WiskState]:
    """The active player's turn with ``orders`` (an order file's sections)."""
    given = {state.active: {"player": state.active, "turn": state.turn + 1, **(orders or {})}}
    return resolve(state, given if orders is not None else {}, random.Random(seed))


def kinds(result: TurnResult[WiskState], kind: str) -> list[dict[str, Any]]:
    return [e.to_dict() for e in result.events if e.kind == kind]


class Dice(random.Random):
    """Dice that come up as the test says, in order (the attacker's first each roll)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def run_with(
    state: WiskState, orders: Mapping[str, Any], dice: random.Random
) -> TurnResult[WiskState]:
    given = {state.active: {"player": state.active, "turn": state.turn + 1, **orders}}
    return resolve(state, given, dice)


def attack(
    source: int, target: int, dice: int = 3, until: int = 1, move: int = 0
) -> dict[str, int]:
    return {"from": source, "to": target, "dice": dice, "until": until, "move": move}


def give_cards(state: WiskState, pid: int, *cards: int) -> None:
    """``pid`` holds ``cards`` (taken out of the deck)."""
    state.player(pid).cards = list(cards)
    state.deck = [c for c in state.deck if c not in cards]
