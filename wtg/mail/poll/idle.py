"""`wtg poll --idle`: stay connected and file each order mail within seconds of its arrival.

One poll, then wait for new mail (IMAP IDLE, or a look at the maildir every two seconds),
then poll again, until SIGTERM or SIGINT: the signal is only noted, and the loop ends
between two polls, so nothing is ever half filed. A dropped connection or a restarted
server is met with a new connection after a pause that grows from 1 s to a minute. With
``send`` the answers go out after each poll that queued any (else `wtg send` does it).
"""

from __future__ import annotations

import errno
import imaplib
import socket
import ssl
import threading
from collections.abc import Callable
from datetime import datetime, timezone

from wtg.core.errors import ConfigError, UsageError, WtgError
from wtg.files.diskspace import disk_full
from wtg.files.ownership import owner_line
from wtg.files.paths import folder_identity
from wtg.host.config import GmConfig, password_now
from wtg.host.gamesdir import games_folder_moved
from wtg.host.pollhealth import record_poll
from wtg.mail.poll import underway
from wtg.mail.poll.poller import Poller, open_inbox
from wtg.mail.poll.summary import PollSummary
from wtg.mail.servers.inbox import FolderMissing, Inbox, MaildirInbox
from wtg.mail.servers.oauth2 import TokenError
from wtg.mail.servers.probe import failed_connection, said
from wtg.mail.servers.unreadfiles import UnreadFiles
from wtg.mail.spool.runlock import only_one

WAIT = 300.0
"""Seconds one wait for new mail may last: then the poll runs anyway (a mail left for
later, a server that forgot to tell) and IDLE starts afresh (RFC 2177 asks for it
within 29 minutes)."""
PAUSE_FIRST = 1.0
PAUSE_MOST = 60.0
REFUSED_FIRST = 60.0
REFUSED_MOST = 1800.0
"""The pause after the server refused the login, growing to half an hour: a provider locks
an account out after some refused logins in a row (Microsoft's Smart Lockout, Gmail's
"suspicious sign-in"), and the pause of a server out of reach (a minute at most) tried the
refused password some 1,440 times a day. A password mended in its file is tried sooner:
at the service's next look, or `wtg poll --idle`'s next minute."""

CONNECTION_TROUBLE = (
    OSError,
    socket.timeout,
    imaplib.IMAP4.error,
    imaplib.IMAP4.abort,
    TokenError,
    FolderMissing,
)
"""What a dropped connection or a restarted server raises (ssl errors are OSErrors), a
login without its token (``auth: oauth2``: the refresh token refused), or a mailbox
without the folder polled (``imap.folder`` not made yet, or deleted in a mail client):
each tried again after a pause, the games going on meanwhile (before, a missing folder
stopped `wtg serve`, and no turn ran nor report went out until it was started again)."""

CONNECT_TROUBLE = (*CONNECTION_TROUBLE, ConfigError)
"""What opening the inbox may fail with and be tried again after a pause: the above, or
the password not to be had (its ``password_file`` missing or unreadable, with its line:
``ServerConfig.secret``), whose file is read again at each try (``password_now``); before,
a password file not there yet stopped `wtg serve` at its first poll."""


