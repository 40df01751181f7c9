"""What `wtg check-config` looks at once the config reads well: the games folder, the
maildir folders, and each mail server the config names, logged in to as the config says,
with the IMAP folders the poll uses. One Finding a check."""

from __future__ import annotations

import contextlib
import email.utils
import imaplib
import os
import re
import smtplib
import socket
import ssl
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import Any

from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.files.ownership import root_on_anothers, running_wtg
from wtg.host.config import GmConfig, ImapConfig, ServerConfig, SmtpConfig
from wtg.host.gamesdir import folder_meant, games_folder_slip, restore_under_way, scan_games
from wtg.host.oauth2config import OAuth2Config, oauth2_file_problems
from wtg.host.relativedir import FULL_PATH, relative_games_dir
from wtg.mail.servers import inbox
from wtg.mail.servers.foldernames import folders_there
from wtg.mail.servers.loginhint import login_hint, password_source
from wtg.mail.servers.oauth2 import TokenError
from wtg.mail.servers.tlsmode import mode_failure
from wtg.mail.servers.transport import SIZE_REFUSED, connect_smtp, sender_hint
from wtg.text.addresses import ascii_domain

TIMEOUT = 20.0
"""Seconds to wait for a server: a check should not hang a terminal for the poll's 60."""


class Verdict(Enum):
    OK = "ok"
    NOTE = "note"
    """Not as it should be, but wtg sees to it by itself (a folder the poll creates)."""
    FAIL = "FAIL"


class Finding(Record):
    verdict: Verdict
    subject: str
    text: str

    def line(self) -> str:
        return f"{self.verdict.value:<5} {self.subject}: {self.text}"


def probe(gm: GmConfig) -> Iterator[Finding]:
    """Every check of the config's folders and servers, in the order they are made."""
    games = _games_dir(gm.games_dir, gm)
    yield games
    if gm.transport == "maildir":
        for key, path, maker in (
            ("maildir_in", gm.maildir_in, "the first `wtg poll`"),
            ("maildir_out", gm.maildir_out, "the first `wtg send`"),
        ):  # one in a games folder that is not there: no poll makes it before that is mended
            if games.verdict is not Verdict.FAIL or not path.is_relative_to(gm.games_dir):
                own = path == gm.spool / key.replace("_", "-")  # made by wtg, else the GM's
                yield _maildir(key, path, maker if own else None)
    problems = oauth2_file_problems(gm.oauth2) if gm.oauth2 is not None else []
    if gm.oauth2 is not None:
        yield from _oauth2(gm.oauth2, problems)
    if gm.imap is not None:
        if problems and gm.imap.auth == "oauth2":
            yield _no_login("imap", gm.imap)
        else:
            yield from _imap(gm.imap)
    if gm.smtp is not None:
        nowhere = _sender_nowhere(gm.smtp.sender)
        if nowhere is not None:
            yield nowhere
        if problems and gm.smtp.auth == "oauth2":
            yield _no_login("smtp", gm.smtp)
        else:
            yield from _smtp(gm.smtp)


def _sender_nowhere(sender: str) -> Finding | None:
    """A FAIL for a From of no domain (``gm@localhost``, `wtg init`'s without --from; a bare
    host name), sent through a mail server: no player can mail it, so each reply to a
    report goes nowhere, and other servers refuse it. None for a From with a domain."""
    domain = email.utils.parseaddr(sender)[1].rpartition("@")[2].strip(".").casefold()
    if "." in domain and domain != "localhost.localdomain":
        return None
    return Finding(
        Verdict.FAIL,
        f"from {sender!r}",
        f"an address of no domain ({domain or 'none'}), which no player can mail and other "
        "mail servers refuse: each player's reply to a report, his orders in it, would go "
        "nowhere; write the host's own address in the config's from: (from: \"Game Master "
        '<gm@example.org>", the address the imap login reads)',
    )


