"""Which host serves a mailbox (``wtg.mail.servers.claims``), from the claims it keeps, and
the host's id that a copy of the host takes anew (``wtg.mail.spool.hostid``)."""

from __future__ import annotations

import imaplib
import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from wtg.mail.poll.hostclaim import HostMoved, look
from wtg.mail.servers.claims import (
    Claim,
    Verdict,
    claim_mail,
    decide,
    read_claim,
    taking_over,
)
from wtg.mail.spool.claimstate import ClaimState, keep_state, kept_state
from wtg.mail.spool.hostid import HOST_ID, HostId, this_host

WHEN = datetime(2026, 12, 7, 8, 0, tzinfo=timezone.utc)


def claim(host: HostId, polls: str = "INBOX") -> Claim:
    """The claim ``host`` writes, as read back from its mail."""
    read = read_claim(claim_mail(host, polls, "vm:/srv/wtg/games", WHEN))
    assert read is not None
    return read


OLD = HostId("old", ())
NEW = HostId("new", ("old",))
OTHER = HostId("other", ())


def test_the_claim_mail_reads_back_as_written() -> None:
    assert claim(NEW) == Claim(
        host="new",
        ancestors=("old",),
        polls="INBOX",
        place="vm:/srv/wtg/games",
        date="Mon, 07 Dec 2026 08:00:00 +0000",
    )
    assert read_claim(b"From: someone@example.org\r\nSubject: hello\r\n\r\n") is None
    long = f"vm:/srv/{'x' * 90}/Zoë games"  # wider than a header's line, and not ASCII
    read = read_claim(claim_mail(NEW, "INBOX", long, WHEN))
    assert read is not None and read.place == long


def test_the_copy_takes_the_mailbox_and_the_old_host_stops() -> None:
    assert decide(OLD, [], "INBOX").verdict is Verdict.TAKE
    assert decide(OLD, [claim(OLD)], "INBOX").verdict is Verdict.GO
    assert decide(NEW, [claim(OLD)], "INBOX").verdict is Verdict.TAKE
    after = [claim(OLD), claim(NEW)]
    assert decide(NEW, after, "INBOX").verdict is Verdict.GO
    stopped = decide(OLD, after, "INBOX")
    assert stopped.verdict is Verdict.STOP and stopped.newest == claim(NEW)
    # another folder of the account, another host's: none of this host's business
    assert decide(OLD, [claim(OLD), claim(NEW, "games")], "INBOX").verdict is Verdict.GO
    assert decide(OTHER, after, "INBOX").verdict is Verdict.TAKE
    assert decide(OLD, [*after, claim(OTHER)], "INBOX").verdict is Verdict.STOP


def test_the_old_host_taken_back_stops_the_copy() -> None:
    after = [claim(OLD), claim(NEW)]
    back = taking_over(OLD, decide(OLD, after, "INBOX").newest)
    assert back == HostId("old", ("new",))
    again = [*after, claim(back)]
    assert decide(OLD, again, "INBOX").verdict is Verdict.GO
    assert decide(NEW, again, "INBOX").verdict is Verdict.STOP


def test_of_two_copies_of_one_host_the_later_serves() -> None:
    first, second = HostId("first", ("old",)), HostId("second", ("old",))
    claims = [claim(OLD), claim(first)]
    assert decide(second, claims, "INBOX").verdict is Verdict.TAKE
    claims.append(claim(second))
    assert decide(first, claims, "INBOX").verdict is Verdict.STOP
    assert decide(second, claims, "INBOX").verdict is Verdict.GO


def test_a_copy_of_the_spool_takes_an_id_of_its_own(tmp_path: Path) -> None:
    spool = tmp_path / "old" / ".mail"
    made = this_host(spool)
    assert made.ancestors == () and len(made.id) == 16
    assert this_host(spool) == made  # kept
    shutil.copytree(tmp_path / "old", tmp_path / "new")  # `cp -a`, `wtg restore`
    copied = this_host(tmp_path / "new" / ".mail")
    assert copied.id != made.id and copied.ancestors == (made.id,)
    assert this_host(tmp_path / "new" / ".mail") == copied
    # the id is derived from the one copied and the place: any process finds the same
    (tmp_path / "new" / ".mail" / HOST_ID).unlink()
    shutil.copy2(spool / HOST_ID, tmp_path / "new" / ".mail" / HOST_ID)
    assert this_host(tmp_path / "new" / ".mail") == copied
    assert this_host(spool) == made  # the old host keeps its own


def test_an_id_file_that_does_not_read_is_made_anew_and_kept(tmp_path: Path) -> None:
    spool = tmp_path / ".mail"
    spool.mkdir()
    (spool / HOST_ID).write_text("{not json", encoding="utf-8")
    made = this_host(spool)
    assert json.loads((spool / HOST_ID).read_text(encoding="utf-8"))["id"] == made.id
    assert this_host(spool) == made


