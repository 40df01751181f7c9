"""Where order mails come from: an IMAP folder (imapclient) or a local Maildir.

Both give the messages still waiting, oldest first as the server received them,
each with a stable key, and move a handled message to a processed or rejected folder.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol, TypeVar

from wtg import private
from wtg.config import ImapConfig
from wtg.core.record import Record

FETCH_BATCH = 100
T = TypeVar("T")


class Incoming(Record):
    key: str
    """Stable across polls: ``imap:<uidvalidity>:<uid>`` or ``maildir:<file name>``."""
    order_key: str
    """Sorts messages in the order the server received them (not the sender's Date)."""
    received: datetime
    size: int
    raw: bytes
    """Empty when the message was too big to fetch."""
    head: bytes = b""
    """The header of a message too big to fetch (to answer its sender)."""


class Inbox(Protocol):
    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        """The waiting messages in batches, oldest first; bodies over ``max_bytes`` are not
        fetched (``raw`` is empty)."""
        ...

    def finish(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        """Move handled messages out of the inbox folder (maybe later: see ``settle``)."""
        ...

    def settle(self) -> None:
        """Wait until every move asked for is done; raises if one failed."""
        ...

    def close(self) -> None: ...


# --- IMAP -------------------------------------------------------------------------------
def connect_imap(config: ImapConfig, timeout: float = 60) -> Any:
    """A logged-in IMAPClient; the one place the connection is made (tests may replace it)."""
    import ssl

    from imapclient import IMAPClient

    context = ssl.create_default_context() if (config.ssl or config.starttls) else None
    client = IMAPClient(
        config.host, port=config.port, ssl=config.ssl, ssl_context=context, timeout=timeout
    )
    if config.starttls and not config.ssl:
        client.starttls(context)
    client.login(config.username or "", config.secret())
    return client


class ImapInbox:
    """Every command after login runs on one worker thread, in the order it was asked
    for: the next batch comes over the line while the poller files this one, and a
    batch moves out of the inbox while the poller goes on (``settle`` waits for it)."""

    def __init__(self, config: ImapConfig, client: Any | None = None) -> None:
        self.config = config
        self.client = client if client is not None else connect_imap(config)
        for folder in (config.processed_folder, config.rejected_folder):
            if not self.client.folder_exists(folder):
                self.client.create_folder(folder)
        info = self.client.select_folder(config.folder)
        self.uidvalidity = int(info[b"UIDVALIDITY"])
        self.can_move = self.client.has_capability("MOVE")
        self.line = ThreadPoolExecutor(max_workers=1, thread_name_prefix="imap")
        self.moving: list[Future[None]] = []
        self.busy = 0.0
        """Seconds the connection's thread spent in IMAP commands (search, fetch, move)."""

    def _ask(self, command: Callable[..., T], *args: Any) -> Future[T]:
        """Queue a command on the connection's thread."""

        def timed() -> T:
            begin = time.perf_counter()
            try:
                return command(*args)
            finally:
                self.busy += time.perf_counter() - begin

        return self.line.submit(timed)

    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        sizes = self._ask(self._sizes).result()  # every message's size and arrival at once
        ordered = sorted(sizes)
        batches = [ordered[at : at + FETCH_BATCH] for at in range(0, len(ordered), FETCH_BATCH)]
        ahead = [self._ask(self._fetch, batch, sizes, max_bytes) for batch in batches[:1]]
        for index in range(len(batches)):
            current = ahead.pop().result()
            if index + 1 < len(batches):
                ahead.append(self._ask(self._fetch, batches[index + 1], sizes, max_bytes))
            yield current

    def _sizes(self) -> dict[int, dict[bytes, Any]]:
        uids = self.client.search(["UNDELETED"])
        return dict(self.client.fetch(uids, ["RFC822.SIZE", "INTERNALDATE"])) if uids else {}

    def _fetch(
        self, batch: list[int], sizes: dict[int, dict[bytes, Any]], max_bytes: int
    ) -> list[Incoming]:
        """The batch's bodies; one over ``max_bytes`` is not fetched (``raw`` stays empty),
        and a message another client removed meanwhile is left out."""
        small = {u for u in batch if sizes[u][b"RFC822.SIZE"] <= max_bytes}
        big = sorted(set(batch) - small)
        bodies = self.client.fetch(sorted(small), ["BODY.PEEK[]"]) if small else {}
        heads = self.client.fetch(big, ["BODY.PEEK[HEADER]"]) if big else {}
        return [
            self._incoming(uid, sizes[uid], bodies.get(uid), heads.get(uid))
            for uid in batch
            if uid in bodies or uid in heads
        ]

    def _incoming(
        self,
        uid: int,
        info: dict[bytes, Any],
        body: dict[bytes, Any] | None,
        head: dict[bytes, Any] | None = None,
    ) -> Incoming:
        when = info[b"INTERNALDATE"]
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        when = when.astimezone(timezone.utc)
        return Incoming(
            key=f"imap:{self.uidvalidity}:{uid}",
            order_key=f"{when:%Y%m%d%H%M%S}|{self.uidvalidity:012d}|{uid:012d}",
            received=when,
            size=int(info[b"RFC822.SIZE"]),
            raw=bytes(body[b"BODY[]"]) if body else b"",
            head=bytes(head.get(b"BODY[HEADER]", b"")) if head else b"",
        )

    def finish(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        self.moving.append(self._ask(self._move, list(done), list(rejected)))

    def settle(self) -> None:
        moving, self.moving = self.moving, []
        for move in moving:
            move.result()  # a move that failed raises here

    def _move(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        for messages, folder in (
            (done, self.config.processed_folder),
            (rejected, self.config.rejected_folder),
        ):
            uids = [int(m.key.rsplit(":", 1)[1]) for m in messages]
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

    def close(self) -> None:
        self.line.shutdown(wait=True)
        with contextlib.suppress(Exception):  # closing a dead connection is not an error
            self.client.logout()


# --- Maildir ------------------------------------------------------------------------------
HEAD_MAX = 65536


def read_head(path: Path) -> bytes:
    """The header of a mail file (up to the first blank line), at most HEAD_MAX bytes."""
    with open(path, "rb") as handle:
        start = handle.read(HEAD_MAX)
    ends = [at for at in (start.find(b"\r\n\r\n"), start.find(b"\n\n")) if at >= 0]
    return start[: min(ends)] + b"\n" if ends else start


class MaildirInbox:
    """The embedded transport: mail dropped into ``maildir_in`` (new/ or cur/)."""

    def __init__(self, path: Path) -> None:
        self.box = private.maildir(path)
        self.processed = self.box.add_folder("processed")
        self.rejected = self.box.add_folder("rejected")
        self.path = path

    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        found = []
        for sub in ("new", "cur"):
            folder = self.path / sub
            for entry in os.scandir(folder):
                if entry.is_file() and not entry.name.startswith("."):
                    stat = entry.stat()
                    found.append((stat.st_mtime_ns, entry.name, sub, stat.st_size))
        found.sort()
        for start in range(0, len(found), FETCH_BATCH):
            batch = []
            for mtime, name, sub, size in found[start : start + FETCH_BATCH]:
                path = self.path / sub / name
                raw = path.read_bytes() if size <= max_bytes else b""
                when = datetime.fromtimestamp(mtime / 1e9, timezone.utc)
                batch.append(
                    Incoming(
                        key=f"maildir:{name.split(':')[0]}",
                        order_key=f"{mtime:020d}|{name}",
                        received=when,
                        size=size,
                        raw=raw,
                        head=b"" if raw else read_head(path),
                    )
                )
            yield batch

    def finish(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        for messages, folder in ((done, "processed"), (rejected, "rejected")):
            target = self.path / f".{folder}" / "cur"
            for message in messages:
                stem = message.key.split(":", 1)[1]
                for sub in ("new", "cur"):
                    for entry in os.scandir(self.path / sub):
                        if entry.name.split(":")[0] == stem:
                            os.replace(entry.path, target / entry.name)

    def settle(self) -> None:
        pass  # every move is done when finish returns

    def close(self) -> None:
        pass
