"""A game made, mailed, then removed (`rm -r games/g1`: a player's address mistyped, a test
game) and made again under the same name: the spool's journal still counted the old
game's turns as mailed, so `wtg send` queued none of the new game's reports (`0 report(s)
queued`, cron silent) and its players never heard of it. `new-game` now refuses the name
in one line while the spool remembers it; a name never mailed is made again freely; and
`new-game --reuse-name` takes the name again, its codes all new."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.schedule import iso

PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def host(root: Path) -> Path:
    (root / "games").mkdir()
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\n", encoding="utf-8")
    return config


def new_game(config: Path, name: str, *more: str) -> Result:
    return wtg(config, "new-game", name, "--ruleset", "wok4", "--map", "small", *PLAYERS, *more)


def test_a_name_whose_game_was_mailed_and_removed_is_refused(tmp_path: Path) -> None:
    config = host(tmp_path)
    assert new_game(config, "g1").exit_code == 0
    assert wtg(config, "send").stdout.startswith("2 reports queued; 2 mails sent")
    shutil.rmtree(tmp_path / "games" / "g1")
    again = new_game(config, "g1")
    assert again.exit_code == 1
    assert again.stderr == (
        f"wtg: a game g1 was made and mailed on this host before (its folder is gone or "
        f"renamed, its mail records in {tmp_path / 'games' / '.mail'} are not): a new game of "
        "that name would never have its reports mailed; give this game another name, or take the "
        "name again with --reuse-name (its old players' forms are then refused by the new "
        "game, whose codes are all new)\n"
    )
    assert not (tmp_path / "games" / "g1").exists()
    assert new_game(config, "g2").exit_code == 0
    assert wtg(config, "send").stdout.startswith("2 reports queued; 2 mails sent")


def test_a_name_whose_game_was_never_mailed_is_made_again(tmp_path: Path) -> None:
    config = host(tmp_path)
    assert new_game(config, "g1").exit_code == 0
    shutil.rmtree(tmp_path / "games" / "g1")  # removed before any send
    assert new_game(config, "g1").exit_code == 0
    assert wtg(config, "send").stdout.startswith("2 reports queued; 2 mails sent")


def test_reuse_name_takes_the_name_of_a_game_mailed_and_removed(tmp_path: Path) -> None:
    """No command freed the name: the GM's only way was to edit the spool's journal (a
    hidden SQLite file) by hand. `--reuse-name` frees it; the new game's turn 0 is mailed,
    and an old player's form, which carries his old code, is refused by the new game."""
    config = host(tmp_path)
    assert new_game(config, "g1").exit_code == 0
    assert wtg(config, "send").stdout.startswith("2 reports queued; 2 mails sent")
    old_form = tmp_path / "old-form.txt"
    shutil.copy(tmp_path / "games" / "g1" / "turns" / "0000" / "aofs" / "p01.txt", old_form)
    shutil.rmtree(tmp_path / "games" / "g1")
    again = new_game(config, "g1", "--reuse-name")
    assert again.exit_code == 0, again.output
    assert again.stdout.splitlines()[1] == (
        "the name g1 was taken again (--reuse-name): what the mail spool remembered of the old "
        "game g1 is dropped, this game's turns are mailed from turn 0, and its players' old "
        "forms, which carry their old codes, are refused by this game (every code is new)"
    )
    assert wtg(config, "send").stdout.startswith("2 reports queued; 2 mails sent")
    filed = wtg(config, "orders", "g1", str(old_form))
    assert (filed.exit_code, filed.stderr) == (
        2,
        "wtg: orders not stored: wrong secret code for player 1: orders not stored\n",
    )
    assert not list((tmp_path / "games" / "g1").rglob("pending/*"))
    own = tmp_path / "games" / "g1" / "turns" / "0000" / "aofs" / "p01.txt"
    assert wtg(config, "orders", "g1", str(own)).exit_code == 0  # the new form is filed


def test_reuse_name_refuses_a_code_given_again(tmp_path: Path) -> None:
    """A code given by hand could be the old game's: its players' old forms would file."""
    config = host(tmp_path)
    assert new_game(config, "g1").exit_code == 0
    assert wtg(config, "send").exit_code == 0
    shutil.rmtree(tmp_path / "games" / "g1")
    given = wtg(
        config,
        "new-game",
        "g1",
        "--ruleset",
        "wok4",
        "--map",
        "small",
        "--player",
        "Ann:ann@example.org:ANNSCODE1",
        "--player",
        "Bob:bob@example.org",
        "--reuse-name",
    )
    assert (given.exit_code, given.stderr) == (
        1,
        "wtg: --player 1 gives a code, and --reuse-name makes every code new: a form of the "
        "old game of this name carries its player's old code, and a code given again would "
        "file it into this game; leave the code out\n",
    )
    assert not (tmp_path / "games" / "g1").exists()
    assert new_game(config, "g1").exit_code == 1  # the name is not freed by the refusal


def test_reuse_name_refuses_the_name_of_a_game_still_here_in_another_folder(
    tmp_path: Path,
) -> None:
    """A game renamed in its folder is still the game, its mail records its own: freeing
    them would mail its turns again."""
    config = host(tmp_path)
    assert new_game(config, "g1").exit_code == 0
    assert wtg(config, "send").exit_code == 0
    moved = tmp_path / "games" / "old-g1"
    (tmp_path / "games" / "g1").rename(moved)
    again = new_game(config, "g1", "--reuse-name")
    assert (again.exit_code, again.stderr) == (
        1,
        f"wtg: --reuse-name: the game g1 is still here, in {moved.absolute()} (its game.yaml "
        "says game: g1): its mail records are its own; move that folder out of the games "
        "folder first, or give this game another name\n",
    )
    assert not (tmp_path / "games" / "g1").exists()
    assert wtg(config, "send").stdout.startswith("0 reports queued")


def reminded(config: Path, game: Path) -> str:
    """`wtg remind`'s line, the game's deadline set two hours ahead (within remind_hours)."""
    meta = game / "turns" / "0000" / "turn.json"
    soon = iso(datetime.now(timezone.utc) + timedelta(hours=2))
    meta.write_text(json.dumps(json.loads(meta.read_text()) | {"next_deadline": soon}))
    return wtg(config, "remind").stdout


def test_reuse_name_reminds_the_new_games_players(tmp_path: Path) -> None:
    """The outbox keeps the old game's reminders (`remind-g1-t0001-p01`): the new game's
    would have passed for them and never gone out."""
    config = host(tmp_path)
    schedule = ("--every", "1", "--at", "18:00")
    assert new_game(config, "g1", *schedule).exit_code == 0
    assert wtg(config, "send").exit_code == 0
    assert reminded(config, tmp_path / "games" / "g1").startswith("2 reminders queued")
    shutil.rmtree(tmp_path / "games" / "g1")
    assert new_game(config, "g1", *schedule, "--reuse-name").exit_code == 0
    assert reminded(config, tmp_path / "games" / "g1").startswith("2 reminders queued")
