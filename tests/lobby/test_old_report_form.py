"""REPORT <game> <turn> of a turn before the latest mailed the report as it was, its order
form of a turn run already: a player filled it in and was refused ('these orders are for
turn 1, but the game expects turn 2'). The answer now says that form is past, and which
form the game takes."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address, ann_and_bob


def test_an_older_report_says_its_form_is_past(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    game.run_turn(now=hall.now)
    hall.send()
    hall.new_mails()
    (ann,) = [p for p in game.config.players if p.email == address(1)]
    old = hall.answer(address(1), f"REPORT wok4-1 0\nCODE {ann.code}")
    assert "=== BEGIN AOF ===" in old.body
    assert (
        "The order form in this report, of turn 1, is past: the game takes the form of turn "
        "2 (AOF wok4-1 mails it to you)."
    ) in " ".join(old.body.split())
    latest = hall.answer(address(1), f"REPORT wok4-1\nCODE {ann.code}")
    assert "your report of turn 1 in game wok4-1" in " ".join(latest.body.split())
    assert "is past" not in latest.body
