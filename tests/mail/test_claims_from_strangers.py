"""A stranger's mail in the folder of the hosts' claims (``wtg.mail.servers.claims``).

A mail reaches the folder wtg-host from outside when the server files a mail by the
folder's name after a plus in its address (Dovecot's ``lmtp_save_to_detail_mailbox``,
Fastmail's plus addressing: ``gm+wtg-host@...``) or by a GM's rule on subjects. Anyone may
write its header. It is no claim of this host's line (its ids are random and never leave
the mailbox), so it neither stops a host nor makes one take the mailbox; and a header that
does not read (a Date of year 99999999999, which the email package answers with an
OverflowError) is no claim at all: it stopped every poll and every `run-turn --due`, and
the players' orders waited in the inbox for good."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, cast

from imapclient import IMAPClient

from tests.mail.realworld import write_config
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_host_moved import dropped, maildir_host, wtg
from tests.mail.test_two_hosts_one_mailbox import form_mail, seats
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import create_game, open_game
from wtg.mail.servers.claimfolder import CLAIMS_BATCH, HEAD_READ, imap_claims
from wtg.mail.servers.claims import CLAIMS_FOLDER, FIELD_MAX, claim_mail, read_claim
from wtg.mail.spool.hostid import HostId, this_host

STRANGERS_CLAIM = (
    b"From: someone@stranger.example\r\n"
    b"Subject: wtg: the host at vm:/srv/wtg/games serves the games of maildir_in\r\n"
    b"Date: Mon, 07 Dec 99999999999 08:00:00 +0000\r\n"
    b"X-Wtg-Host: 0123456789abcdef\r\n"
    b"X-Wtg-Copied-From: -\r\n"
    b"X-Wtg-Polls: maildir_in\r\n"
    b"X-Wtg-Place: vm:/srv/wtg/games\r\n"
    b"\r\n"
    b"This host serves the mailbox now.\r\n"
)


def test_a_claims_date_is_read_as_written_never_parsed() -> None:
    read = read_claim(STRANGERS_CLAIM)
    assert read is not None and read.date == "Mon, 07 Dec 99999999999 08:00:00 +0000"
    assert read.host == "0123456789abcdef" and read.polls == "maildir_in"
    # a date the email package would write anew (2000 for a year 0) reads as written too
    read = read_claim(STRANGERS_CLAIM.replace(b"Mon, 07 Dec 99999999999", b"1 Jan  0"))
    assert read is not None and read.date == "1 Jan 0 08:00:00 +0000"
    assert read_claim(b"X-Wtg-Host: a\r\nX-Wtg-Polls: =?utf-8?q?\xff?=\r\n\r\n") is not None


def test_a_strangers_mail_in_the_claims_folder_stops_neither_poll_nor_turn(
    tmp_path: Path,
) -> None:
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    config, game = maildir_host(tmp_path / "host", maildir)
    assert wtg(config, "poll").exit_code == 0  # it claims the Maildir
    (maildir / f".{CLAIMS_FOLDER}" / "new" / "1.stranger").write_bytes(STRANGERS_CLAIM)
    for number in (1, 2):
        raw = form_mail(filled_aof(game, number), f"g1p{number}@players.example", number)
        dropped(maildir, raw, f"{number}.a")
    polled = wtg(config, "poll")
    assert polled.exit_code == 0, polled.output
    assert polled.stdout.startswith("filed 2,") and polled.stderr == ""
    assert list((maildir / "new").iterdir()) == []
    due = wtg(config, "run-turn", "--due")  # both READY: due
    assert due.exit_code == 0, due.output
    assert open_game(tmp_path / "host" / "games" / "g1").latest_turn() == 1
    # the stranger's mail is left where it is: the folder is the GM's
    assert (maildir / f".{CLAIMS_FOLDER}" / "new" / "1.stranger").read_bytes() == STRANGERS_CLAIM


class Counting:
    """A logged-in IMAP client whose FETCHes of the claims' folder are noted: the mails
    asked of each, and the bytes of each answer's fields."""

    def __init__(self, client: IMAPClient) -> None:
        self.client = client
        self.batches: list[int] = []
        self.fetched: list[int] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)

    def fetch(self, uids: list[int], items: list[str]) -> dict[int, dict[bytes, Any]]:
        answer = cast(dict[int, dict[bytes, Any]], self.client.fetch(uids, items))
        self.batches.append(len(uids))
        for fields in answer.values():
            self.fetched.append(sum(len(v) for v in fields.values() if isinstance(v, bytes)))
        return answer


