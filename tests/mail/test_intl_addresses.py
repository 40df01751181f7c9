"""Players on internationalised addresses (intlfrom50): a mail whose From is
``dana@bücher.example``, ``δοκιμή@παράδειγμα.δοκιμή`` or ``用户@例子.广告``, written in UTF-8
headers as an SMTPUTF8 client writes it (RFC 6532).

Before: the poll found no address to answer in such a From (``noreply._usable`` took
printable ASCII alone), so a HELP, LIST or JOIN got no answer at all and a newcomer on
such an address could not join; a player's order mail was filed, but its confirmation,
and every report of the game, was made without a To (the header registry refuses an own
part that is not ASCII) and set aside for good by the next send. Now the domain goes out
in IDNA, an own part that is not ASCII in UTF-8: the maildir transport writes it, an SMTP
server that offers SMTPUTF8 is given it with that option, and one that does not gets the
mail set aside for good, the GM told why in the send's line and the digest, the other
mails going out (docs/mail.md, "Addresses not in ASCII")."""

from __future__ import annotations

import email
import email.policy
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_idn_mailbox_seats import made_game
from tests.mail.loop import NOW, World
from tests.mail.servers import SmtpSink, aiosmtpd_available
from tests.mail.test_bounces import FIXTURES, drop, failing, sent_id, sent_reports
from wtg.game.gameconfig import PlayerEntry
from wtg.host.config import GmConfig, config_from_data
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat
from wtg.mail.outgoing.digest import make_digest
from wtg.mail.outgoing.failedmail import Retried, outboxed, retry
from wtg.mail.outgoing.sender import SendSummary, send
from wtg.mail.servers.transport import SmtpTransport, delivered

GREEK = "δοκιμή@παράδειγμα.δοκιμή"
GREEK_OUT = "δοκιμή@xn--hxajbheg2az3al.xn--jxalpdlp"
CHINESE = "用户@例子.广告"
CHINESE_OUT = "用户@xn--fsqu00a.xn--4rr70v"
GERMAN = "dana@bücher.example"
GERMAN_OUT = "dana@xn--bcher-kva.example"
OUT = {GREEK: GREEK_OUT, CHINESE: CHINESE_OUT, GERMAN: GERMAN_OUT}


def utf8_mail(sender: str, body: str, ident: str, subject: str = "to the host") -> bytes:
    """A mail as an SMTPUTF8 client writes it: its headers in UTF-8, not encoded words."""
    head = (
        f"From: {sender}\r\nTo: Game Master <gm@wtg.example>\r\nSubject: {subject}\r\n"
        f"Message-ID: <{ident}@players.example>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
    )
    return (head + body.replace("\n", "\r\n") + "\r\n").encode("utf-8")


def to_of(raw: bytes) -> str:
    return str(email.message_from_bytes(raw, policy=email.policy.default)["To"])


@pytest.mark.parametrize("sender", [GERMAN, GREEK, CHINESE])
def test_help_and_list_from_an_address_not_in_ascii_are_answered(
    tmp_path: Path, sender: str
) -> None:
    """Before: no answer (the poll counted the mail rejected: "no order form, and not from
    a player")."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=2)
    for number, command in enumerate(("HELP", "LIST")):
        hall.deliver(utf8_mail(sender, command, f"c{number}"))
        summary = hall.poll(hours=1)
        assert (summary.answered, summary.rejected) == (1, 0), summary
        (answer,) = hall.new_mails()
        assert answer.to == OUT[sender]
    assert "wok4" in answer.words


def test_newcomers_on_addresses_not_in_ascii_join_and_get_their_reports(tmp_path: Path) -> None:
    """Two newcomers JOIN a list of two from ``δοκιμή@παράδειγμα.δοκιμή`` and
    ``用户@例子.广告`` and CONFIRM: the game starts with their seats, and its turn-0 reports
    are written by the maildir transport, each To the player's own part in UTF-8."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=2)
    for number, (sender, name) in enumerate(((GREEK, "Dimitra"), (CHINESE, "Yonghu"))):
        hall.deliver(utf8_mail(sender, f"JOIN wok4 AS {name}", f"j{number}"))
        hall.poll(hours=1)
        (ask,) = hall.new_mails()
        assert ask.to == OUT[sender]
        hall.deliver(utf8_mail(sender, f"CONFIRM {ask.code()}", f"k{number}"))
        hall.poll(hours=1)
        done = hall.new_mails()
        assert [m.to for m in done] == [OUT[sender]] * len(done)
        assert "not done" not in done[0].subject, done[0].words
    game = hall.game("wok4-1")
    assert sorted(p.email for p in game.config.players) == sorted((GREEK, CHINESE))
    summary = hall.send()
    assert summary.failed == 0, summary
    written = [p.read_bytes() for p in delivered(hall.gm.maildir_out)]
    reports = [raw for raw in written if b"[wok4-1]" in raw and b"turn 0" in raw]
    assert sorted(to_of(raw) for raw in reports) == sorted((GREEK_OUT, CHINESE_OUT))
    for raw in reports:  # the To as it is, in UTF-8: no encoded word
        assert f"\r\nTo: {to_of(raw)}\r\n".encode() in raw


