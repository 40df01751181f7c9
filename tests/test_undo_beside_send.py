"""The ruling of docs/gm.md (`hold --undo`): `wtg hold GAME --undo` and `wtg announce
--withdraw` given while a `wtg send` runs (its lock held) refuse and change nothing, rather
than ask that send to take their mails out (`outbox/withdrawing/`, as `rollback --undo`
does): they take back all or nothing, unseen, and only under the send's lock is it known
whether a mail went. Given again once the send is done, they take everything back."""

from __future__ import annotations

from pathlib import Path

from tests.test_gm_controls import head, make, queued, run, status
from wtg.files.gamesfolder import SPOOL
from wtg.mail.spool.runlock import only_one


def withdrawing(root: Path) -> list[str]:
    """The names a command asked a running send to take out of the queue."""
    folder = root / "games" / SPOOL / "outbox" / "withdrawing"
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def test_hold_undo_beside_a_running_send_refuses_and_changes_nothing(tmp_path: Path) -> None:
    make(tmp_path / "games", "g1")
    run(tmp_path, "hold", "g1", "--reason", "the wrong game")
    held = (tmp_path / "games" / "g1" / "held.json").read_text(encoding="utf-8")
    notices = sorted(queued(tmp_path, "hold-"))
    assert len(notices) == 4
    with only_one(tmp_path / "games" / SPOOL, "send"):  # as a `wtg send` running holds it
        refused = run(tmp_path, "hold", "g1", "--undo", code=1)
    given = head(tmp_path)  # how the commands it names begin: the --config run gave
    assert refused.stderr == (
        f"wtg: a wtg send is running, and may be mailing the hold's notices: give "
        f"`{given} hold "
        "g1 --undo` again once it is done\n"
    )
    assert (tmp_path / "games" / "g1" / "held.json").read_text(encoding="utf-8") == held
    assert sorted(queued(tmp_path, "hold-")) == notices
    assert withdrawing(tmp_path) == []  # the send was asked nothing
    assert status(tmp_path, "g1")["held"] is True
    again = run(tmp_path, "hold", "g1", "--undo")  # the send done: all taken back
    assert "4 notices taken out of the queue" in again.stdout
    assert queued(tmp_path, "hold-") == {}


def test_announce_withdraw_beside_a_running_send_refuses_and_changes_nothing(
    tmp_path: Path,
) -> None:
    make(tmp_path / "games", "g1")
    run(tmp_path, "announce", "g1", "The sever moves on Sundy.")
    mails = sorted(queued(tmp_path, "announce-"))
    assert len(mails) == 4
    with only_one(tmp_path / "games" / SPOOL, "send"):
        refused = run(tmp_path, "announce", "--withdraw", code=1)
    given = head(tmp_path)  # how the commands it names begin: the --config run gave
    assert refused.stderr == (
        f"wtg: a wtg send is running, and may be mailing the announcement: give "
        f"`{given} announce "
        "--withdraw` again once it is done\n"
    )
    assert sorted(queued(tmp_path, "announce-")) == mails
    assert withdrawing(tmp_path) == []
    assert not list((tmp_path / "games" / SPOOL / "announce").glob("*.withdrawing"))
    again = run(tmp_path, "announce", "--withdraw")
    assert again.stdout.endswith("4 mails taken out of the queue\n")
    assert queued(tmp_path, "announce-") == {}