def _no_login(kind: str, config: ServerConfig) -> Finding:
    """A server whose oauth2 login lacks what the lines above name: not tried."""
    return Finding(
        Verdict.FAIL, _server(kind, config), "no login tried: mend the oauth2 lines above"
    )


def _oauth2(config: OAuth2Config, problems: list[str]) -> Iterator[Finding]:
    """The client and the refresh token: what a login with oauth2 needs and lacks."""
    subject = f"oauth2 {config.provider}"
    for line in problems:
        yield Finding(Verdict.FAIL, subject, line)
    if not problems:
        yield Finding(
            Verdict.OK,
            subject,
            f"client {config.client_id}, refresh token in {config.refresh_token_file}",
        )


def _games_dir(path: Path, gm: GmConfig) -> Finding:
    subject = f"games_dir {path}"
    if not path.exists():
        meant = folder_meant(path, games=True)
        relative = None if meant else _relative(gm)
        if relative is not None:  # what it was read against, and what to write
            read, line = relative
            said = f"write {line}" if line else f"create it, or write {FULL_PATH}"
            return Finding(Verdict.FAIL, subject, f"missing: {read}: {said}")
        said = f"{meant} Correct games_dir" if meant else "create it, or correct games_dir"
        return Finding(Verdict.FAIL, subject, f"missing ({said})")
    if not path.is_dir():
        return Finding(Verdict.FAIL, subject, "not a folder")
    refused = root_on_anothers(path, "the games folder", _as_user)
    if refused is not None:  # every other command refuses it (gmtrial43: said `ok`)
        return Finding(Verdict.FAIL, subject, refused)
    if not os.access(path, os.W_OK | os.X_OK):
        return Finding(Verdict.FAIL, subject, "wtg cannot write in it")

    slip = games_folder_slip(path, configured=True)
    if slip is not None:
        return Finding(Verdict.FAIL, subject, f"{slip}: correct games_dir")
    restoring = restore_under_way(path)
    if restoring is not None:
        return Finding(Verdict.FAIL, subject, restoring)
    games = len(scan_games(path).folders)
    return Finding(Verdict.OK, subject, f"a folder wtg can write in, {counted(games, 'game')}")


def _as_user(name: str) -> str:
    """The command as the user ``name``, as check-config says it."""
    return f"sudo -u {name} {running_wtg()} ..."


def _relative(gm: GmConfig) -> tuple[str, str | None] | None:
    """What a FAIL of ``gm``'s games_dir, not there, says of it when it is relative."""
    return relative_games_dir(gm.games_dir_written, gm.file, Path.cwd()) if gm.file else None


def _maildir(key: str, path: Path, maker: str | None) -> Finding:
    """A maildir folder; ``maker``: the command that makes it when it is missing (None: a
    folder the config names, which no command makes: the poll and the send refuse it)."""
    subject = f"{key} {path}"
    if not path.exists() and maker is not None:
        return Finding(Verdict.NOTE, subject, f"missing; {maker} creates it")
    if not path.exists():
        meant = folder_meant(path)
        said = f"{meant} Correct {key}" if meant else f"correct {key}, or make it a Maildir"
        return Finding(Verdict.FAIL, subject, f"missing ({said})")
    missing = [sub for sub in ("cur", "new", "tmp") if not (path / sub).is_dir()]
    if missing:
        return Finding(Verdict.FAIL, subject, f"not a Maildir (no {', '.join(missing)})")
    if not os.access(path, os.W_OK | os.X_OK):
        return Finding(Verdict.FAIL, subject, "wtg cannot write in it")
    return Finding(Verdict.OK, subject, "a Maildir wtg can write in")


def _server(kind: str, config: ServerConfig) -> str:
    tls = "ssl" if config.ssl else "starttls" if config.starttls else "no TLS"
    return f"{kind} {config.host}:{config.port} ({tls})"


