"""A waiting list's name given where a game's is (`wtg status wok4`) was told "did you mean
wok4-1?", and a new GM did not know his list from his game: it is said to be a waiting
list, with what shows it (`wtg lists`) and the games made from it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tests.conftest import players
from wtg.cli import main
from wtg.game.engine import create_game


def wtg(root: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(root / "wtg.yaml"), *args])


def host(root: Path) -> Path:
    (root / "games").mkdir()
    (root / "wtg.yaml").write_text("games_dir: games\nfrom: GM <gm@example.org>\n")
    return root / "games"


def test_a_lists_name_given_for_a_game_is_said_to_be_a_waiting_list(tmp_path: Path) -> None:
    games = host(tmp_path)
    assert wtg(tmp_path, "open-list", "wok4", "--players", "4").exit_code == 0
    create_game(games / "wok4-1", "wok4", "small", players(2), 7)
    for command in ("status", "run-turn"):
        said = wtg(tmp_path, command, "wok4")
        assert said.exit_code == 1, said.output
        assert said.stderr == (
            f"wtg: no game 'wok4' in the games folder {games}: wok4 is a waiting list, not a "
            f"game (`wtg --config {tmp_path / 'wtg.yaml'} lists` shows it and who waits on it; "
            "the games made from it: wok4-1)\n"
        )
    assert wtg(tmp_path, "close-list", "wok4").exit_code == 0
    assert wtg(tmp_path, "status", "wok4").stderr == (
        f"wtg: no game 'wok4' in the games folder {games}: wok4 is a waiting list, not a "
        f"game (it is closed; `wtg --config {tmp_path / 'wtg.yaml'} lists` shows it; the "
        "games made from it: wok4-1)\n"
    )


def test_a_name_of_no_list_nor_game_is_told_the_games_and_no_book_is_made(
    tmp_path: Path,
) -> None:
    games = host(tmp_path)
    create_game(games / "wok4-1", "wok4", "small", players(2), 7)
    said = wtg(tmp_path, "status", "wok4")
    assert said.exit_code == 1
    assert "waiting list" not in said.stderr
    assert "did you mean wok4-1?" in said.stderr
    assert not (games / ".people").exists()