def idle(
    gm: GmConfig,
    stop: threading.Event,
    echo: Callable[[str], None],
    *,
    send: Callable[[], None] | None = None,
    wait: float = WAIT,
    connect: Callable[[GmConfig], Inbox] = open_inbox,
    jobs: int = 1,
) -> None:
    """Poll, wait, poll again until ``stop`` is set. Raises AlreadyRunning when another
    poll of the spool is under way (cron's `wtg poll` meets this one the same way)."""
    started = folder_identity(gm.games_dir)
    unread = UnreadFiles()  # across connections: each file said once while it runs
    with only_one(gm.spool, "poll", "wtg poll --idle"):
        left = unread.left(gm.transport, gm.maildir_in)
        if left is not None:  # at the start, whether the server answers or not
            echo(left)
        pause = PAUSE_FIRST
        refused = REFUSED_FIRST
        while not stop.is_set():
            _refuse_moved(gm, started)
            tried = password_tried(gm)
            try:
                inbox = connect(gm)
            except CONNECT_TROUBLE as error:
                if login_refused(gm, error):
                    _trouble(gm, echo, cannot_connect(gm, error), refused)
                    _wait_refused(gm, stop, refused, tried)
                    refused = min(REFUSED_MOST, refused * 2)
                    continue
                _trouble(gm, echo, cannot_connect(gm, error), pause)
                stop.wait(pause)
                pause = min(PAUSE_MOST, pause * 2)
                continue
            pause, refused = PAUSE_FIRST, REFUSED_FIRST
            try:
                _serve(gm, inbox, stop, echo, send, wait, jobs, started, unread)
            except (*CONNECTION_TROUBLE, SendFailed) as error:
                _refuse_moved(gm, started)
                _trouble(gm, echo, what_failed(gm, error), pause)
                stop.wait(pause)
            finally:
                inbox.close()


class SendFailed(WtgError):
    """The ``send`` step after a poll failed (``cause``: its error): the mail server that
    sends, or the disk, not the connection polled."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(str(cause))
        self.cause = cause


DISK_ERRNOS = frozenset(
    {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO, errno.EFBIG, errno.EMFILE, errno.ENFILE}
)
"""The errors of an OSError that the disk (or the files a process may hold open) gives,
not a connection: a file's name comes with most others of the disk (``on_disk``)."""


def on_disk(error: BaseException) -> bool:
    """Whether ``error`` is the disk's (a file or folder refused, missing or not written,
    the disk full or read-only), not a connection's: an OSError that names a file, or one
    of ``DISK_ERRNOS``, and no socket's error."""
    if not isinstance(error, OSError) or isinstance(
        error, (ConnectionError, TimeoutError, socket.gaierror, ssl.SSLError)
    ):
        return False
    return error.filename is not None or error.errno in DISK_ERRNOS


def what_failed(gm: GmConfig, error: BaseException) -> str:
    """What failed, as one line for the GM and the log: the connection polled (it dropped),
    the send after the poll (``SendFailed``), or the disk (a file another user owns, with
    the ``chown`` to run; the disk full, with the room left on it). Before, every one was
    said as "the connection dropped"."""
    cause = error.cause if isinstance(error, SendFailed) else error
    if on_disk(cause):
        why = owner_line(cause) or str(cause)
        full = disk_full(gm.games_dir, cause)
        said = f"{why}: {full}" if full else why
        if isinstance(error, SendFailed):
            return f"the send after the poll (--send) could not use the disk: {said}"
        return f"the poll could not use the disk: {said}"
    if isinstance(error, SendFailed):
        return f"the send after the poll (--send) failed: {cause}"
    return f"the connection dropped: {cause}"


def _serve(
    gm: GmConfig,
    inbox: Inbox,
    stop: threading.Event,
    echo: Callable[[str], None],
    send: Callable[[], None] | None,
    wait: float,
    jobs: int,
    started: tuple[int, int] | None,
    unread: UnreadFiles,
) -> None:
    def stamped(line: str) -> None:
        echo(f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M:%S} UTC: {line}")

    while not stop.is_set():
        _refuse_moved(gm, started)
        # an address a bounce marked failing is said once its batch is on disk: a poll
        # killed after that has said it, and the next finds the bounce handled
        now = underway.begin(gm.spool)  # noted first: a digest elsewhere ends its lists there
        # a dropped connection is idle's to log, once, with its pause (``_trouble``)
        poller = Poller(
            gm, inbox, now, jobs=jobs, told=stamped, logged_by_caller=CONNECTION_TROUBLE
        )
        summary = poller.run()
        if summary.seen:
            stamped(summary.line())
        for line in summary.mends():
            echo(f"  {line}")
        for line in summary.helpers_died:
            echo(f"  {line}")
        if isinstance(inbox, MaildirInbox):  # a file no poll reads: said once, not each poll
            for line in unread.notes(inbox):
                stamped(line)
        left = unread.left(gm.transport, gm.maildir_in)
        if left is not None:  # the maildir transport's mail, unread since the move: once
            stamped(left)
        if send is not None and _answered(summary):
            try:
                send()
            except CONNECTION_TROUBLE as error:  # the sending server's, or the disk's
                raise SendFailed(error) from error
        if not stop.is_set():
            inbox.wait(wait, stop)


