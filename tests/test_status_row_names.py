"""`wtg status GAME`, `wtg state` and the lobby's STATUS answer padded a player's name but
never quoted it: ``Zed orders in READY`` (a GM's game.yaml, an older wtg's list) read as a
status of its own, the row's real one after it. A name that holds a word of the row's
status, or reads as figures, is quoted there now (``textcolumn.row_name``), as the Top Ten
quotes one (``textcolumn.column``); and a name written right to left is followed by a
LEFT-TO-RIGHT MARK there, and where a column cuts it, so the words after it stay in their
order (a mail client lays them out by the bidi algorithm)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import Hall, address
from wtg.cli import main
from wtg.game.bidimark import LRM
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.textcolumn import column, row_name, text_width

HEBREW = (
    "\u05e9\u05dc\u05d5\u05dd \u05e2\u05dc\u05d9\u05db\u05dd "
    "\u05d7\u05d1\u05e8\u05d9\u05dd \u05d9\u05e7\u05e8\u05d9\u05dd"
)
"""Twenty-two characters of Hebrew, in four words: wider than a Top Ten's column of 20."""
NAMES = ("Zed orders in READY", "Ann", HEBREW)


def made(games_dir: Path) -> Path:
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    create_game(games_dir / "g1", "wok4", "classic60", players, seed=3)
    return games_dir / "g1"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Zed orders in READY", '"Zed orders in READY"'),
        ("Zed Ready", '"Zed Ready"'),
        ("Bob no-show", '"Bob no-show"'),
        ("Zed 99999 99", '"Zed 99999 99"'),
        ('Ann "ACTIVE"', "\"Ann 'ACTIVE'\""),
        ("Ann", "Ann"),
        ("Anna-Lee O'Neil", "Anna-Lee O'Neil"),
        ("Noah Outram", "Noah Outram"),
    ],
)
def test_a_name_that_reads_as_the_rows_status_is_quoted(name: str, shown: str) -> None:
    assert row_name(name, 21) == shown.ljust(21)


def test_a_right_to_left_name_is_closed_in_a_row_and_a_column() -> None:
    assert row_name(HEBREW, 30) == HEBREW + LRM + " " * 8
    assert column(HEBREW, 20) == HEBREW[:20] + LRM
    assert column(HEBREW + " 99 77", 27) == f'"{HEBREW} 99{LRM}"'
    assert text_width(column(HEBREW, 20)) == 20


def test_status_quotes_the_name_and_closes_the_hebrew(tmp_path: Path) -> None:
    shown = CliRunner().invoke(main, ["status", str(made(tmp_path))])
    assert shown.exit_code == 0, shown.output
    rows = shown.stdout.splitlines()[1:]
    assert rows[:2] == [  # quoted, 21 columns: the row to itself, its notes under the others'
        '  player  1 "Zed orders in READY"',
        "                                 NO ORDERS YET",
    ]
    assert rows[2] == "  player  2 Ann                  NO ORDERS YET"
    assert rows[3:] == [  # the mark kept: not stripped; 21 columns, the row to itself
        f"  player  3 {HEBREW}{LRM}",
        "                                 NO ORDERS YET",
    ]


def test_the_status_mail_quotes_the_name_and_closes_the_hebrew(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    made(hall.gm.games_dir)
    answer = hall.answer(address(2), "STATUS g1", hours=0)
    rows = [line for line in answer.body.splitlines() if line.startswith("  player ")]
    assert rows == [
        '  player  1 "Zed orders in READY"    no orders yet',
        "  player  2 Ann                      no orders yet",
        f"  player  3 {HEBREW}{LRM}   no orders yet",
    ]


def test_state_quotes_the_name(tmp_path: Path) -> None:
    shown = CliRunner().invoke(main, ["state", str(made(tmp_path))])
    assert shown.exit_code == 0, shown.output
    rows = [line for line in shown.stdout.splitlines() if line.startswith("  player ")]
    assert rows[0] == '  player  1 "Zed orders in READY" active'
    assert rows[2] == f"  player  3 {HEBREW}{LRM} active"
