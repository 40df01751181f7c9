"""A GM's copy of a game's folder inside the games folder (``cp -r games/g01
games/g01-backup`` before a risky step) is a second folder saying it is game g01. It was
run by `run-turn --due` as g01, and `send` knew one g01 of the two (the last by name): the
real game's turn went unmailed while the copy stood first. The folder named as its game is
the game; a folder naming another folder's game is a copy, named and skipped everywhere
the games folder is scanned (``wtg.host.gamesdir.open_listed``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.test_due_many import due_games, write_config
from tests.test_games_scan import named, wtg
from wtg.game.engine import open_game
from wtg.host.gamesdir import copy_of, scan_games


def copied(tmp_path: Path, name: str = "g01-backup") -> tuple[Path, Path]:
    """A due game g01, and a copy of its folder, as ``cp -r`` makes it, in the games folder."""
    (game,) = due_games(tmp_path / "games", 1)
    copy = game.parent / name
    shutil.copytree(game, copy)
    return game, copy


def test_send_mails_the_games_turn_though_a_copy_of_it_stands_beside_it(tmp_path: Path) -> None:
    game, copy = copied(tmp_path)
    config = write_config(tmp_path)
    code, out, err = wtg(config, "send")
    assert (code, out.split(";")[0]) == (1, "2 reports queued")  # turn 0 of g01; the copy: 1
    code, out, _ = wtg(config, "run-turn", str(game), "--now")
    back = f"`wtg --config {config} rollback {game} --to 0` takes it back"  # --now: how
    assert (code, out) == (0, f"turn 1 of game g01 resolved; the wrong game? {back}\n")
    code, out, err = wtg(config, "send")
    assert (code, out.split(";")[0]) == (1, "2 reports queued")  # was 0: the copy stood
    assert out.endswith("; skipped: g01-backup\n")
    assert named(err) == ["g01-backup"]
    skipped = f"{copy}: cannot be read, skipped: a copy of {game} (its game.yaml says game: g01)"
    assert skipped in err


def test_run_turn_due_runs_the_game_and_fails_the_copy_every_time(tmp_path: Path) -> None:
    game, copy = copied(tmp_path)
    code, out, err = wtg(write_config(tmp_path), "run-turn", "--due")
    assert code == 1
    assert "g01: turn 1 resolved" in out
    assert f"g01-backup: failed: a copy of {game}" in err + out
    assert (open_game(game).latest_turn(), open_game(copy).latest_turn()) == (1, 0)


def test_status_and_the_site_name_the_copy_and_show_the_game_once(tmp_path: Path) -> None:
    game, copy = copied(tmp_path, "G01")  # differs from the game's folder by case alone
    open_game(game).run_turn(expect=1)
    config = write_config(tmp_path)
    code, out, _ = wtg(config, "status")
    lines = out.splitlines()
    assert code == 1 and lines[0].split()[:4] == ["g01", "wok4", "turn", "2:"]
    assert lines[1].startswith(f"{copy}: cannot be read, skipped: a copy of {game}")
    assert len(lines) == 2
    code, out, err = wtg(config, "site", str(tmp_path / "site"))
    assert code == 1 and "1 game" in out and "skipped 1" in out, out + err
    page = (tmp_path / "site" / "games" / "g01" / "index.html").read_text()
    assert "Turn 1" in page  # the game's page, not the copy's (turn 0)


def test_a_renamed_folder_is_its_game_until_a_second_names_it(tmp_path: Path) -> None:
    (game,) = due_games(tmp_path / "games", 1)
    renamed = game.rename(game.parent / "old-g01")
    assert copy_of(renamed, "g01") is None  # a GM's rename: still the game
    assert [f.name for f in scan_games(renamed.parent).folders] == ["old-g01"]
    other = renamed.parent / "g01-copy"
    shutil.copytree(renamed, other)
    reasons = [copy_of(folder, "g01") for folder in (renamed, other)]
    assert reasons == [
        f"its game.yaml says game: g01, as that of {other} does, and no folder is named g01: "
        "neither is used until one is moved out. A copy of a game is kept outside the games "
        "folder, or in a folder whose name starts with '.'; a new game is made with `wtg "
        "new-game`.",
        f"its game.yaml says game: g01, as that of {renamed} does, and no folder is named g01: "
        "neither is used until one is moved out. A copy of a game is kept outside the games "
        "folder, or in a folder whose name starts with '.'; a new game is made with `wtg "
        "new-game`.",
    ]
    hidden = renamed.parent / ".g01-kept"
    other.rename(hidden)  # a copy kept in a hidden folder is no game
    assert copy_of(renamed, "g01") is None


def test_a_renamed_folder_answers_to_its_games_name(tmp_path: Path) -> None:
    """docs/gm.md: a folder the GM renamed (``games/old-g01`` saying ``game: g01``) is
    still the game. `wtg status` lists it as g01 and the poll files its mail; so `wtg
    status g01` (and every command given the name) finds it, where it said "no game
    'g01' ... (its games: old-g01)". Once a second folder says g01, neither is used."""
    (game,) = due_games(tmp_path / "games", 1)
    renamed = game.rename(game.parent / "old-g01")
    config = write_config(tmp_path)
    code, out, err = wtg(config, "status", "g01")
    assert (code, err) == (0, "")
    assert out.startswith("game g01, orders for turn 1")
    code, out, _ = wtg(config, "hold", "g01", "--reason", "a test")
    assert code == 0 and out.startswith("game g01 held since ")
    assert (renamed / "held.json").is_file()
    shutil.copytree(renamed, renamed.parent / "g01-copy")
    code, out, err = wtg(config, "status", "g01")
    assert code == 1
    assert err.startswith(f"wtg: no game 'g01' in the games folder {renamed.parent}")


