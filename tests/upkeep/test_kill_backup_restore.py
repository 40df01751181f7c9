"""Issue 27, item 4: `kill -9` between any two writes. A restore cut short leaves DIR
recognisably incomplete (``DIR/.restoring``), and the same command given again restores
the whole host; a backup cut short leaves the archive that was there as it was, and the
next backup clears what the killed one left (``tests.killpoints``: the kill lands just
before a chosen write, the same on every machine)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests import killpoints
from tests.upkeep.hosts import host_copy
from wtg.cli import main
from wtg.game.schedule import parse_iso
from wtg.mail.spool.afterbackup import AFTER_BACKUP

KILLS = 12


@pytest.fixture
def host(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return host_copy(tmp_path / "host", tmp_path_factory.getbasetemp() / "upkeep-template")


def tree(folder: Path) -> dict[str, tuple[int, bytes]]:
    """Every folder and file under ``folder``: its mode, and a file's bytes; the moment
    of the restore in the spool's note of the backup (``afterbackup``) left out, which
    is the clock's when each restore ran."""
    found = {
        str(p.relative_to(folder)): (
            stat.S_IMODE(p.stat().st_mode),
            p.read_bytes() if p.is_file() else b"",
        )
        for p in folder.rglob("*")
    }
    note = f".mail/{AFTER_BACKUP}"
    if note in found:
        mode, text = found[note]
        kept = json.loads(text)
        assert parse_iso(kept.pop("restored")) is not None
        found[note] = (mode, json.dumps(kept).encode())
    return found


def test_a_restore_killed_at_any_write_is_unfinished_and_done_again(
    host: Path, tmp_path: Path
) -> None:
    archive = tmp_path / "host.tar.gz"
    made = CliRunner().invoke(main, ["--config", str(host), "backup", str(archive)])
    assert made.exit_code == 0, made.output
    root, whole, expected, writes = whole_restore(archive, tmp_path)
    assert len(expected) > 90 and "wok4-1/game.yaml" in expected
    kills = 0
    for point in killpoints.points(writes, KILLS):
        target = root / f"killed-{point}"
        args = ["restore", str(archive), "--games-dir", str(target)]
        run = killpoints.run(args, kill_at=point, root=root)
        assert run.killed, (point, run.stderr)
        kills += 1
        left = os.listdir(target) if target.exists() else []
        assert left == [] or ".restoring" in left, (point, run.before, left)
        again = CliRunner().invoke(main, args)
        assert again.exit_code == 0, (point, run.before, again.output)
        if left:
            assert again.stdout.startswith(f"{target} held a restore cut short: removed")
        assert tree(target) == placed(expected, whole, target), (point, run.before)
    assert kills == min(KILLS, writes)


def whole_restore(
    archive: Path, tmp_path: Path
) -> tuple[Path, Path, dict[str, tuple[int, bytes]], int]:
    """``archive`` restored whole, its writes counted, under ``tmp_path/restores`` (where a
    kill test's restores go, each into a folder of its own): that folder, the host restored,
    its tree and the restore's writes."""
    root = tmp_path / "restores"
    root.mkdir()
    whole = root / "whole"
    counted = killpoints.count(["restore", str(archive), "--games-dir", str(whole)], root)
    assert counted.returncode == 0, counted.stderr
    return root, whole, tree(whole), counted.writes


def placed(
    expected: dict[str, tuple[int, bytes]], whole: Path, target: Path
) -> dict[str, tuple[int, bytes]]:
    """The tree restored into ``whole``, as restored into ``target``: the config copy's
    games_dir names the folder restored."""
    config = ".restored/wtg.yaml"
    mode, text = expected[config]
    return {**expected, config: (mode, text.replace(str(whole).encode(), str(target).encode()))}


def test_a_backup_killed_at_any_write_leaves_the_archive_as_it_was(
    host: Path, tmp_path: Path
) -> None:
    root = tmp_path / "backups"
    root.mkdir()
    archive = root / "host.tar.gz"
    args = ["--config", str(host), "backup", str(archive)]
    counted = killpoints.count(args, root)
    assert counted.returncode == 0, counted.stderr
    before = archive.read_bytes()
    assert counted.writes >= 5  # the lock, the temporary file and folder, the copies, the rename
    for point in killpoints.points(counted.writes, KILLS):
        run = killpoints.run(args, kill_at=point, root=root)
        assert run.killed, (point, run.stderr)
        assert archive.read_bytes() == before, (point, run.before)
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 0, again.output
    assert sorted(os.listdir(root)) == ["host.tar.gz"]  # no leftovers, nor its lock file
    restored = CliRunner().invoke(main, ["restore", str(archive), "--games-dir", str(root / "r")])
    assert restored.exit_code == 0, restored.output