class IntlWorld(World):
    """The mail loop's world, its game's seats 2, 3 and 4 on addresses not in ASCII, as
    `wtg new-game --player Dana:dana@bücher.example ...` writes them."""

    seats = tuple(
        PlayerEntry(i, f"Player{i}", a, f"CODE{i:04d}")
        for i, a in enumerate(("p1@players.example", GERMAN, GREEK, CHINESE), 1)
    )


def intl_world(root: Path) -> World:
    """An ``IntlWorld`` each of whose players on an address not in ASCII has mailed his
    orders."""
    world = IntlWorld(root)
    for player, sender in ((2, GERMAN), (3, GREEK), (4, CHINESE)):
        world.inbox.add(utf8_mail(sender, world.aof(player), f"o{player}", "orders"))
    summary = world.poll()
    assert summary.filed == 3, summary
    return world


def test_confirmations_and_reports_to_addresses_not_in_ascii_on_maildir(tmp_path: Path) -> None:
    """Before: the confirmations of seats 3 and 4 were queued without a To ("To:
    'δοκιμή@παράδειγμα.δοκιμή' is not one e-mail address") and the send set them aside for
    good, as it did their reports after every turn."""
    world = intl_world(tmp_path)
    summary = send(world.gm, now=NOW)  # turn 0's four reports, then the confirmations
    assert (summary.sent, summary.failed) == (7, 0), summary
    assert sorted(to_of(p.read_bytes()) for p in world.sent()) == sorted(
        ("p1@players.example", *[GERMAN_OUT, GREEK_OUT, CHINESE_OUT] * 2)
    )
    world.game.run_turn(now=NOW + timedelta(days=2))
    summary = send(world.gm, now=NOW + timedelta(days=2))
    assert summary.failed == 0, summary
    reports = [p.read_bytes() for p in world.sent() if b"] turn 1 report for" in p.read_bytes()]
    assert sorted(to_of(raw) for raw in reports) == sorted(
        ("p1@players.example", GERMAN_OUT, GREEK_OUT, CHINESE_OUT)
    )


needs_aiosmtpd = pytest.mark.skipif(not aiosmtpd_available(), reason="aiosmtpd is not installed")


def sent_through(sink: SmtpSink, tmp_path: Path) -> tuple[GmConfig, SendSummary]:
    """The world's host, and its mails sent by `wtg send` through ``sink``'s SMTP server."""
    intl_world(tmp_path)
    gm = config_from_data(
        {
            "games_dir": "games",
            "smtp": {"host": sink.host, "port": sink.port, "from": "gm@wtg.example"},
        },
        tmp_path,
    )
    assert gm.smtp is not None
    return gm, send(gm, now=NOW, transport=SmtpTransport(gm.smtp))


