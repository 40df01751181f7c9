"""Issue 27, item 5: `kill -9` at any write of `wtg upgrade` (``tests.killpoints``: just
before the Nth write, the same on every machine) leaves each game folder at its old format
with nothing changed, or at the new one, or counted and refused by every command until the
next `wtg upgrade` finishes it; the book upgraded or not; every copy by its name whole. The
next `wtg upgrade` finishes the host, and the turn then run is the older wtg's.

The upgrade from format 1 changes nothing but the number; a step that rewrites files
(one of a format 3 to come, given to the killed command in its prelude) is killed at each
of its writes as well: every file is then the old one or the new one, and the next run
makes them all new."""

from __future__ import annotations

import json
import sqlite3
import tarfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests import killpoints
from tests.upkeep.formats import (
    BOOK,
    FIXTURE,
    TURN_3_AT,
    assert_turn_3_as_format_1_wrote,
    book_rows,
    old_host,
    tree,
    user_version,
    without_added,
)
from wtg.cli import main
from wtg.files.store import FolderFormat, FormatRefused, read_format
from wtg.game.engine import open_game
from wtg.upkeep.copies import TEMPORARY, UPGRADES
from wtg.upkeep.folderupgrade import STAGING

KILLS = 30


def upgrade(games: Path, kill_at: int | None, prelude: str = "") -> killpoints.Run:
    return killpoints.run(["--games-dir", str(games), "upgrade"], kill_at, games, prelude=prelude)


def outside_staging(files: dict[str, bytes]) -> dict[str, bytes]:
    """A killed folder's files but its staging and the format file's temporary copy (a
    write cut short before its rename: never read, written over by the next)."""
    return {
        k: v for k, v in files.items() if not k.startswith(f"{STAGING}/") and k != ".format.tmp"
    }


def check_copies(games: Path, g1: dict[str, bytes], rows: list[str]) -> None:
    """Every copy by its name holds the host as it was, whole."""
    for copy in sorted((games / UPGRADES).glob("[!.]*")):
        if copy.name.endswith(".tar.gz"):
            with tarfile.open(copy) as tar:
                kept = {
                    m.name.removeprefix("g1/"): tar.extractfile(m).read()  # type: ignore[union-attr]
                    for m in tar.getmembers()
                    if m.isfile()
                }
            assert kept == g1, copy.name
        else:
            assert (book_rows(copy), user_version(copy)) == (rows, 0), copy.name


def test_a_kill_at_any_write_of_upgrade_leaves_old_or_new_and_the_next_finishes(
    tmp_path: Path,
) -> None:
    # the book read from a copy: opened in the checkout it leaves its -wal and -shm there
    # while another worker copies the folder
    g1, rows = tree(FIXTURE / "games" / "g1"), book_rows(old_host(tmp_path / "as-is") / BOOK)
    counted = upgrade(old_host(tmp_path / "counted"), None)
    assert (counted.returncode, counted.killed) == (0, False), counted.stderr
    states: set[FolderFormat] = set()
    for at in killpoints.points(counted.writes, KILLS):
        games = old_host(tmp_path / f"kill-{at}")
        killed = upgrade(games, at)
        assert killed.killed, (at, killed.stderr)

        found = read_format(games / "g1")
        states.add(found)
        assert found in (FolderFormat(1), FolderFormat(1, 2), FolderFormat(2)), killed.before
        files = outside_staging(tree(games / "g1"))
        numbered = {} if found == FolderFormat(1) else {"format": found.text().encode()}
        assert files == {**g1, **numbered}, killed.before  # the number alone changes
        if found.upgrading_to is not None:
            with pytest.raises(FormatRefused, match="an upgrade to format 2 was cut short"):
                open_game(games / "g1")
        assert without_added(book_rows(games / BOOK)) == rows
        assert user_version(games / BOOK) in (0, 2)
        check_copies(games, g1, rows)

        again = CliRunner().invoke(main, ["--games-dir", str(games), "upgrade"])
        assert again.exit_code == 0, (killed.before, again.output)
        assert tree(games / "g1") == {**g1, "format": b"2\n"}, killed.before
        assert (without_added(book_rows(games / BOOK)), user_version(games / BOOK)) == (rows, 2)
        assert not [p.name for p in (games / UPGRADES).iterdir() if p.name.startswith(TEMPORARY)]
        check_copies(games, g1, rows)
        assert open_game(games / "g1").run_turn(now=TURN_3_AT) == 3
        assert_turn_3_as_format_1_wrote(tree(games / "g1" / "turns" / "0003"))
    assert states == {FolderFormat(1), FolderFormat(1, 2), FolderFormat(2)}


