"""`kill -9` between any two writes of the first poll of a copy of the host (``cp -a``),
which claims the mailbox after the old one: its id derived anew (``host-id.json``), its
claim mail written in the claims' folder's tmp/ and moved into new/, the look kept
(``host-claim.json``). The next poll finishes it: the copy's claim is in the folder once,
under the id a whole run takes (a restored host's is random, the old host's its ancestor),
and the old host stops at its next poll. Likewise for a host restored from a backup with
no id, whose first poll takes the old host's id as the one it descends from, then removes
the note of the place the backup was made on."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests import killpoints
from tests.mail.test_host_moved import maildir_host, wtg
from wtg.mail.spool.claimstate import CLAIM_STATE
from wtg.mail.spool.hostid import COPIED_FROM, HOST_ID

STOPPED = "this host no longer serves the mailbox "


CLAIM_FILES = (HOST_ID, COPIED_FROM, CLAIM_STATE, "/.wtg-host/")
"""What the writes of the claim name: the id, the note of a restore, the look, the mail."""


def claim_writes(log: Path) -> range:
    """The writes of a whole run from the write before the claim's first to the one after
    its last (its id, the note of a restore removed, its mail, the look kept)."""
    lines = killpoints.written(log)
    ours = [n for n, line in enumerate(lines, 1) if any(f in line for f in CLAIM_FILES)]
    assert ours, lines
    return range(max(ours[0] - 1, 1), min(ours[-1] + 1, len(lines)) + 1)


def claims_of(maildir: Path) -> list[str]:
    """The hosts of the claims in the Maildir's folder, the files of its tmp/ aside."""
    hosts = []
    for path in sorted((maildir / ".wtg-host" / "new").iterdir()):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("X-Wtg-Host: "):
                hosts.append(line.removeprefix("X-Wtg-Host: "))
    return hosts


def two_hosts(world: Path, copy: str) -> tuple[Path, Path]:
    """In ``world``: a Maildir, the old host that claimed it, and its copy (``copy``:
    "cp" a `cp -a` of it; "restore" a host restored from a backup made before the old
    host claimed the Maildir, no id in it): the two configs."""
    maildir = world / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    old_config, _ = maildir_host(world / "old", maildir)
    if copy == "restore":
        assert wtg(old_config, "send").exit_code == 0  # the spool made, with no id
        archive = world.parent / f"{world.name}.tar.gz"
        assert wtg(old_config, "backup", str(archive)).exit_code == 0
    assert wtg(old_config, "poll").exit_code == 0
    if copy == "cp":
        shutil.copytree(world / "old", world / "new", symlinks=True)
    else:
        done = killpoints.wtg(["restore", str(archive), "--games-dir", str(world / "new/games")])
        assert done.returncode == 0, done.stderr
        shutil.copy2(old_config, world / "new" / "wtg.yaml")  # games_dir: games, beside it
        assert (world / "new" / "games" / ".mail" / COPIED_FROM).is_file()
    return old_config, world / "new" / "wtg.yaml"


def killed_in_the_claim(tmp_path: Path, copy: str) -> None:
    template, world = tmp_path / "template", tmp_path / "world"
    old_config, new_config = two_hosts(world, copy)
    shutil.copytree(world, template, symlinks=True)
    restore = killpoints.restorer(template, world)
    args = ["--config", str(new_config), "poll"]
    log = tmp_path / "writes.log"
    ran = killpoints.whole(args, world, restore, log=log)
    spool = world / "new" / "games" / ".mail"
    whole_id = json.loads((spool / HOST_ID).read_text(encoding="utf-8"))["id"]
    old_id = json.loads((world / "old/games/.mail" / HOST_ID).read_text(encoding="utf-8"))["id"]
    assert claims_of(world / "Maildir") == [old_id, whole_id]
    stretch = claim_writes(log)
    assert stretch.stop - 1 <= ran.writes
    for at, _ in killpoints.cuts(args, world, stretch, restore):
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, again.stderr)
        me = json.loads((spool / HOST_ID).read_text(encoding="utf-8"))
        if copy == "cp":  # derived: the same id whichever run takes it
            assert me["id"] == whole_id, at
        assert me["ancestors"] == [old_id], at  # the restored host's: the old one's taken
        assert claims_of(world / "Maildir") == [old_id, me["id"]], at
        kept = json.loads((spool / CLAIM_STATE).read_text(encoding="utf-8"))
        assert kept["stopped"] is None, at
        assert not (spool / COPIED_FROM).exists(), at
        old = killpoints.wtg(["--config", str(old_config), "poll"])
        assert old.returncode == 1, (at, old.stderr)
        assert old.stderr.startswith(f"wtg: poll: {STOPPED}"), (at, old.stderr)


def test_a_copy_killed_in_its_first_claim_claims_once_at_the_next_poll(tmp_path: Path) -> None:
    killed_in_the_claim(tmp_path, "cp")


def test_a_restored_host_killed_in_its_first_claim_claims_once_at_the_next_poll(
    tmp_path: Path,
) -> None:
    killed_in_the_claim(tmp_path, "restore")
