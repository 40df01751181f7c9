"""Which refusals of the SMTP server are the From's (every mail would meet them: the mail
stays queued) and which are one mail's (set aside for good), as `SmtpTransport` tells
them apart; and `with_sender`, which gives a queued mail the From of the config."""

from __future__ import annotations

import smtplib

import pytest

from wtg.host.config import SmtpConfig
from wtg.mail.outgoing.compose import with_sender
from wtg.mail.servers.transport import PermanentFailure, SenderRefused, SmtpTransport, TooBig

RAW = (
    b"From: Game Master\r\n <games@elsewhere.example>\r\nTo: p1@players.example\r\n"
    b"Subject: report\r\n\r\nFrom: a line of the body\r\n"
)


class Refusing:
    """An SMTP client whose server refuses every mail with ``error``."""

    def __init__(self, error: smtplib.SMTPException) -> None:
        self.error = error

    def ehlo_or_helo_if_needed(self) -> None:
        pass

    def sendmail(self, *args: object, **kwargs: object) -> dict[str, object]:
        raise self.error

    def quit(self) -> None:
        pass


def sent(error: smtplib.SMTPException) -> None:
    config = SmtpConfig(
        host="smtp.example.org", port=587, ssl=False, starttls=True, username=None, password=None
    )
    transport = SmtpTransport(config)
    transport.client = Refusing(error)  # type: ignore[assignment]
    transport.send("m1", RAW)


@pytest.mark.parametrize(
    "error",
    [
        smtplib.SMTPSenderRefused(553, b"5.7.1 Sender address rejected", "games@x"),
        smtplib.SMTPSenderRefused(550, b"5.7.60 SMTP; Client does not have permissions", "g@x"),
        smtplib.SMTPDataError(554, b"5.2.252 SendAsDenied; gm@x not allowed to send as g@x"),
        smtplib.SMTPDataError(550, b"5.7.60 SMTP; Client does not have permissions"),
        smtplib.SMTPDataError(  # Amazon SES, a From it has not verified
            554,
            b"Message rejected: Email address is not verified. The following identities "
            b"failed the check in region EU-WEST-1: Games@Elsewhere.example",
        ),
        smtplib.SMTPDataError(  # SendGrid
            550,
            b"The from address does not match a verified Sender Identity. Mail cannot be "
            b"sent until this error is resolved. Visit https://sendgrid.com/docs/for-"
            b"developers/sending-email/sender-identity/ to see the Sender Identity "
            b"requirements",
        ),
    ],
)
def test_refusals_of_the_from_keep_the_mail_queued(error: smtplib.SMTPException) -> None:
    with pytest.raises(SenderRefused, match=r"set smtp\.from"):
        sent(error)


@pytest.mark.parametrize(
    "error",
    [
        smtplib.SMTPSenderRefused(552, b"5.3.4 Message size exceeds fixed limit", "gm@x"),
        smtplib.SMTPDataError(550, b"5.7.1 Message rejected as spam"),
        smtplib.SMTPDataError(554, b"5.6.0 Message content rejected"),
        smtplib.SMTPDataError(  # Amazon SES in its sandbox: a recipient it has not verified
            554,
            b"Message rejected: Email address is not verified. The following identities "
            b"failed the check in region EU-WEST-1: p1@players.example",
        ),
    ],
)
def test_refusals_of_one_mail_set_it_aside(error: smtplib.SMTPException) -> None:
    with pytest.raises(PermanentFailure):
        sent(error)


@pytest.mark.parametrize(
    "error",
    [
        smtplib.SMTPSenderRefused(552, b"5.3.4 Message size exceeds fixed limit", "gm@x"),
        smtplib.SMTPSenderRefused(552, b"Error: message size exceeds fixed maximum", "gm@x"),
        smtplib.SMTPDataError(552, b"5.3.4 Message size exceeds fixed maximum message size"),
        smtplib.SMTPDataError(554, b"5.3.4 Message too big for system"),
        smtplib.SMTPDataError(550, b"5.2.3 Message length exceeds administrative limit"),
    ],
)
def test_refusals_for_the_size_are_told_apart(error: smtplib.SMTPException) -> None:
    """A mail too big may go lighter (its picture left out:
    ``wtg.mail.outgoing.sender.deliver``)."""
    with pytest.raises(TooBig):
        sent(error)


def test_a_mailbox_full_is_no_refusal_for_the_size() -> None:
    with pytest.raises(PermanentFailure) as refused:
        sent(smtplib.SMTPDataError(552, b"5.2.2 Mailbox full"))
    assert not isinstance(refused.value, TooBig)


def test_with_sender_replaces_only_the_from_header() -> None:
    assert with_sender(RAW, "Game Master <gm@example.org>") == (
        b"From: Game Master <gm@example.org>\r\nTo: p1@players.example\r\n"
        b"Subject: report\r\n\r\nFrom: a line of the body\r\n"
    )
    assert with_sender(RAW, "GAMES@elsewhere.example") is RAW  # the address already: as it is
    assert with_sender(b"To: p1@players.example\r\n\r\nbody\r\n", "gm@example.org") == (
        b"To: p1@players.example\r\n\r\nbody\r\n"
    )
