"""A server that defers one recipient at RCPT TO (450 greylisting, 452 a mailbox over
quota, 421 the server closing) while it takes the others: `wtg send` set that player's
report aside for good as if he had no mailbox ('recipients refused: ... 450 ...'), and only
`wtg outbox --retry` by hand sent it again. A 4xx answer to RCPT TO is a temporary failure
(RFC 5321, 4.2.1) as one to MAIL FROM or DATA is: the mail waits for its next try, the
other players' mails go, and a 5xx answer still sets the mail aside for good, but 552 (a
mailbox full: RFC 5321, 4.5.3.1.10, has a client take it as 452 at RCPT TO).

Against the real aiosmtpd server of tests/mail/servers.py."""

from __future__ import annotations

import functools
import os
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import World
from tests.mail.servers import SmtpSink
from tests.mail.test_outbox_retry import folders, smtp_config
from wtg.cli import main
from wtg.game.schedule import iso
from wtg.host.config import load_config
from wtg.mail.outgoing.digest import mark_digest
from wtg.mail.outgoing.digestmark import last_digest
from wtg.mail.outgoing.outbox import GIVE_UP, Outbox
from wtg.mail.outgoing.sender import DEFERRED, deliver
from wtg.mail.servers.transport import SmtpTransport

P2 = "p2@players.example"
MAIL = "report-g1-t0000-p02"


def wtg(config: Path, *args: str) -> Result:
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    return CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])


def received_by(smtp: SmtpSink) -> list[str]:
    return [address for mail in smtp.messages for address in mail.rcpt_tos]


@pytest.mark.parametrize(
    "reply",
    [
        "450 4.2.0 <p2@players.example>: Recipient address rejected: Greylisted",
        "452 4.2.2 The email account that you tried to reach is over quota",
        "421 4.7.0 Try again later, closing connection",
        # Dovecot's quota-status answer, given at RCPT TO by a Postfix that asks it: 552,
        # which RFC 5321 (4.5.3.1.10) has a client take as 452 at RCPT TO
        "552 5.2.2 <p2@players.example>: Recipient address rejected: Mailbox is full",
    ],
)
def test_a_recipient_deferred_waits_and_the_others_go(
    tmp_path: Path, smtp: SmtpSink, reply: str
) -> None:
    world = World(tmp_path)
    config = smtp_config(tmp_path, world, smtp)
    smtp.answer_recipient(P2, reply)
    sent = wtg(config, "send", "-q")
    assert (sent.exit_code, sent.stderr) == (0, "")
    assert sent.stdout == (
        f"4 reports queued; 3 mails sent, 1 waiting to be retried, 0 refused for good; {DEFERRED}\n"
    )
    assert folders(world) == {
        "queue": [MAIL],
        "sent": ["report-g1-t0000-p01", "report-g1-t0000-p03", "report-g1-t0000-p04"],
        "failed": [],
    }
    state = Outbox(world.gm.spool).state(MAIL)
    assert state["attempts"] == 1
    assert str(state["error"]).startswith(f"{P2} deferred: {reply[:3]} {reply[4:9]}")
    # the server takes it at its next try: sent once, to its player alone
    smtp.answer_recipient(P2, None)
    gm = load_config(config)
    assert gm.smtp is not None
    later = deliver(Outbox(gm.spool), SmtpTransport(gm.smtp), clock=lambda: time.time() + 3600)
    assert (later.sent, later.waiting, later.failed) == (1, 0, 0)
    assert sorted(received_by(smtp)) == [
        "p1@players.example",
        P2,
        "p3@players.example",
        "p4@players.example",
    ]
    assert folders(world)["sent"] == [f"report-g1-t0000-p0{n}" for n in range(1, 5)]


def test_a_recipient_refused_for_good_is_still_set_aside(tmp_path: Path, smtp: SmtpSink) -> None:
    world = World(tmp_path)
    config = smtp_config(tmp_path, world, smtp)
    smtp.answer_recipient(P2, "550 5.1.1 <p2@players.example>: User unknown")
    sent = wtg(config, "send", "-q")
    assert sent.exit_code == 1, sent.output  # set aside for good: the GM's to see to
    assert folders(world)["failed"] == [MAIL]
    kept = world.gm.spool / "outbox" / "failed" / f"{MAIL}.eml"
    assert sent.stderr == (
        f"wtg: mail {MAIL} refused for good: {P2} refused: 550 5.1.1 <{P2}>: User unknown "
        f"(kept in {kept}; correct what it says, then `wtg outbox --retry {MAIL}` sends it "
        "again)\n"
    )


