"""`wtg send` killed (SIGKILL, no clean-up of any kind) just before each of its writes while
it sends a report the server had put off (its note in the queue: attempts, next try, the
first deferral's ``since``) beside the others, then a send that finishes: each report
reaches its player once, the queue is empty, and `wtg status --host` says no mail waits and
none was put off.

Killed after the mail went to sent/ and before its note was dropped, the note stayed in the
queue for ever: `wtg status --host` said '1 deferred by the server, the last: ...' (and
--json outbox_deferred 1) of a mail sent long ago, beside every mail waiting later.
"""

from __future__ import annotations

import email
import json
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import GM, World
from wtg.mail.outgoing.outbox import Outbox, look

PUT_OFF = "report-g1-t0000-p02"
REPORTS = [f"report-g1-t0000-p0{seat}" for seat in range(1, 5)]
ERROR = "p2@players.example deferred: 452 4.2.2 mailbox full"


@pytest.fixture(scope="module")
def world_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose turn-0 reports are queued, player 2's put off by the server an hour
    ago and due for its next try now."""
    root = tmp_path_factory.mktemp("world")
    world = World(root)
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    queue = world.gm.spool / "outbox" / "queue"
    sent = killpoints.wtg(["--config", str(config), "send", "-q"])
    assert sent.returncode == 0, sent.stderr
    # the four went out; put them back in the queue, player 2's with the server's note
    for name in REPORTS:
        (world.gm.spool / "outbox" / "sent" / f"{name}.eml").rename(queue / f"{name}.eml")
    for mail in (world.gm.spool / "maildir-out").rglob("*"):
        if mail.is_file():
            mail.unlink()
    note = {"attempts": 1, "next_try": 0.0, "error": ERROR, "since": 1.0e9}
    (queue / f"{PUT_OFF}.json").write_text(json.dumps(note) + "\n", encoding="utf-8")
    return root


def delivered(root: Path) -> list[str]:
    """The Message-IDs of the mails the transport wrote, each time it wrote one."""
    out = root / "games" / ".mail" / "maildir-out"
    return [
        str(email.message_from_bytes(mail.read_bytes())["Message-ID"])
        for mail in sorted(p for p in out.rglob("*") if p.is_file())
    ]


def test_a_send_killed_at_any_write_leaves_no_note_of_a_deferral(
    world_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    config = root / "wtg.yaml"
    args = ["--config", str(config), "send", "-q"]
    fresh = killpoints.restorer(world_root, root)
    fresh()
    spool = root / "games" / ".mail"
    queue = spool / "outbox" / "queue"
    whole = killpoints.whole(args, root / "games")
    assert sorted(p.name for p in queue.iterdir()) == []
    assert len(delivered(root)) == 4
    for at, cut in killpoints.cuts(args, root / "games", range(1, whole.writes + 1), fresh):
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        sent = sorted(p.stem for p in (spool / "outbox" / "sent").glob("*.eml"))
        assert sent == REPORTS, (at, cut.before)
        # each player's report out (a kill between its delivery and its move to sent/
        # sends it again, the one write a kill may repeat)
        assert len(set(delivered(root))) == 4, (at, cut.before)
        box = look(spool)
        assert (box.waiting, box.deferred, box.last_error) == (0, 0, ""), (at, cut.before)
        status = killpoints.wtg(["--config", str(config), "status", "--host", "--json"])
        assert status.returncode == 0, (at, cut.before, status.stderr)
        host = json.loads(status.stdout)
        assert host["outbox_deferred"] == 0, (at, cut.before)


def test_a_setting_aside_cut_short_after_its_rename_leaves_no_deferral_said(
    tmp_path: Path,
) -> None:
    """A send killed after it moved a mail put off for days to failed/ and before it dropped
    the mail's note in the queue: the note is not said as a deferral, and the next send's
    look at the outbox drops it; a note whose mail waits stays."""
    outbox = Outbox(tmp_path)
    for name in ("given-up", "waits"):
        (outbox.queue_dir / f"{name}.eml").write_bytes(b"To: p2@players.example\n\nhi\n")
        outbox.retry_later(name, ERROR, 1.0e9)
    # failed() up to its rename, killed before the note's removal
    (outbox.failed_dir / "given-up.json").write_text('{"error": "put off"}\n', encoding="utf-8")
    (outbox.queue_dir / "given-up.eml").rename(outbox.failed_dir / "given-up.eml")
    box = look(tmp_path)
    assert (box.waiting, box.deferred, box.refused) == (1, 1, 1)
    outbox.drop_stray_notes()
    assert sorted(p.name for p in outbox.queue_dir.iterdir()) == ["waits.eml", "waits.json"]
    assert sorted(p.name for p in outbox.failed_dir.iterdir()) == [
        "given-up.eml",
        "given-up.json",
    ]
