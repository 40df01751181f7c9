"""Issue 28, part 4 ("Where the sender's identity is known"): a mail whose From fails DMARC,
by the Authentication-Results header of the GM's own server (RFC 8601), is never answered,
and `poll -v` says so (``authres``); its orders are filed when their code is right, and
confirmed to the seat's own address, never to the From. The
headers below are written as Gmail, Microsoft 365 and Postfix with OpenDKIM and OpenDMARC
write them: several results, comments, folded lines, ``header.from``."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.mail.loop import GM, World
from wtg.mail.incoming.senderauth import Malformed, parse, verdict
from wtg.mail.spool.journallists import unanswered

GMAIL_FAIL = (
    "mx.google.com;\r\n"
    "       dkim=pass header.i=@players.example header.s=s1 header.b=Xy1+ab/c;\r\n"
    "       spf=softfail (google.com: domain of transitioning p1@players.example does not\r\n"
    " designate 203.0.113.9 as permitted sender) smtp.mailfrom=p1@players.example;\r\n"
    "       dmarc=fail (p=REJECT sp=REJECT dis=REJECT) header.from=players.example"
)
GMAIL_PASS = GMAIL_FAIL.replace(
    "dmarc=fail (p=REJECT sp=REJECT dis=REJECT)", "dmarc=pass (p=REJECT sp=REJECT dis=NONE)"
)
MICROSOFT_FAIL = (
    "spf=fail (sender IP is 203.0.113.9)\r\n"
    " smtp.mailfrom=players.example; dkim=none (message not signed)\r\n"
    " header.d=none;dmarc=fail action=oreject\r\n"
    " header.from=players.example;compauth=fail reason=000"
)
MICROSOFT_NONE = (
    "spf=none (sender IP is 203.0.113.9) smtp.mailfrom=players.example; dkim=none\r\n"
    " (message not signed) header.d=none;dmarc=none action=none\r\n"
    " header.from=players.example;compauth=softpass reason=201"
)
OPENDMARC_FAIL = "mail.wtg.example; dmarc=fail (p=reject dis=none) header.from=players.example"
OPENDKIM = (
    "mail.wtg.example;\r\n\tdkim=pass (2048-bit key; unprotected) header.d=players.example\r\n"
    '\theader.i=@players.example header.a=rsa-sha256 header.s=mail header.b="Xy1ab12c";\r\n'
    "\tdkim-atps=neutral"
)
FORGED_PASS = "mail.wtg.example; dmarc=pass header.from=players.example"


def add(world: World, body: str, tops: list[str], sender: str = "p1@players.example") -> None:
    """A mail into the inbox with ``tops`` as its Authentication-Results, topmost first (a
    server adds its own on top of those the mail came with)."""
    world.count += 1
    head = "".join(f"Authentication-Results: {value}\r\n" for value in tops)
    head += (
        f"Received: from mx.players.example by mail.wtg.example\r\nFrom: {sender}\r\nTo: {GM}\r\n"
    )
    head += f"Subject: orders\r\nMessage-ID: <f{world.count}@players.example>\r\n"
    head += "Content-Type: text/plain; charset=utf-8\r\n"
    raw = (head + "\r\n" + body.replace("\n", "\r\n")).encode("utf-8")
    world.inbox.add(raw)


def lines(world: World) -> list[str]:
    """What `poll -v` prints of each mail, without its key."""
    return [event.text() for event in world.poll().events]


def test_gmail_fail_files_the_orders_and_tells_the_seat_alone(tmp_path: Path) -> None:
    """The From is not answered; the seat's own address gets the confirmation of orders
    its code filed (tests/mail/test_orders_from_elsewhere.py says what it says)."""
    world = World(tmp_path)
    add(world, world.aof(1), [GMAIL_FAIL], sender="Someone <p9@players.example>")
    summary = world.poll()
    assert [event.text() for event in summary.events] == [
        "stored: g1 turn 1 player 1, with the seat's code from another address; not "
        "answered: authres: dmarc=fail for players.example"
    ]
    ((name, raw),) = world.outbox().items()
    assert name.startswith("conf-") and b"\r\nTo: p1@players.example\r\n" in raw
    assert list(world.game.store.pending_orders(1)) == [1]  # the code is the key
    # the GM is told: the poll's line, and the journal's list of mails not answered
    assert summary.line().endswith(", not answered (From forged) 1")
    told = unanswered(world.gm.spool, 0)
    assert [item.outcome for item in told] == [summary.events[0].text()]


def test_gmail_pass_and_microsoft_none_are_answered(tmp_path: Path) -> None:
    world = World(tmp_path)
    add(world, world.aof(1), [GMAIL_PASS])
    add(world, world.aof(2), [MICROSOFT_NONE], sender="p2@players.example")
    assert lines(world) == ["stored: g1 turn 1 player 1", "stored: g1 turn 1 player 2"]
    assert sorted(name.split("-")[0] for name in world.outbox()) == ["conf", "conf"]


def test_microsoft_365_writes_no_authserv_id_its_topmost_header_is_read(tmp_path: Path) -> None:
    world = World(tmp_path)
    add(world, "LIST", [MICROSOFT_FAIL], sender="stranger@players.example")
    assert lines(world) == [
        "rejected: not answered: authres: dmarc=fail for players.example "
        "(no order form: nothing done)"
    ]
    assert world.outbox() == {}


def test_a_forgers_header_below_the_servers_is_not_read(tmp_path: Path) -> None:
    """Without mail.authserv_id only the topmost header is read: a pass written lower down by
    the forger changes nothing, nor does a fail under the server's pass."""
    world = World(tmp_path)
    add(world, world.aof(1), [OPENDMARC_FAIL, FORGED_PASS])
    add(world, world.aof(2), [GMAIL_PASS, OPENDMARC_FAIL], sender="p2@players.example")
    assert lines(world) == [
        "stored: g1 turn 1 player 1; not answered: authres: dmarc=fail for players.example",
        "stored: g1 turn 1 player 2",
    ]