def test_a_copy_given_by_its_name_is_refused_and_nothing_runs_in_it(tmp_path: Path) -> None:
    """A GM's `cp -r games/g01 games/g01-backup`, then `wtg run-turn g01-backup --now`: the
    scan skips the copy, but given by its name it was opened as game g01 and its turn run,
    a turn `wtg send` never mails (it skips the copy), and `wtg status g01-backup` said
    `wtg send` would mail it. Every command given the copy refuses it, with the `mv` that
    keeps it as a copy; one kept in a hidden folder is the GM's to look at."""
    game, copy = copied(tmp_path)
    config = write_config(tmp_path)
    said = (
        f"wtg: {copy} is not used: a copy of {game} (its game.yaml says game: g01). A copy of "
        "a game is kept outside the games folder, or in a folder whose name starts with '.'; "
        f"a new game is made with `wtg --config {config} new-game`. `run-turn --due`, `send` "
        "and `status` skip it, and a turn run in it would reach no player. To keep it as a "
        f"copy: mv {copy} {copy.parent / '.g01-backup'}\n"
    )
    for command in (
        ["run-turn", "g01-backup", "--now", "--unmailed"],
        ["status", str(copy)],
        ["hold", "g01-backup"],
    ):
        code, out, err = wtg(config, *command)
        assert (code, out, err) == (1, "", said), command
    assert (open_game(game).latest_turn(), open_game(copy).latest_turn()) == (0, 0)
    assert not (copy / "held.json").exists()
    kept = copy.rename(copy.parent / ".g01-backup")
    code, out, _ = wtg(config, "status", str(kept))
    assert code == 0 and out.startswith("game g01, orders for turn 1")


def test_the_game_given_through_a_link_to_its_folder_is_run(tmp_path: Path) -> None:
    """A link to the game's own folder (``ln -s g01 games/current``, for the GM's scripts)
    is the game itself, not a copy: given by it, the game was refused as a copy of its own
    folder ("a turn run in it would reach no player"), a false refusal of the real game.
    The scan passes the link over (else the game would be listed twice), in silence: it
    named it a copy of its own game, cannot be read, and `wtg status` exited 1 for it."""
    (game,) = due_games(tmp_path / "games", 1)
    link = game.parent / "current"
    link.symlink_to(game.name)
    config = write_config(tmp_path)
    code, out, err = wtg(config, "status", "current")
    assert (code, err) == (0, "")
    assert out.startswith("game g01, orders for turn 1")
    code, out, err = wtg(config, "hold", str(link), "--reason", "a test")
    assert (code, err) == (0, "") and out.startswith("game g01 held since ")
    assert (game / "held.json").is_file()
    assert [f.name for f in scan_games(game.parent).folders] == ["g01"]
    code, out, err = wtg(config, "status")
    assert "current" not in out + err and out.startswith("g01 "), out + err


def test_copies_kept_outside_the_games_folder_as_told_are_not_refused(tmp_path: Path) -> None:
    """The refusal tells the GM to keep a copy outside the games folder; two copies kept so
    side by side (``saves/g01-t0`` and ``saves/g01-t1``) were refused all the same, each
    for the other, with the advice they followed. Only the host's games folder is played
    from (`run-turn --due`, `send`), so only a copy in it is refused."""
    (game,) = due_games(tmp_path / "games", 1)
    saves = tmp_path / "saves"
    saves.mkdir()
    first, second = saves / "g01-t0", saves / "g01-t1"
    shutil.copytree(game, first)
    shutil.copytree(game, second)
    config = write_config(tmp_path)
    for copy in (first, second):
        code, out, err = wtg(config, "status", str(copy))
        assert (code, err) == (0, ""), copy
        assert out.startswith("game g01, orders for turn 1")
    inside = game.parent / "g01-backup"
    shutil.copytree(game, inside)
    code, out, err = wtg(config, "status", str(inside))
    assert code == 1 and err.startswith(f"wtg: {inside} is not used: a copy of {game}")


def test_two_links_to_a_game_kept_outside_are_the_game_once(tmp_path: Path) -> None:
    """A game kept outside the games folder, linked in under its name and under another
    (``games/g01`` and ``games/current`` both to ``/srv/g01``): the link named as its folder
    is the game, the other passed over in silence, as a link to a game folder of the games
    folder is. The scan kept both, and `wtg status` named ``current`` a copy of ``g01``,
    which it is not (one folder), and exited 1 at every run."""
    (game,) = due_games(tmp_path / "kept", 1)
    games = tmp_path / "games"
    games.mkdir()
    (games / "current").symlink_to(game)
    (games / "g01").symlink_to(game)
    assert [f.name for f in scan_games(games).folders] == ["g01"]
    config = write_config(tmp_path)
    code, out, err = wtg(config, "status")
    assert (code, err) == (0, ""), out + err
    assert "current" not in out and out.startswith("g01 "), out
    code, out, err = wtg(config, "status", "current")
    assert (code, err) == (0, "") and out.startswith("game g01, orders for turn 1")
