"""A poll that takes a mail alone (a poll before died with it in hand: killed from outside,
``wtg.mail.poll.processes``) killed (SIGKILL, the poll and its helpers, no clean-up of any
kind) just before one of its writes, then a poll that finishes: every mail is filed once
and answered once, the one taken alone too, and nothing is quarantined.

The writes killed at are those of the helper that has the mail alone and of its batch (the
first of the run, spread over them) and a few spread over the whole run. A poll killed
while the helper had the mail counted a death of the mail's: with the kill before, two,
and the next poll quarantined the player's orders unread.
"""

from __future__ import annotations

import email
import signal
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.test_poison_outside import hooked, poll
from tests.mail.test_poll_helpers import journal_rows
from wtg.host.config import config_from_data

ALONE = 10
"""Kill points spread over the first writes of the run, the mail's alone and its batch."""
SPREAD = 4
"""Kill points spread over the whole run."""


@pytest.fixture(scope="module")
def suspected(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Thirty players' orders in the inbox (tests/mail/test_poison.py's host), a poll that
    was killed from outside with one of them in hand (w2's player 4's)."""
    root = tmp_path_factory.mktemp("alone") / "host"
    root.mkdir()
    hooked(root, "POISON-OUTSIDE")
    (root / "seen").write_text("seen\n")  # the hook kills once more, and no more
    killed = poll(root)
    assert killed.returncode == -signal.SIGKILL, killed
    (root / "hook" / "sitecustomize.py").unlink()
    assert (root / "games" / ".mail" / "in-hand").is_file()
    return root


def test_a_poll_taking_a_mail_alone_killed_at_any_write_is_finished_by_the_next(
    suspected: Path, tmp_path: Path
) -> None:
    work = tmp_path / "host"
    restore = killpoints.restorer(suspected, work)
    restore()
    args = ["--config", str(work / "wtg.yaml"), "poll"]
    whole = killpoints.whole(args, work / "games")
    assert whole.stdout == "filed 30, rejected 0, quarantined 0, ignored 0\n", whole.stdout
    at = sorted(
        set(killpoints.points_between(1, min(whole.writes, 80), ALONE))
        | set(killpoints.points(whole.writes, SPREAD))
    )
    for write, cut in killpoints.cuts(args, work / "games", at, restore):
        final = killpoints.wtg(args)
        assert final.returncode == 0, (write, cut.before, final.stderr)
        filed_once(work, (write, cut.before, final.stdout))


def filed_once(root: Path, where: object) -> None:
    """The thirty mails filed, each answered once, nothing quarantined, the inbox empty."""
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, root)
    rows = journal_rows(gm)
    assert rows["quarantine"] == [], where
    outcomes = [str(outcome) for _key, _id, outcome in rows["messages"]]
    assert len(outcomes) == 30 and all(o.startswith("stored: ") for o in outcomes), where
    assert (gm.games_dir / "w2" / "pending" / "0001" / "p04.yaml").exists(), where
    answers = sorted((gm.spool / "outbox" / "queue").glob("conf-*.eml"))
    to = sorted(str(email.message_from_bytes(p.read_bytes())["To"]) for p in answers)
    assert len(to) == len(set(to)) == 30, where
    inbox = gm.maildir_in
    assert [*(inbox / "new").iterdir(), *(inbox / "cur").iterdir()] == [], where