@needs_aiosmtpd
def test_a_server_that_offers_smtputf8_is_given_the_address_with_it(tmp_path: Path) -> None:
    with SmtpSink(smtputf8=True) as sink:
        _gm, summary = sent_through(sink, tmp_path)
        assert (summary.sent, summary.failed) == (7, 0), summary
        got = [m for m in sink.messages if b"orders for turn 1 received" in m.data]
    assert sorted(m.rcpt_tos for m in got) == sorted(((GERMAN_OUT,), (GREEK_OUT,), (CHINESE_OUT,)))
    greek = next(m for m in got if m.rcpt_tos == (GREEK_OUT,))
    assert str(greek.message()["To"]) == GREEK_OUT
    text = greek.message().get_body(preferencelist=("plain",))
    assert text is not None
    assert "Orders received: game g1, turn 1, player 3" in text.get_content()
    assert "SMTPUTF8" in greek.mail_options
    german = next(m for m in got if m.rcpt_tos == (GERMAN_OUT,))
    assert "SMTPUTF8" not in german.mail_options  # her mail is ASCII: as any other


@needs_aiosmtpd
def test_a_server_without_smtputf8_has_the_mail_kept_and_the_gm_told(tmp_path: Path) -> None:
    """The mails to the two own parts not in ASCII cannot go through this server: each is
    set aside for good (kept in outbox/failed/, `wtg outbox --retry` sends it once the
    server offers SMTPUTF8 or the GM gave the player another address), the send's line
    says why, and so does the digest; the mail to ``dana@bücher.example`` goes out."""
    with SmtpSink(smtputf8=False) as sink:
        gm, summary = sent_through(sink, tmp_path)
        assert (summary.sent, summary.failed) == (3, 4), summary
        assert sorted(m.rcpt_tos for m in sink.messages) == [
            (GERMAN_OUT,),
            (GERMAN_OUT,),
            ("p1@players.example",),
        ]
    failed = sorted((gm.spool / "outbox" / "failed").glob("*.eml"))
    assert sorted(to_of(p.read_bytes()) for p in failed) == sorted((GREEK_OUT, CHINESE_OUT) * 2)
    refused = " ".join(summary.refused)
    assert f"the address {GREEK_OUT} is not ASCII" in refused
    assert "does not take such addresses (SMTPUTF8)" in refused
    # the digest's list of mail set aside reads the notes' stamps: the clock the files got
    digest = make_digest(gm.games_dir, datetime.now(timezone.utc) + timedelta(seconds=1)).text()
    words = " ".join(digest.split())
    assert words.count("(SMTPUTF8)") == 4, digest
    assert words.count(f"to {GREEK_OUT}") == 2 and words.count(f"to {CHINESE_OUT}") == 2, digest
    assert "\ufffd" not in digest  # the To of each mail read as UTF-8

    # `wtg outbox` lists them to the players' addresses, which game.yaml writes with the
    # domain in Unicode: unchanged (it said each "is now" the address it was)
    listed = outboxed(gm.games_dir, gm.spool).failed
    assert sorted(m.to for m in listed) == sorted((GREEK_OUT, CHINESE_OUT) * 2)
    assert [m.now_to for m in listed] == [""] * 4
    # the GM moves to a server that offers SMTPUTF8: `wtg outbox --retry-all`, then a send
    retried = retry(gm.games_dir, gm.spool, None)
    assert all(isinstance(r, Retried) and r.was == "" for r in retried), retried
    reports = [r.line for r in retried if isinstance(r, Retried) and r.name.startswith("report")]
    assert len(reports) == 2 and all("address is unchanged" in line for line in reports), reports
    with SmtpSink() as sink:
        better = config_from_data(
            {
                "games_dir": "games",
                "smtp": {"host": sink.host, "port": sink.port, "from": "gm@wtg.example"},
            },
            tmp_path,
        )
        assert better.smtp is not None
        summary = send(better, now=NOW, transport=SmtpTransport(better.smtp))
        assert (summary.sent, summary.failed) == (4, 0), summary
        assert sorted(m.rcpt_tos for m in sink.messages) == sorted(
            [(GREEK_OUT,), (CHINESE_OUT,)] * 2
        )