def _refuse_moved(gm: GmConfig, started: tuple[int, int] | None) -> None:
    """UsageError when the games folder it started on is gone or replaced: its poll would
    make it anew, with a spool, and file the players' mail there for no game."""
    moved = games_folder_moved(gm.games_dir, started, "wtg poll --idle")
    if moved is not None:
        raise UsageError(moved)


def _wait_refused(gm: GmConfig, stop: threading.Event, pause: float, refused: str | None) -> None:
    """Wait out a refused login's pause, a minute at a time: cut short when the password
    its file holds is another than the one refused (the GM mended it), or when asked to
    stop."""
    left = pause
    while left > 0 and not stop.wait(min(left, REFUSED_FIRST)):
        left -= REFUSED_FIRST
        if password_tried(gm) != refused:
            return


def login_refused(gm: GmConfig, error: Exception) -> bool:
    """Whether opening the inbox failed because the server refused the password (it was
    reached, and answered): tried again after its own longer pause (``REFUSED_MOST``)."""
    # deferred: imapclient: only the commands that reach an IMAP server
    from imapclient.exceptions import LoginError

    return isinstance(error, LoginError) and gm.imap is not None


def password_tried(gm: GmConfig) -> str | None:
    """The password a login to the inbox gives now: the one its file holds now."""
    return None if gm.imap is None else password_now(gm.imap).password


def cannot_connect(gm: GmConfig, error: Exception) -> str:
    """What a failed connection was, as one line: the server out of reach, the login
    refused (with where the password is read), no password or (``auth: oauth2``) no token
    to log in with, or the folder polled not in the mailbox."""
    # deferred: imapclient: only the commands that reach an IMAP server
    from imapclient.exceptions import LoginError

    if isinstance(error, (TokenError, ConfigError)):
        return f"cannot log in: {error}"
    if isinstance(error, FolderMissing):
        return str(error)
    if isinstance(error, LoginError) and gm.imap is not None:
        # it reached the server, which refused the password: "cannot reach" sent the GM
        # to look at the server, and the server's words came as Python's bytes, b'...'
        refused = failed_connection("imap", gm.imap, error)
        return f"the mail server refused the login as {gm.imap.username}: {refused}"
    if gm.imap is None:
        return f"cannot reach the mail server: {error}"
    if isinstance(error, (ConnectionError, socket.gaierror)):  # no server there to answer
        # which server, and where in the config to look (it said "[Errno 111] Connection
        # refused" alone, for a port mistyped in a reloaded config as for a restart)
        return (
            f"cannot reach the mail server {gm.imap.host}:{gm.imap.port}: {said(error)} (the "
            "server is down, or imap.host or imap.port is wrong: `wtg check-config` tries it)"
        )
    return f"cannot reach the mail server: {failed_connection('imap', gm.imap, error)}"


def _answered(summary: PollSummary) -> bool:
    """Whether the poll may have queued answers: it handled mails, or moved those a poll
    cut short had handled (their answers not sent yet: it was cut short before the send)."""
    return bool(summary.seen - summary.skipped or summary.moved)


def _trouble(gm: GmConfig, echo: Callable[[str], None], what: str, pause: float) -> None:
    record_poll(gm.spool, datetime.now(timezone.utc), what)
    echo(f"{what}; trying again in {pause:g} s")
