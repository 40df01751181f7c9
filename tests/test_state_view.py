"""The shared state a poll checks many orders against stays as it is on disk: checking
orders (``accept``) and forecasting them never change it."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.shipped import STANDARD, WOK4
from wtg.aof.render import render_aof
from wtg.engine import Game, create_game
from wtg.gameconfig import PlayerEntry
from wtg.rules.standard.strategy import plan_orders as standard_orders
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.strategy import plan_orders as wok4_orders

Planner = Callable[[Any, int, random.Random], dict[str, Any]]


def game_of(root: Path, ruleset: str, map_name: str, seats: int) -> Game[WokState]:
    players = [
        PlayerEntry(id=i, name=f"P{i}", email=f"p{i}@example.org", code=f"CODE{i}")
        for i in range(1, seats + 1)
    ]
    game = create_game(root / ruleset, ruleset, map_name, players, seed=11)
    return game.typed(rules_of(ruleset))


def rules_of(ruleset: str) -> WokRuleset:
    return WOK4 if ruleset == "wok4" else STANDARD


@pytest.mark.parametrize(
    ("ruleset", "map_name", "seats", "planner"),
    [("wok4", "classic60", 10, wok4_orders), ("standard", "classic60", 10, standard_orders)],
)
def test_orders_and_forecasts_leave_the_shared_state_alone(
    tmp_path: Path, ruleset: str, map_name: str, seats: int, planner: Planner
) -> None:
    game = game_of(tmp_path, ruleset, map_name, seats)
    on_disk = game.store.read_json(0, "state.json")
    view = game.state_view()
    assert game.state_view() is view  # one object while the file is unchanged
    forecasts = 0
    for player in range(1, seats + 1):
        orders = planner(game.state(), player, random.Random(player))
        header = {"game": game.config.game, "turn": 1, "player": player, "code": f"CODE{player}"}
        aof = render_aof(game.ruleset.form, header, orders, game.ruleset.form_context(view, player))
        submission = game.submit(aof)
        assert any(v.accepted for v in submission.verdicts)
        forecast: dict[str, Any] = rules_of(ruleset).forecast(
            game.state_view(), submission.orders, player
        )
        forecasts += len(forecast["provinces"])
    assert forecasts >= seats
    assert game.ruleset.state_to_dict(view) == on_disk
    assert game.state_view() is view
    game.run_turn()
    assert game.state_view() is not view
    assert game.state_view().turn == 1


def test_a_game_that_let_go_of_its_reads_reads_the_same_again(tmp_path: Path) -> None:
    """A poll lets go of each game's reads once its batch is on disk: the state and turn
    files read next are new objects, equal to those it had."""
    game = game_of(tmp_path, "wok4", "classic60", 4)
    with game.store.lock():
        state, meta, deadline = game.state_view(), game.meta(), game.deadline()
        assert game.state_view() is state  # kept while held
        game.let_go()
        again = game.state_view()
        assert again is not state
        assert again == state == game.state()
        assert (game.meta(), game.deadline()) == (meta, deadline)
        assert game.state_view() is again