def report_of(world: World, player: int, address: str) -> bytes:
    """Postfix's report that the report to ``player`` at ``address`` (as SMTP carried it)
    failed: for an own part not in ASCII, as Postfix with ``smtputf8_enable`` writes it, a
    ``message/global-delivery-status`` whose recipients are of type ``utf-8`` (RFC 6533),
    the returned headers in UTF-8."""
    text = (FIXTURES / "postfix.eml").read_text(encoding="utf-8")
    report, _, returned = text.partition("Content-Type: text/rfc822-headers")
    returned = (
        returned.replace("p2@players.example", address)
        .replace("<report-g1-t0001-p02.67ad1e234084ca0e@wtg.example>", sent_id(world, player))
        .replace("for Player2", f"for Player{player}")
    )
    if not address.partition("@")[0].isascii():
        report = (
            report.replace("message/delivery-status", "message/global-delivery-status")
            .replace("rfc822; p2@", "utf-8; p2@")
            .replace("rfc822;p2@", "utf-8;p2@")
        )
    report = report.replace("p2@players.example", address)
    return (report + "Content-Type: text/rfc822-headers" + returned).encode()


@pytest.mark.parametrize(("player", "seat"), [(2, GERMAN), (3, GREEK), (4, CHINESE)])
def test_a_bounce_of_a_mail_to_an_address_not_in_ascii_marks_it_failing(
    tmp_path: Path, player: int, seat: str
) -> None:
    """A server that could not deliver the report to the player returns a delivery report
    naming his address as SMTP carried it, the domain in IDNA; for an own part not in
    ASCII a global one (``message/global-delivery-status``, ``Final-Recipient: utf-8;
    δοκιμή@...``). Before: the global report was read as none (neither its type nor its
    address type was known: "not for us"), and the address in IDNA was "no player's
    address" (game.yaml writes the domain in Unicode): no address was marked failing."""
    world = IntlWorld(tmp_path)
    sent_reports(world)
    drop(world, "intl.eml", report_of(world, player, OUT[seat]))
    summary = world.poll()
    assert (summary.seen, summary.filed) == (1, 0), summary
    ((_key, outcome),) = summary.outcomes
    assert outcome == f"rejected: a bounce: mail to {seat} (g1) failed, marked failing"
    assert failing(world) == {p: p == player for p in (1, 2, 3, 4)}
    assert world.outbox() == {}  # never answered


def test_a_newcomer_on_an_address_not_in_ascii_takes_over_a_seat(tmp_path: Path) -> None:
    """A seat offered (`wtg offer-seat kao 3`): a newcomer's JOIN of it from ``用户@例子.广告``
    is answered, his CONFIRM gives him the seat, and game.yaml writes his address as he
    wrote it. Before: his JOIN got no answer."""
    hall = Hall(tmp_path)
    made_game(hall)
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game("kao"), 3, hall.now)
    hall.new_mails()
    hall.deliver(utf8_mail(CHINESE, "JOIN kao AS Yonghu", "t1"))
    hall.poll(hours=1)
    (ask,) = hall.new_mails()
    assert ask.to == CHINESE_OUT and "not done" not in ask.subject, ask.words
    hall.deliver(utf8_mail(CHINESE, f"CONFIRM {ask.code()}", "t2"))
    hall.poll(hours=1)
    done = hall.new_mails(CHINESE_OUT)
    assert done and "not done" not in done[0].subject, done[0].words
    seat = hall.game("kao").config.player(3)
    assert (seat.name, seat.email) == ("Yonghu", CHINESE)


def test_press_from_an_address_not_in_ascii_is_kept_and_answered(tmp_path: Path) -> None:
    """Player 3 (``δοκιμή@παράδειγμα.δοκιμή``) mails PRESS g1: it is kept for the next
    reports and he is answered. Before: no answer."""
    world = intl_world(tmp_path)
    send(world.gm, now=NOW)
    world.inbox.add(
        utf8_mail(GREEK, "PRESS g1\nCODE CODE0003\nΚαλημέρα από τη Θεσσαλονίκη.", "p1", "press")
    )
    summary = world.poll()
    assert summary.answered == 1, summary
    (answer,) = world.outbox().values()
    assert to_of(answer) == GREEK_OUT
    kept = list((world.game.store.root / "pending").rglob("*press*"))
    assert kept, sorted(p.name for p in world.game.store.root.rglob("*"))