def test_with_authserv_id_only_the_gms_servers_headers_are_read(tmp_path: Path) -> None:
    """Postfix with OpenDKIM and OpenDMARC: each milter adds its own header on top, the DMARC
    one above the DKIM one or below it. The topmost of the server's headers with a DMARC
    result decides; a header of another authserv-id is no one's word, on top or not."""
    world = World(tmp_path, authserv_id=["Mail.WTG.example"])
    assert world.gm.limits.authserv_id == ("mail.wtg.example",)
    add(world, world.aof(1), [OPENDKIM, OPENDMARC_FAIL, FORGED_PASS])
    add(
        world,
        world.aof(2),
        ["evil.example; dmarc=fail header.from=players.example"],
        sender="p2@players.example",
    )
    add(
        world,
        world.aof(3),
        ["evil.example; dmarc=pass", OPENDMARC_FAIL],
        sender="p3@players.example",
    )
    assert lines(world) == [
        "stored: g1 turn 1 player 1; not answered: authres: dmarc=fail for players.example",
        "stored: g1 turn 1 player 2",
        "stored: g1 turn 1 player 3; not answered: authres: dmarc=fail for players.example",
    ]
    # each seat is told of its orders; those of a From failing DMARC say so
    told = [b"DMARC" in raw.replace(b"=\r\n", b"") for raw in world.outbox().values()]
    assert sorted(told) == [False, True, True]


def test_authserv_id_none_reads_no_header(tmp_path: Path) -> None:
    world = World(tmp_path, authserv_id=[])
    add(world, world.aof(1), [GMAIL_FAIL])
    assert lines(world) == ["stored: g1 turn 1 player 1"]


def test_a_wrong_code_of_a_forged_from_tells_no_one(tmp_path: Path) -> None:
    """A wrong code's notice goes to the seat's own address: of a mail that may be forged,
    nothing goes out at all."""
    world = World(tmp_path)
    add(
        world,
        world.aof(2).replace("CODE0002", "CODE9999"),
        [GMAIL_FAIL],
        sender="p2@players.example",
    )
    assert lines(world) == [
        "rejected: wrong code or player; not answered: authres: dmarc=fail for players.example"
    ]
    assert world.outbox() == {}


def test_a_malformed_header_is_no_result_and_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    world = World(tmp_path)
    add(world, world.aof(1), ["mx.google.com; dmarc=fail (p=REJECT header.from=players.example"])
    with caplog.at_level(logging.WARNING):
        assert lines(world) == ["stored: g1 turn 1 player 1"]
    said = [r.getMessage() for r in caplog.records if "authres" in r.getMessage()]
    assert said == [
        "authres: a header that cannot be read (an open comment or quoted string): "
        "read as no result"
    ]


