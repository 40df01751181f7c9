"""Where mail goes out: an SMTP server (smtplib) or a local Maildir (``maildir_out``)."""

from __future__ import annotations

import contextlib
import email.parser
import email.policy
import email.utils
import os
import re
import smtplib
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from wtg.core.errors import MailError
from wtg.core.numbered import numbered
from wtg.core.printable import printable
from wtg.files import private
from wtg.files.store import fsync_dir
from wtg.host.config import SmtpConfig
from wtg.mail.servers.loginhint import login_hint, password_source
from wtg.mail.servers.oauth2 import TokenError, Tokens, tokens_for, xoauth2
from wtg.mail.servers.tlsmode import mode_failure, tls_context
from wtg.text.addresses import ascii_domain


class TemporaryFailure(MailError):
    """Try again later: the server is down or said 4xx."""


class Unreachable(TemporaryFailure):
    """No connection to the server at all: nothing is wrong with any one mail."""


class PermanentFailure(MailError):
    """The server refused this mail for good (5xx)."""


class TooBig(PermanentFailure):
    """The server refuses this mail for its size (552 at MAIL FROM for the size announced,
    or a refusal with an enhanced code of a mail too big: 5.3.4, 5.2.3): a lighter one
    may go."""


class SenderRefused(MailError):
    """The server refuses the From of every mail (``smtp.from``, not an address the login
    may send as): the config's fault, not any one mail's, so every mail waits."""


class ConfigRefused(SenderRefused):
    """The server refuses what the config asks of it as the connection opens: the login
    (``smtp.username`` and its password or token), or STARTTLS it does not offer. The
    config's fault too, so every mail waits, with what to change."""


SMTP_TIMEOUT = 60.0
"""Seconds the send waits for an answer of the server (its greeting, or the answer to a
command) before it takes the server for one that stopped answering."""

SIZE_REFUSED = 552
"""A refusal at MAIL FROM for the size the client announced: this mail's alone."""

STORAGE = 552
"""A refusal at RCPT TO for storage (a mailbox full, too many recipients): RFC 5321
(4.5.3.1.10) has a client take it as 452 there, a deferral."""

CLOSING = 421
"""The server closes the connection (RFC 5321, 3.8): smtplib closes its end too. At RCPT
TO it defers that recipient; at MAIL FROM or after DATA it ends the send's tries, as a
server down does (each mail would meet it again, on a connection and a login of its own:
a server that says 421 for too many connections or mails is asked again at once)."""

SEND_AS_DENIED = ("5.7.60", "5.2.252")
"""The enhanced codes of a refusal after DATA that says the login may not send as the
From (Microsoft 365's SendAsDenied): a refusal of the sender, not of the mail."""


FROM_HINT = (
    "set smtp.from to the address the smtp login sends as (or an alias the provider lets it use)"
)


AUTH_REQUIRED = 530
"""A refusal at MAIL FROM of a client that did not log in (RFC 4954)."""

LOGIN_HINT = "the server sends only for a login: give smtp.username and its password"


def sender_hint(code: int) -> str:
    """What to change for a server that refuses the From with ``code``."""
    return LOGIN_HINT if code == AUTH_REQUIRED else FROM_HINT


def sender_refusal(host: str, sender: str, code: int, text: str) -> str:
    """The one line that says the server will not take the From, and what to change."""
    return f"{host} refuses the sender {sender}: {code} {text}; {sender_hint(code)}"


class Transport(Protocol):
    def send(self, ident: str, raw: bytes) -> None: ...

    def close(self) -> None: ...


def envelope(raw: bytes) -> tuple[str, list[str]]:
    """The sender and the recipients of the mail ``raw``, from its From, To and Cc: its
    headers read alone (a report's picture, the most of its bytes, is not parsed)."""
    msg = email.parser.BytesParser(policy=email.policy.default).parsebytes(raw, headersonly=True)
    sender = email.utils.parseaddr(str(msg.get("From", "")))[1]
    recipients = [
        addr
        for _, addr in email.utils.getaddresses(
            [str(v) for v in msg.get_all("To", []) + msg.get_all("Cc", [])]
        )
        if addr
    ]
    return sender, recipients


