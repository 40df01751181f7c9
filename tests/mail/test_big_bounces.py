"""A bounce bigger than the GM's ``max_bytes`` (a delivery status notification returning our
report with its map picture, say) is handled as a bounce under the size is, as far as what
is fetched of it allows: never answered, never orders, and the player's address marked
failing when its delivery report (which sits near the top, before the returned mail: RFC
3464) names it, or else its header does (Exim's and Gmail's ``X-Failed-Recipients``, or the
Message-ID of a mail we sent, in its In-Reply-To or References).

The bounces are tests/mail/bounces/'s Postfix and Exim fixtures with the whole original
returned (a report with a map picture of 300 kB), polled with ``max_bytes`` at 50 kB."""

from __future__ import annotations

import base64
import email
import email.policy
import random
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.loop import NOW, World, players
from tests.mail.realworld import GM_FROM, write_config, wtg
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_bounce_too_big import REPORT, sent_to_p2
from tests.mail.test_bounces import FIXTURES, ours, sent_reports
from wtg.game.bounces import bounces_of
from wtg.game.engine import create_game
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.outbox import Outbox, parse_own_id
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox

LIMIT = 50_000


def returned_report(head: str) -> str:
    """Our report as a DSN returns it whole: ``head`` (its headers in the fixture), then a
    text part and a map picture of 300 kB."""
    picture = base64.encodebytes(random.Random(4).randbytes(225_000)).decode()
    return (
        head.replace('Content-Type: text/plain; charset="utf-8"\n', "")
        .replace("Content-Transfer-Encoding: quoted-printable\n", "")
        .rstrip("\n")
        + '\nContent-Type: multipart/mixed; boundary="=_map"\n\n'
        "--=_map\nContent-Type: text/plain; charset=utf-8\n\nYour report of turn 1.\n\n"
        '--=_map\nContent-Type: image/png\nContent-Disposition: inline; filename="map-turn1.png"'
        "\nContent-Transfer-Encoding: base64\n\n" + picture + "--=_map--\n"
    )


def big_postfix() -> bytes:
    """Postfix returning the whole message (bounce_size_limit raised above it)."""
    text = (FIXTURES / "postfix.eml").read_text(encoding="utf-8")
    before, _, after = text.partition("Content-Description: Undelivered Message Headers\n")
    part, _, end = after.partition("\n--4F1C22A0B3.1795428902/mx.wtg.example--")
    head = part.partition("\n\n")[2]
    returned = "Content-Description: Undelivered Message\nContent-Type: message/rfc822\n\n"
    big = before + returned + returned_report(head) + "\n--4F1C22A0B3.1795428902/mx.wtg.example--"
    return (big + end).encode()


def big_exim() -> bytes:
    text = (FIXTURES / "exim.eml").read_text(encoding="utf-8")
    before, _, after = text.partition("Content-type: message/rfc822\n\n")
    original, _, end = after.partition("\n--1795429207-eximdsn-846930886--")
    head = original.partition("\n\n")[0] + "\n"
    return (
        before
        + "Content-type: message/rfc822\n\n"
        + returned_report(head)
        + "\n--1795429207-eximdsn-846930886--"
        + end
    ).encode()


def report_far_down(raw: bytes, header: str = "") -> bytes:
    """The same bounce with 100 kB of explanation before its delivery report (so that the
    start of it fetched holds none), and a ``header`` line added to its top header."""
    head, _, body = raw.partition(b"\n\n")
    lines = head.decode().split("\n")
    if header:
        lines.insert(3, header)
    boundary = "4F1C22A0B3.1795428902/mx.wtg.example"
    if "eximdsn" in head.decode():
        boundary = "1795429207-eximdsn-846930886"
    chatter = "".join(f"line {n} of what the postmaster has to say\n" for n in range(2500))
    part = f"--{boundary}\nContent-Type: text/plain\n\n{chatter}\n"
    first = body.decode().index(f"--{boundary}")
    text = body.decode()
    return ("\n".join(lines) + "\n\n" + text[:first] + part + text[first:]).encode()


def drop(world: World, raw: bytes, name: str = "big", as_sent: bool = True) -> None:
    """``raw`` in the maildir inbox, naming the mails of ours it returns as they were sent
    (``as_sent``: the fixtures name them as anyone works them out)."""
    folder = world.gm.maildir_in / "new"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"1795428902.{name}.mx:2,").write_bytes(ours(world, raw) if as_sent else raw)


def polled(world: World, raw: bytes, as_sent: bool = True) -> str:
    """The outcome of polling ``raw`` alone (``drop``); never an answer, never orders."""
    assert len(raw) > 5 * LIMIT
    drop(world, raw, as_sent=as_sent)
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.rejected) == (1, 0, 1)
    assert world.outbox() == {}  # never answered
    assert world.game.store.pending_orders(1) == {}  # never orders
    assert len(list((world.gm.maildir_in / ".rejected" / "cur").iterdir())) == 1
    return summary.outcomes[0][1]


