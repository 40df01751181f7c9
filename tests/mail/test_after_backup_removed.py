"""The GM's `rm games/.mail/after-backup.json`, the way on that the held turns' line gives,
stands whenever it comes (hosts47). A poll kept what it found filed after the backup by
reading that file and writing it again with the finding: an `rm` that came between the two
was undone, and the turns due stayed held on mails the GM had chosen to leave. The finding
is a file of its own now, which counts only while the note of the backup is there."""

from __future__ import annotations

import json
import tarfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.gmtyped import ann_and_bob_host
from wtg.cli import main
from wtg.mail.spool import afterbackup
from wtg.mail.spool.afterbackup import (
    AFTER_BACKUP,
    UNREAD,
    held_line,
    note_backup,
    note_unread,
    unread_kept,
)


def test_an_rm_between_the_polls_read_and_its_write_stands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spool = tmp_path / ".mail"
    note_backup(spool, "2026-12-07T03:30:00Z", "2026-12-07T08:00:00Z")
    note_unread(spool, {"wtg-processed": [41]})
    assert held_line(spool, "INBOX") is not None
    write: Callable[[Path, str], None] = getattr(afterbackup, "write_atomic")  # noqa: B009

    def gm_removes_first(path: Path, text: str) -> None:
        (spool / AFTER_BACKUP).unlink(missing_ok=True)  # the GM's `rm`, at this instant
        write(path, text)

    monkeypatch.setattr(afterbackup, "write_atomic", gm_removes_first)
    note_unread(spool, {"wtg-processed": [41, 42]})  # the next poll found one more
    assert not (spool / AFTER_BACKUP).exists()  # before: written again, the rm undone
    assert unread_kept(spool) is None
    assert held_line(spool, "INBOX") is None


def test_a_finding_kept_by_round_46_in_the_note_still_holds_the_turns(tmp_path: Path) -> None:
    spool = tmp_path / ".mail"
    spool.mkdir()
    note = {"made": "2026-12-07T03:30:00Z", "restored": "2026-12-07T08:00:00Z"}
    (spool / AFTER_BACKUP).write_text(json.dumps({**note, "unread": {"wtg-processed": [7]}}))
    kept = unread_kept(spool)
    assert kept is not None and kept[1] == {"wtg-processed": [7]}
    note_unread(spool, {"wtg-processed": [7, 8]})
    kept = unread_kept(spool)
    assert kept is not None and kept[1] == {"wtg-processed": [7, 8]}


def test_a_restore_drops_a_finding_its_backup_carried(tmp_path: Path) -> None:
    """A backup of a host restored before holds that host's finding: the new restore's
    polls look anew, and its due runs are not held on the old one's UIDs meanwhile."""
    spool = tmp_path / ".mail"
    spool.mkdir()
    (spool / UNREAD).write_text(json.dumps({"unread": {"wtg-processed": [3]}}))
    note_backup(spool, "2026-12-08T03:30:00Z", "2026-12-08T08:00:00Z")
    assert not (spool / UNREAD).exists()
    assert unread_kept(spool) is None


def test_a_backup_leaves_out_what_the_polls_found(tmp_path: Path) -> None:
    """What the polls of a host restored before found is that restore's: the restore of
    this backup looks anew (its restore dropped it, and counted a file it never wrote)."""
    config = ann_and_bob_host(tmp_path / "h")
    spool = tmp_path / "h" / "games" / ".mail"
    note_backup(spool, "2026-12-07T03:30:00Z", "2026-12-07T08:00:00Z")
    note_unread(spool, {"wtg-processed": [41]})
    archive = tmp_path / "h.tar.gz"
    made = CliRunner().invoke(main, ["--config", str(config), "backup", "-q", str(archive)])
    assert made.exit_code == 0, made.output
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert f"wtg-backup/games/.mail/{AFTER_BACKUP}" in names
    assert f"wtg-backup/games/.mail/{UNREAD}" not in names