def _imap(config: ImapConfig) -> Iterator[Finding]:
    # deferred: imapclient: only the commands that reach an IMAP server
    from imapclient.exceptions import CapabilityError, LoginError

    subject = _server("imap", config)
    try:
        client = inbox.connect_imap(config, timeout=TIMEOUT)  # looked up when called
    except LoginError as exc:
        refused = f"login as {config.username} refused: {said(exc)}"
        source = password_source("imap", config, checking=True)  # the file the poll reads
        yield Finding(Verdict.FAIL, subject, refused + login_hint("imap", config) + source)
        return
    except TokenError as exc:
        yield Finding(Verdict.FAIL, subject, f"no login as {config.username}: {exc}")
        return
    except CapabilityError as exc:
        yield Finding(Verdict.FAIL, subject, f"the server does not offer it: {said(exc)}")
        return
    except ssl.SSLError as exc:
        yield Finding(Verdict.FAIL, subject, _tls_failed("imap", config, exc))
        return
    except (OSError, imaplib.IMAP4.error) as exc:
        yield Finding(Verdict.FAIL, subject, _cannot_connect("imap", config, exc))
        return
    yield Finding(Verdict.OK, subject, f"logged in as {config.username}")
    try:
        yield from _imap_folders(client, config)
    finally:
        with contextlib.suppress(OSError, imaplib.IMAP4.error):
            client.logout()


def _imap_folders(client: Any, config: ImapConfig) -> Iterator[Finding]:
    folders = (
        ("folder", config.folder, False),
        ("processed_folder", config.processed_folder, True),
        ("rejected_folder", config.rejected_folder, True),
    )
    for key, name, poll_creates in folders:
        subject = f"imap {key} {name!r}"
        try:
            there = bool(client.folder_exists(name))
        except (OSError, imaplib.IMAP4.error) as exc:
            yield Finding(Verdict.FAIL, subject, f"cannot be looked up: {said(exc)}")
            continue
        if there:
            yield Finding(Verdict.OK, subject, "there")
        elif poll_creates:
            yield Finding(Verdict.NOTE, subject, "missing; `wtg poll` creates it at its first run")
        else:
            yield Finding(Verdict.FAIL, subject, _folder_missing(client, name))


def _folder_missing(client: Any, name: str) -> str:
    """The line of the folder the config polls, missing: the mailbox's folders, and the
    one meant (``foldernames``), as the poll says them."""
    said = "missing: order mails arrive in this folder"
    try:
        there = {str(folder) for _flags, _delimiter, folder in client.list_folders()}
    except (OSError, imaplib.IMAP4.error):  # the folders unsaid: the line as it was
        return said
    return f"{said}; it is not in the mailbox, {folders_there(name, there)}"


def _smtp(config: SmtpConfig) -> Iterator[Finding]:
    subject = _server("smtp", config)
    try:
        client = connect_smtp(config, timeout=TIMEOUT)
    except smtplib.SMTPAuthenticationError as exc:
        refused = f"login as {config.username} refused: {said(exc)}"
        source = password_source("smtp", config, checking=True)  # the file the poll reads
        yield Finding(Verdict.FAIL, subject, refused + login_hint("smtp", config) + source)
        return
    except TokenError as exc:
        yield Finding(Verdict.FAIL, subject, f"no login as {config.username}: {exc}")
        return
    except smtplib.SMTPNotSupportedError as exc:
        yield Finding(Verdict.FAIL, subject, f"the server does not offer it: {said(exc)}")
        return
    except ssl.SSLError as exc:
        yield Finding(Verdict.FAIL, subject, _tls_failed("smtp", config, exc))
        return
    except (OSError, smtplib.SMTPException) as exc:
        yield Finding(Verdict.FAIL, subject, _cannot_connect("smtp", config, exc))
        return
    try:
        refused = _sender_refused(client, config)
    finally:
        with contextlib.suppress(OSError, smtplib.SMTPException):
            client.quit()
    if config.username:
        yield Finding(Verdict.OK, subject, f"logged in as {config.username}")
    else:
        yield Finding(Verdict.OK, subject, "the server answers (no login in the config)")
    if refused:
        yield Finding(Verdict.FAIL, f"smtp from {config.sender!r}", refused)