def marked(world: World) -> dict[str, str]:
    return {address: mark.status for address, mark in bounces_of(world.game.store.root).items()}


@pytest.mark.parametrize(
    ("make", "player", "status"), [(big_postfix, 2, "5.1.1"), (big_exim, 3, "5.0.0")]
)
def test_a_big_bounce_marks_the_players_address_as_a_small_one_does(
    tmp_path: Path, make: object, player: int, status: str
) -> None:
    world = World(tmp_path, max_bytes=LIMIT)
    sent_reports(world)
    raw = make()  # type: ignore[operator]
    outcome = polled(world, raw)
    assert outcome.startswith(f"rejected: a bounce: mail to p{player}@players.example (g1)")
    assert marked(world) == {f"p{player}@players.example": status}


def test_a_big_bounce_whose_report_is_out_of_reach_is_read_by_its_header(
    tmp_path: Path,
) -> None:
    """Exim names the failed address in its header too (X-Failed-Recipients), and the
    mail it returns in its References."""
    world = World(tmp_path, max_bytes=LIMIT)
    sent_reports(world)
    outcome = polled(world, report_far_down(big_exim()))
    assert outcome.startswith("rejected: a bounce: mail to p3@players.example (g1)")
    assert marked(world) == {"p3@players.example": ""}


def test_a_big_bounce_naming_no_mail_of_ours_marks_nobody(tmp_path: Path) -> None:
    """X-Failed-Recipients alone (a hand-made report without References, its delivery report
    and returned mail out of reach) names no mail we sent: unverified, nobody marked."""
    world = World(tmp_path, max_bytes=LIMIT)
    sent_reports(world)
    raw = report_far_down(big_exim())
    head, _, body = raw.partition(b"\n\n")
    head = b"\n".join(x for x in head.split(b"\n") if not x.startswith(b"References:"))
    outcome = polled(world, head + b"\n\n" + body)
    assert outcome == (
        "rejected: an unverified bounce report for p3@players.example (g1): it names no mail "
        "we sent to that address, not marked failing"
    )
    assert marked(world) == {}


def sent(world: World, ident: str, to: str) -> str:
    """A mail we sent (queued in the outbox, then in outbox/sent/), its Message-ID."""
    msg = compose.message(ident, world.gm.sender, to, "report", "text", when=NOW)
    outbox = Outbox(world.gm.spool)
    assert outbox.add(ident, msg)
    outbox.sent(ident)
    return "".join(str(msg["Message-ID"]).split())


def test_a_big_bounce_of_a_mail_we_sent_marks_its_addressee(tmp_path: Path) -> None:
    """No report within reach and no X-Failed-Recipients: the Message-ID of our mail it
    returns (its In-Reply-To, as Gmail and Exchange write it) names the mail we sent, and
    that mail its addressee."""
    world = World(tmp_path, max_bytes=LIMIT)
    ours = sent(world, "report-g1-t0001-p04", "Player4 <p4@players.example>")
    raw = report_far_down(big_postfix(), f"In-Reply-To: {ours}")
    assert b"X-Failed-Recipients" not in raw.partition(b"\n\n")[0]
    outcome = polled(world, raw)
    assert outcome.startswith("rejected: a bounce: mail to p4@players.example (g1)")
    assert marked(world) == {"p4@players.example": ""}


def test_a_message_id_that_is_not_one_of_ours_marks_nobody(tmp_path: Path) -> None:
    """A Message-ID of our domain whose digest is not that of a mail we sent, whose token is
    not the host's secret's (another host's, the one it would have without it), or whose name
    would lead out of the outbox, names nobody."""
    elsewhere = sent(World(tmp_path / "first"), "report-g1-t0001-p04", "p4@players.example")
    own = parse_own_id(elsewhere)
    assert own is not None and own.token
    references = (
        f"<{own.name}.{'0' * 16}.k{own.token}@{own.domain}>",  # the digest
        elsewhere,  # the token of another host's secret
        f"<{own.name}.{own.digest}@{own.domain}>",  # none: what anyone works out
        "<../../game.yaml.0000@wtg.example>",
    )
    for number, reference in enumerate(references):
        world = World(tmp_path / str(number), max_bytes=LIMIT)
        mine = sent(world, "report-g1-t0001-p04", "p4@players.example")
        assert mine != reference
        raw = report_far_down(big_postfix(), f"References: {reference}")
        outcome = polled(world, raw, as_sent=False)
        assert outcome.startswith("rejected: not for us"), outcome
        assert marked(world) == {}


