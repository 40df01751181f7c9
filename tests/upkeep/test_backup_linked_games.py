"""A game the host plays through a link in its games folder (``ln -s /srv/far games/far``:
the scan runs it, `wtg status` lists it) is not followed by `wtg backup`: it was only
named "a link, not followed" among what the backup leaves out, a note `-q` (cron) never
prints, and the backup exited 0 without the game. It is now a game not copied: a problem
line, `games_not_copied`, exit 1. A link to another game of the games folder
(``games/current``) is that game, copied under its own folder's name: nothing said."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tests.conftest import players
from tests.lobby.hall import START
from wtg.cli import main
from wtg.game.engine import create_game
from wtg.host.gamesdir import scan_games
from wtg.upkeep.backup import back_up_host


def linked_host(root: Path) -> Path:
    """A games folder with the game ``home`` in it, ``current`` a link to it, and ``far``
    a link to a game kept outside it; ``kept``, a link to a game in a hidden folder of it
    (copied with that folder)."""
    games = root / "games"
    create_game(games / ".old" / "kept", "wok4", "small", players(2), seed=79, now=START)
    (games / "kept").symlink_to(games / ".old" / "kept")
    create_game(games / "home", "wok4", "small", players(2), seed=77, now=START)
    create_game(root / "elsewhere" / "far", "wok4", "small", players(2), seed=78, now=START)
    (games / "current").symlink_to("home")
    (games / "far").symlink_to(root / "elsewhere" / "far")
    return games


def test_a_game_played_through_a_link_outside_is_said_not_copied(tmp_path: Path) -> None:
    games = linked_host(tmp_path)
    assert [f.name for f in scan_games(games).folders] == ["far", "home", "kept"]  # played
    result = back_up_host(games, tmp_path / "host.tar.gz")
    assert [g.name for g in result.games] == ["home"]
    assert [n.name for n in result.not_copied] == ["far"]
    far = tmp_path / "elsewhere" / "far"
    reason = (
        f"a link to {far}, outside the games folder: the host plays the game through it, "
        "but a backup follows no link; not in this backup (move the folder into the games "
        "folder, or back it up yourself)"
    )
    assert result.not_copied[0].reason == reason
    assert result.problems == (f"game far: {reason}",)
    assert result.manifest["games_not_copied"] == [{"name": "far", "reason": reason}]
    assert "kept: a link, not followed" in result.manifest["left_out"]


def test_backup_q_says_it_and_exits_1(tmp_path: Path) -> None:
    games = linked_host(tmp_path)
    out = tmp_path / "host.tar.gz"
    result = CliRunner().invoke(main, ["--games-dir", str(games), "backup", "-q", str(out)])
    assert result.exit_code == 1, result.output
    assert "problem: game far: a link to " in result.output
    assert "1 game, 1 not copied (far)" in result.output