class Refusing:
    """A mailbox whose server refuses the claims' folder (a quota full, a folder refused)."""

    def claimed_folder(self) -> str:
        return "INBOX"

    def claims(self) -> list[Claim]:
        return []

    def add_claim(self, raw: bytes) -> None:
        raise imaplib.IMAP4.error("APPEND failed: Quota exceeded")


def test_claims_the_server_refuses_leave_the_poll_going(tmp_path: Path) -> None:
    """A claim is never a reason to leave the players' mail unfiled: the poll goes on,
    and says why it could not claim the mailbox."""
    line = look(tmp_path / ".mail", Refusing(), "gm@mail.example:993/INBOX", WHEN)
    assert line == (
        "the claims on the mailbox gm@mail.example:993/INBOX (its folder wtg-host) could not "
        "be read or written (error: APPEND failed: Quota exceeded): this host goes on without "
        'them, and does not know whether a copy of it serves the mailbox (docs/gm.md, "Moving '
        'a host"); said once, and again when it changes'
    )


def test_claims_the_server_refuses_are_said_once_then_when_it_changes(tmp_path: Path) -> None:
    """Cron mails what a poll says: a poll every few minutes said the claims' trouble each
    time. It is said once, again when the server's words change, and once when it ends."""
    spool, mailbox = tmp_path / ".mail", "gm@mail.example:993/INBOX"
    first = look(spool, Refusing(), mailbox, WHEN)
    assert first is not None and "(error: APPEND failed: Quota exceeded)" in first
    assert look(spool, Refusing(), mailbox, WHEN) is None
    assert look(spool, Refusing(), mailbox, WHEN, tells=False) == first  # run-turn --due's
    assert look(spool, Refusing(), mailbox, WHEN) is None
    changed = look(spool, RefusingOtherwise(), mailbox, WHEN)
    assert changed is not None and "(error: APPEND failed: Mailbox is full)" in changed
    assert look(spool, RefusingOtherwise(), mailbox, WHEN) is None
    taking = Taking()
    assert look(spool, taking, mailbox, WHEN) == (
        "the claims on the mailbox gm@mail.example:993/INBOX (its folder wtg-host) are read "
        "again: this host knows again whether a copy of it serves the mailbox"
    )
    assert len(taking.added) == 1
    assert look(spool, Refusing(), mailbox, WHEN) == first  # after the end: said anew


class RefusingOtherwise(Refusing):
    """The server refusing the claim in other words."""

    def add_claim(self, raw: bytes) -> None:
        raise imaplib.IMAP4.error("APPEND failed: Mailbox is full")


class Taking(Refusing):
    """The server taking the claim again."""

    def __init__(self) -> None:
        self.added: list[bytes] = []

    def add_claim(self, raw: bytes) -> None:
        self.added.append(raw)


class Unreadable(Refusing):
    """A server that refuses to show the claims' folder."""

    def claims(self) -> list[Claim]:
        raise imaplib.IMAP4.error("SELECT failed: Mailbox is locked")


def test_a_stopped_host_whose_claims_cannot_be_read_stays_stopped(tmp_path: Path) -> None:
    """A host that a copy of it took the mailbox over from went back to polling and
    running turns when the claims could not be read at its next look: it stays stopped,
    its line said again, until a look reads them."""
    spool, mailbox = tmp_path / ".mail", "gm@mail.example:993/INBOX"
    keep_state(spool, ClaimState(mailbox, "this host no longer serves the mailbox ..."))
    with pytest.raises(HostMoved) as stopped:
        look(spool, Unreadable(), mailbox, WHEN)
    assert str(stopped.value) == "this host no longer serves the mailbox ..."


def test_a_take_over_when_the_claims_cannot_be_read_says_so(tmp_path: Path) -> None:
    """`wtg poll --take-over` on a stopped host whose claims cannot be read said the stop's
    line again, which ends "run `wtg poll --take-over` here": the GM's own command told him
    to give it. It says the mailbox was not taken over, why, and that the host stays
    stopped until the folder can be read."""
    spool, mailbox = tmp_path / ".mail", "gm@mail.example:993/INBOX"
    keep_state(spool, ClaimState(mailbox, "this host no longer serves the mailbox ..."))
    with pytest.raises(HostMoved) as stopped:
        look(spool, Unreadable(), mailbox, WHEN, take_over=True)
    assert str(stopped.value) == (
        "the mailbox gm@mail.example:993/INBOX was not taken over: its claims (its folder "
        "wtg-host) could not be read or written (error: SELECT failed: Mailbox is locked), "
        "and without a claim the host that serves it now would not know to stop. This host "
        "stays stopped: give `wtg poll --take-over` again once the folder can be read"
    )
    assert kept_state(spool) == ClaimState(mailbox, "this host no longer serves the mailbox ...")
