"""`wtg backup FILE` of a host whose lobby's book is torn, FILE holding the last backup whose
book was whole (tests/upkeep/test_backup_torn_book.py): killed (SIGKILL) just before one of
its writes, the first night the book is torn and a night after it (a torn book's backup
beside FILE already, ``host.torn-book.tar.gz``).

As killed, FILE is the whole backup it was, and the file beside it is not there or is a
whole archive (the one before, or this one): never half written. Given again, the backup
says the book torn and FILE kept (exit 1), writes the archive beside FILE whole, and leaves
nothing of the killed run in the folder. The archive beside FILE, restored and killed, is
restored whole when the restore is given again.
"""

from __future__ import annotations

import json
import os
import tarfile
from pathlib import Path

import pytest

from tests import killpoints
from tests.gmtyped import ann_and_bob_host, wtg
from tests.upkeep.test_backup_torn_book import WRITTEN_OVER
from tests.upkeep.test_kill_backup_restore import placed, tree, whole_restore
from wtg.lobby.database import FILE, FOLDER

KILLS = 10


def book_in(archive: Path) -> tuple[bytes, str | None]:
    """The lobby's book a whole archive holds, and its manifest's ``people_book_torn``."""
    with tarfile.open(archive) as opened:
        manifest = opened.extractfile("wtg-backup/manifest.json")
        book = opened.extractfile(f"wtg-backup/games/{FOLDER}/{FILE}")
        assert manifest is not None and book is not None
        return book.read(), json.loads(manifest.read())["people_book_torn"]


@pytest.mark.parametrize("beside_already", [False, True], ids=["first night", "a night after"])
def test_a_torn_books_backup_killed_keeps_file_and_writes_beside_it_whole(
    tmp_path: Path, beside_already: bool
) -> None:
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    backups = tmp_path / "backups"
    backups.mkdir()
    out, beside = backups / "host.tar.gz", backups / "host.torn-book.tar.gz"
    args = ["--config", str(config), "backup", "-q", str(out)]
    assert wtg(*args).exit_code == 0
    good = out.read_bytes()
    (tmp_path / "host" / "games" / FOLDER / FILE).write_bytes(WRITTEN_OVER)
    if beside_already:
        assert wtg(*args).exit_code == 1
    earlier = beside.read_bytes() if beside_already else None
    counted = killpoints.count(args, backups)
    assert counted.returncode == 1, counted.stderr
    assert "is kept as it was" in counted.stderr
    assert counted.writes >= 3  # the lock, the temporary file, the rename beside FILE
    names = sorted(["host.tar.gz", "host.torn-book.tar.gz"])
    for at in killpoints.points(counted.writes, KILLS):
        beside.unlink(missing_ok=True)
        if earlier is not None:
            beside.write_bytes(earlier)
        cut = killpoints.run(args, kill_at=at, root=backups)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        assert out.read_bytes() == good, (at, cut.before)
        if beside.exists():  # the one before, or this one renamed into place whole
            assert book_in(beside)[0] == WRITTEN_OVER, (at, cut.before)
        else:
            assert earlier is None, (at, cut.before)
        again = killpoints.wtg(args)
        assert again.returncode == 1, (at, again.stderr)
        kept = f"problem: {out}, the backup before this one, is kept as it was"
        assert kept in again.stderr, (at, again.stderr)
        assert out.read_bytes() == good
        book, why = book_in(beside)
        assert book == WRITTEN_OVER and why, at
        assert sorted(os.listdir(backups)) == names, at


def test_a_torn_books_backup_restored_killed_is_unfinished_and_done_again(
    tmp_path: Path,
) -> None:
    """`wtg restore` of the archive beside FILE (``host.torn-book.tar.gz``), killed before one
    of its writes: the folder is empty or marked a restore cut short; given again, the host
    is restored as an uninterrupted restore leaves it, the torn book as it was backed up."""
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    out, beside = tmp_path / "host.tar.gz", tmp_path / "host.torn-book.tar.gz"
    assert wtg("--config", config, "backup", "-q", str(out)).exit_code == 0
    (tmp_path / "host" / "games" / FOLDER / FILE).write_bytes(WRITTEN_OVER)
    assert wtg("--config", config, "backup", "-q", str(out)).exit_code == 1
    root, whole, expected, writes = whole_restore(beside, tmp_path)
    assert expected[f"{FOLDER}/{FILE}"][1] == WRITTEN_OVER
    for at in killpoints.points(writes, KILLS):
        target = root / f"killed-{at}"
        args = ["restore", str(beside), "--games-dir", str(target)]
        cut = killpoints.run(args, kill_at=at, root=root)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        left = os.listdir(target) if target.exists() else []
        assert left == [] or ".restoring" in left, (at, cut.before, left)
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, again.stderr)
        assert tree(target) == placed(expected, whole, target), (at, cut.before)
