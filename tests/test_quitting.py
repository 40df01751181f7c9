"""Quitting where the texts allow it (WoK IV, Standard and its variants, Intermediate), from
the AOF to `wtg state --json` and `wtg status --json`; and the reports of players who are
out: no deadline, no Order of Play, and the Top Ten marks who QUIT.

Contract (issue 14): "a `QUIT` line on the AOF (order-file key `quit: true`); in Duel one
per colour's form. After the turn the player (colour) is QUIT in `wtg state --json` and
`wtg status --json`."
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.shipped import STANDARD
from wtg.cli import main
from wtg.game.engine import Game, create_game
from wtg.game.intake import Submission
from wtg.game.orderfiles import read_order_file
from wtg.game.report import report_text
from wtg.game.schedule import make_schedule
from wtg.game.turnfiles import turn_files
from wtg.rules.wok.state import Outcome

MAPS = {"wok4": "small", "standard": "classic60", "intermediate": "pentarchy"}
NOW = datetime(2026, 3, 2, 12, tzinfo=timezone.utc)


def wtg(*args: object) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def new_game(root: Path, ruleset: str, count: int = 2, variant: str | None = None) -> Game:
    schedule = make_schedule(2, "18:00", "UTC", now=NOW)
    return create_game(
        root / "g", ruleset, MAPS[ruleset], players(count), 5, variant, schedule=schedule, now=NOW
    )


def fill(form: str, blank: str, value: str, start: int = 0) -> str:
    at = form.index(blank, start)
    return form[:at] + value + form[at + len(blank) :]


def json_of(*args: object) -> Any:
    return json.loads(wtg(*args))


@pytest.mark.parametrize("ruleset", sorted(MAPS))
def test_a_quit_line_alone_is_filed_and_the_player_is_quit_after_the_turn(
    tmp_path: Path, ruleset: str
) -> None:
    """A form whose only filled line is QUIT is an order: it is filed (not taken for a
    READY alone, nor for a mail without orders) and replaces the orders on file; after the
    turn the player is QUIT in `wtg state --json` and `wtg status --json`, and his report
    says so, with no deadline and no Order of Play."""
    game = new_game(tmp_path, ruleset, count=3)
    form = game.aof(2)
    assert "Q1: _" in form and "QUIT" in form
    first = game.submit_all(fill(form, "R1: _", "R1: 1"), via="mail")[0]
    assert isinstance(first, Submission) and first.ready_only
    result = game.submit_all(fill(form, "Q1: _", "Q1: 1"), via="mail")[0]
    assert isinstance(result, Submission)
    assert not result.ready_only
    assert any("note: you QUIT the game at the end of turn 1" in v.reason for v in result.verdicts)
    _text, stored = read_order_file(game.store.pending_orders(1)[2])
    assert stored == {"player": 2, "turn": 1, "quit": True}
    game.run_turn(now=NOW)
    state = json_of("state", game.store.root, "--json")
    statuses = [(p["id"], p["status"]) for p in state["players"]]
    assert statuses == [(1, "active"), (2, "quit"), (3, "active")]
    status = json_of("status", game.store.root, "--json")
    quitter = status["players"][1]
    assert (quitter["status"], quitter["owes_orders"]) == ("quit", False)
    report = game.report(2)
    assert "You QUIT the game on turn 1: you give no more orders." in report
    assert "ORDER OF PLAY" not in report and "DEADLINE" not in report
    assert "=== BEGIN AOF ===" not in report
    # said once, in the status line: the events said it again ('- You have QUIT the game.')
    assert report.count("QUIT the game") == 1
    assert "Bob (#2) has QUIT" not in report
    other = game.report(1)
    assert "- Bob (#2) has QUIT the game." in other
    assert "ORDER OF PLAY FOR TURN 2" in other and "DEADLINE FOR YOUR TURN 2 ORDERS" in other


def test_a_duel_colour_quits_on_its_own_form(tmp_path: Path) -> None:
    """ "in Duel one per colour's form": Ann's mail holds her three forms; only her colour
    B's QUIT line is filled, so colour B (3) alone is QUIT after the turn."""
    game = create_game(
        tmp_path / "d", "standard", "classic60", players(2), 5, "duel", now=NOW
    ).typed(STANDARD)
    forms = game.aof(1)
    assert forms.count("Q1: _") == 3
    second = forms.index("=== BEGIN AOF ===", forms.index("=== END AOF ===")) + 1
    results = game.submit_all(fill(forms, "Q1: _", "Q1: 1", second), via="mail")
    assert [r.player for r in results if isinstance(r, Submission)] == [3]
    game.run_turn(now=NOW)
    status = json_of("status", game.store.root, "--json")
    by_colour = {p["id"]: p["status"] for p in status["players"]}
    assert by_colour == {1: "active", 2: "active", 3: "quit", 4: "active", 5: "active", 6: "active"}


