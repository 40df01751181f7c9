"""A helper process that dies mid-poll (killed by the kernel, out of memory) leaves its
share to the poller, which handles it again (test_poll_helpers), and the GM is told: the
poll's summary line counts the helpers that died, and a line for each on stderr (which
cron mails, `-q` or not) says how it ended and what became of its mails.

The setup is test_poll_helpers's killed-helper test's: the thresholds lowered, three games
of ten and the mails a poll meets, on three processes."""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.test_poll_helpers import a_host, journal_rows, shared  # noqa: F401 (a fixture)
from tests.mail.test_poll_work import NOW
from wtg.cli import main
from wtg.host.config import config_from_data
from wtg.mail.outgoing.idsecret import host_secret
from wtg.mail.poll import poller, workers
from wtg.mail.servers.inbox import Incoming, MaildirInbox
from wtg.mail.spool.outcome import Outcome


def helpers_die(monkeypatch: pytest.MonkeyPatch, how: int | None) -> None:
    """Every helper dies at its first mail: exits with status 9 (``how`` None), or is
    killed by the signal ``how``."""
    handle = poller.Poller.guarded
    me = os.getpid()

    def dies(self: poller.Poller, message: Incoming) -> Outcome:
        if os.getpid() != me:
            if how is not None:
                os.kill(os.getpid(), how)
            os._exit(9)
        return handle(self, message)

    monkeypatch.setattr(poller.Poller, "guarded", dies)


