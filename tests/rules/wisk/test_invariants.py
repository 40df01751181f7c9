"""What holds after every turn of whole robot games, whatever the options: every card is
somewhere exactly once, every territory is held with at least one army, the eliminated
hold nothing, the armies only change as the turn's events say."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from tests.rules.wisk.helpers import new_game
from tests.shipped import WISK as RULESET
from wtg.rules.wisk.state import PLAYING, WiskState

GAMES = [
    {"seed": 1},
    {"seed": 2, "cards": "fixed", "ties": "defender"},
    {"seed": 3, "missions": True, "assignment": "semi"},
    {"seed": 4, "assignment": "claim"},
]


def check(state: WiskState) -> None:
    cards = Counter([*state.deck, *state.discard, *(c for p in state.players for c in p.cards)])
    assert sorted(cards) == list(range(1, 45)) and set(cards.values()) == {1}
    if state.stage == PLAYING:
        assert all(h.owner and h.armies >= 1 for h in state.holdings)
    for player in state.players:
        if not player.alive:
            assert not state.territories_of(player.id) and player.cards == []
    assert state.player(state.active).alive


def army_change(events: Sequence[Mapping[str, object]]) -> int:
    """The armies the events put on the board less those the battles took off."""
    change = 0
    for e in events:
        if e["kind"] == "placed":
            change += int(str(e["armies"]))
        elif e["kind"] == "claimed":
            change += 1
        elif e["kind"] == "battle":
            change -= int(str(e["attacker_losses"])) + int(str(e["defender_losses"]))
    return change


@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join(f"{k}={v}" for k, v in g.items()))
def test_whole_robot_games_keep_the_invariants(game: dict[str, object]) -> None:
    options = dict(game)
    seed = int(str(options.pop("seed")))
    state = new_game(0, seed=seed, robots=5, **options)
    check(state)
    while not state.winner:
        assert state.turn < 1000
        result = RULESET.resolve(
            state, RULESET.robot_orders(state), random.Random(seed * 7919 + state.turn)
        )
        before = sum(h.armies for h in state.holdings)
        after = sum(h.armies for h in result.state.holdings)
        assert after - before == army_change([e.to_dict() for e in result.events])
        state = result.state
        check(state)
    assert sum(p.alive for p in state.players) >= 1
