"""`wtg status GAME` and the lobby's STATUS answer padded a player's name by its characters:
a Chinese name (each letter two columns of a fixed-width font) or one with an emoji pushed
the rest of its line to the right of the others'. They pad by the columns a name fills
(``wtg.game.textcolumn``), as the reports do: the column after the names lines up."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import Hall, address
from wtg.cli import main
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.textcolumn import text_width

NAMES = ("王小明", "Ann", "Zoë 😀 Lee")


def made(games_dir: Path) -> Path:
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    create_game(games_dir / "g1", "wok4", "classic60", players, seed=3)
    return games_dir / "g1"


def widths_before(lines: list[str], word: str) -> list[int]:
    """The columns each player's line fills before ``word`` (where the next column starts)."""
    shown = [line for line in lines if line.startswith("  player ")]
    assert len(shown) == len(NAMES), lines
    return [text_width(line[: line.index(word)]) for line in shown]


def test_status_lines_up_the_column_after_a_chinese_name(tmp_path: Path) -> None:
    folder = made(tmp_path)
    shown = CliRunner().invoke(main, ["status", str(folder)])
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert [line for line in lines if "Ann" in line] == [
        "  player  2 Ann                  NO ORDERS YET"
    ]
    assert widths_before(lines, "NO ORDERS YET") == [33, 33, 33]


def test_the_status_mail_lines_up_the_column_after_a_chinese_name(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    made(hall.gm.games_dir)
    answer = hall.answer(address(2), "STATUS g1", hours=0)
    lines = answer.body.splitlines()
    assert "  player  2 Ann                      no orders yet" in lines
    assert widths_before(lines, "no orders yet") == [37, 37, 37]


def test_state_lines_up_the_column_after_a_chinese_name(tmp_path: Path) -> None:
    folder = made(tmp_path)
    shown = CliRunner().invoke(main, ["state", str(folder)])
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert [line for line in lines if "Ann" in line] == ["  player  2 Ann                  active"]
    assert widths_before(lines, "active") == [33, 33, 33]
