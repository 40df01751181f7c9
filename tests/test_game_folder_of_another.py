"""A game given by its name whose folder of that name holds another game: `wtg run-turn
g01` on a games folder whose folder g01 holds game g02 (its game.yaml says game: g02, the
folder renamed over the name) ran a turn of g02, unwarned, and so did hold, extend,
rollback and the others. The ruling (docs/gm.md, "A game's name and its folder"): a name
names the game, as the poll files the mail of that name: the folder of another name that
holds it when there is one (two folders swapped), else the command is refused, naming the
game the folder holds and the folder to give for it; a folder given as a path is that
folder, whatever game it holds."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.conftest import players
from wtg.cli import main
from wtg.game.engine import create_game, open_game
from wtg.game.schedule import make_schedule

LONG_AGO = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)


def wtg(games: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--games-dir", str(games), *args])


def made(games: Path, *names: str) -> None:
    for seed, name in enumerate(names, 3):
        schedule = make_schedule(2, "18:00", "UTC", now=LONG_AGO)
        create_game(
            games / name, "wok4", "small", players(4), seed, schedule=schedule, now=LONG_AGO
        )


def state_of(games: Path) -> dict[str, bytes]:
    """Every file of the games folder and its bytes: what a refused command leaves alone."""
    return {str(p.relative_to(games)): p.read_bytes() for p in games.rglob("*") if p.is_file()}


COMMANDS = [
    ("run-turn", "g01", "--now"),
    ("hold", "g01"),
    ("release", "g01"),
    ("extend", "g01", "24"),
    ("rollback", "g01", "--to", "0"),
    ("offer-seat", "g01", "2"),
    ("new-code", "g01", "--player", "2"),
    ("status", "g01"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_name_whose_folder_holds_another_game_is_refused(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    games = tmp_path / "games"
    made(games, "g02")
    (games / "g02").rename(games / "g01")  # game g02, in a folder named g01
    before = state_of(games)
    result = wtg(games, *command)
    folder = games / "g01"
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"wtg: g01 is not game g01: the folder {folder} holds game g02 (its game.yaml says "
        f"game: g02), and no other folder a game g01; nothing was done. To act on game g02, "
        f"give its folder, {folder}; to give the folder the game's own name: mv {folder} "
        f"{games / 'g02'}\n"
    )
    assert state_of(games) == before


def test_the_folder_given_as_a_path_or_the_games_own_name_acts_on_it(tmp_path: Path) -> None:
    games = tmp_path / "games"
    made(games, "g02")
    (games / "g02").rename(games / "g01")
    by_folder = wtg(games, "run-turn", str(games / "g01"), "--now")
    assert by_folder.exit_code == 0, by_folder.output
    assert by_folder.stdout.startswith("turn 1 of game g02 resolved")
    by_name = wtg(games, "run-turn", "g02", "--now")  # the renamed folder, by its game's name
    assert by_name.exit_code == 0, by_name.output
    assert by_name.stdout.startswith("turn 2 of game g02 resolved")
    assert open_game(games / "g01").latest_turn() == 2


def test_two_folders_swapped_the_name_runs_the_game_of_that_name(tmp_path: Path) -> None:
    """g01 and g02 swapped (each folder holds the other game): g01 is the game g01, in the
    folder g02, as the poll files the players' mail for g01 there."""
    games = tmp_path / "games"
    made(games, "g01", "g02")
    shutil.move(games / "g01", games / "swap")
    shutil.move(games / "g02", games / "g01")
    shutil.move(games / "swap", games / "g02")
    ran = wtg(games, "run-turn", "g01", "--now")
    assert ran.exit_code == 0, ran.output
    assert ran.stdout.startswith("turn 1 of game g01 resolved")
    assert open_game(games / "g02").config.game == "g01"
    assert open_game(games / "g02").latest_turn() == 1
    assert open_game(games / "g01").latest_turn() == 0  # game g02 untouched
    shown = wtg(games, "status", "g02", "--json")
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["game"] == "g02"


def test_two_folders_swapped_the_name_is_the_game_from_within_the_games_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same two folders swapped, the GM in the games folder itself (`cd games`, as
    many work): the name was the folder of that name there, holding game g02, and the
    command was refused, saying that no other folder held a game g01 (the folder g02
    does); from any other folder the same line ran a turn of g01."""
    games = tmp_path / "games"
    made(games, "g01", "g02")
    shutil.move(games / "g01", games / "swap")
    shutil.move(games / "g02", games / "g01")
    shutil.move(games / "swap", games / "g02")
    monkeypatch.chdir(games)
    ran = wtg(games, "run-turn", "g01", "--now")
    assert ran.exit_code == 0, ran.output
    assert ran.stdout.startswith("turn 1 of game g01 resolved")
    assert open_game(games / "g02").latest_turn() == 1
    assert open_game(games / "g01").latest_turn() == 0  # game g02 untouched
    other = wtg(games, "run-turn", "g02", "--now")  # game g02: in the folder g01
    assert other.exit_code == 0, other.output
    assert other.stdout.startswith("turn 1 of game g02 resolved")
    assert open_game(games / "g01").latest_turn() == 1
    assert open_game(games / "g02").latest_turn() == 1


def test_two_other_folders_holding_the_name_are_named_not_said_to_be_none(
    tmp_path: Path,
) -> None:
    """Game g02 in the folder g01, and game g01 in two other folders (a copy beside it):
    the refusal said no other folder held a game g01, where two did; it names them, and
    still picks neither."""
    games = tmp_path / "games"
    made(games, "g01", "g02")
    shutil.move(games / "g01", games / "first")
    shutil.copytree(games / "first", games / "second")
    shutil.move(games / "g02", games / "g01")
    before = state_of(games)
    result = wtg(games, "run-turn", "g01", "--now")
    folder = games / "g01"
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"wtg: g01 is not game g01: the folder {folder} holds game g02 (its game.yaml says "
        f"game: g02), and 2 other folders say game: g01, {games / 'first'} and "
        f"{games / 'second'}, and a name picks none of them: give the folder you mean (`wtg "
        f"--games-dir {games} status` names those that are copies); nothing was done. To "
        f"act on game g02, give its folder, {folder}; to give the folder the game's own "
        f"name: mv {folder} {games / 'g02'}\n"
    )
    assert "no other folder" not in result.stderr
    assert state_of(games) == before
