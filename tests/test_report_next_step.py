"""players40: a new player read his turn 0 report on a phone and found nowhere what to do
with it: the deadline said when, the form said how to fill it in, and nothing said to
send it back. A WoK report whose form follows says so under its deadline, in the rule
text's words ("Each turn you need to fill out the AOF. Just cut and paste it into your
new email back to the GM"), once, and a report with no form under it says nothing of it."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tests.conftest import players
from tests.shipped import WOK4
from wtg.game.engine import create_game
from wtg.game.report import report_text
from wtg.game.schedule import make_schedule

MADE = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)
ONE = "Your orders: fill out the AOF below and reply to this mail with it."


def test_a_report_with_its_form_says_to_fill_it_out_and_reply(tmp_path: Path) -> None:
    schedule = make_schedule(2, "18:00", "Europe/Vienna", first="2026-11-23")
    game = create_game(tmp_path / "g", "wok4", "small", players(2), 7, schedule=schedule, now=MADE)
    report = game.report(1)
    deadline = (
        "DEADLINE FOR YOUR TURN 1 ORDERS: Mon 23 Nov 2026 18:00 Europe/Vienna\n  (17:00 UTC)\n"
    )
    assert deadline + ONE + "\n" in report, report
    assert report.count("Your orders:") == 1
    assert report.index(ONE) < report.index("=== BEGIN AOF ===")
    assert max(len(line) for line in ONE.splitlines()) <= 72


def test_a_report_without_a_form_says_nothing_of_one(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g", "wok4", "small", players(2), 7, now=MADE)
    state = game.typed(WOK4).state()
    text = report_text(WOK4, game.config, state, [], 1, aof="")
    assert "ORDER OF PLAY FOR TURN 1" in text
    assert "Your orders:" not in text and "=== BEGIN AOF ===" not in text
    with_form = report_text(WOK4, game.config, state, [], 1)
    oop = next(line for line in with_form.splitlines() if line.startswith("ORDER OF PLAY"))
    assert f"{oop}\n\n{ONE}\n\nTOP TEN" in with_form, with_form  # no deadline: none said


def test_a_duel_report_names_its_forms_once(tmp_path: Path) -> None:
    game = create_game(
        tmp_path / "g", "standard", "classic60", players(2), 3, variant="duel", now=MADE
    )
    report = game.report(1)
    said = "Your orders: fill out the AOFs below and reply to this mail with them."
    assert report.count("Your orders:") == 1 and said in report, report
    assert report.index(said) < report.index("=== BEGIN AOF ===")
    assert report.count("=== BEGIN AOF ===") == 3
