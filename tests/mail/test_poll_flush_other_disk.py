"""A game folder symlinked onto another disk than the games folder's: the poll's commit
flushed only the games folder's and the spool's file systems, so a machine crash could
keep the journal's word that a mail was filed and answered and lose the order file the
poll wrote into that game. Every write the commit relies on notes the file system it
landed on (``wtg.files.diskflush.note``), and the commit flushes each of them."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.test_poll_helpers import a_host, shared  # noqa: F401 (a fixture)
from tests.mail.test_poll_work import NOW
from wtg.files import diskflush, private
from wtg.mail.poll import poller
from wtg.mail.servers.inbox import MaildirInbox

OTHER_DISK = Path("/dev/shm")
"""A file system other than the tests' (a tmpfs on Linux)."""


@pytest.fixture
def elsewhere(tmp_path: Path) -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(dir=OTHER_DISK))
    assert os.stat(folder).st_dev != os.stat(tmp_path).st_dev  # two file systems indeed
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_game_folder_on_another_disk_is_flushed_before_the_poll_commits(
    tmp_path: Path, elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World(tmp_path)
    root = world.gm.games_dir / world.name
    shutil.move(root, elsewhere / world.name)
    root.symlink_to(elsewhere / world.name, target_is_directory=True)
    world.mail(world.aof(1, X1="100"), sender="p1@players.example")
    flushed: list[int] = []
    flush = diskflush.flush

    def flushing(path: Path) -> None:
        flushed.append(os.stat(path).st_dev)
        flush(path)

    monkeypatch.setattr(poller, "flush", flushing)
    summary = world.poll()
    assert summary.filed == 1
    order = next((elsewhere / world.name / "pending").rglob("p01.yaml"))
    assert os.stat(order).st_dev in flushed
    assert os.stat(tmp_path).st_dev in flushed
    assert len(flushed) == len(set(flushed))  # once a file system
    assert diskflush.unflushed() == {}  # flushed, forgotten


def test_a_file_written_unflushed_notes_its_file_system_and_a_folder_still_there(
    tmp_path: Path, elsewhere: Path
) -> None:
    diskflush.flushed(diskflush.unflushed())
    made = private.make_dirs(elsewhere / "turns" / ".tmp-0003")
    private.write_file(made / "state.json", b"{}", sync=False)
    private.write_file(tmp_path / "mark", b"x", sync=False)
    private.write_file(tmp_path / "synced", b"x")  # flushed by its writer: not noted
    noted = diskflush.unflushed()
    device = os.stat(elsewhere).st_dev
    assert noted == {device: str(made), os.stat(tmp_path).st_dev: str(tmp_path)}
    made.rename(elsewhere / "turns" / "0003")  # the temporary folder is gone since
    assert diskflush.on_device(noted[device], device) == elsewhere / "turns"
    assert diskflush.on_device(str(tmp_path / "gone"), device) is None  # another disk's
    diskflush.flushed([device])
    assert list(diskflush.unflushed()) == [os.stat(tmp_path).st_dev]
    diskflush.flushed(diskflush.unflushed())


def test_the_file_systems_a_helper_wrote_to_are_flushed_by_the_poller(
    tmp_path: Path,
    elsewhere: Path,
    shared: None,  # noqa: F811 (the fixture)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The poller flushes before it commits; the files its helpers wrote are on the file
    systems they noted, which they send it with their answer. (The poller's own notes are
    left out here: the other disk is flushed for the helpers' alone.)"""
    gm, games, _mails = a_host(tmp_path)
    for game in games:
        root = game.store.root
        shutil.move(root, elsewhere / root.name)
        root.symlink_to(elsewhere / root.name, target_is_directory=True)
    me = os.getpid()
    note = diskflush.note

    def helpers_note(fd: int, path: str) -> None:
        if os.getpid() != me:
            note(fd, path)

    flushed: list[int] = []
    flush = diskflush.flush

    def flushing(path: Path) -> None:
        flushed.append(os.stat(path).st_dev)
        flush(path)

    monkeypatch.setattr(diskflush, "note", helpers_note)
    monkeypatch.setattr(poller, "flush", flushing)
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    assert summary.filed == 30 and not summary.helpers_died
    assert os.stat(elsewhere).st_dev in flushed