class StartTlsNotOffered(MailError, smtplib.SMTPNotSupportedError):
    """``smtp.starttls: true``, and the server does not offer STARTTLS (an SMTP error too,
    for the callers of ``connect_smtp`` that catch those: check-config's probe)."""


def connect_smtp(config: SmtpConfig, timeout: float = SMTP_TIMEOUT) -> smtplib.SMTP:
    """A connected SMTP client, TLS as configured, logged in when the config names a login:
    the one place the connection is made. Raises OSError or smtplib.SMTPException."""
    if config.ssl:
        client: smtplib.SMTP = smtplib.SMTP_SSL(
            config.host, config.port, timeout=timeout, context=tls_context(config)
        )
    else:
        client = smtplib.SMTP(config.host, config.port, timeout=timeout)
    try:
        if config.starttls and not config.ssl:
            client.ehlo_or_helo_if_needed()
            if not client.has_extn("starttls"):
                raise StartTlsNotOffered("STARTTLS extension not supported by server.")
            client.starttls(context=tls_context(config))
        if config.auth == "oauth2" and config.oauth2 is not None:
            _oauth2_login(client, config.username or "", tokens_for(config.oauth2))
        elif config.username:
            client.login(config.username, config.secret())
    except BaseException:
        client.close()
        raise
    return client


def _oauth2_login(client: smtplib.SMTP, user: str, tokens: Tokens) -> None:
    """AUTH XOAUTH2 with the token held; refused, once more with a new one. Raises
    SMTPAuthenticationError, or TokenError."""
    client.ehlo_or_helo_if_needed()
    token = tokens.access_token()
    try:
        _xoauth2(client, user, token)
    except smtplib.SMTPAuthenticationError:
        _xoauth2(client, user, tokens.renewed(token))


def _xoauth2(client: smtplib.SMTP, user: str, token: str) -> None:
    def answer(challenge: bytes | None = None) -> str:
        # a challenge after the token is the server's error (JSON): an empty line ends it
        return "" if challenge is not None else xoauth2(user, token)

    client.auth("XOAUTH2", answer)


