"""A host's id (``wtg.mail.spool.hostid``) on a file system that numbers its inodes anew
at each run or mount (a FUSE or network mount): the id kept the spool's inode in its
place, so each run found itself a copy of the last, took a new id and mailed a claim to
the mailbox. On a machine with an id the place is that id and the spool's path; on one
without, the inode is still all that tells two machines' folders at one path apart."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.mail.realworld import write_config
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_host_moved import maildir_host, wtg
from wtg.mail.servers.claims import CLAIMS_FOLDER
from wtg.mail.spool import hostid
from wtg.mail.spool.hostid import HOST_ID, this_host


def numbered_anew(folder: Path) -> None:
    """``folder`` as a file system that numbers its inodes anew shows it at the next run:
    the same files under the same path, each a new inode."""
    aside = folder.with_name(f"{folder.name}.aside")
    folder.rename(aside)
    shutil.copytree(aside, folder, symlinks=True)
    shutil.rmtree(aside)


def test_the_id_stays_when_the_spools_inode_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    machine = tmp_path / "machine-id"
    machine.write_text("3d1219c7c4c5404aaa1f6d2a48adfda4\n", encoding="ascii")
    monkeypatch.setattr(hostid, "MACHINE_ID", machine)
    spool = tmp_path / "games" / ".mail"
    made = this_host(spool)
    before = spool.stat().st_ino
    numbered_anew(tmp_path / "games")
    assert spool.stat().st_ino != before
    assert this_host(spool) == made
    kept = json.loads((spool / HOST_ID).read_text(encoding="utf-8"))["place"]
    assert kept == f"3d1219c7c4c5404aaa1f6d2a48adfda4:{spool.resolve()}"
    # a copy elsewhere is a copy still
    shutil.copytree(tmp_path / "games", tmp_path / "moved")
    assert this_host(tmp_path / "moved" / ".mail").ancestors == (made.id,)


def test_a_place_kept_with_its_inode_is_the_same_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host-id.json of round 44 keeps its place with the inode after the path: read on
    the machine it names, at the path it names, the host keeps its id (no claim mailed)."""
    machine = tmp_path / "machine-id"
    machine.write_text("3d1219c7c4c5404aaa1f6d2a48adfda4\n", encoding="ascii")
    monkeypatch.setattr(hostid, "MACHINE_ID", machine)
    spool = tmp_path / ".mail"
    spool.mkdir()
    place = f"3d1219c7c4c5404aaa1f6d2a48adfda4:{spool.resolve()}:{spool.stat().st_ino + 7}"
    text = {"id": "0123456789abcdef", "ancestors": [], "place": place}
    (spool / HOST_ID).write_text(json.dumps(text), encoding="utf-8")
    assert this_host(spool) == hostid.HostId("0123456789abcdef", ())


def test_without_a_machine_id_the_inode_tells_the_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit: a machine with no id (a container whose image has none) at one path is
    told from another only by the inode, as before (docs/gm.md says to give it an id)."""
    monkeypatch.setattr(hostid, "MACHINE_ID", tmp_path / "none")
    spool = tmp_path / "games" / ".mail"
    made = this_host(spool)
    numbered_anew(tmp_path / "games")
    assert this_host(spool).ancestors == (made.id,)


def test_a_maildir_host_on_inodes_numbered_anew_mails_one_claim(tmp_path: Path) -> None:
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    config, _ = maildir_host(tmp_path / "host", maildir)
    for _ in range(3):
        polled = wtg(config, "poll", "-q")
        assert polled.exit_code == 0 and polled.stderr == "", polled.output
        numbered_anew(tmp_path / "host" / "games")
    assert len(list((maildir / ".wtg-host" / "new").iterdir())) == 1


def test_an_imap_host_on_inodes_numbered_anew_mails_one_claim(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    config = write_config(tmp_path, imap, smtp)
    for _ in range(3):
        polled = wtg(config, "poll", "-q")
        assert polled.exit_code == 0 and polled.stderr == "", polled.output
        numbered_anew(tmp_path / "games")
    assert len(imap.fetch_all(GM_ADDRESS, CLAIMS_FOLDER)) == 1


@pytest.mark.parametrize("written", ["uninitialized\n", "3d1219c7\n"])
def test_a_machine_id_that_is_no_id_is_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, written: str
) -> None:
    """An image made before its first boot holds ``uninitialized`` in /etc/machine-id, in
    every machine and container made of it: read as an id, a copy of a host's games folder
    at the same path in two such containers was the same place, the copy no copy, and both
    served the mailbox. It is read as no id: the folder's inode tells the copy."""
    machine = tmp_path / "machine-id"
    machine.write_text(written, encoding="ascii")
    monkeypatch.setattr(hostid, "MACHINE_ID", machine)
    spool = tmp_path / "games" / ".mail"
    made = this_host(spool)
    kept = json.loads((spool / HOST_ID).read_text(encoding="utf-8"))["place"]
    assert kept == f":{spool.resolve()}:{spool.stat().st_ino}"
    numbered_anew(tmp_path / "games")  # the volume copied into the other container
    assert this_host(spool).ancestors == (made.id,)
