"""The order confirmation's forecast, and the shared state a poll checks orders against:
checking (``accept``) and forecasting leave it as it is on disk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.shipped import TACTICS
from wtg.aof.render import render_aof
from wtg.engine import create_game
from wtg.gameconfig import PlayerEntry
from wtg.mail import compose
from wtg.rules.tactics.strategy import plan_orders


def test_accept_and_forecast_leave_the_shared_state_alone(tmp_path: Path) -> None:
    players = [
        PlayerEntry(id=i, name=f"P{i}", email=f"p{i}@example.org", code=f"CODE{i}") for i in (1, 2)
    ]
    game = create_game(tmp_path / "t", "tactics", "meadow", players, seed=2).typed(TACTICS)
    army = game.submit(
        render_aof(
            game.ruleset.form,
            {"game": "t", "turn": 1, "player": 1, "code": "CODE1"},
            {"player": 1, "turn": 1, "army": ["WOLF", "ARCHER"]},
            game.ruleset.form_context(game.state_view(), 1),
        )
    )
    assert TACTICS.forecast(game.state_view(), army.orders, 1) == {
        "lines": ["army: WOLF, ARCHER"],
        "later": [],
    }
    game.run_turn()
    view = game.state_view()
    on_disk = game.store.read_json(1, "state.json")
    active = view.active
    planned: dict[str, Any] = plan_orders(game.state(), active)
    assert planned["moves"]
    header = {"game": "t", "turn": 2, "player": active, "code": f"CODE{active}"}
    submission = game.submit(
        render_aof(game.ruleset.form, header, planned, game.ruleset.form_context(view, active))
    )
    assert submission.verdicts and all(v.accepted for v in submission.verdicts)
    forecast: dict[str, Any] = TACTICS.forecast(game.state_view(), submission.orders, active)
    assert len(forecast["lines"]) == len(planned["moves"])
    assert all(line.startswith("piece ") and " -> " in line for line in forecast["lines"])
    assert game.ruleset.state_to_dict(view) == on_disk
    assert game.state_view() is view
    body = compose.render(
        "confirmation",
        game="t",
        ruleset="tactics",
        turn=2,
        player=players[active - 1],
        side=view.player(active),
        superseded=False,
        received="2026-01-01 10:00:00 UTC",
        deadline=None,
        ready=False,
        accepted=len(submission.verdicts),
        rejected=0,
        verdicts=[v.describe() for v in submission.verdicts],
        forecast=forecast,
        masked_code="C***",
    )
    assert "FORECAST: your orders as they would run" in body
    assert forecast["lines"][0] in body
