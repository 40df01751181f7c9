"""Every mail `wtg send` hands to the transport is signed with the GM's DKIM key (``dkim:``
in the config; ``dkimpy`` makes the signature).

Signed when it is sent, not when it is queued: the outbox keeps each mail as it was
made, and each send signs it with the key of the config as it is then. A mail queued
before ``dkim:`` was set, or before the key was changed (a new selector), a mail waiting
through a restart, a mail sent again after a kill: each goes out signed with the key whose
record is published now. What ``outbox/sent/`` keeps is the mail unsigned, as queued
(``sent_mail`` reads it back to know what a player answers).

Which headers: those that make the mail what it is to its reader and that a list or a
forwarder leaves alone (From, To, Cc, Subject, Date, Message-ID, In-Reply-To,
References, and the MIME headers that say how to read the body), each one where the mail
has it, and From once more than it has it (over-signed: a second From added on the way
breaks the signature, so a forwarder cannot put another sender in front of the reader).
Not the headers that servers and lists add on the way (Received, Return-Path, the
List-* of list software, Authentication-Results): signing them would break the signature
wherever they are added. Canonicalization relaxed/relaxed: a header refolded, the case of
its name changed, white space at ends of lines or a trailing blank line changed on the
way (as MTAs and lists do) keep the signature valid.

A key that cannot be read stops the signing, not the mail: every mail due stays queued
with the reason (``SigningFailed``), since a mail sent unsigned from a domain that
publishes DKIM lands in spam; the next send, with the key put right, sends it.
"""

from __future__ import annotations

from logging import WARNING
from typing import TYPE_CHECKING

from wtg.core.errors import MailError
from wtg.host.config import DkimConfig
from wtg.logs.events import log_event
from wtg.mail.message.extract import parse_headers

if TYPE_CHECKING:
    from wtg.mail.outgoing.dkimkeys import DkimKey

SIGNED = (
    "From",
    "To",
    "Cc",
    "Subject",
    "Date",
    "Message-ID",
    "In-Reply-To",
    "References",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
)
"""The headers signed, each as often as the mail has it (``signed_headers``)."""
OVERSIGNED = ("From",)
"""Signed once more than the mail has them: none may be added."""
CANONICALIZE = (b"relaxed", b"relaxed")


class SigningFailed(MailError):
    """The key cannot sign (unreadable, no RSA key): no mail goes out until it can."""


class UnsignableMail(MailError):
    """This one mail cannot be signed (dkimpy cannot read its headers): set aside, as a
    mail the server refuses for good; the others go out."""


def signed_headers(raw: bytes) -> list[str]:
    """The names ``h=`` lists for this mail: each of ``SIGNED`` as often as the mail has
    it, then the over-signed ones again."""
    head = parse_headers(raw)
    names = [name for name in SIGNED for _ in head.get_all(name, [])]
    return names + [name for name in OVERSIGNED if name in names]


class Signer:
    """The signer of one send: the key is read at the first mail (a send with nothing to
    send reads nothing) and kept for the others."""

    def __init__(self, config: DkimConfig, key: DkimKey | None = None) -> None:
        self.config = config
        self._key = key

    def key(self) -> DkimKey:
        if self._key is None:
            # deferred: cryptography: only a send with a mail to sign reads the key
            from wtg.mail.outgoing.dkimkeys import KeyProblem, loose_mode, read_key

            try:
                key = read_key(self.config.key_file)
            except KeyProblem as exc:
                raise SigningFailed(str(exc)) from exc
            loose = loose_mode(self.config.key_file, key.mode)
            if loose is not None:  # as a loose password file: said, and the mail goes on
                log_event(f"send: warning: {loose}", level=WARNING)
            self._key = key
        return self._key

    def sign(self, raw: bytes) -> bytes:
        """``raw`` with a DKIM-Signature on top, its lines ended as the mail's are."""
        # deferred: dkimpy (and the DNS library it loads): only a send with a mail to sign
        import dkim

        key = self.key()
        linesep = b"\r\n" if b"\r\n" in raw[:4096] else b"\n"
        try:
            field = dkim.sign(
                raw,
                self.config.selector.encode("ascii"),
                self.config.domain.encode("ascii"),
                key.pem,
                canonicalize=CANONICALIZE,
                include_headers=[name.encode("ascii") for name in signed_headers(raw)],
                linesep=linesep,
            )
        except dkim.KeyFormatError as exc:
            raise SigningFailed(f"the DKIM key {self.config.key_file}: {exc}") from exc
        except dkim.DKIMException as exc:
            raise UnsignableMail(f"DKIM cannot sign this mail: {exc}") from exc
        return bytes(field) + raw
