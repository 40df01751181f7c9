"""A backup leaves nothing but the backup: no lock file of its own beside the archive, and
none in the games folder that was not there before it ran."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.upkeep.hosts import host_copy
from wtg.cli import main
from wtg.files import filelock, private


@pytest.fixture
def host(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The host's config file."""
    return host_copy(tmp_path / "host", tmp_path_factory.getbasetemp() / "upkeep-template")


def names(folder: Path) -> set[str]:
    """Every file and folder under ``folder``, relative to it."""
    return {
        os.path.relpath(os.path.join(top, name), folder)
        for top, dirs, files in os.walk(folder)
        for name in (*dirs, *files)
    }


def test_a_backup_leaves_only_the_archive(host: Path, tmp_path: Path) -> None:
    games = host.parent / "games"
    before = names(games)
    out = tmp_path / "backups"
    out.mkdir()
    result = CliRunner().invoke(
        main, ["--config", str(host), "backup", str(out / "host.tar.gz")], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    assert sorted(os.listdir(out)) == ["host.tar.gz"]
    assert sorted(names(games) - before) == []


class Busy(Exception):
    pass


def test_a_lock_taken_on_a_file_removed_since_is_taken_again_on_the_one_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race the removal opens: a taker opened the lock file, the holder removed it and
    let go, the taker's lock is on a file no longer there. It opens the file again: a third
    taker, who finds the file at the path, is then refused, not given the lock too."""
    path = tmp_path / ".lock"
    real = private.opener
    calls: list[str] = []

    def opened_before_the_removal(name: str, flags: int) -> int:
        calls.append(name)
        if len(calls) == 1:  # the file as it was when opened, removed by its holder since
            fd = int(real(name, flags))
            os.unlink(name)
            return fd
        return int(real(name, flags))

    monkeypatch.setattr(private, "opener", opened_before_the_removal)
    with filelock.exclusive(path, Busy, removed=True):
        monkeypatch.setattr(private, "opener", real)
        assert path.exists()
        with pytest.raises(Busy), filelock.exclusive(path, Busy, removed=True):
            pass
    assert len(calls) == 2
    assert not path.exists()