def test_the_poll_says_which_helpers_died_and_that_their_mails_were_handled_again(
    tmp_path: Path,
    shared: None,  # noqa: F811 (the fixture)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gm, _games, mails = a_host(tmp_path)
    helpers_die(monkeypatch, None)
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    assert (summary.seen, summary.filed) == (len(mails), 30)
    assert len(summary.helpers_died) == 2
    for line in summary.helpers_died:
        assert line.startswith("a helper process (pid ")
        assert ") exited with status 9 with " in line
        assert line.endswith(" to handle: the poll handled them again")
        told = line.split(" with ")[-1].split()[:2]
        assert told[1] == ("mail" if told[0] == "1" else "mails"), line  # counted, no (s)
    # each had a share, counted: together the mails the poller did not keep for itself
    shares = [int(line.split(" with ")[2].split()[0]) for line in summary.helpers_died]
    assert all(shares) and sum(shares) < len(mails)
    assert (
        summary.line() == "filed 30, rejected 1, quarantined 0, ignored 2, answered 2, "
        "held for the GM 1, helper processes died 2"
    )
    assert len(journal_rows(gm)["messages"]) == len(mails)


def test_a_poll_whose_helpers_all_lived_says_nothing_of_them(
    tmp_path: Path,
    shared: None,  # noqa: F811 (the fixture)
) -> None:
    gm, _games, _mails = a_host(tmp_path)
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    assert summary.helpers_died == ()
    assert summary.line() == (
        "filed 30, rejected 1, quarantined 0, ignored 2, answered 2, held for the GM 1"
    )


def test_a_cron_poll_tells_the_gm_on_stderr_that_a_helper_was_killed(
    tmp_path: Path,
    shared: None,  # noqa: F811 (the fixture)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`wtg poll -q` (cron's): a helper the kernel killed is named on stderr, how it ended
    included; the poll still files everything and exits 0 (nothing was lost)."""
    a_host(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@wtg.example\n", encoding="utf-8")
    helpers_die(monkeypatch, signal.SIGKILL)
    result = CliRunner().invoke(main, ["--config", str(config), "poll", "-q", "--jobs", "3"])
    assert result.exit_code == 0, result.output
    died = result.stderr.splitlines()
    assert len(died) == 2, result.stderr
    for line in died:
        assert line.startswith("wtg: poll: a helper process (pid ")
        assert ") was killed by SIGKILL with " in line
        assert line.endswith(" to handle: the poll handled them again")
        told = line.split(" with ")[-1].split()[:2]
        assert told[1] == ("mail" if told[0] == "1" else "mails"), line
    assert (
        result.stdout == "filed 30, rejected 1, quarantined 0, ignored 2, answered 2, "
        "held for the GM 1, helper processes died 2\n"
    )


def test_a_helper_that_dies_once_its_share_is_answered_loses_nothing_and_is_named(
    tmp_path: Path,
    shared: None,  # noqa: F811 (the fixture)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A helper killed after it sent its answer, before the poller let it go: the poller
    has written what it did; the poll names it all the same."""
    gm, _games, mails = a_host(tmp_path)
    me = os.getpid()
    send = Connection.send

    def answer_then_die(line: Connection, what: object) -> None:
        send(line, what)
        if os.getpid() != me and isinstance(what, workers.Handled):
            os._exit(0)

    commit = poller.Poller._commit

    def once_they_are_gone(self: poller.Poller) -> None:
        for helper in self.processes.helpers:  # each has exited (left for the poll to reap)
            os.waitid(os.P_PID, helper.pid, os.WEXITED | os.WNOWAIT)
        commit(self)

    monkeypatch.setattr(Connection, "send", answer_then_die)
    monkeypatch.setattr(poller.Poller, "_commit", once_they_are_gone)
    summary = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    assert (summary.seen, summary.filed) == (len(mails), 30)
    assert len(summary.helpers_died) == 2
    for line in summary.helpers_died:
        assert line.startswith("a helper process (pid ")
        assert line.endswith(") exited with status 0 once its mails were on disk: none lost")
    assert len(journal_rows(gm)["messages"]) == len(mails)


def test_a_helper_that_dies_after_answering_answers_no_mail_twice_nor_loses_a_count(
    tmp_path: Path,
    shared: None,  # noqa: F811 (the fixture)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each helper dies (killed, say, by the kernel) as it takes its fourth mail, the first
    three filed and answered, their journal notes lost with it: the poller handles them
    again, and finds their answers queued (the same ids), so none goes twice, and counts
    them again against their addresses' limits; the mail in hand is left to the next poll,
    which takes it alone. Once that poll is done, the outbox and the journal's counts of
    answers are a one-process poll's, answer for answer."""
    alone, _games, _mails = a_host(tmp_path / "alone")
    host_secret(alone.spool)  # one host copied: one secret, the same Message-IDs
    shutil.copytree(tmp_path / "alone", tmp_path / "died")
    gm = config_from_data({"games_dir": "games", "from": "gm@wtg.example"}, tmp_path / "died")
    one = poller.poll(alone, MaildirInbox(alone.maildir_in), now=NOW, jobs=1)
    handle = poller.Poller.handle
    me = os.getpid()
    taken: list[str] = []

    def dies_at_the_fourth(self: poller.Poller, message: Incoming) -> Outcome:
        if os.getpid() != me:
            taken.append(message.key)  # this helper's own list (a copy after the fork)
            if len(taken) == 4:
                os.kill(os.getpid(), signal.SIGKILL)
        return handle(self, message)

    with monkeypatch.context() as patched:
        patched.setattr(poller.Poller, "handle", dies_at_the_fourth)
        cut = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    assert len(cut.helpers_died) == 2
    assert all(
        line.endswith("is left to the next poll; the poll handled the others again")
        for line in cut.helpers_died
    )
    left = len(os.listdir(gm.maildir_in / "new")) + len(os.listdir(gm.maildir_in / "cur"))
    assert left == 2  # the mail each had in hand
    rest = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=1)
    assert (cut.skipped, rest.seen, cut.filed + rest.filed) == (2, 2, one.filed)
    outbox = [path.name for path in sorted((alone.spool / "outbox" / "queue").iterdir())]
    assert sorted(os.listdir(gm.spool / "outbox" / "queue")) == outbox
    assert journal_rows(gm)["replies"] == journal_rows(alone)["replies"] != []
    assert journal_rows(gm)["messages"] == journal_rows(alone)["messages"]


ONE_CONFIRMATION = {
    "games_dir": "games",
    "from": "gm@wtg.example",
    "mail": {"confirmations_per_hour": 1},
}
"""A config whose limit lets one confirmation an hour go to an address."""


def killed_once_answered(
    handle: Callable[[poller.Poller, Incoming], Outcome],
) -> Callable[[poller.Poller, Incoming], Outcome]:
    """``handle`` (the poller's), but a helper process that handled the mail ``<again3@``
    is killed once it has: its answer queued, the slot naming it."""
    me = os.getpid()

    def handled(self: poller.Poller, message: Incoming) -> Outcome:
        outcome = handle(self, message)
        if os.getpid() != me and b"<again3@" in (message.raw or b""):
            os.kill(os.getpid(), signal.SIGKILL)
        return outcome

    return handled


def test_a_helper_killed_once_it_answered_its_mail_in_hand_lets_no_answer_past_a_limit(
    tmp_path: Path,
    shared: None,  # noqa: F811 (the fixture)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A helper killed right after it queued the answer of the mail in hand: that mail is
    left to the next poll, and its answer's count against its address's limit died with
    the helper's journal notes. The poller handled the rest of the share at once, and a
    mail of the same address found the count without it: with one confirmation an hour,
    player 4 of w1 (two mails) got two. The mails tied to it wait with it for the next
    poll, which takes it alone first (its answer found queued, and counted) and holds the
    second back, as a poll of one process does."""
    alone, _games, _mails = a_host(tmp_path / "alone")
    host_secret(alone.spool)
    shutil.copytree(tmp_path / "alone", tmp_path / "died")
    alone = config_from_data(ONE_CONFIRMATION, tmp_path / "alone")
    gm = config_from_data(ONE_CONFIRMATION, tmp_path / "died")
    poller.poll(alone, MaildirInbox(alone.maildir_in), now=NOW, jobs=1)
    with monkeypatch.context() as patched:
        patched.setattr(poller.Poller, "handle", killed_once_answered(poller.Poller.handle))
        cut = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    assert len(cut.helpers_died) == 1, cut.helpers_died
    poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=1)
    to_him = [
        path.name
        for path in sorted((gm.spool / "outbox" / "queue").iterdir())
        if b"To: w1p4@players.example" in path.read_bytes()
    ]
    assert len(to_him) == 1
    outbox = sorted(path.name for path in (alone.spool / "outbox" / "queue").iterdir())
    assert sorted(os.listdir(gm.spool / "outbox" / "queue")) == outbox
    assert journal_rows(gm)["replies"] == journal_rows(alone)["replies"]


def test_a_mail_killing_two_helpers_once_it_was_answered_is_quarantined_with_its_counts(
    tmp_path: Path,
    shared: None,  # noqa: F811 (the fixture)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The helper that had player 4's second mail in hand is killed right after it
    queued (then found queued) its confirmation, in two polls: the second quarantines the
    mail, never to read it again, and its confirmation goes out. The counts of it died
    with the helpers' journal notes, and the mail tied to it (his first, filed alone in
    the second poll) found the hour's one confirmation unspent: he got two. The slot of
    the mail in hand keeps them, and the poll that quarantines it counts them."""
    gm, _games, _mails = a_host(tmp_path)
    host_secret(gm.spool)
    gm = config_from_data(ONE_CONFIRMATION, tmp_path)
    with monkeypatch.context() as patched:
        patched.setattr(poller.Poller, "handle", killed_once_answered(poller.Poller.handle))
        first = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
        second = poller.poll(gm, MaildirInbox(gm.maildir_in), now=NOW, jobs=3)
    assert len(first.helpers_died) == 1, first.helpers_died
    assert second.quarantined == 1
    quarantined = journal_rows(gm)["quarantine"]
    assert len(quarantined) == 1 and "2 processes handling it died" in str(quarantined[0][2])
    to_him = [
        path.name
        for path in sorted((gm.spool / "outbox" / "queue").iterdir())
        if b"To: w1p4@players.example" in path.read_bytes()
    ]
    assert len(to_him) == 1, to_him
    assert to_him[0] == f"conf-{str(quarantined[0][0]).replace(':', '_3a')}.eml"  # its own
    replies = [at for sender, at in journal_rows(gm)["replies"] if sender == "w1p4@players.example"]
    assert replies == [NOW.timestamp()]