def test_the_headers_as_the_servers_write_them_are_read() -> None:
    gmail = parse(GMAIL_FAIL)
    assert gmail.authserv_id == "mx.google.com"
    assert [(r.method, r.result) for r in gmail.results] == [
        ("dkim", "pass"),
        ("spf", "softfail"),
        ("dmarc", "fail"),
    ]
    assert gmail.results[0].get("header.b") == "Xy1+ab/c"
    microsoft = parse(MICROSOFT_FAIL)
    assert microsoft.authserv_id == ""
    assert [(r.method, r.result, r.get("header.from")) for r in microsoft.results][2] == (
        "dmarc",
        "fail",
        "players.example",
    )
    assert parse(OPENDKIM).results[0].get("header.b") == "Xy1ab12c"
    assert parse("mail.wtg.example 1; none").results == ()
    for broken in (
        "",
        "; dmarc=fail",
        "a b c; dmarc=fail",
        "x; dmarc",
        "x; =fail",
        "x; dmarc=fail)",
        'x; a="b',
    ):
        with pytest.raises(Malformed):
            parse(broken)
    assert (
        verdict(["x; dmarc=fail"], None, ["Ann <ann@Players.Example>"]).failed
        == "dmarc=fail for players.example"
    )
    assert verdict(["x; dmarc=temperror"], None).failed is None


def test_a_pass_under_the_servers_own_header_vouches_for_no_one() -> None:
    """The GM's server writes DKIM and SPF but no DMARC result, and a forger's header of the
    server's own name below it says ``dmarc=pass``: it lifted the day's cap of answers for
    the From he forged. A pass is believed from the server's topmost header alone; a fail
    below it is still read (it silences the mail it stands in, no one else's)."""
    ids = ("mx.gm.example",)
    own = "mx.gm.example; dkim=none; spf=softfail smtp.mailfrom=players.example"
    forged = "mx.gm.example; dmarc=pass header.from=players.example"
    assert verdict([own, forged], ids).passed is None
    assert verdict([forged, own], ids).passed == "players.example"
    assert verdict(["other.example; dmarc=none", forged], ids).passed == "players.example"
    failed = verdict([own, "mx.gm.example; dmarc=fail header.from=players.example"], ids)
    assert (failed.failed, failed.passed) == ("dmarc=fail for players.example", None)


def test_a_pass_for_a_mail_of_two_froms_vouches_for_neither() -> None:
    """A mail with two From headers (or two addresses in one): its server may check the
    forger's own domain, and a ``dmarc=pass`` that names no ``header.from`` was read as the
    domain of the first From, the victim's, which the host answers: his day's cap lifted
    for a forgery. A pass vouches for a mail of one From alone."""
    ids = ("mx.gm.example",)
    bare = "mx.gm.example; spf=pass smtp.mailfrom=evil.example; dmarc=pass"
    two = ["Vic <vic@players.example>", "me@evil.example"]
    assert verdict([bare], ids, two).passed is None
    assert verdict([bare], ids, ["vic@players.example, me@evil.example"]).passed is None
    assert verdict([bare], ids, two[:1]).passed == "players.example"
    failed = verdict(["mx.gm.example; dmarc=fail"], ids, two).failed
    assert failed == "dmarc=fail for players.example"


def test_a_pass_above_the_servers_own_dmarc_result_vouches_for_no_one() -> None:
    """A server that adds its header at the bottom of the mail's (Exim's ``add_header``
    without ``:at_start:``, a milter's ``smfi_addheader``) leaves a sender's own header of
    its name above its own: a forger's ``dmarc=pass`` there was the topmost, and believed,
    above the server's own ``dmarc=fail`` or ``none``. A pass is believed only when no
    other header of the server's name gives a DMARC result; the server's fail is read."""
    ids = ("mx.gm.example",)
    forged = "mx.gm.example; dmarc=pass header.from=players.example"
    for own in ("none", "temperror", "pass"):
        server = f"mx.gm.example; spf=softfail smtp.mailfrom=players.example; dmarc={own}"
        judged = verdict([forged, server], ids)
        assert (judged.passed, judged.failed) == (None, None), own
    server = "mx.gm.example; dkim=none; dmarc=fail header.from=players.example"
    judged = verdict([forged, "other.example; dmarc=pass", server], ids)
    assert (judged.passed, judged.failed) == (None, "dmarc=fail for players.example")
    # OpenDMARC's header on top of OpenDKIM's, each the server's: the one DMARC result counts
    dkim = "mx.gm.example; dkim=pass header.d=players.example"
    assert verdict([forged, dkim], ids).passed == "players.example"