def test_a_mail_refused_at_its_end_says_the_server_s_words(tmp_path: Path, smtp: SmtpSink) -> None:
    """A refusal after DATA (552 too big, 554 spam) and a deferral there read as the server
    wrote them: the GM's lines said ``552 b'5.7.1 ...'``, the recipients' a Python dict of
    bytes (``{'p3@...': (550, b'5.1.1 ...')}``)."""
    world = World(tmp_path)
    config = smtp_config(tmp_path, world, smtp)
    smtp.refuse_next(1, 552, "DATA")
    sent = wtg(config, "send", "-q")
    first = "report-g1-t0000-p01"
    kept = world.gm.spool / "outbox" / "failed" / f"{first}.eml"
    assert sent.stderr == (
        f"wtg: mail {first} refused for good: 552 5.7.1 Permanently refused by the test sink "
        f"(kept in {kept}; correct what it says, then `wtg outbox --retry {first}` sends it "
        "again)\n"
    )
    assert folders(world)["sent"] == [f"report-g1-t0000-p0{n}" for n in (2, 3, 4)]
    smtp.refuse_next(1, 451, "DATA")
    wtg(config, "outbox", "--retry", first)
    wtg(config, "send", "-q")
    assert Outbox(world.gm.spool).state(first)["error"] == (
        "451 4.3.0 Temporarily refused by the test sink"
    )


def test_cron_hears_of_a_deferral_when_it_comes_not_at_each_run_it_waits(
    tmp_path: Path, smtp: SmtpSink
) -> None:
    """`wtg send -q` under cron said '0 reports queued; 0 mails sent, 1 waiting to be
    retried' at every run while the mail waited for its next try (an hour, at most, each
    time, for as long as the player's mailbox stays full): a mail from cron every few
    minutes that told nothing new. It speaks when the server puts a mail off, and is quiet
    while the mail only waits; `wtg outbox` says which and why."""
    world = World(tmp_path)
    config = smtp_config(tmp_path, world, smtp)
    smtp.answer_recipient(P2, "452 4.2.2 mailbox full")
    first = wtg(config, "send", "-q")
    assert first.stdout.endswith(f"1 waiting to be retried, 0 refused for good; {DEFERRED}\n")
    waits = wtg(config, "send", "-q")  # before its next try: nothing tried, nothing said
    assert (waits.exit_code, waits.stdout, waits.stderr) == (0, "", "")
    asked = wtg(config, "send")  # asked without -q, the line as ever
    assert asked.stdout == (
        "0 reports queued; 0 mails sent, 1 waiting to be retried, 0 refused for good\n"
    )
    listed = wtg(config, "outbox").stdout.splitlines()
    assert listed[1].startswith(f'  {MAIL}  to {P2}  "[g1] turn 0 report for Player2"  deferred 1')
    assert listed[1].endswith(f"{P2} deferred: 452 4.2.2 mailbox full")


