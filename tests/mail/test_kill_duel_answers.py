"""A Duel player's mail of three forms (one a colour), its `wtg poll` killed (SIGKILL, no
clean-up of any kind) just before each of its writes, then a poll that finishes: each of
the three forms is confirmed once (none lost, none queued twice), and the mail counts once
against mail.confirmations_per_hour, as the three answers of one mail do (answers.py
``counted``): with a limit of two, his second mail that hour is answered and his third held.
"""

from __future__ import annotations

import email
import email.policy
import mailbox
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import GM, World
from tests.mail.test_duel_confirmations import forms
from wtg.host.config import GmConfig, config_from_data
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.servers.transport import delivered

KILLS = 3
"""Kill points spread over the whole run, and over the writes from the first answer queued
to the journal's last commit, beside those that queue an answer."""
LIMIT = 2


class Unscheduled(World):
    zone = None
    """No deadline: the later polls run at the hour the test runs."""


def host(root: Path) -> GmConfig:
    return config_from_data(
        {"games_dir": "games", "from": GM, "mail": {"confirmations_per_hour": LIMIT}}, root
    )


def mail(gm: GmConfig, number: int, body: str) -> None:
    msg = EmailMessage()
    msg["From"] = "p1@players.example"
    msg["To"] = GM
    msg["Subject"] = "orders"
    msg["Message-ID"] = f"<duel{number}@players.example>"
    msg.set_content(body)
    mailbox.Maildir(gm.maildir_in, create=True).add(msg)


@pytest.fixture(scope="module")
def world_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Duel of two players, player 1's mail of his three colours' forms in the inbox,
    his next two mails' forms in files, the host's config as a file."""
    root = tmp_path_factory.mktemp("world")
    world = Unscheduled(
        root,
        count=2,
        ruleset=("standard", "classic60", {}),
        variant="duel",
        confirmations_per_hour=LIMIT,
    )
    mail(world.gm, 1, forms(world, 1))
    for units in (2, 3):
        (root / f"form{units}.txt").write_text(forms(world, units), encoding="utf-8")
    (root / "wtg.yaml").write_text(
        f"games_dir: games\nfrom: {GM}\nmail: {{confirmations_per_hour: {LIMIT}}}\n",
        encoding="utf-8",
    )
    return root


def confirmations(gm: GmConfig) -> list[str]:
    return sorted(p.stem for p in (gm.spool / "outbox" / "queue").glob("conf-*.eml"))


def test_a_duel_poll_killed_at_any_write_answers_each_form_once_and_counts_the_mail_once(
    world_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    gm = host(root)
    args = ["--config", str(root / "wtg.yaml"), "poll"]
    fresh = killpoints.restorer(world_root, root)

    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, gm.games_dir, fresh, log=log)
    assert len(confirmations(gm)) == 3
    writes = killpoints.written(log)
    first = next(n for n, what in enumerate(writes, 1) if "/outbox/queue/" in what)
    last = max(n for n, what in enumerate(writes, 1) if what == "sqlite COMMIT")
    queued = [n for n, what in enumerate(writes, 1) if "/outbox/queue/conf-" in what]
    chosen = sorted(
        {
            *killpoints.points(whole.writes, KILLS),
            *killpoints.points_between(first, last, KILLS),
            *queued,  # between the answers of the mail
        }
    )
    queued_at = 0
    for at, cut in killpoints.cuts(args, gm.games_dir, chosen, fresh):
        queued_at += 0 < len(confirmations(gm)) < 3
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        answered = confirmations(gm)
        assert len(answered) == 3, (at, cut.before, answered)
        now = datetime.now(timezone.utc)
        mail(gm, 2, (root / "form2.txt").read_text(encoding="utf-8"))
        summary = poll(gm, MaildirInbox(gm.maildir_in), now)
        assert (summary.filed, summary.unanswered) == (1, 0), (at, cut.before, summary)
        assert len(confirmations(gm)) == 6, (at, cut.before)
        mail(gm, 3, (root / "form3.txt").read_text(encoding="utf-8"))
        summary = poll(gm, MaildirInbox(gm.maildir_in), now)
        assert (summary.filed, summary.unanswered) == (1, 1), (at, cut.before, summary)
        assert len(confirmations(gm)) == 6, (at, cut.before)
    assert queued_at  # some kills fell between the answers of the mail
    print(f"\n{whole.writes} writes, killed before {len(chosen)}; {queued_at} mid-answers")


def sent_confirmations(gm: GmConfig) -> list[str]:
    """The outbox ids of the confirmations mailed (the maildir transport's), one a mail
    (its Message-ID without the parts that change with the moment it was queued)."""
    found = []
    for path in delivered(gm.maildir_out):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        if "orders" in str(msg["Subject"]).lower() or "conf-" in str(msg["Message-ID"]):
            found.append(str(msg["Message-ID"]).strip("<>").rsplit(".", 2)[0])
    return sorted(found)


def test_a_duel_poll_killed_then_sent_then_run_again_mails_each_answer_once(
    world_root: Path, tmp_path: Path
) -> None:
    """Between the killed poll and the next, `wtg send` mails what was queued: the next
    poll queues only the answers missing, and each of the three is mailed once."""
    root = tmp_path / "host"
    gm = host(root)
    config = ["--config", str(root / "wtg.yaml")]
    args = [*config, "poll"]
    fresh = killpoints.restorer(world_root, root)
    log = tmp_path / "writes.log"
    killpoints.whole(args, gm.games_dir, fresh, log=log)
    killpoints.wtg([*config, "send"], check=True)
    expected = sent_confirmations(gm)
    assert len(expected) == 3, expected
    writes = killpoints.written(log)
    queued = [n for n, what in enumerate(writes, 1) if "/outbox/queue/conf-" in what]
    mid = 0
    for at, cut in killpoints.cuts(args, gm.games_dir, queued[1:], fresh):
        mid += 0 < len(confirmations(gm)) < 3
        sent = killpoints.wtg([*config, "send"])
        assert sent.returncode == 0, (at, sent.stderr)
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        killpoints.wtg([*config, "send"], check=True)
        assert sent_confirmations(gm) == expected, (at, cut.before)
    assert mid
