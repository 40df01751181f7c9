"""A mail server whose size limit a report with its map picture is over (a map of thousands
of provinces draws a picture of megabytes; a small server takes a few): it refused the
report (552, 5.3.4) and `wtg send` set it aside for good, 'correct what it says, then `wtg
outbox --retry`', which met the same refusal. The player got no report, and no order form.
A mail refused as too big with our picture in it goes again at once without the picture,
its note on the picture saying why; a mail too big without one is still set aside.

Against the real aiosmtpd server of tests/mail/servers.py, whose SIZE is set low."""

from __future__ import annotations

from datetime import datetime, timezone
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.conftest import missing
from tests.mail.loop import World
from tests.mail.servers import AIOSMTPD_INSTALL_HINT, SmtpSink, aiosmtpd_available
from tests.mail.test_outbox_retry import folders, smtp_config
from tests.mail.test_send_recipient_deferred import wtg
from wtg.game.report import earlier_environments, player_environment
from wtg.mail.outgoing.compose import message, wire, with_picture
from wtg.mail.outgoing.pictures import PNG_SIGNATURE, orders_note, without_picture

REPORTS = [f"report-g1-t0000-p0{n}" for n in range(1, 5)]


def sink_of(size: int) -> SmtpSink:
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    return SmtpSink(size_limit=size)


def test_a_report_too_big_with_its_picture_goes_without(tmp_path: Path) -> None:
    with sink_of(30_000) as sink:  # a report's text is some 6 kB, with its map 54 kB
        world = World(tmp_path)
        config = smtp_config(tmp_path, world, sink)
        sent = wtg(config, "send", "-q")
        assert sent.exit_code == 0, sent.output
        assert folders(world) == {"queue": [], "sent": REPORTS, "failed": []}
        assert [mail.rcpt_tos for mail in sink.messages] == [
            (f"p{n}@players.example",) for n in range(1, 5)
        ]
        report = message_from_bytes(sink.messages[0].data, policy=policy.default)
    assert isinstance(report, EmailMessage)
    assert report.get_content_type() == "text/plain"
    text = " ".join(report.get_content().split())
    assert "GAME: g1 TURN: 1 PLAYER: 1" in text
    assert text.endswith(
        "=== END AOF === This mail goes without its picture map-turn0.png: the mail "
        "server of the game's host refused the mail with it as too big."
    ), text[-300:]
    assert "is the picture map-turn0.png of this mail" not in text
    lines = [line for line in sent.stderr.splitlines() if line.startswith("wtg: ")]
    assert lines == [
        f"wtg: mail {name} went without its picture, which made it too big for the mail "
        "server (552 Error: message size exceeds fixed maximum message size); its text "
        "says so"
        for name in REPORTS
    ]


def test_a_mail_too_big_without_its_picture_is_still_set_aside(tmp_path: Path) -> None:
    with sink_of(3_000) as sink:
        world = World(tmp_path)
        config = smtp_config(tmp_path, world, sink)
        sent = wtg(config, "send", "-q")
        assert sent.exit_code == 1, sent.output
        assert sink.messages == []
    assert folders(world) == {"queue": [], "sent": [], "failed": REPORTS}
    said = [line for line in sent.stderr.splitlines() if line.startswith("wtg: ")]
    assert len(said) == 4, said
    assert said[0].startswith(
        "wtg: mail report-g1-t0000-p01 refused for good: 552 Error: message size exceeds "
        "fixed maximum message size (without its picture too) (kept in "
    ), said


@pytest.mark.parametrize("lines", [None, 1, 0])
def test_a_confirmation_too_big_loses_its_orders_picture_and_its_note(lines: int | None) -> None:
    """Whichever note its picture has: its orders drawn, or none (no order line)."""
    note = orders_note("orders-turn2.png", 2, lines)
    mail = message(
        "conf-1",
        "gm@example.org",
        "p1@players.example",
        "orders",
        "A1: 60 55 010\n" + note,
        when=datetime(2026, 12, 5, tzinfo=timezone.utc),
    )
    with_picture(mail, PNG_SIGNATURE + b"\0" * 64, "orders-turn2.png")
    lighter = without_picture(wire(mail))
    assert lighter is not None
    sent = message_from_bytes(lighter, policy=policy.default)
    assert isinstance(sent, EmailMessage) and not sent.is_multipart()
    assert sent.get_content().replace("\r\n", "\n") == (
        "A1: 60 55 010\n\nThis mail goes without its picture orders-turn2.png: the mail server "
        "of\nthe game's host refused the mail with it as too big.\n"
    )
    assert without_picture(lighter) is None  # nothing more to leave out


@pytest.mark.parametrize(
    ("earlier", "template", "filename", "context"),
    [
        (1, "map_note", "map-turn3.png", {"turn": 3, "form": True, "onlooker": False}),
        (1, "map_note", "map-turn3.png", {"turn": 3, "form": False, "onlooker": False}),
        (1, "orders_note", "orders-turn3.png", {"turn": 3, "lines": None}),
        (1, "orders_note", "orders-turn3.png", {"turn": 3, "lines": 0}),
        (0, "orders_note", "orders-turn100000.png", {"turn": 100000, "lines": 0}),
    ],
)
def test_a_mail_queued_with_an_earlier_wtg_s_note_loses_the_note_with_its_picture(
    earlier: int, template: str, filename: str, context: dict[str, object]
) -> None:
    """A mail queued (or sent, then bounced as too big) by a wtg of before round 42, whose
    note on its picture was broken at 78 columns (``earlier_environments()[1]``), or by
    round 42's, broken at 72 with its last word alone (``[0]``: ``form.`` under ``... your
    order``, where this wtg takes ``order`` down with it): left without its picture by
    this wtg, it kept the note that said the picture was in it, above the one that said it
    was left out."""
    name = f"mail/{template}.txt.j2"
    note = earlier_environments()[earlier].get_template(name).render(filename=filename, **context)
    phone = player_environment().get_template(name).render(filename=filename, **context)
    assert note != phone  # the two wtgs break it apart
    mail = message(
        "report-g1-t0003-p01",
        "gm@example.org",
        "p1@players.example",
        "report",
        "The report.\n" + note,
        when=datetime(2026, 12, 5, tzinfo=timezone.utc),
    )
    with_picture(mail, PNG_SIGNATURE + b"\0" * 64, filename)
    lighter = without_picture(wire(mail))
    assert lighter is not None
    sent = message_from_bytes(lighter, policy=policy.default)
    assert isinstance(sent, EmailMessage)
    text = sent.get_content().replace("\r\n", "\n")
    gap = "\n" if note.startswith("\n") else ""
    left_out = f"This mail goes without its picture {filename}: the mail server of the game's host"
    assert text.startswith(f"The report.\n{gap}This mail goes without its picture"), text
    assert " ".join(text.split()) == f"The report. {left_out} refused the mail with it as too big."