def _sender_refused(client: smtplib.SMTP, config: SmtpConfig) -> str:
    """Why the server refuses the From as the sender of a mail (a MAIL FROM, then RSET:
    nothing is sent), or "" when it takes it (or said nothing for good)."""
    sender = ascii_domain(email.utils.parseaddr(config.sender)[1])
    try:
        client.ehlo_or_helo_if_needed()  # a login says EHLO; a server without one is greeted here
        code, reply = client.mail(sender)
        with contextlib.suppress(OSError, smtplib.SMTPException):
            client.rset()
    except (OSError, smtplib.SMTPException, UnicodeError):
        return ""  # the send meets it with its own line
    text = said(smtplib.SMTPResponseException(code, reply))
    if 500 <= code < 600 and code != SIZE_REFUSED:
        return f"the server refuses it as the sender: {text}; {sender_hint(code)}"
    return ""


def _tls_failed(kind: str, config: ServerConfig, exc: ssl.SSLError) -> str:
    """A failed TLS handshake as one line: a server that greets in plain text, or a
    certificate that failed its check, named with the keys to change; else what OpenSSL
    said."""
    why = mode_failure(kind, config, exc)
    return f"TLS failed: {why or exc.reason or exc}"


def _cannot_connect(kind: str, config: ServerConfig, exc: BaseException) -> str:
    """A connection that failed as one line: a server that said nothing in time because
    its port waits for TLS named with the keys to change; else what failed."""
    why = mode_failure(kind, config, exc)
    if why:
        return f"no greeting in {TIMEOUT:g} s: {why}"
    if isinstance(exc, (ConnectionError, socket.gaierror)):  # no server there: the poll's words
        wrong = f"the server is down, or {kind}.host or {kind}.port is wrong"
        return f"cannot connect: {said(exc)} ({wrong})"
    return f"cannot connect: {said(exc)}"


def failed_connection(kind: str, config: ServerConfig | None, exc: BaseException) -> str:
    """Why a poll or a send could not open its connection, as one line: a TLS mode that is
    not the port's named with the keys to change (``wtg.mail.servers.tlsmode``), else ``said``."""
    # deferred: imapclient: only the commands that reach an IMAP server
    from imapclient.exceptions import LoginError

    if config is None:
        return said(exc)
    if isinstance(exc, (LoginError, smtplib.SMTPAuthenticationError)):
        return said(exc) + login_hint(kind, config) + password_source(kind, config)
    why = mode_failure(kind, config, exc)
    if why:
        return f"{said(exc)}: {why}"
    if isinstance(exc, (ConnectionError, socket.gaierror)):  # no server there to answer
        return (
            f"cannot reach {config.host}:{config.port}: {said(exc)} (the server is down, or "
            f"{kind}.host or {kind}.port is wrong: `wtg check-config` tries it)"
        )
    return said(exc)


_BYTES_SHOWN = re.compile(r"""\bb(['"])(.*?)\1""")


def said(exc: BaseException) -> str:
    """An exception as one line: an SMTP reply's code and text, else its message."""
    if isinstance(exc, smtplib.SMTPResponseException):
        error = exc.smtp_error
        text = error.decode("utf-8", "replace") if isinstance(error, bytes) else str(error)
        text = f"{exc.smtp_code} {text}"
    elif isinstance(exc, OSError) and exc.strerror:
        text = exc.strerror
    else:
        text = str(exc) or type(exc).__name__
    # imapclient and imaplib show the server's bytes as Python writes them: b'...\\r\\n'
    text = _BYTES_SHOWN.sub(lambda m: m.group(2), text)
    for escaped, meant in (("\\r", " "), ("\\n", " "), ("\\t", " "), ("\\'", "'")):
        text = text.replace(escaped, meant)
    shown = "".join(char if char.isprintable() else " " for char in text)  # a server's text
    return " ".join(shown.split())
