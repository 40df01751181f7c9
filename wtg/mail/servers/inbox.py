"""Where order mails come from: an IMAP folder (imapclient) or a local Maildir.

Both give the messages still waiting, oldest first as the server received them,
each with a stable key, and move a handled message to a processed or rejected folder.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from wtg.core.errors import MailError
from wtg.core.numbered import numbered
from wtg.core.record import Record
from wtg.files import private
from wtg.game.arrivalkey import arrival_key, from_nanoseconds
from wtg.host.config import ImapConfig
from wtg.mail.servers.claimfolder import MaildirClaims, imap_claim, imap_claims, imap_folder
from wtg.mail.servers.claims import CLAIMS_FOLDER, Claim
from wtg.mail.servers.foldernames import folders_there
from wtg.mail.servers.oauth2 import Tokens, tokens_for
from wtg.mail.servers.tlsmode import tls_context

FETCH_BATCH = 100
"""Messages of the maildir inbox handled between two flushes to disk."""
IMAP_BATCH = 500
IMAP_BATCH_BYTES = 8_000_000
"""At most this many messages, of at most this many bytes together, in one FETCH (and
one MOVE): a thousand mails in two round trips, a batch of big ones kept small."""
SMALL = IMAP_BATCH_BYTES // IMAP_BATCH
"""A message of at most this many bytes is not asked its size: a full batch of them fits
in IMAP_BATCH_BYTES."""
BODY_ITEMS = ["BODY.PEEK[]", "INTERNALDATE"]
"""What the poll asks of each message that it reads whole (PEEK: the mail stays unread
for a GM who looks at the folder)."""
NOOP_EVERY = 5.0
"""``wtg poll --idle`` on an IMAP server without IDLE: seconds between two NOOPs."""
MAILDIR_EVERY = 2.0
"""``wtg poll --idle`` on the maildir transport: seconds between two looks."""
T = TypeVar("T")


class Incoming(Record):
    key: str
    """Stable across polls: ``imap:<uidvalidity>:<uid>`` (``imap:m2.<uidvalidity>:<uid>`` in a
    mailbox the host moved to: ``wtg.mail.servers.mailboxkeys``) or ``maildir:<file name>``
    (its flags aside; ``.2``, ``.3``, ... after a name met twice in one look: ``own_name``).
    The poll gives a mail a key of its own when its key is another mail's: the key, a dot
    and a digest (``wtg.mail.poll.samekey``)."""
    order_key: str
    """Sorts messages in the order the server received them (not the sender's Date)."""
    received: datetime
    size: int
    raw: bytes
    """Empty when the message was too big to fetch."""
    head: bytes = b""
    """The header of a message too big to fetch (to answer its sender)."""
    start: bytes = b""
    """The first ``START_MAX`` bytes of a message too big to fetch whose header says it is a
    report (``is_report``: a bounce), cut after its last whole line: its delivery report sits
    near its top, before the mail it returns (RFC 3464)."""

    def kept_in(self, archive: Path) -> Path:
        """Where the poll keeps its raw copy: ``archive/YYYY-MM/<key>.eml`` (the month it
        came in, ``:`` of the key as ``-``)."""
        return archive / f"{self.received:%Y-%m}" / (self.key.replace(":", "-") + ".eml")

    def kept_bytes(self) -> bytes:
        """What its copy in the archive holds: the mail, or as much of it as was fetched and
        a line saying the rest was not."""
        if self.raw:
            return self.raw
        if self.start:
            return self.start + b"\n(too big: the rest was not fetched)\n"
        return self.head + b"\n(too big: the body was not fetched)\n"


START_MAX = 65536
"""Bytes fetched of a report too big to fetch whole (a bounce returning our report with its
map picture): its notice and delivery report take a few kB."""
HEAD_MAX = 65536
"""Bytes read of the header of a mail too big to fetch, on either transport: a stranger's
mail that was all header (megabytes of it) was fetched, parsed and archived whole on IMAP."""
HEAD_ITEM = f"BODY.PEEK[HEADER]<0.{HEAD_MAX}>"
HEAD_KEY = b"BODY[HEADER]<0>"
"""The FETCH item of a header's first ``HEAD_MAX`` bytes, and its key in the answer."""


def cut_head(head: bytes) -> bytes:
    """A header as read, ended by a blank line: one cut at ``HEAD_MAX`` is given one, so
    that the line its copy in the archive has under it (``(too big: ...)``) reads as a
    body, not as more of the header cut short."""
    if head.endswith((b"\r\n\r\n", b"\n\n")):
        return head
    return head + b"\r\n\r\n"


def is_report(head: bytes) -> bool:
    """Whether a header names a report (``multipart/report``), at a glance: a mail that
    merely says so elsewhere costs ``START_MAX`` bytes more, nothing else."""
    return b"multipart/report" in head.lower()


def whole_lines(start: bytes) -> bytes:
    """The start of a mail without its last line, which the cut may have shortened (an
    address cut short would be another address)."""
    return start[: start.rfind(b"\n") + 1]


class Inbox(Protocol):
    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        """The waiting messages in batches, oldest first; bodies over ``max_bytes`` are not
        fetched (``raw`` is empty)."""
        ...

    def backlog(self) -> int:
        """How many messages wait, as far as the inbox knows without fetching any (0: it
        does not know). A poll with many forks helpers (``wtg.mail.poll.workers``) before its
        first fetch."""
        ...

    def finish(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        """Move handled messages out of the inbox folder (maybe later: see ``settle``)."""
        ...

    def settle(self) -> None:
        """Wait until every move asked for is done; raises if one failed."""
        ...

    def wait(self, timeout: float, stop: threading.Event) -> bool:
        """Wait for new mail (``wtg poll --idle``): True when some may have come, False
        when ``timeout`` seconds passed or ``stop`` was set first."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class Claimed(Protocol):
    """An inbox that keeps the hosts' claims on it (``wtg.mail.servers.claims``)."""

    def claimed_folder(self) -> str:
        """The folder polled, as the claims name it."""
        ...

    def claims(self) -> list[Claim]:
        """The claims kept, oldest first."""
        ...

    def add_claim(self, raw: bytes) -> None:
        """Keep the claim ``raw`` (``claim_mail``) after the others."""
        ...


@runtime_checkable
class KeepsFiled(Protocol):
    """An inbox whose mail, once handled, stays on the server in the folders the poll
    files into, where a host restored from a backup finds what it filed after the backup."""

    def filed_since(
        self, since: datetime, until: datetime, max_bytes: int
    ) -> list[tuple[str, int | str, Incoming]] | None:
        """Each mail of those folders that came into the inbox from ``since`` to ``until``,
        with its folder and its UID there (a Maildir's: its file's name); None when the
        server would not say."""
        ...


@runtime_checkable
class FiledInFolders(Protocol):
    """An inbox whose handled mail is moved into folders of the mail server, which other
    programs may file into too (``wtg.mail.servers.otherhost``)."""

    def mailbox(self) -> str:
        """The mailbox polled: its server, login and folder."""
        ...

    def folder_marks(self) -> dict[str, tuple[int, int]]:
        """The UIDVALIDITY and UIDNEXT of each folder handled mail is moved into, as they
        are once the moves asked for are done."""
        ...

    def inbox_gone(self, kept: tuple[int, int] | None) -> bool:
        """Before the poll reads the inbox: whether mail came into it since ``kept`` (its
        UIDVALIDITY and the UID from which on the last poll saw no mail, ``inbox_left``)
        and the first of that mail (the UID kept) is not there now: another program took it
        out, though later mail waits. False when it
        cannot be said (nothing kept, the UIDVALIDITY changed, a STATUS refused)."""
        ...

    def inbox_left(self) -> tuple[int, int] | None:
        """Once the poll has read the inbox: its UIDVALIDITY and the UID from which on no
        mail was seen (every mail this poll moved out has a UID below it, every one that
        came after its search one at or above it); None when it cannot be said."""
        ...


# --- IMAP -------------------------------------------------------------------------------
def connect_imap(config: ImapConfig, timeout: float = 60) -> Any:
    """A logged-in IMAPClient; the one place the connection is made (tests may replace it)."""
    # deferred: imapclient: only the commands that reach an IMAP server
    from imapclient import IMAPClient

    context = tls_context(config) if (config.ssl or config.starttls) else None
    client = IMAPClient(
        config.host, port=config.port, ssl=config.ssl, ssl_context=context, timeout=timeout
    )
    if config.starttls and not config.ssl:
        client.starttls(context)
    if config.auth == "oauth2" and config.oauth2 is not None:
        try:
            _oauth2_login(client, config.username or "", tokens_for(config.oauth2))
        except BaseException:
            with contextlib.suppress(Exception):  # the socket, whatever state it is in
                client.shutdown()
            raise
    else:
        client.login(config.username or "", config.secret())
    return client


def _oauth2_login(client: Any, user: str, tokens: Tokens) -> None:
    """XOAUTH2 with the token held; refused, once more with a new one (revoked early, or
    the clock's idea of its expiry wrong). Raises LoginError, or TokenError."""
    # deferred: imapclient: only the commands that reach an IMAP server
    from imapclient.exceptions import LoginError

    token = tokens.access_token()
    try:
        client.oauth2_login(user, token)
    except LoginError:
        client.oauth2_login(user, tokens.renewed(token))


class FolderMissing(MailError):
    """The folder the config polls (``imap.folder``) is not one of the mailbox's: the
    server's own words ("select failed: Mailbox doesn't exist") named neither the key nor
    the folders there are."""

    def __init__(self, folder: str, there: set[str]) -> None:
        super().__init__(
            f"the folder {folder!r} (imap.folder) is not in the mailbox, "
            f"{folders_there(folder, there)} (`wtg check-config` looks)"
        )


class ImapInbox:
    """Every command after login runs on one worker thread, in the order it was asked
    for: the next batch comes over the line while the poller files this one, and a
    batch moves out of the inbox while the poller goes on (``settle`` waits for it). The
    thread starts with the search for the waiting mail: a command the poller waits for
    before it (the claims' look, the folders' marks) runs on the poller's own thread, so
    that the process still runs one thread when the poll forks its helpers
    (``wtg.mail.poll.workers``)."""

    def __init__(self, config: ImapConfig, client: Any | None = None) -> None:
        self.config = config
        self.key_mark = ""
        """What the keys of this mailbox's mails carry after ``imap:`` (``mailboxkeys``)."""
        self.client = client if client is not None else connect_imap(config)
        # INTERNALDATE as the server wrote it, with its offset: imapclient would make it a
        # naive local time (which read as UTC is off by the machine's time zone)
        self.client.normalise_times = False
        there = {str(name) for _flags, _delimiter, name in self.client.list_folders()}
        if config.folder not in there and config.folder.upper() != "INBOX":
            with contextlib.suppress(Exception):  # a long-running poll tries again: no
                self.client.logout()  # connection is left open for each try
            raise FolderMissing(config.folder, there)
        for folder in (config.processed_folder, config.rejected_folder):  # one LIST for both
            if folder not in there:
                self.client.create_folder(folder)
        self.listed: set[str] | None = there
        """The mailbox's folders as the LIST at login found them, until the first look at
        the claims (``_claims``) used them."""
        if self.client.has_capability("QRESYNC"):
            # deferred: imapclient: only the commands that reach an IMAP server
            from imapclient.exceptions import IMAPClientError

            # A MOVE then answers with one VANISHED line for the whole set, not an EXPUNGE
            # line a mail: less for the server to write and for imapclient to read. It must
            # come before the SELECT; a server that offers it and then refuses it is polled
            # without it.
            with contextlib.suppress(IMAPClientError):
                self.client.enable("QRESYNC")
        info = self.client.select_folder(config.folder)
        self.uidvalidity = int(info[b"UIDVALIDITY"])
        self.exists = int(info.get(b"EXISTS", 0))
        """The messages in the folder when it was selected."""
        self.can_move = self.client.has_capability("MOVE")
        self.line = ThreadPoolExecutor(max_workers=1, thread_name_prefix="imap")
        self.threaded = False
        """Whether a command was queued on the connection's thread (which then runs)."""
        self.moving: list[Future[None]] = []
        self.busy = 0.0
        """Seconds the connection's thread spent in IMAP commands (search, fetch, move)."""
        self.busy_moving = 0.0
        """Of those, the seconds spent moving messages out of the inbox."""
        self.busy_cpu = 0.0
        """The CPU seconds the connection's thread spent in IMAP commands (reading the
        server's answers): the poll's CPU before the bytes are in hand."""
        self.shortcut = True
        """Whether the next wait may end at once on a NOOP's news of mail that came while
        the poll ran."""
        self.inbox_next: tuple[int, int] | None = None
        """The inbox's UIDVALIDITY and UIDNEXT before this poll's search (``inbox_gone``)."""
        self.highest_seen = 0
        """The highest UID a search of this connection found in the inbox."""

    def _ask(self, command: Callable[..., T], *args: Any) -> Future[T]:
        """Queue a command on the connection's thread (the first starts it)."""
        self.threaded = True
        return self.line.submit(self._timed, command, *args)

    def _now(self, command: Callable[..., T], *args: Any) -> T:
        """A command whose answer the caller waits for: on the connection's thread behind
        those queued there, or on the caller's own while the thread has not started."""
        if self.threaded:
            return self._ask(command, *args).result()
        return self._timed(command, *args)

    def _timed(self, command: Callable[..., T], *args: Any) -> T:
        """The command, its time and CPU added to the connection's (``busy``)."""
        begin, cpu = time.perf_counter(), time.thread_time()
        try:
            return command(*args)
        finally:
            self.busy += time.perf_counter() - begin
            self.busy_cpu += time.thread_time() - cpu

    def backlog(self) -> int:
        """The messages in the folder when it was selected (``wtg poll --idle`` polls again
        on the same connection: by then its thread runs, and the poll forks no helper)."""
        return self.exists

    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        small = min(SMALL, max_bytes)
        sizes = self._ask(self._survey, small).result()
        batches = _batches(sorted(sizes), sizes, max_bytes, small)
        ahead = [self._ask(self._fetch, batch, sizes, max_bytes) for batch in batches[:1]]
        for index in range(len(batches)):
            current = ahead.pop().result()
            if index + 1 < len(batches):
                ahead.append(self._ask(self._fetch, batches[index + 1], sizes, max_bytes))
            yield current

    def _survey(self, small: int) -> dict[int, int | None]:
        """Every waiting message: the size of each over ``small`` bytes (SEARCH LARGER
        finds them; a FETCH of every message's size would cost more than its body), None
        for the rest, which weigh at most ``small`` bytes."""
        uids = self.client.search(["UNDELETED"])
        self.highest_seen = max([self.highest_seen, *map(int, uids)])
        if not uids:
            return {}
        large = self.client.search(["UNDELETED", "LARGER", str(small)])
        sizes = self.client.fetch(large, ["RFC822.SIZE"]) if large else {}
        # another client's flag change may come among them without a size (keyed by its
        # sequence number): only a size counts
        known = {
            uid: int(info[b"RFC822.SIZE"]) for uid, info in sizes.items() if b"RFC822.SIZE" in info
        }
        return {uid: known.get(uid) for uid in uids}

    def _fetch(
        self, batch: list[int], sizes: dict[int, int | None], max_bytes: int
    ) -> list[Incoming]:
        """The batch's bodies and arrival times; one over ``max_bytes`` comes without its
        body (``raw`` stays empty), and a message another client removed meanwhile is left
        out."""
        big = sorted(u for u in batch if (sizes[u] or 0) > max_bytes)
        fits = sorted(set(batch).difference(big))
        fetched = self.client.fetch(fits, BODY_ITEMS) if fits else {}
        # A message another client removed meanwhile has no answer; a flag change it made
        # may come as a FETCH response without a body (imapclient keys it by its sequence
        # number, which may equal one of our UIDs): only a body and its time make a mail
        bodies = {
            uid: info
            for uid, info in fetched.items()
            if b"BODY[]" in info and b"INTERNALDATE" in info
        }
        asked = self.client.fetch(big, [HEAD_ITEM, "INTERNALDATE"]) if big else {}
        heads = {uid: info for uid, info in asked.items() if b"INTERNALDATE" in info}
        reports = sorted(u for u, info in heads.items() if is_report(info.get(HEAD_KEY, b"")))
        starts = self.client.fetch(reports, [f"BODY.PEEK[]<0.{START_MAX}>"]) if reports else {}
        return [
            self._incoming(uid, sizes[uid], bodies.get(uid) or heads[uid], starts.get(uid, {}))
            for uid in batch
            if uid in bodies or uid in heads
        ]

    def _incoming(
        self, uid: int, size: int | None, info: dict[bytes, Any], start: dict[bytes, Any]
    ) -> Incoming:
        when = _utc(info)
        body = info.get(b"BODY[]")
        raw = bytes(body) if body is not None else b""
        return Incoming(
            key=f"imap:{self.key_mark}{self.uidvalidity}:{uid}",
            order_key=arrival_key(when, f"{self.uidvalidity:012d}|{uid:012d}"),
            received=when,
            size=size if size is not None else len(raw),
            raw=raw,
            head=b"" if body is not None else cut_head(bytes(info.get(HEAD_KEY, b""))),
            start=whole_lines(bytes(start.get(b"BODY[]<0>", b""))),
        )

    def finish(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        self.moving.append(self._ask(self._move, list(done), list(rejected)))

    def mailbox(self) -> str:
        config = self.config
        return f"{config.username}@{config.host}:{config.port}/{config.folder}"

    def folder_marks(self) -> dict[str, tuple[int, int]]:
        return self._now(self._status)  # after the moves asked for: one line

    def _status(self) -> dict[str, tuple[int, int]]:
        """A folder the server will not say (a STATUS refused) is left out: the marks are
        a warning's, never a reason to stop a poll."""
        from imapclient.exceptions import IMAPClientError  # deferred: loaded by IMAP polls only

        marks = {}
        for folder in (self.config.processed_folder, self.config.rejected_folder):
            try:
                info = self.client.folder_status(folder, [b"UIDVALIDITY", b"UIDNEXT"])
                marks[folder] = (int(info[b"UIDVALIDITY"]), int(info[b"UIDNEXT"]))
            except (IMAPClientError, KeyError, ValueError):
                continue
        return marks

    def filed_since(
        self, since: datetime, until: datetime, max_bytes: int
    ) -> list[tuple[str, int | str, Incoming]] | None:
        return self._now(self._filed_since, since, until, max_bytes)

    def _filed_since(
        self, since: datetime, until: datetime, max_bytes: int
    ) -> list[tuple[str, int | str, Incoming]] | None:
        """The mails of the folders the poll files into that came into the inbox from
        ``since`` to ``until`` (their INTERNALDATE, which a move keeps), each with its folder
        and UID there, read without a flag changed (EXAMINE, PEEK); one over ``max_bytes``
        by its header alone. The inbox selected again after. None when the server would
        not say (a folder it refuses to open): the look is a warning's, never a reason to
        stop a poll, and the next poll looks again."""
        from imapclient.exceptions import IMAPClientError  # deferred: loaded by IMAP polls only

        found: list[tuple[str, int | str, Incoming]] = []
        # SEARCH's dates are days, in the server's zone: a day more either side
        days = ["SINCE", (since - timedelta(days=1)).date()]
        days += ["BEFORE", (until + timedelta(days=2)).date()]
        try:
            for folder in (self.config.processed_folder, self.config.rejected_folder):
                self.client.select_folder(folder, readonly=True)
                uids = sorted(int(uid) for uid in self.client.search(days))
                for start in range(0, len(uids), IMAP_BATCH):
                    batch = uids[start : start + IMAP_BATCH]
                    sized = self.client.fetch(batch, ["RFC822.SIZE", "INTERNALDATE"])
                    times = {
                        uid: info
                        for uid, info in sized.items()
                        if b"INTERNALDATE" in info and b"RFC822.SIZE" in info
                    }
                    late = [u for u, info in times.items() if since <= _utc(info) <= until]
                    sizes = {u: int(times[u][b"RFC822.SIZE"]) for u in late}
                    mails = self._fetch(sorted(late), dict(sizes), max_bytes) if late else []
                    found += [(folder, int(m.key.rsplit(":", 1)[1]), m) for m in mails]
        except IMAPClientError:
            return None
        finally:
            self.client.select_folder(self.config.folder)
        return found

    def claimed_folder(self) -> str:
        return imap_folder(self.config)

    def claims(self) -> list[Claim]:
        return self._now(self._claims)

    def _claims(self) -> list[Claim]:
        """The first look after login takes the claims' folder from the login's LIST
        (``listed``): none there, nothing is selected, and the inbox stays as it was; a
        later look (`wtg poll --idle`'s next poll) asks the server again."""
        listed, self.listed = self.listed, None
        if listed is not None and CLAIMS_FOLDER not in listed:
            return []
        try:
            return imap_claims(self.client, listed is not None)
        finally:  # the inbox selected again, as the poll left it
            self.client.select_folder(self.config.folder)

    def add_claim(self, raw: bytes) -> None:
        self._now(imap_claim, self.client, raw)

    def inbox_gone(self, kept: tuple[int, int] | None) -> bool:
        return self._now(self._inbox_gone, kept)

    def _inbox_gone(self, kept: tuple[int, int] | None) -> bool:
        from imapclient.exceptions import IMAPClientError  # deferred: loaded by IMAP polls only

        self.inbox_next = None
        try:
            info = self.client.folder_status(self.config.folder, [b"UIDVALIDITY", b"UIDNEXT"])
            now = (int(info[b"UIDVALIDITY"]), int(info[b"UIDNEXT"]))
        except (IMAPClientError, KeyError, ValueError):
            return False
        self.inbox_next = now
        if kept is None or kept[0] != now[0] or now[1] <= kept[1]:
            return False
        try:  # `N:*` names the last mail too when every UID is below N: those are left out
            there = self.client.search(["UID", f"{kept[1]}:*"])
        except IMAPClientError:
            return False
        # the server gives each mail the next UID: the first since ``kept`` gone while later
        # ones wait was taken all the same (a mail of anyone's after the other's poll hid it)
        left = [int(uid) for uid in there if int(uid) >= kept[1]]
        return not left or min(left) > kept[1]

    def inbox_left(self) -> tuple[int, int] | None:
        if self.inbox_next is None:
            return None
        validity, next_uid = self.inbox_next
        return (validity, max(next_uid, self.highest_seen + 1))

    def settle(self) -> None:
        moving, self.moving = self.moving, []
        for move in moving:
            move.result()  # a move that failed raises here

    def _move(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        begin = time.perf_counter()
        try:
            self._move_to_folders(done, rejected)
        finally:
            self.busy_moving += time.perf_counter() - begin

    def _move_to_folders(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        for messages, folder in (
            (done, self.config.processed_folder),
            (rejected, self.config.rejected_folder),
        ):
            # the UID: after the key's last ':', before a digest a mail told apart carries
            uids = [int(m.key.rsplit(":", 1)[1].split(".")[0]) for m in messages]
            if not uids:
                continue
            if self.can_move:
                self.client.move(uids, folder)
            else:
                self.client.copy(uids, folder)
                self.client.delete_messages(uids)
                if self.client.has_capability("UIDPLUS"):
                    self.client.uid_expunge(uids)
                else:
                    self.client.expunge()

    def wait(self, timeout: float, stop: threading.Event) -> bool:
        """IMAP IDLE (RFC 2177) on the connection's own thread, a second at a time so that
        ``stop`` is seen; a server without IDLE is asked with NOOP every few seconds."""
        return self._ask(self._idle, timeout, stop).result()

    def _idle(self, timeout: float, stop: threading.Event) -> bool:
        deadline = time.monotonic() + timeout
        if not self.client.has_capability("IDLE"):
            while not stop.wait(min(NOOP_EVERY, max(0.0, deadline - time.monotonic()))):
                if _news(self.client.noop()[1]):
                    return True
                if time.monotonic() >= deadline:
                    return False
            return False
        shortcut, self.shortcut = self.shortcut, False
        if shortcut and _news(self.client.noop()[1]):  # came while the poll ran
            return True  # (not twice in a row: a server that always says EXISTS waits)
        self.shortcut = True
        self.client.idle()
        try:
            while not stop.is_set() and time.monotonic() < deadline:
                readable, _, _ = select.select([self.client.socket()], [], [], 1.0)
                if not readable:
                    continue
                responses = self.client.idle_check(timeout=0)
                if not responses:  # readable, and nothing to read: imapclient hides EOF
                    raise ConnectionError("the mail server closed the connection")
                if _news(responses):
                    return True
        finally:
            self.client.idle_done()
        return False

    def close(self) -> None:
        self.line.shutdown(wait=True)
        with contextlib.suppress(Exception):  # closing a dead connection is not an error
            self.client.logout()


def _utc(info: dict[bytes, Any]) -> datetime:
    """A FETCH answer's INTERNALDATE, in UTC (one without an offset read as UTC)."""
    when: datetime = info[b"INTERNALDATE"]
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.astimezone(timezone.utc)


def _batches(
    uids: Sequence[int], sizes: Mapping[int, int | None], max_bytes: int, small: int
) -> list[list[int]]:
    """The messages in server order, cut into batches of IMAP_BATCH messages or
    IMAP_BATCH_BYTES bytes (a size None weighs ``small``, the most it can be; a body over
    ``max_bytes`` is not fetched: it weighs nothing)."""
    batches: list[list[int]] = []
    current: list[int] = []
    weight = 0
    for uid in uids:
        size = sizes[uid]
        size = small if size is None else size if size <= max_bytes else 0
        if current and (len(current) >= IMAP_BATCH or weight + size > IMAP_BATCH_BYTES):
            batches.append(current)
            current, weight = [], 0
        current.append(uid)
        weight += size
    return [*batches, current] if current else batches


def _news(responses: Sequence[Any]) -> bool:
    """Whether untagged IMAP responses tell of new mail (``* 3 EXISTS``, ``* 1 RECENT``)."""
    return any(
        isinstance(item, tuple) and len(item) >= 2 and item[1] in (b"EXISTS", b"RECENT")
        for item in responses
    )


# --- Maildir ------------------------------------------------------------------------------


def _file_mail(path: Path, key: str, mtime: int, size: int, max_bytes: int) -> Incoming:
    """The mail of a Maildir's file at ``path`` under ``key``: its bytes, or its header
    alone when it is over ``max_bytes``; its time its file's (``mtime``, nanoseconds)."""
    raw = path.read_bytes() if size <= max_bytes else b""
    head, first = read_head(path) if not raw else (b"", b"")
    return Incoming(
        key=key,
        order_key=from_nanoseconds(mtime, path.name),
        received=datetime.fromtimestamp(mtime / 1e9, timezone.utc),
        size=size,
        raw=raw,
        head=head,
        start=first,
    )


def read_head(path: Path) -> tuple[bytes, bytes]:
    """The header of a mail file (up to the first blank line), at most HEAD_MAX bytes; and
    when it names a report, the mail's first START_MAX bytes (``Incoming.start``)."""
    with open(path, "rb") as handle:
        start = handle.read(max(HEAD_MAX, START_MAX))
    ends = [at for at in (start.find(b"\r\n\r\n"), start.find(b"\n\n")) if at >= 0]
    head = start[: min(ends)] + b"\n" if ends else start[:HEAD_MAX]
    return head, whole_lines(start[:START_MAX]) if is_report(head) else b""


MAIL_START = re.compile(rb"(?:\xef\xbb\xbf)?(?:From |[!-9;-~]+:)")
"""How a mail saved as a file begins: a header's name and its colon (``Return-Path:``,
``From:``), or the ``From `` line of an mbox (a client's "Save as"); after a UTF-8 BOM."""


def _reads_as_mail(path: str) -> bool:
    """Whether the file at ``path`` is named as a mail (``.eml``, a client's "Save as") or
    begins as one does (``MAIL_START``); a file that cannot be read is named all the same
    (a mail the poll cannot read either)."""
    if path.lower().endswith(".eml"):
        return True
    try:
        with open(path, "rb") as handle:
            start = handle.read(256)
    except OSError:
        return True
    return MAIL_START.match(start) is not None


def own_name(key: str, taken: set[str]) -> str:
    """``key``, or ``key.2``, ``key.3``, ... when a file met before in the same look has it:
    one mail's file copied beside itself (``new/NAME`` and ``cur/NAME:2,S``), or two names
    that differ in their flags alone, each handled and moved as its own."""
    found, number = key, 1
    while found in taken:
        number += 1
        found = f"{key}.{number}"
    return found


def free_name(folder: Path, name: str) -> Path:
    """Where a mail's file named ``name`` goes in ``folder``: under its name, or when
    another mail's file has it there (a name given again), under ``<name>.2``, ``.3``, ...
    (its flags kept after them): a file moved never takes another's place."""
    base, colon, flags = name.partition(":")
    found, number = folder / name, 1
    while found.exists():
        number += 1
        found = folder / f"{base}.{number}{colon}{flags}"
    return found


class MaildirInbox(MaildirClaims):
    """The embedded transport: mail dropped into ``maildir_in`` (new/ or cur/); the hosts'
    claims on it kept in its folder ``.wtg-host`` (``MaildirClaims``)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.box = private.maildir(path)
        self.processed = self.box.add_folder("processed")
        self.rejected = self.box.add_folder("rejected")
        self.files: dict[str, Path] = {}
        """Where each message handed out lies, by its key (a move finds it at once)."""
        self.scanned: set[str] = set()
        """The names the last ``waiting`` found: ``wait`` looks for others."""

    def backlog(self) -> int:
        return len(self._names())

    def strays(self) -> list[Path]:
        """The mails in the Maildir's own folder, beside new/ and cur/, where no mail is
        read: a player's mail saved there by hand (one folder too high) lay unread, the
        poll saying "filed 0" and `wtg status` nothing. A file there that does not begin
        as a mail does (``_reads_as_mail``) is a mail server's own (Dovecot's
        ``dovecot-uidlist``, ``subscriptions``, a quota's ``maildirsize``): no stray."""
        return sorted(
            Path(entry.path)
            for entry in os.scandir(self.path)
            if entry.is_file() and not entry.name.startswith(".") and _reads_as_mail(entry.path)
        )

    def hidden(self) -> list[Path]:
        """The files of new/ and cur/ whose name begins with ".", which no poll reads (a
        Maildir's rule: a writer hides a mail so until it is whole): a GM's file so named
        lay unread without a word."""
        return sorted(
            Path(entry.path)
            for sub in ("new", "cur")
            for entry in os.scandir(self.path / sub)
            if entry.name.startswith(".") and entry.is_file()
        )

    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        found = []
        for sub in ("new", "cur"):
            folder = self.path / sub
            for entry in os.scandir(folder):
                if entry.is_file() and not entry.name.startswith("."):
                    stat = entry.stat()
                    found.append((stat.st_mtime_ns, entry.name, sub, stat.st_size))
        found.sort(key=lambda item: (item[0], numbered(item[1]), item[2]))  # as they came
        self.scanned = {name for _, name, _, _ in found}
        keys: set[str] = set()  # this look's: a file's key is its name's, a mail's own
        for start in range(0, len(found), FETCH_BATCH):
            batch = []
            for mtime, name, sub, size in found[start : start + FETCH_BATCH]:
                path = self.path / sub / name
                key = own_name(f"maildir:{name.split(':')[0]}", keys)
                keys.add(key)
                self.files[key] = path
                batch.append(_file_mail(path, key, mtime, size, max_bytes))
            yield batch

    def filed_since(
        self, since: datetime, until: datetime, max_bytes: int
    ) -> list[tuple[str, int | str, Incoming]] | None:
        """The mails of ``.processed/cur`` and ``.rejected/cur`` that came into the Maildir
        from ``since`` to ``until`` (their file's time, which the poll's move keeps), each
        with that folder's path and its file's name; one over ``max_bytes`` by its header
        alone. A host restored on the machine whose Maildir it polls (one outside the games
        folder) finds there what the host filed after the backup (hosts47: before, only the
        restore's output named the folder). A folder that cannot be read: None, the next
        poll looks again."""
        found: list[tuple[str, int | str, Incoming]] = []
        try:
            for folder in (".processed", ".rejected"):
                kept = self.path / folder / "cur"
                for entry in sorted(os.scandir(kept), key=lambda e: e.name):
                    if not entry.is_file() or entry.name.startswith("."):
                        continue
                    stat = entry.stat()
                    came = datetime.fromtimestamp(stat.st_mtime_ns / 1e9, timezone.utc)
                    if not since <= came <= until:  # the months filed before: not read
                        continue
                    key = f"maildir:{entry.name.split(':')[0]}"
                    mail = _file_mail(
                        Path(entry.path), key, stat.st_mtime_ns, stat.st_size, max_bytes
                    )
                    found.append((str(kept), entry.name, mail))
        except OSError:
            return None
        return found

    def finish(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        for messages, folder in ((done, "processed"), (rejected, "rejected")):
            target = self.path / f".{folder}" / "cur"
            for message in messages:
                path, name = self._file_of(message.key)
                with contextlib.suppress(FileNotFoundError):  # another poll moved it
                    os.replace(path, free_name(target, name))

    def _file_of(self, key: str) -> tuple[Path, str]:
        """The file of the mail under ``key``, and the name it is moved under. A key the poll
        gave a mail of its own (``wtg.mail.poll.samekey``: its file's key, a dot and a
        digest of its mark: a file named as one a poll moved before) finds its file,
        which is moved under a name of its own too, its digest after its file's key: before,
        the poll looked it up by that key, failed and stopped, every poll after at the same
        mail, and the move would have replaced the other mail's file."""
        if key in self.files:
            path = self.files.pop(key)
            return path, path.name
        own, _, digest = key.rpartition(".")
        path = self.files.pop(own)
        base, colon, flags = path.name.partition(":")
        return path, f"{base}.{digest}{colon}{flags}"

    def settle(self) -> None:
        pass  # every move is done when finish returns

    def wait(self, timeout: float, stop: threading.Event) -> bool:
        """Look at new/ and cur/ every MAILDIR_EVERY seconds for a file the last poll did
        not see (no inotify: it works on every file system, NFS too). One that came while
        the poll ran counts at once."""
        seen = self.scanned
        if self._names() - seen:
            return True
        deadline = time.monotonic() + timeout
        while not stop.wait(min(MAILDIR_EVERY, max(0.0, deadline - time.monotonic()))):
            if self._names() - seen:
                return True
            if time.monotonic() >= deadline:
                return False
        return False

    def _names(self) -> set[str]:
        return {
            entry.name
            for sub in ("new", "cur")
            for entry in os.scandir(self.path / sub)
            if not entry.name.startswith(".")
        }

    def close(self) -> None:
        pass