STEP_TO_3 = """
import json

import wtg.files.store
wtg.files.store.FORMAT = 3  # this wtg writes format 3, before anything imports the name
from wtg.upkeep import steps


def marked(root):
    changes = {}
    for turn in sorted((root / "turns").iterdir()):
        data = json.loads((turn / "state.json").read_text(encoding="utf-8"))
        changes[f"turns/{turn.name}/state.json"] = json.dumps({**data, "marked": 3}).encode()
        changes[f"turns/{turn.name}/topten.txt"] = None
    return changes


steps.GAME_STEPS[2] = marked
"""


def marked(files: dict[str, bytes]) -> dict[str, bytes]:
    """A game folder's files as the step of ``STEP_TO_3`` leaves them."""
    done = {"format": b"3\n"}
    for name, data in files.items():
        if name.endswith("/state.json"):
            done[name] = json.dumps({**json.loads(data), "marked": 3}).encode()
        elif not name.endswith("/topten.txt") and name != "format":
            done[name] = data
    return done


def test_a_step_that_rewrites_files_killed_at_any_write_leaves_each_file_old_or_new(
    tmp_path: Path,
) -> None:
    """The upgrade's staging, counted by the format file, and moved into place: a kill
    before it counts leaves every file old (format 2), after it every file old or new and the
    folder refused, and the next run makes it format 3 with every file new."""
    start = old_host(tmp_path / "start")
    assert CliRunner().invoke(main, ["--games-dir", str(start), "upgrade"]).exit_code == 0
    before = tree(start / "g1")
    after = marked(before)
    assert after != before and len(after) < len(before)  # files rewritten, files removed
    counted = upgrade(start, None, STEP_TO_3)
    assert counted.returncode == 0, counted.stderr
    assert tree(start / "g1") == after
    seen: set[FolderFormat] = set()
    for at in killpoints.points(counted.writes, KILLS):
        games = tmp_path / f"kill-{at}" / "games"
        games.parent.mkdir()
        upgraded = CliRunner().invoke(main, ["--games-dir", str(old_host(games.parent)), "upgrade"])
        assert upgraded.exit_code == 0, upgraded.output
        killed = upgrade(games, at, STEP_TO_3)
        assert killed.killed, (at, killed.stderr)

        found = read_format(games / "g1")
        seen.add(found)
        files = outside_staging(tree(games / "g1"))
        if found == FolderFormat(2):
            assert files == before, killed.before
        elif found == FolderFormat(2, 3):
            assert set(files) <= set(before) and set(after) - {"format"} <= set(files)
            assert files.pop("format") == b"2 -> 3\n"
            for name, data in files.items():
                assert data in (before[name], after.get(name)), (name, killed.before)
            with pytest.raises(FormatRefused, match=r"made by a newer wtg \(format 3\)"):
                open_game(games / "g1")  # this process's wtg writes format 2
        else:
            assert (found, files) == (FolderFormat(3), after), killed.before

        finished = upgrade(games, None, STEP_TO_3)
        assert finished.returncode == 0, finished.stderr
        assert tree(games / "g1") == after, killed.before
        assert not (games / "g1" / STAGING).exists()
    assert seen == {FolderFormat(2), FolderFormat(2, 3), FolderFormat(3)}


def test_the_book_is_upgraded_in_one_transaction(tmp_path: Path) -> None:
    """Its number and its step's statements commit together: a kill at the COMMIT (before
    it runs) leaves the book of format 1 with its rows."""
    games = old_host(tmp_path / "count")
    (games / "g1" / "format").write_text("2\n", encoding="utf-8")  # the book alone to do
    counted = upgrade(games, None)
    assert counted.returncode == 0, counted.stderr
    games = old_host(tmp_path / "kill")
    (games / "g1" / "format").write_text("2\n", encoding="utf-8")
    killed = upgrade(games, counted.writes)  # the last write: the COMMIT
    assert killed.killed and killed.before.startswith("sqlite COMMIT"), killed.before
    assert user_version(games / BOOK) == 0
    db = sqlite3.connect(games / BOOK)
    assert db.execute("SELECT name FROM people").fetchall() == [("Ann",)]
    db.close()
