"""The order confirmation's forecast, and the shared state a poll checks orders against:
checking (``accept``) and forecasting leave it as it is on disk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rules.confirmations import confirmation
from tests.rules.tactics.builders import OPEN7, piece, state
from tests.shipped import TACTICS
from wtg.aof.render import render_aof
from wtg.core.jsondata import Json
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
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
    bold = game.state()
    bold.last_hit = bold.turn - 40  # nobody hit for long: the bot walks in (ruling 8)
    planned: dict[str, Any] = plan_orders(bold, active)
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
    body = confirmation(
        "tactics",
        view.player(active),
        forecast,
        game="t",
        turn=2,
        accepted=len(submission.verdicts),
        verdicts=[v.describe() for v in submission.verdicts],
        received="2026-01-01 10:00:00 UTC",
        masked_code="C***",
        player=players[active - 1],
    )
    assert "FORECAST: your orders as they would run" in body
    assert forecast["lines"][0] in body


def _confirmation(game: TacticsState, forecast: dict[str, Any]) -> str:
    return confirmation(
        "tactics",
        game.player(1),
        forecast,
        game="t",
        turn=6,
        accepted=1,
        received="2026-01-01 10:00:00 UTC",
        masked_code="X***",
        player=PlayerEntry(id=1, name="P1", email="p1@example.org", code="X"),
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


def test_a_second_attack_on_a_target_the_first_may_destroy_says_it_may_not_run() -> None:
    """A player's trial: two lines attacked piece 16 (4 HP), the first with damage 6; the
    forecast gave each its odds alone, and the turn skipped the second move whole ('no
    piece to attack at 01/07'), its walk too. A line whose target the earlier lines may
    destroy (their damage, every one a crit, reaches its HP) says so; one they cannot
    destroy reads as before. The damage to expect of piece 21 is of its 3 HP (it said
    3.9, more than the piece has)."""
    pieces = [
        piece(11, "KNIGHT", 1, 1),
        piece(12, "KNIGHT", 3, 1),
        piece(13, "KNIGHT", 2, 3),
        piece(14, "KNIGHT", 3, 2),
        piece(21, "KNIGHT", 2, 1, hp=3),
        piece(22, "KNIGHT", 2, 2),
    ]
    game = state(OPEN7, pieces, per_turn="4")
    moves: list[Json] = [
        {"piece": 11, "to": [1, 1], "attack": [2, 1]},
        {"piece": 12, "to": [3, 1], "attack": [2, 1]},
        {"piece": 13, "to": [2, 3], "attack": [2, 2]},
        {"piece": 14, "to": [3, 2], "attack": [2, 2]},
    ]
    lines = TACTICS.forecast(game, {"player": 1, "turn": 6, "moves": moves}, 1)["lines"]
    odds = "miss 10%, crit 12%, damage 4 (crit 7), expected"
    assert lines == [
        f"piece 11 (KNIGHT) stays at 01/01, attacks piece 21 (KNIGHT, 3 HP): {odds} 2.7 HP",
        f"piece 12 (KNIGHT) stays at 03/01, attacks piece 21 (KNIGHT, 3 HP): {odds} 2.7 HP;"
        " only if piece 21 still stands then: your earlier attack lines may destroy it, and"
        " then this move is skipped, its walk too",
        f"piece 13 (KNIGHT) stays at 02/03, attacks piece 22 (KNIGHT, 10 HP): {odds} 3.9 HP",
        f"piece 14 (KNIGHT) stays at 03/02, attacks piece 22 (KNIGHT, 10 HP): {odds} 3.9 HP",
    ]