def test_a_flood_of_strangers_mail_in_the_claims_folder_on_a_real_server(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """Each of a thousand mails is asked a claim's fields only, a batch at a time; a mail all
    header (a megabyte of it) gives no more than ``HEAD_READ`` bytes; the host's own claim
    reads among them, and its polls go on."""
    config = write_config(tmp_path, imap, smtp)
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", seats("g1"), 5).typed(WOK4)
    assert wtg(config, "poll").exit_code == 0  # it claims the mailbox
    junk = b"X-Junk: " + b"j" * 998 + b"\r\n"
    place = b"X-Wtg-Place: " + b"p" * 900 + b"\r\n"
    for extra in (junk * 1000, place * 200):
        raw = STRANGERS_CLAIM.replace(b"\r\n\r\n", b"\r\n" + extra + b"\r\n")
        imap.append(GM_ADDRESS, raw, CLAIMS_FOLDER)
    with imap.client(GM_ADDRESS) as client:
        for number in range(1200):
            raw = STRANGERS_CLAIM.replace(b"0123456789abcdef", f"{number:016x}".encode())
            client.append(CLAIMS_FOLDER, raw.replace(b"99999999999", b"2026"))
    with imap.client(GM_ADDRESS) as client:
        counting = Counting(client)
        claims = imap_claims(counting)
    assert len(claims) == 1 + 2 + 1200  # the host's own, first, and every stranger's
    assert claims[0].host == this_host(tmp_path / "games" / ".mail").id
    assert counting.batches == [CLAIMS_BATCH, CLAIMS_BATCH, 1203 - 2 * CLAIMS_BATCH]
    assert max(counting.fetched) <= HEAD_READ
    assert sorted(counting.fetched)[-3] < 1000  # the megabyte of X-Junk never fetched
    imap.append(GM_ADDRESS, form_mail(filled_aof(game, 1), "g1p1@players.example", 1))
    polled = wtg(config, "poll")
    assert polled.exit_code == 0 and polled.stdout.startswith("filed 1,"), polled.output
    assert polled.stderr == ""


def test_a_field_longer_than_any_claim_writes_is_no_claim() -> None:
    """The email package decodes a field in a time that grows with the square of its
    encoded words (3000 of them: a quarter of a second, each poll, for each such mail in
    the folder): a field longer than ``FIELD_MAX`` is never decoded, and its mail is no
    claim. The longest place a host writes (a path of a thousand folders named in letters
    not ASCII) reads back whole."""
    words = b"X-Wtg-Place: " + b"=?utf-8?q?=C3=A9?= " * 3000
    assert read_claim(STRANGERS_CLAIM.replace(b"X-Wtg-Place: vm:/srv/wtg/games", words)) is None
    for field in (b"X-Wtg-Copied-From: ", b"X-Wtg-Polls: ", b"Date: "):
        long = STRANGERS_CLAIM.replace(field, field + b"a" * FIELD_MAX)
        assert read_claim(long) is None, field
    place = "vm:/srv/" + "Zoë/" * 1000
    raw = claim_mail(HostId("new", ("old",)), "Партии", place, datetime(2026, 12, 7))
    read = read_claim(raw)
    assert read is not None and (read.place, read.polls) == (place, "Партии")
    assert read.ancestors == ("old",)
    # encoded words that do not decode (bad base64, a charset no one knows): no claim
    for bad in (b"=?utf-8?b?A?=", b"=?no-such-charset?q?a?="):
        assert read_claim(STRANGERS_CLAIM.replace(b"vm:/srv/wtg/games", bad)) is None, bad