def test_a_big_bounce_for_no_player_is_ignored_unanswered(tmp_path: Path) -> None:
    world = World(tmp_path, max_bytes=LIMIT)
    raw = big_exim().replace(b"p3@players.example", b"nobody@else.example")
    outcome = polled(world, raw)
    assert outcome == "rejected: a bounce for nobody@else.example, no player's address: ignored"
    assert marked(world) == {}


def test_the_parts_fetched_of_a_big_bounce_are_archived(tmp_path: Path) -> None:
    world = World(tmp_path, max_bytes=LIMIT)
    sent_reports(world)
    polled(world, big_postfix())
    (archived,) = (world.gm.spool / "archive").rglob("*.eml")
    kept = archived.read_bytes()
    assert b"Final-Recipient: rfc822; p2@players.example" in kept  # the report: read
    assert len(kept) <= 70_000  # the returned mail: not fetched
    parsed = email.message_from_bytes(kept, policy=email.policy.compat32)
    assert parsed["Subject"] == "Undelivered Mail Returned to Sender"


def test_a_big_bounce_in_an_imap_mailbox_is_read_from_its_start(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """The real server: a report over the limit is fetched as its header, then its first
    bytes (``BODY.PEEK[]<0.65536>``), never whole."""
    config = write_config(tmp_path, imap, smtp, max_bytes=LIMIT)
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", players(4), seed=3)
    mine = compose.message("report-g1-t0001-p02", GM_FROM, "p2@players.example", "r", "t", when=NOW)
    outbox = Outbox(tmp_path / "games" / ".mail")
    assert outbox.add("report-g1-t0001-p02", mine)
    outbox.sent("report-g1-t0001-p02")
    sent_id = "".join(str(mine["Message-ID"]).split()).encode()
    fixtures = b"<report-g1-t0001-p02.67ad1e234084ca0e@wtg.example>"  # of wtg.example
    imap.append(GM_ADDRESS, big_postfix().replace(fixtures, sent_id))
    result = wtg(config, "poll", "-v")
    assert "filed 0, rejected 1, quarantined 0, ignored 0" in result.output
    assert "rejected: a bounce: mail to p2@players.example (g1) failed" in result.output
    assert {a: m.status for a, m in bounces_of(game.store.root).items()} == {
        "p2@players.example": "5.1.1"
    }
    assert list((tmp_path / "games" / ".mail" / "outbox" / "queue").iterdir()) == []
    (archived,) = (tmp_path / "games" / ".mail" / "archive").rglob("*.eml")
    assert 60_000 < len(archived.read_bytes()) <= 70_000  # the start, not the 300 kB


def test_a_big_bounce_read_from_its_header_alone_does_not_mark_a_mail_with_a_picture(
    tmp_path: Path,
) -> None:
    """Its header names our report to p2 (In-Reply-To) but not why it failed, and the part
    that says (5.3.4: too big for his mailbox, say) was not fetched: the address was marked
    failing, though the report with its map picture may only have been too big. It goes
    again without its picture, the address not marked; were the address dead, the bounce of
    the lighter mail is small enough to read whole, and marks it."""
    world = World(tmp_path, max_bytes=LIMIT)
    sent_to_p2(world, picture=True)
    raw_sent = (world.gm.spool / "outbox" / "sent" / f"{REPORT}.eml").read_bytes()
    ours_id = "".join(str(email.message_from_bytes(raw_sent)["Message-ID"]).split())
    raw = report_far_down(big_postfix(), f"In-Reply-To: {ours_id}")
    assert len(raw) > 5 * LIMIT
    drop(world, raw, as_sent=False)
    told: list[str] = []
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), NOW, told=told.append)
    assert (summary.seen, summary.filed, summary.rejected) == (1, 0, 1)
    ((_key, outcome),) = summary.outcomes
    assert told == [outcome.removeprefix("rejected: ")]  # on stderr, which cron mails
    assert outcome == (
        "rejected: a bounce: a mail to p2@players.example (g1) came back, too big to fetch: "
        "its header does not say why, and the part that does was not read; the address is "
        "not marked failing: the mail goes again without its picture at the next send, and "
        "a bounce of that one will say why"
    )
    assert marked(world) == {}
    queued = world.outbox()
    assert list(queued) == [REPORT]
    again = email.message_from_bytes(queued[REPORT], policy=email.policy.default)
    assert isinstance(again, EmailMessage)
    assert again.get_content_type() == "text/plain"
    text = " ".join(again.get_content().split())
    assert text.endswith(
        "This mail goes without its picture map-turn1.png: your mail server returned the mail "
        "with it, too big to read whole, without saying why (it may have been too big for your "
        "mailbox)."
    ), text