class SmtpTransport:
    """One connection for a run of ``wtg send``; opened on the first mail."""

    def __init__(self, config: SmtpConfig) -> None:
        self.config = config
        self.client: smtplib.SMTP | None = None

    def _connect(self) -> smtplib.SMTP:
        cfg = self.config
        try:
            return connect_smtp(cfg)
        except smtplib.SMTPAuthenticationError as exc:
            raise ConfigRefused(
                f"{cfg.host}:{cfg.port} refused the login as {cfg.username}: {exc.smtp_code} "
                f"{_reply_text(exc.smtp_error)}{login_hint('smtp', cfg)}"
                f"{password_source('smtp', cfg)}"
            ) from exc
        except StartTlsNotOffered as exc:
            raise ConfigRefused(
                f"{cfg.host}:{cfg.port} does not offer STARTTLS, which smtp.starttls: true "
                "asks for: give smtp.port the provider's port for it (587), or its TLS port "
                "(465) with smtp.ssl: true; smtp.starttls: false sends unencrypted, for a "
                "server of your own alone"
            ) from exc
        except smtplib.SMTPResponseException as exc:  # it answered: its words, not Python's
            raise Unreachable(
                f"{cfg.host}:{cfg.port} answered, and refused to go on before any mail: "
                f"{exc.smtp_code} {_reply_text(exc.smtp_error)}"
            ) from exc
        except (OSError, smtplib.SMTPException) as exc:
            why = mode_failure("smtp", cfg, exc)
            said = f"{exc}; {why}" if why else str(exc)
            raise Unreachable(f"cannot reach {cfg.host}:{cfg.port}: {said}") from exc
        except TokenError as exc:  # the mail waits in the outbox as for a server down
            raise Unreachable(f"cannot log in to {cfg.host}: {exc}") from exc

    def send(self, ident: str, raw: bytes) -> None:
        if self.client is None:
            self.client = self._connect()
        sender, named = envelope(raw)
        if not named:
            raise PermanentFailure("the mail has no recipient")
        recipients = [ascii_domain(address) for address in named]
        try:
            self.client.ehlo_or_helo_if_needed()
            options = []
            if not all(a.isascii() for a in (sender, *recipients)):
                if not self.client.has_extn("smtputf8"):
                    raise PermanentFailure(
                        f"the address {', '.join(a for a in recipients if not a.isascii())} is "
                        f"not ASCII, and {self.config.host} does not take such addresses "
                        "(SMTPUTF8): send through a server that does (smtp.host), or give "
                        "the player an ASCII address in game.yaml"
                    )
                options = ["SMTPUTF8"]
            refused = self.client.sendmail(sender, recipients, raw, mail_options=options)
        except UnicodeError as exc:  # an address smtplib cannot write: this mail's alone
            self.close()  # the server is left in the middle of this mail: start afresh
            raise PermanentFailure(f"an address cannot be written in SMTP: {exc}") from exc
        except smtplib.SMTPRecipientsRefused as exc:
            codes = [code for code, _text in exc.recipients.values()]
            if codes and all(400 <= code < 500 or code == STORAGE for code in codes):
                # greylisting, a mailbox over quota, a server closing (421): try again later
                if CLOSING in codes:
                    self.close()  # smtplib has closed the connection: the next mail opens one
                raise TemporaryFailure(_deferred(exc.recipients)) from exc
            raise PermanentFailure(_refused(exc.recipients)) from exc
        except smtplib.SMTPResponseException as exc:
            text = _reply_text(exc.smtp_error)
            if _refuses_sender(exc, text, sender):
                self.close()  # every mail has this From: none is tried
                raise SenderRefused(
                    sender_refusal(self.config.host, sender, exc.smtp_code, text)
                ) from exc
            if exc.smtp_code == CLOSING:  # smtplib has closed its end: every mail would meet it
                self.close()
                cfg = self.config
                raise Unreachable(
                    f"{cfg.host}:{cfg.port} answered, and closed the connection: "
                    f"{exc.smtp_code} {text}"
                ) from exc
            if _too_big(exc, text):
                raise TooBig(f"{exc.smtp_code} {text}") from exc
            if 500 <= exc.smtp_code < 600:
                raise PermanentFailure(f"{exc.smtp_code} {text}") from exc
            self.close()
            raise TemporaryFailure(f"{exc.smtp_code} {text}") from exc
        except (TimeoutError, OSError, smtplib.SMTPException) as exc:
            waited = self.client.timeout if self.client is not None else SMTP_TIMEOUT
            self.close()
            if _timed_out(exc):  # every mail would wait as long: none is tried this send
                cfg = self.config
                raise Unreachable(
                    f"{cfg.host}:{cfg.port} stopped answering in the middle of a mail (no "
                    f"answer within {waited:g} s): the server is stuck or overloaded"
                ) from exc
            raise TemporaryFailure(str(exc) or type(exc).__name__) from exc
        if refused:
            raise PermanentFailure(_refused(refused))

    def close(self) -> None:
        if self.client is not None:
            with contextlib.suppress(OSError, smtplib.SMTPException):
                self.client.quit()
            self.client = None


