"""`wtg upgrade --check` and `wtg upgrade` counted the lobby's book among the game folders:
a host of three games and the book said `4 at format 2 already`. Their summaries now say
the games and the book apart."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.conftest import players
from tests.upkeep.formats import old_host
from wtg.cli import main
from wtg.game.engine import create_game


def wtg(games: Path, *args: str) -> list[str]:
    return CliRunner().invoke(main, ["--games-dir", str(games), *args]).stdout.splitlines()


def test_three_games_and_the_book_are_counted_apart(tmp_path: Path) -> None:
    games = old_host(tmp_path)  # g1 and the book, of format 1
    for name in ("g2", "g3"):
        create_game(games / name, "wok4", "small", players(2), 7)
    assert wtg(games, "upgrade", "--check")[-1] == (
        "wtg upgrade --check: 1 game folder and the lobby's book to upgrade, 0 this wtg "
        "cannot upgrade, 2 game folders at format 2 already (nothing changed)"
    )
    assert wtg(games, "upgrade")[-1].endswith("; 2 game folders at format 2 already")
    assert wtg(games, "upgrade", "--check") == [
        "wtg upgrade --check: 0 to upgrade, 0 this wtg cannot upgrade, 3 game folders at "
        "format 2 and the lobby's book at format 2 already (nothing changed)"
    ]
    assert wtg(games, "upgrade") == [
        "wtg upgrade: nothing upgraded; 3 game folders at format 2 and the lobby's book at "
        "format 2 already"
    ]
