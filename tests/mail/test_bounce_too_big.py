"""A bounce from the player's own mail server saying our report was too big for his
mailbox (Status 5.3.4 or 5.2.3: Postfix's message_size_limit, Exchange's, Gmail's 25 MB)
marked his address failing, and the poll told the GM to correct it in game.yaml, though the
address is fine: a report with the map picture of a big map is megabytes. The address is
not marked; the report goes again without its picture, its text saying why (as `wtg send`
does when our own server refuses it as too big); a mail that had no picture is not sent
again, and the GM is told the true reason."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.loop import NOW, World
from tests.mail.test_bounces import FIXTURES, drop, failing, ours
from wtg.game.bounces import bounces_of
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.pictures import PNG_SIGNATURE
from wtg.mail.outgoing.sender import deliver
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.servers.transport import MaildirTransport

REPORT = "report-g1-t0001-p02"


def sent_to_p2(world: World, picture: bool) -> None:
    """The turn-1 report to player 2 as the host sent it, with its map picture or not."""
    outbox = Outbox(world.gm.spool)
    entry = world.game.config.players[1]
    text = "GAME: g1 TURN: 1 PLAYER: 2\n\nYour provinces ...\n"
    msg = compose.message(REPORT, world.gm.sender, entry.email, "report", text, when=NOW)
    if picture:
        compose.with_picture(msg, PNG_SIGNATURE + b"\0" * 4000, "map-turn1.png")
    assert outbox.add(REPORT, msg)
    outbox.sent(REPORT)


def too_big(status: str, refusal_text: str = "") -> bytes:
    """Postfix's bounce of the report to p2, refused by the player's server as too big."""
    raw = (FIXTURES / "postfix.eml").read_bytes()
    raw = raw.replace(b"Status: 5.1.1", f"Status: {status}".encode())
    refusal = (
        refusal_text or "552 " + status + " Message size exceeds fixed maximum message size"
    ).encode()
    raw = raw.replace(
        b"550 5.1.1 <p2@players.example>: Recipient address\n    rejected: User unknown "
        b"in virtual mailbox table",
        refusal,
    )
    assert refusal in raw
    return raw


@pytest.mark.parametrize("status", ["5.3.4", "5.2.3"])
def test_a_report_too_big_for_the_players_mailbox_goes_again_without_its_picture(
    tmp_path: Path, status: str
) -> None:
    world = World(tmp_path)
    sent_to_p2(world, picture=True)
    drop(world, "too-big.eml", ours(world, too_big(status)))
    told: list[str] = []
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), NOW, told=told.append)
    assert not any(failing(world).values())
    assert bounces_of(world.game.store.root) == {}
    ((_key, outcome),) = summary.outcomes
    assert outcome == (
        "rejected: a bounce: a mail to p2@players.example (g1) came back as too big for the "
        f"player's mailbox (552 {status} Message size exceeds fixed maximum "
        "message size): the address is fine, not marked failing; the mail goes again "
        "without its picture at the next send"
    )
    assert told == [outcome.removeprefix("rejected: ")]  # on stderr, which cron mails
    queued = world.outbox()
    assert list(queued) == [REPORT]
    again = message_from_bytes(queued[REPORT], policy=policy.default)
    assert isinstance(again, EmailMessage)
    assert again.get_content_type() == "text/plain"
    sent = (world.gm.spool / "outbox" / "sent" / f"{REPORT}.eml").read_bytes()
    sent_id = "".join(str(message_from_bytes(sent)["Message-ID"]).split())
    assert "".join(str(again["Message-ID"]).split()) == sent_id
    text = " ".join(again.get_content().split())
    assert text.startswith("GAME: g1 TURN: 1 PLAYER: 2")
    assert text.endswith(
        "This mail goes without its picture map-turn1.png: your mail server returned the "
        "mail with it as too big for your mailbox."
    ), text
    world.poll()  # nothing more comes of it
    assert list(world.outbox()) == [REPORT]
    done = deliver(Outbox(world.gm.spool), MaildirTransport(world.gm.maildir_out))
    assert (done.sent, done.failed) == (1, 0)
    assert world.outbox() == {}
    assert (world.gm.spool / "outbox" / "sent" / f"{REPORT}.eml").read_bytes() == queued[REPORT]


def test_a_mail_too_big_without_a_picture_is_not_sent_again_and_the_gm_is_told(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    sent_to_p2(world, picture=False)
    drop(world, "too-big.eml", ours(world, too_big("5.3.4")))
    summary = world.poll()
    assert not any(failing(world).values())
    ((_key, outcome),) = summary.outcomes
    assert outcome.endswith(
        "the address is fine, not marked failing; it had no picture to leave out: ask the "
        "player to let his mailbox take larger mail"
    ), outcome
    assert world.outbox() == {}


@pytest.mark.parametrize(
    ("status", "refusal"),
    [
        ("5.0.0", "552 Message size exceeds maximum permitted"),  # Exim's
        ("5.0.0", "550 5.3.4 Message too big for the system"),
    ],
)
def test_a_status_that_says_nothing_is_read_from_the_servers_reply(
    tmp_path: Path, status: str, refusal: str
) -> None:
    world = World(tmp_path)
    sent_to_p2(world, picture=True)
    drop(world, "too-big.eml", ours(world, too_big(status, refusal)))
    ((_key, outcome),) = world.poll().outcomes
    assert not any(failing(world).values())
    assert f"too big for the player's mailbox ({refusal})" in outcome, outcome
    assert list(world.outbox()) == [REPORT]


def test_a_mailbox_full_is_no_mail_too_big(tmp_path: Path) -> None:
    """552 5.2.2 is a mailbox full: marked failing as before."""
    world = World(tmp_path)
    sent_to_p2(world, picture=True)
    drop(world, "too-big.eml", ours(world, too_big("5.2.2", "552 5.2.2 Mailbox full")))
    world.poll()
    assert failing(world)[2]
    assert world.outbox() == {}
