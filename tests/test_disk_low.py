"""A disk nearly full, not yet full: nothing said it until a poll, a turn or a send failed on
it (tests/test_full_disk.py), at night, with the players waiting. `wtg status`, `wtg status
--host` (and their `--json`: `disk_low`) and the morning digest now say it while there is
time to make room. The disk's room is a made-up one (``os.statvfs`` answered by the test):
what is said of it does not hang on the machine's disk."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.files.diskspace import low_disk
from wtg.mail.outgoing.digest import make_digest

MB = 1 << 20
ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}


def room(size: int, free: int) -> Callable[[object], os.statvfs_result]:
    """An ``os.statvfs`` of a disk of ``size`` bytes, ``free`` of them free (1 kB blocks)."""

    def statvfs(path: object) -> os.statvfs_result:
        blocks, left = size // 1024, free // 1024
        return os.statvfs_result((1024, 1024, blocks, left, left, 1000, 900, 900, 0, 255))

    return statvfs


@pytest.mark.parametrize(
    ("size", "free", "low"),
    [
        (1024 * MB, 30 * MB, True),  # 2 % of a small disk
        (1024 * MB, 100 * MB, False),  # 9 %
        (100 * 1024 * MB, 2048 * MB, False),  # 2 %, but 2 GB: room for years
        (1024 * MB, MB // 2, False),  # full: full_disk says it, as DISK FULL
    ],
)
def test_low_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int, free: int, low: bool
) -> None:
    monkeypatch.setattr(os, "statvfs", room(size, free))
    said = low_disk(tmp_path)
    if not low:
        assert said is None
        return
    assert said == (
        f"the disk that holds {tmp_path} is nearly full (30 MB free, 2 % of it): make room on "
        "it before it fills, when no poll, turn or mail runs"
    )


def wtg(config: Path, *args: str) -> Result:
    return CliRunner(env=ENV).invoke(main, ["--config", str(config), *args])


def test_status_and_the_digest_say_a_disk_nearly_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = CliRunner(env=ENV).invoke(main, ["init", str(tmp_path / "h")])
    assert made.exit_code == 0, made.output
    config = tmp_path / "h" / "wtg.yaml"
    games = tmp_path / "h" / "games"
    now = datetime(2026, 12, 5, 7, 0, tzinfo=timezone.utc)
    assert make_digest(games, now).empty()  # plenty of room: nothing to tell
    monkeypatch.setattr(os, "statvfs", room(1024 * MB, 30 * MB))
    said = (
        f"DISK LOW: the disk that holds {games} is nearly full (30 MB free, 2 % of it): make "
        "room on it before it fills, when no poll, turn or mail runs"
    )
    for args in (("status",), ("status", "--host")):
        shown = wtg(config, *args)
        assert shown.exit_code == 0, shown.output
        assert shown.stdout.splitlines()[0] == said, args
        listed = json.loads(wtg(config, *args, "--json").stdout)
        assert listed["disk_low"] == said.removeprefix("DISK LOW: ")
        assert listed["disk_full"] is None
    digest = make_digest(games, now)
    assert not digest.empty()
    assert digest.disk_low == said.removeprefix("DISK LOW: ")
    assert " ".join(digest.text().split()).endswith(f"{said}.")
    assert digest.line().endswith(", the disk nearly full")
