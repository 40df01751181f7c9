"""A copied game folder (``wtg.host.gamesdir.copy_of``) is told by what makes a game the
same game, not by a folder's name alone (review34): a folder named as the game was taken
for the original of every other folder saying that game, whatever it held. A real game
beside a folder named as its game that holds another game was refused as its "copy", and
another game made apart under the same name was called a copy, one a GM might delete.
What a copy shares with its game and a game made apart does not is its turn 0's moment and
seed (``made_as``); ``cp -a`` and a restore from a backup keep them, as they keep the file
times."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path

from tests.conftest import players
from tests.test_due_many import write_config
from tests.test_games_scan import wtg
from wtg.game.engine import create_game, open_game
from wtg.game.schedule import make_schedule
from wtg.gm.gamestatus import as_filed
from wtg.host.gamesdir import copy_of, made_as, scan_games

MADE = datetime(2020, 1, 6, 12, 0, tzinfo=timezone.utc)
AGAIN = datetime(2021, 3, 1, 9, 30, tzinfo=timezone.utc)


def made(folder: Path, now: datetime = MADE) -> Path:
    """A game of 2 players made in ``folder`` (its name the game's) at ``now``."""
    schedule = make_schedule(2, "18:00", "UTC", now=now)
    create_game(folder, "wok4", "small", players(2), seed=5, schedule=schedule, now=now)
    return folder


def cp_a(source: Path, target: Path) -> None:
    """The GM's ``cp -a``: every file with its times and modes."""
    subprocess.run(["cp", "-a", str(source), str(target)], check=True)


def test_a_cp_a_copy_in_the_games_folder_is_a_copy_and_the_game_runs(tmp_path: Path) -> None:
    game = made(tmp_path / "games" / "g01")
    copy = game.parent / "g01-backup"
    cp_a(game, copy)
    assert made_as(copy) == made_as(game) == ("2020-01-06T12:00:00Z", 5)
    assert copy_of(copy, "g01") == (
        f"a copy of {game} (its game.yaml says game: g01). A copy of a game is kept outside "
        "the games folder, or in a folder whose name starts with '.'; a new game is made with "
        "`wtg new-game`."
    )
    assert copy_of(game, "g01") is None
    code, out, err = wtg(write_config(tmp_path), "status", "g01")
    assert (code, err) == (0, "") and out.startswith("game g01, orders for turn 1")


def test_a_restore_from_a_backup_into_the_games_place_is_the_game(tmp_path: Path) -> None:
    """The GM keeps a backup outside the games folder, moves the game's folder aside after a
    bad turn and puts the backup back in its place: the folder named as the game is the
    game (at its turn 0 again), the one set aside a copy of it, though at a later turn."""
    game = made(tmp_path / "games" / "g01")
    backups = tmp_path / "backups"
    backups.mkdir()
    cp_a(game, backups / "g01")
    open_game(game).run_turn(expect=1)
    aside = game.rename(game.parent / "g01-bad")
    cp_a(backups / "g01", game)
    assert copy_of(game, "g01") is None
    assert copy_of(aside, "g01") is not None
    assert copy_of(aside, "g01").startswith(f"a copy of {game} ")  # type: ignore[union-attr]
    config = write_config(tmp_path)
    code, out, err = wtg(config, "status")
    assert code == 1 and out.startswith("g01 "), out + err
    assert f"{aside}: cannot be read, skipped: a copy of {game}" in out + err
    code, out, err = wtg(config, "status", "g01")
    assert (code, err) == (0, "") and out.startswith("game g01, orders for turn 1")


def test_a_game_linked_into_the_games_folder_and_its_copy(tmp_path: Path) -> None:
    """The game's folder on another disk, linked in (``ln -s /srv/g01 games/g01``): its copy
    beside the link is a copy (what makes it the game read through the link), and a link to
    the link (``games/current``, for a script) is the game."""
    real = made(tmp_path / "disk" / "g01")
    games = tmp_path / "games"
    games.mkdir()
    (games / "g01").symlink_to(real)
    copy = games / "g01-backup"
    cp_a(real, copy)
    assert copy_of(copy, "g01") == (
        f"a copy of {games / 'g01'} (its game.yaml says game: g01). A copy of a game is kept "
        "outside the games folder, or in a folder whose name starts with '.'; a new game is "
        "made with `wtg new-game`."
    )
    (games / "current").symlink_to("g01")
    config = write_config(tmp_path)
    for given in ("g01", "current"):
        code, out, err = wtg(config, "status", given)
        assert (code, err) == (0, ""), given
        assert out.startswith("game g01, orders for turn 1")
    code, out, err = wtg(config, "status", str(copy))
    assert code == 1 and err.startswith(f"wtg: {copy} is not used: a copy of {games / 'g01'}")


def test_two_games_of_one_name_in_two_games_folders_are_no_copies(tmp_path: Path) -> None:
    """Two hosts' games folders each hold a game g01, made apart: neither is a copy; each
    is its host's game."""
    first = made(tmp_path / "club" / "games" / "g01")
    second = made(tmp_path / "league" / "games" / "g01", AGAIN)
    assert made_as(first) != made_as(second)
    for folder in (first, second):
        assert copy_of(folder, "g01") is None
        config = write_config(folder.parent.parent)
        code, out, err = wtg(config, "status", "g01")
        assert (code, err) == (0, "") and out.startswith("game g01, orders for turn 1")


def test_another_game_of_the_same_name_is_said_so_never_a_copy(tmp_path: Path) -> None:
    """The league's g01 moved into the club's games folder beside the club's g01 (as
    ``g01-league``): it was refused as "a copy of games/g01", which the GM may delete. It is
    a game of its own that cannot be played from there (the players' mail for g01 goes to
    the folder named so), and is said so, with the move that keeps it out of play."""
    club = made(tmp_path / "games" / "g01")
    league = made(tmp_path / "league" / "g01", AGAIN)
    moved = club.parent / "g01-league"
    shutil.move(league, moved)
    rest = (
        f"): the players' mail for g01 goes to {club}, and a game keeps the name it was made "
        "with. Two games of one name are played from two games folders; one kept out of play "
        "is kept in a folder whose name starts with '.'."
    )
    head = f"another game named g01 as {club} is, not a copy of it (its turn 0 ran at "
    reason = f"{head}2021-03-01 09:30 UTC, that one's at 2020-01-06 12:00 UTC{rest}"  # before: ISO
    assert copy_of(moved, "g01") == reason
    filed = f"{head}2021-03-01T09:30:00Z, that one's at 2020-01-06T12:00:00Z{rest}"
    assert copy_of(moved, "g01", as_filed) == filed
    assert copy_of(club, "g01") is None
    config = write_config(tmp_path)
    code, out, err = wtg(config, "status", "--json")
    (trouble,) = json.loads(out)["unreadable"]
    assert trouble["error"] == filed  # `--json` keeps the files' ISO, as before
    code, out, err = wtg(config, "status")
    assert f"{moved}: cannot be read, skipped: {reason}" in out + err
    code, out, err = wtg(config, "status", str(moved))
    assert (code, out) == (1, "")
    assert err == (
        f"wtg: {moved} is not used: {reason} `run-turn --due`, `send` and `status` skip it, "
        f"and a turn run in it would reach no player. To keep it out of play: mv {moved} "
        f"{moved.parent / '.g01-league'}\n"
    )
    assert "a copy" not in err.replace("not a copy of it", "")


def test_a_folder_named_as_the_game_that_holds_another_game_is_no_original(
    tmp_path: Path,
) -> None:
    """The GM renamed game g01's folder (``old-g01``), then game g02's folder to ``g01``: the
    folder named g01 holds game g02, no original of g01. ``old-g01`` was refused as its copy
    (every run of `wtg status` exited 1 and `run-turn --due` skipped it); it is game g01."""
    games = tmp_path / "games"
    old = made(games / "g01").rename(games / "old-g01")
    made(games / "g02", AGAIN).rename(games / "g01")
    assert open_game(games / "g01").config.game == "g02"
    assert copy_of(old, "g01") is None
    assert copy_of(games / "g01", "g02") is None
    assert [folder.name for folder in scan_games(games).folders] == ["g01", "old-g01"]
    code, out, err = wtg(write_config(tmp_path), "status")
    assert (code, err) == (0, ""), out + err
    assert sorted(line.split()[0] for line in out.splitlines()[:2]) == ["g01", "g02"]


def test_a_folder_named_as_the_game_whose_turn_0_cannot_be_read_keeps_the_refusal(
    tmp_path: Path,
) -> None:
    """Turn 0's ``turn.json`` of the folder named as the game edited into no JSON: nothing
    tells the two apart, and the other folder is taken for its copy, as before (a copy run
    as the game costs its players turns)."""
    game = made(tmp_path / "games" / "g01")
    other = made(tmp_path / "elsewhere" / "g01", AGAIN)
    moved = game.parent / "g01-other"
    shutil.move(other, moved)
    (game / "turns" / "0000" / "turn.json").write_text("{")
    assert made_as(game) is None
    assert copy_of(moved, "g01") == (
        f"a copy of {game} (its game.yaml says game: g01). A copy of a game is kept outside "
        "the games folder, or in a folder whose name starts with '.'; a new game is made with "
        "`wtg new-game`."
    )