@pytest.mark.parametrize("ruleset", sorted(MAPS))
def test_the_other_players_mark_who_quit(tmp_path: Path, ruleset: str) -> None:
    """THE OTHER PLAYERS listed a player who QUIT as any other ('- Ann (#1): address not
    shared'), so a player looking for an ally or a deal wrote to a player out of the game
    (he "can not re-enter this specific game"); the Top Ten above marks him QUIT."""
    game = new_game(tmp_path, ruleset, count=3)
    game.submit_all(fill(game.aof(1), "Q1: _", "Q1: 1"), via="command line")
    game.run_turn(now=NOW)
    report = game.report(2)
    others = report.split("THE OTHER PLAYERS", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    ann = next(line for line in others if "Ann" in line)
    assert ann == "- Ann (#1, QUIT): address not shared", others
    assert all("QUIT" not in line for line in others if "Ann" not in line), others


def test_the_top_ten_in_a_report_marks_who_quit(tmp_path: Path) -> None:
    """A QUIT player keeps his provinces and may head the Top Ten: the reports mark him as
    `wtg topten` does."""
    game = new_game(tmp_path, "wok4", count=3)
    game.submit_all(fill(game.aof(1), "Q1: _", "Q1: 1"), via="command line")
    game.run_turn(now=NOW)
    topten = game.topten()
    quitter_row = next(line for line in topten.splitlines() if " Ann " in line)
    assert quitter_row.endswith("QUIT")
    report = game.report(2)
    top = (
        report.split("TOP TEN (by score: all a player possesses, counted)\n", 1)[1]
        .split("\n\n", 1)[0]
        .splitlines()
    )
    assert len(top) == 3
    ann = next(line for line in top if "Ann" in line)
    assert ann.endswith("QUIT"), ann
    assert all(not line.endswith(("QUIT", "ACTIVE")) for line in top if "Ann" not in line)


def test_a_dead_players_report_has_no_deadline_and_no_order_of_play(tmp_path: Path) -> None:
    """A player whose last province fell gives no more orders: his report has no deadline
    and no Order of Play for a turn he will not play."""
    game = new_game(tmp_path, "standard", count=3).typed(STANDARD)
    state = game.state()
    for province in state.provinces:
        if province.owner == 3:
            province.owner = 0
    state.player(3).status = "dead"
    state.player(3).died_on = 0
    files = turn_files(game.ruleset, game.config, game.store, state, [], game.meta(0))
    report = files["reports/p03.txt"]
    assert "You lost your last province on turn 0: you give no more orders." in report
    assert "ORDER OF PLAY" not in report and "DEADLINE" not in report
    assert "DEADLINE FOR YOUR TURN 1 ORDERS" in files["reports/p01.txt"]


@pytest.mark.parametrize("ruleset", sorted(MAPS))
def test_the_order_of_play_names_no_one_who_quit(tmp_path: Path, ruleset: str) -> None:
    """A player who quit keeps his provinces, dug in, and gives no more orders: the Order
    of Play of the next turn named him among those who move ('ORDER OF PLAY FOR TURN 2: 2
    1 3', as it was then), as if he played on. It names those who play."""
    game = new_game(tmp_path, ruleset, count=3)
    game.submit_all(fill(game.aof(1), "Q1: _", "Q1: 1"), via="command line")
    game.run_turn(now=NOW)
    report = game.report(2)
    lines = report.splitlines()
    at = next(i for i, text in enumerate(lines) if text.startswith("ORDER OF PLAY"))
    moving = re.findall(r"\(#(\d+)", lines[at + 1])
    assert "1" not in moving and sorted(moving) == ["2", "3"], lines[at + 1]


@pytest.mark.parametrize("ruleset", sorted(MAPS))
def test_the_last_report_warns_of_no_turn_to_miss(tmp_path: Path, ruleset: str) -> None:
    """The winner of a game his rivals quit, who sent no orders for its last turn, read
    under his status 'You missed the last turn; 3 in a row and you QUIT the game.' above
    'THE GAME IS OVER': no turn is left to miss."""
    game = new_game(tmp_path, ruleset, count=3)
    for side in (1, 2):
        game.submit_all(fill(game.aof(side), "Q1: _", "Q1: 1"), via="command line")
    game.run_turn(now=NOW)
    report = game.report(3)
    assert "THE GAME IS OVER" in report and "Winner: " in report
    assert "No orders from you this turn (1 in a row)" in report  # what happened, still said
    assert "You missed the last" not in report


@pytest.mark.parametrize("ruleset", sorted(MAPS))
def test_the_winners_last_report_reads_winner(tmp_path: Path, ruleset: str) -> None:
    """The winner's last report read 'Status: ACTIVE' where the Top Ten below it has him
    WINNER: 'The game ends when one player ... dominates the map'; the game over, he is
    active in nothing. His status line reads WINNER, a quitter's still QUIT."""
    game = new_game(tmp_path, ruleset, count=3)
    for side in (1, 2):
        game.submit_all(fill(game.aof(side), "Q1: _", "Q1: 1"), via="command line")
    game.run_turn(now=NOW)
    status = next(line for line in game.report(3).splitlines() if line.startswith("Status: "))
    assert status.startswith("Status: WINNER   EFF: "), status
    assert "Attacks next turn" not in status
    assert "\nStatus: QUIT   EFF: " in game.report(1)


@pytest.mark.parametrize("ruleset", sorted(MAPS))
def test_the_winner_is_told_he_won_under_the_winner_line(tmp_path: Path, ruleset: str) -> None:
    """Ruling 16: the end of the winner's last report read 'Winner: Cid (#3)', his own name
    as a stranger's, where WISK's says 'You won.' and Tactics' too; he reads 'You won.'
    under it, and a quitter reads the winner's name alone."""
    game = new_game(tmp_path, ruleset, count=3)
    for side in (1, 2):
        game.submit_all(fill(game.aof(side), "Q1: _", "Q1: 1"), via="command line")
    game.run_turn(now=NOW)
    assert "\nWinner: Cid (#3)\nYou won.\nFinal ranking: 1. Cid (#3)" in game.report(3)
    assert "\nWinner: Cid (#3)\nFinal ranking: " in game.report(1)
    assert "You won" not in game.report(1)


def test_each_of_two_allies_who_won_is_told_so_with_the_other(tmp_path: Path) -> None:
    """Ruling 16: allies who win share the victory; each reads 'You won, with' the other."""
    game = create_game(tmp_path / "g", "standard", "classic60", players(6), seed=5)
    state = game.typed(STANDARD).state()
    state.outcome = Outcome("alliance", (1, 2), (1, 2, 3, 4, 5, 6), (1, 1, 3, 4, 5, 6))
    mine = report_text(STANDARD, game.config, state, [], 1, aof="")
    assert "\nWinners: Ann (#1), Bob (#2)\nYou won, with Bob (#2).\nFinal ranking:" in mine
    assert "\nYou won, with Ann (#1).\n" in report_text(STANDARD, game.config, state, [], 2, aof="")
    assert "You won" not in report_text(STANDARD, game.config, state, [], 3, aof="")


@pytest.mark.parametrize("ruleset", sorted(MAPS))
def test_the_last_top_ten_says_what_it_ranks(tmp_path: Path, ruleset: str) -> None:
    """players40b: the last report's 'Final ranking: 1. Ann (#1), ...' stood over a Top Ten
    whose first was Cid, QUIT, and Ann second, WINNER: two rankings of one game, each
    with another first and nothing to say why. The last Top Ten ranks the winners first
    and those who QUIT last (wok4.md ruling 23), and its heading says so. A Top Ten while
    the game runs keeps its heading."""
    game = new_game(tmp_path, ruleset, count=3)
    for turn in (1, 2, 3):
        game.submit(f"player: 1\nturn: {turn}\n")
        running = game.report(1)
        assert "\nTOP TEN (by score: all a player possesses, counted)\n" in running, running
        game.run_turn(now=NOW + timedelta(days=2 * turn))
    last = game.report(1)
    assert "Final ranking: 1. Ann (#1)" in last, last
    heading = "TOP TEN (the winners first, those who QUIT last, each by score)"
    assert f"\n{heading}\n" in last, last
    assert last.index("Final ranking:") < last.index(heading)