def test_a_mail_put_off_for_days_is_set_aside_for_good(tmp_path: Path, smtp: SmtpSink) -> None:
    """A mail the server put off at every try (a mailbox full for good, a filter that cuts
    the line at the end of that one mail) was tried each hour for ever: a cron mail at each
    try, and no command took it out of the queue. Five days after its first deferral it is
    set aside for good, named with why, as a refused mail is; `wtg outbox --retry` sends it
    again."""
    world = World(tmp_path)
    config = smtp_config(tmp_path, world, smtp)
    gm = load_config(config)
    assert gm.smtp is not None
    smtp.answer_recipient(P2, "452 4.2.2 mailbox full")
    start = time.time()
    outbox = Outbox(gm.spool)
    wtg(config, "send", "-q")  # queues the reports: p2's is put off
    assert outbox.state(MAIL)["since"] == pytest.approx(start, abs=600)
    since = float(outbox.state(MAIL)["since"])
    tries = 1
    for later in (3600.0, GIVE_UP - 60):  # still put off: it waits
        clock = functools.partial(float, since + later)
        done = deliver(Outbox(gm.spool), SmtpTransport(gm.smtp), clock=clock)
        tries += 1
        assert (done.waiting, done.failed) == (1, 0)
    assert Outbox(gm.spool).state(MAIL)["since"] == since
    last = since + GIVE_UP + 3600  # its next try, five days on
    done = deliver(Outbox(gm.spool), SmtpTransport(gm.smtp), clock=lambda: last)
    assert (done.sent, done.waiting, done.failed) == (0, 0, 1)
    first = iso(datetime.fromtimestamp(since, timezone.utc))
    kept = world.gm.spool / "outbox" / "failed" / f"{MAIL}.eml"
    assert done.refused == (
        f"mail {MAIL} refused for good: the server has put it off since {first} ({tries + 1} "
        f"tries), the last time: {P2} deferred: 452 4.2.2 mailbox full (kept in {kept}; "
        f"correct what it says, then `wtg outbox --retry {MAIL}` sends it again)",
    )
    assert folders(world)["failed"] == [MAIL]
    smtp.answer_recipient(P2, None)  # the player emptied his mailbox
    assert wtg(config, "outbox", "--retry", MAIL).exit_code == 0
    again = wtg(config, "send", "-q")
    assert (again.exit_code, again.stdout) == (0, ""), again.output  # -q: mailed, no news
    assert received_by(smtp).count(P2) == 1


def test_a_server_s_words_are_kept_without_control_characters(
    tmp_path: Path, smtp: SmtpSink
) -> None:
    """The server's words, now kept as it wrote them, may quote what a player chose (his
    address's local part): the note and the GM's line hold no control sequence of it."""
    world = World(tmp_path)
    config = smtp_config(tmp_path, world, smtp)
    smtp.answer_recipient(P2, "550 5.1.1 \x1b]0;owned\x07User \x1b[2Junknown")
    sent = wtg(config, "send", "-q")
    assert "refused for good: p2@players.example refused: 550 5.1.1 User unknown (" in sent.stderr
    note = (world.gm.spool / "outbox" / "failed" / f"{MAIL}.json").read_text("utf-8")
    assert "\\u001b" not in note and "owned" not in note


def test_the_digest_names_the_mails_set_aside_for_good_since_the_last(
    tmp_path: Path, smtp: SmtpSink
) -> None:
    """A host run by `wtg serve` has no cron to mail the send's stderr: a report the server
    refused for good (550, a mistyped address the GM's own server knows of) was in the log
    and `wtg outbox` alone, and the daily digest, all that host's GM reads, said nothing of
    it. The digest lists the mails set aside since the last one, with why and what to do."""
    world = World(tmp_path)
    config = smtp_config(tmp_path, world, smtp)
    smtp.answer_recipient(P2, "550 5.1.1 <p2@players.example>: User unknown")
    assert wtg(config, "digest", "-q").exit_code == 0  # the last digest before the send
    assert wtg(config, "send", "-q").exit_code == 1
    # a digest tells what happened before the whole second it is made in (the next one what
    # happened from then on): the last digest put a second back, and the mail set aside in
    # that second, are before this one's, whenever the clock is now
    before = last_digest(world.gm.spool)
    assert before is not None
    mark_digest(world.gm.spool, before - timedelta(seconds=1))
    note = world.gm.spool / "outbox" / "failed" / f"{MAIL}.json"
    os.utime(note, (before.timestamp() - 0.5, before.timestamp() - 0.5))
    told = wtg(config, "digest")
    assert told.exit_code == 0, told.output
    assert (
        "\nMail set aside for good (1): the server refused it, or put it off for five\n"
        "days; correct what it says (a player's address in game.yaml), then `wtg outbox\n"
        "--retry NAME` sends it again:\n"
        f'  {MAIL} to {P2} "[g1] turn 0 report for Player2": {P2} refused: 550 5.1.1 <{P2}>: '
        "User unknown\n"
    ) in told.stdout.replace("\n    ", " ")  # the item broken to 78 columns, under itself
    # told once: the next digest has nothing of it (the digests' moments are whole seconds:
    # the mail was set aside before the second began)
    told_at = last_digest(world.gm.spool)
    assert told_at is not None
    os.utime(note, (told_at.timestamp() - 1, told_at.timestamp() - 1))
    again = wtg(config, "digest")
    assert "Mail set aside for good" not in again.stdout
