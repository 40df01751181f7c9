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
    oop = with_form[with_form.index("ORDER OF PLAY") :].split("\n\n")[0]
    assert f"{oop}\n\n{ONE}\n\nTOP TEN (by score" in with_form, with_form  # no deadline: none said


def test_a_duel_report_names_its_forms_once(tmp_path: Path) -> None:
    game = create_game(
        tmp_path / "g", "standard", "classic60", players(2), 3, variant="duel", now=MADE
    )
    report = game.report(1)
    said = "Your orders: fill out the AOFs below and reply to this mail with them."
    assert report.count("Your orders:") == 1 and said in report, report
    assert report.index(said) < report.index("=== BEGIN AOF ===")
    assert report.count("=== BEGIN AOF ===") == 3


def test_the_top_ten_s_counts_and_statuses_stand_in_columns(tmp_path: Path) -> None:
    """players40: the Top Ten of a game's last report read "483  2 provinces  WINNER" over
    "421  1 province  QUIT", its statuses a column apart, and a count of 10 provinces
    stood a column right of one of 9. The counts are right-aligned to the widest, and the
    word is padded where a status follows it."""
    game = create_game(tmp_path / "g", "wok4", "classic60", players(10), 7, now=MADE)
    state = game.typed(WOK4).state()
    neutral = [p for p in state.provinces if p.owner == 0]
    for province in neutral[:9]:
        province.owner = 1  # 10 provinces
    for province in neutral[9:18]:
        province.owner = 3  # 10 provinces
    next(p for p in state.players if p.id == 2).status = "quit"
    text = report_text(WOK4, game.config, state, [], 4, aof="")
    table = (
        text.split("TOP TEN (by score: all a player possesses, counted)\n", 1)[1]
        .split("\n\n", 1)[0]
        .splitlines()
    )
    assert len(table) == 10, table
    words = {line.index(" province") for line in table}
    assert len(words) == 1, table  # the counts right-aligned: the noun in one column
    quit_line = next(line for line in table if "QUIT" in line)
    assert " 1 province   QUIT" in quit_line, quit_line
    assert quit_line.index("QUIT") == words.pop() + len(" provinces  ")
    assert any("10 provinces" in line for line in table)
    assert all(line == line.rstrip() for line in table)


def test_the_top_ten_says_what_its_number_is(tmp_path: Path) -> None:
    """A report's Top Ten read ``1. Bob  #2  1053  5 provinces``: a number without its unit
    or a heading over it, where the file topten.txt heads the column SCORE. There is "a
    "Top Ten" List according to a generated score (depending on all your possessions)"
    (WoK IV): the heading says so while the game runs (docs/rules/wok.md, ruling 28)."""
    game = create_game(tmp_path / "g", "standard", "star-islands", players(3), 5, now=MADE)
    lines = game.report(1).splitlines()
    at = lines.index("TOP TEN (by score: all a player possesses, counted)")
    assert lines[at + 1].startswith("   1. ")