def _timed_out(exc: BaseException) -> bool:
    """Whether an error is, or came of, a wait for the server that ran out (smtplib makes a
    read that timed out a SMTPServerDisconnected, the timeout its context)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, TimeoutError):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _deferred(recipients: dict[str, tuple[int, bytes]]) -> str:
    """The line of recipients the server deferred at RCPT TO, each with its answer."""
    return _answers(recipients, "deferred")


def _refused(recipients: dict[str, tuple[int, bytes]]) -> str:
    """The line of recipients the server refused at RCPT TO, each with its answer."""
    return _answers(recipients, "refused")


def _answers(recipients: dict[str, tuple[int, bytes]], what: str) -> str:
    """Each recipient with the server's answer to it, as the server wrote it (not as
    Python writes bytes: ``b'5.1.1 ...'``)."""
    return "; ".join(
        f"{address} {what}: {code} {_reply_text(text)}"
        for address, (code, text) in sorted(recipients.items())
    )


def _reply_text(error: bytes | str) -> str:
    """A server's reply text as one line, without control characters (it may quote an
    address or a mail: kept in the outbox's notes, shown in terminals and cron's mail)."""
    text = error.decode("utf-8", "replace") if isinstance(error, bytes) else str(error)
    return " ".join(printable(text).split())


def _refuses_sender(exc: smtplib.SMTPResponseException, text: str, sender: str) -> bool:
    """Whether a 5xx refusal is of the From itself (at MAIL FROM, not for the size; or
    after DATA with an enhanced code of send-as denied, or a relay's words that the From
    is no identity it has verified), which every mail would meet."""
    if not 500 <= exc.smtp_code < 600:
        return False
    if isinstance(exc, smtplib.SMTPSenderRefused):
        return exc.smtp_code != SIZE_REFUSED and not _too_big(exc, text)
    if not isinstance(exc, smtplib.SMTPDataError):
        return False
    if text.startswith(SEND_AS_DENIED) or _UNVERIFIED_FROM.search(text):
        return True
    failed = _FAILED_IDENTITIES.search(text)
    return failed is not None and sender.lower() in failed[1].lower().split()


_UNVERIFIED_FROM = re.compile(r"from address does not match a verified sender identity", re.I)
"""SendGrid's refusal after DATA of a From that is none of the account's verified senders."""

_FAILED_IDENTITIES = re.compile(r"identities failed the check in region [\w-]+:(.*)", re.I)
"""Amazon SES's refusal after DATA of an address it has not verified (``554 Message
rejected: Email address is not verified. The following identities failed the check in
region EU-WEST-1: gm@example.org``): the From's, or in its sandbox a recipient's."""


def _too_big(exc: smtplib.SMTPResponseException, text: str) -> bool:
    """Whether a 5xx refusal is for the mail's size: an enhanced code that says so, or 552
    with no enhanced code of another kind (aiosmtpd's 'Error: message size exceeds ...';
    552 5.2.2 is a mailbox full)."""
    if not 500 <= exc.smtp_code < 600:
        return False
    if text.startswith(TOO_BIG):
        return True
    return exc.smtp_code == SIZE_REFUSED and not _ENHANCED.match(text)


TOO_BIG = ("5.3.4", "5.2.3")
"""The enhanced codes of a mail too big (RFC 3463): for the system, for the server's limit."""

_ENHANCED = re.compile(r"[245]\.[0-9]{1,3}\.[0-9]{1,3}\b")


class MaildirTransport:
    """The embedded transport: each mail becomes ``maildir_out/new/<id>``. Writing the
    same id again replaces the file, so a mail is never there twice."""

    def __init__(self, path: Path) -> None:
        self.path = path
        for sub in ("tmp", "new", "cur"):
            private.make_dirs(path / sub)

    def send(self, ident: str, raw: bytes) -> None:
        tmp = self.path / "tmp" / ident
        private.write_file(tmp, raw)
        os.replace(tmp, self.path / "new" / ident)
        fsync_dir(self.path / "new")

    def close(self) -> None:
        pass


def delivered(path: Path) -> Sequence[Path]:
    """The mails in a maildir_out, oldest first (for the demo and the tests); those of one
    file time in the order a send mails them, a name's digits compared as numbers."""
    files = [p for sub in ("new", "cur") for p in (path / sub).glob("*") if p.is_file()]
    return sorted(files, key=lambda p: (p.stat().st_mtime_ns, numbered(p.name)))
