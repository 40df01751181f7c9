"""The order confirmation's forecast, and the shared state a poll checks orders against:
checking (``accept``) and forecasting leave it as it is on disk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rules.tactics.builders import OPEN7, piece, state
from tests.shipped import TACTICS
from wtg.aof.render import render_aof
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.mail.outgoing import compose
from wtg.rules.tactics.state import ARMY, TacticsState
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
        "lines": [
            "army: WOLF, ARCHER",
            "That is 2 pieces, not the 9 an army may have: the pieces you list are your"
            " whole army.",
        ],
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
        source="",  # the player's own address
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


def _confirmation(game: TacticsState, forecast: dict[str, Any]) -> str:
    return compose.render(
        "confirmation",
        source="",  # the player's own address
        game="t",
        ruleset="tactics",
        turn=6,
        player=PlayerEntry(id=1, name="P1", email="p1@example.org", code="X"),
        side=game.player(1),
        superseded=False,
        received="2026-01-01 10:00:00 UTC",
        deadline=None,
        ready=False,
        accepted=1,
        rejected=0,
        verdicts=[],
        forecast=forecast,
        masked_code="X***",
    )


def test_the_forecast_keeps_to_78_columns_and_says_a_short_army() -> None:
    """A player's trial: a move with an attack was forecast on one line of 120 columns
    ('piece 11 (KNIGHT) 01/01 -> 02/01, attacks piece 21 (PIKE, 13 HP): miss ...'), and an
    army of five pieces sent after two lines were rejected was forecast as 'army: WOLF,
    WOLF, ARCHER, GRIFFIN, CATAPULT' alone: the turn gave him an army of five, not nine.
    The lines are wrapped at their words, and a short army is said to be the whole army."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    orders: dict[str, Any] = {"moves": [{"piece": 11, "to": [2, 1], "attack": [3, 1]}]}
    text = _confirmation(game, TACTICS.forecast(game, orders, 1))
    assert "piece 11 (KNIGHT) 01/01 -> 02/01, attacks piece 21 (PIKE" in " ".join(text.split())
    assert max(len(line) for line in text.splitlines()) <= 78
    game.phase = ARMY
    forecast: dict[str, Any] = TACTICS.forecast(game, {"army": ["WOLF", "ARCHER"]}, 1)
    text = _confirmation(game, forecast)
    assert max(len(line) for line in text.splitlines()) <= 78
    assert (
        "army: WOLF, ARCHER That is 2 pieces, not the 9 an army may have: the pieces you list"
        " are your whole army."
    ) in " ".join(text.split())
    whole: dict[str, Any] = TACTICS.forecast(game, {"army": ["WOLF"] * 9}, 1)
    assert whole["lines"] == ["army: " + ", ".join(["WOLF"] * 9)]
