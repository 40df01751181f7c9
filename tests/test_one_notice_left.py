"""The GM's lines that count one notice or mail left in the queue, each read from a real
run: the rollback's one notice a running `wtg send` is asked to take out (`wtg rollback g1
--undo` beside it), and the one mail of an announcement that still waits when the same text
is announced again. gmslips31 counted them in words and left these singular branches
untested: each said `1 notice ... are taken out`, `1 of its mails still wait` before."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.test_gm_controls import head, make, run
from tests.test_rollback_undo import mailed_and_rolled_back, wtg
from wtg.mail.spool.runlock import only_one


def mailed_but_one(games: Path, prefix: str) -> None:
    """All but the last of the mails queued whose names begin ``prefix`` moved to the
    outbox's sent folder, as a send that mailed them and stopped (its server gone) leaves
    them; the last waits in the queue."""
    queue = games / ".mail" / "outbox" / "queue"
    sent = games / ".mail" / "outbox" / "sent"
    sent.mkdir(parents=True, exist_ok=True)
    waiting = sorted(queue.glob(f"{prefix}-*.eml"))
    assert len(waiting) == 4
    for path in waiting[:-1]:
        shutil.move(path, sent / path.name)


def test_one_rollback_notice_left_for_a_running_send_is_counted_as_one(tmp_path: Path) -> None:
    gm = mailed_and_rolled_back(tmp_path)
    mailed_but_one(gm.games_dir, "rollback")
    with only_one(gm.spool, "send"):  # a send runs: the undo asks it to take the notice out
        code, said = wtg(gm.games_dir, "rollback", "g1", "--undo")
    assert code == 0, said
    assert (
        "; a wtg send is running: the rollback's 1 notice not yet mailed is taken out of the "
        "queue by it (or by the next send, if it is done first) before it goes; any it had "
        "mailed already stand"
    ) in said
    assert "1 notice not yet mailed are" not in said


def test_one_mail_of_an_announcement_still_waiting_is_counted_as_one(tmp_path: Path) -> None:
    make(tmp_path / "games")
    run(tmp_path, "announce", "g1", "Hello.")
    mailed_but_one(tmp_path / "games", "announce")
    refused = run(tmp_path, "announce", "g1", "Hello.", code=1).stderr
    given = head(tmp_path)
    assert refused.startswith("wtg: the same text was announced to g1 at ")
    assert refused.endswith(
        ", and 1 of its mails still waits in the outbox's queue: not queued again (the "
        f"players would get it twice at the next send). To mail it twice, give `{given} announce "
        f"g1 Hello.` again once `{given} send` has mailed the first; `{given} announce "
        "--withdraw` takes the first back\n"
    )
