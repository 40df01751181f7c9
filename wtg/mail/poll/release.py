"""`wtg quarantine --release KEY`: a mail the poll held (a game this host did not know),
quarantined or rejected, put back in the inbox for the next poll to handle as new.

A release is two writes in two places, the journal and the mailbox, made safe against a
kill between them by the order they come in:

1. The journal forgets the mail (its outcome, its quarantine or held record) and notes the
   release under way (``releases``), in one commit. Killed before it: nothing changed.
2. The mail moves from the rejected folder back to the inbox: one rename of its file
   (maildir), one MOVE (IMAP), which the server makes whole or not at all. The mail is in
   one folder or the other, never in both and never in neither.
3. The journal notes the release done (and keeps it so: the same release given again is
   told it was done, rather than that the poll never saw the mail).

A release killed after (1) is listed by ``wtg quarantine`` as under way, and the same
command given again finishes it: it moves the mail if it is still in the rejected folder,
and only notes the release done if it is not (the next poll took it up already). The poll
recognises its own work by the mail's key and Message-ID: as the journal forgot both, it
handles the mail once, as new; nothing is filed twice.

Several mails released at once (``--release-held``: a flood held is thousands) go over one
connection to the IMAP server (``Releases``), each in its own three steps as above.
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import os
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from wtg.core.errors import UsageError
from wtg.core.printable import visible
from wtg.host.config import GmConfig, ImapConfig
from wtg.mail.servers.inbox import HEAD_ITEM, HEAD_KEY, HEAD_MAX, connect_imap
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.journallists import held_mails, keys_meant, quarantined
from wtg.mail.spool.outcome import Outcome


class ReleaseRefused(UsageError):
    """A mail that cannot be released; the message says why."""


def archived_copy(spool: Path, key: str) -> Path | None:
    """The poll's copy of the mail ``key`` (``archive/YYYY-MM/<key>.eml``), if any."""
    name = key.replace(":", "-") + ".eml"
    found = sorted((spool / "archive").glob(f"*/{name}"))
    return found[-1] if found else None


def release(gm: GmConfig, key: str, now: datetime) -> str:
    """Put the mail ``key`` back in the inbox; what was done, in a line."""
    with Releases(gm) as releases:
        return releases.release(key, now)


def released(gm: GmConfig, key: str, now: datetime) -> bool:
    """Put the mail ``key`` back in the inbox: whether this moved it (False: a release cut
    short whose mail was back already, which is noted finished). Refused, ``ReleaseRefused``."""
    with Releases(gm) as releases:
        return releases.released(key, now)


class Releases:
    """Mails put back in the inbox one after the other, over one connection to the IMAP
    server, made at the first mail that came by IMAP and closed at the end (``with``)."""

    def __init__(self, gm: GmConfig) -> None:
        self.gm = gm
        self._server: _ImapBox | None = None

    def __enter__(self) -> Releases:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Log out of the IMAP server, if this logged in."""
        if self._server is not None:
            self._server.close()
            self._server = None

    def release(self, key: str, now: datetime) -> str:
        """Put the mail ``key`` back in the inbox; what was done, in a line."""
        if self.released(key, now):
            return f"{key}: back in the inbox; the next poll handles it as new"
        return f"{key}: its release was cut short and the mail is back already; finished"

    def released(self, key: str, now: datetime) -> bool:
        """Put the mail ``key`` back in the inbox: whether this moved it (False: a release
        cut short whose mail was back already, which is noted finished). Refused,
        ``ReleaseRefused``."""
        gm = self.gm
        journal = Journal(gm.spool)
        try:
            under_way = key in journal.releasing()
            unknown = None if under_way else _check_releasable(journal, key, gm.spool)
            with _refused_as(unknown):
                box = self._mailbox(key)
            with _refused_as(unknown):
                where = box.find(key, gm.spool)
            if where is None and unknown is not None:
                raise unknown
            if where is None and not under_way:
                raise ReleaseRefused(
                    f"mail {key} is not in the rejected folder (moved by hand?); its copy "
                    f"is {archived_copy(gm.spool, key) or 'not in the archive either'}"
                )
            if not under_way:
                journal.begin_release(key, now.timestamp())
            if where is not None:
                box.put_back(where)
            journal.end_release(key)
        finally:
            journal.close()
        return where is not None

    def _mailbox(self, key: str) -> _Box:
        """Where the mail ``key`` lies, by its transport, which must be this host's: the
        IMAP server's connection made once, at the first mail that needs it."""
        gm = self.gm
        transport = key.split(":", 1)[0]
        if gm.transport == "imap" and gm.imap is not None:
            if transport != "imap":
                raise ReleaseRefused(f"mail {key} did not come by IMAP, this host's transport")
            if self._server is None:
                self._server = _ImapBox(gm.imap)
            return self._server
        if transport != "maildir":
            raise ReleaseRefused(f"mail {key} did not come by the maildir transport, this host's")
        return _MaildirBox(gm.maildir_in)


@contextlib.contextmanager
def _refused_as(unknown: ReleaseRefused | None) -> Iterator[None]:
    """A mail the journal does not know, refused on the way: refused as one it does not
    know (``unknown``), the refusal the GM's typo gets."""
    try:
        yield
    except ReleaseRefused:
        if unknown is not None:
            raise unknown from None
        raise


def _check_releasable(journal: Journal, key: str, spool: Path) -> ReleaseRefused | None:
    """The journal must know the mail as held, quarantined or rejected; or not know it at
    all, the refusal returned: a mail in the rejected folder whose record the journal let
    go (``MESSAGES_KEPT``) is released all the same, one found nowhere is refused, with
    the key of a mail held or quarantined, or of a release cut short, that the GM may have
    meant (a typo)."""
    kept = journal.outcome(key)
    released = journal.released_at(key) if kept is None else None
    if released is not None:
        at = datetime.fromtimestamp(released, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        raise ReleaseRefused(
            f"mail {key} was released already (at {at}): it is back in the inbox, and the "
            "next poll handles it as new (`wtg quarantine` lists it again if that poll holds "
            "or quarantines it again)"
        )
    if kept is None:
        meant = keys_meant(key, [*quarantined(spool), *held_mails(spool)], journal.releasing())
        meant = f": {meant}" if meant else ""
        return ReleaseRefused(
            f"no mail {visible(key)} was handled by the poll{meant} (`wtg quarantine` lists the "
            "mails held and quarantined, `wtg poll -v` the key of each mail)"
        )
    outcome = Outcome.from_text(kept)
    if not outcome.kind.to_rejected:
        raise ReleaseRefused(
            f"mail {key} was not held, quarantined or rejected ({kept}): it is in the "
            "processed folder, where it stays"
        )
    return None


class _Box(Protocol):
    def find(self, key: str, spool: Path) -> Any | None:
        """Where the mail lies in the rejected folder (None: it is not there)."""

    def put_back(self, where: Any) -> None:
        """Move it to the inbox, in one step."""


class _MaildirBox:
    def __init__(self, inbox: Path) -> None:
        self.inbox = inbox

    def find(self, key: str, spool: Path) -> Path | None:
        """The file of the rejected folder named as ``key`` (its flags aside), the one of
        them that holds the archive's copy of the mail when several might. A key the poll
        made its own (``wtg.mail.poll.samekey``: the name, a dot and a digest, or ``.2``)
        names no file: the one of the name before its last dot, or of that name and a
        number (``inbox.free_name``), that holds the copy."""
        name = key.split(":", 1)[1]
        stem = name.rpartition(".")[0]
        files = [
            Path(entry.path)
            for sub in ("cur", "new")
            for entry in _entries(self.inbox / ".rejected" / sub)
            if _named(entry.name.split(":")[0], name, stem)
        ]
        exact = [path for path in files if path.name.split(":")[0] == name]
        copy = archived_copy(spool, key)
        if copy is not None:
            kept = copy.read_bytes()
            for path in sorted(files, key=lambda path: path not in exact):  # its own first
                if holds(path, kept):
                    return path
        return exact[0] if exact else None

    def put_back(self, where: Path) -> None:
        """The same file name, so the same key: the poll knows it by nothing else."""
        os.replace(where, self.inbox / where.parent.name / where.name)


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    """The entries of ``folder``; none when it is not there."""
    try:
        return list(os.scandir(folder))
    except FileNotFoundError:
        return []


def _named(base: str, name: str, stem: str) -> bool:
    """Whether a file named ``base`` (its flags aside) may hold the mail whose key names
    ``name``: the same name, or for a key made its own, the name before its last dot
    (``stem``), alone or with a dot and more after it."""
    if base == name:
        return True
    return bool(stem) and (base == stem or base.startswith(f"{stem}."))


def holds(path: Path, kept: bytes) -> bool:
    """Whether the mail's file ``path`` is the mail of the archive's copy ``kept``: its
    bytes, or those the copy of a mail too big to fetch begins with (its header)."""
    data = path.read_bytes()
    if data == kept:
        return True
    cut = kept.rfind(b"\n(too big: ")
    return cut > 0 and data.startswith(kept[:cut])


class _ImapBox:
    """The mail is found in the rejected folder by its header, which the archive keeps
    (its Message-ID narrows the search), and moved back to the inbox folder, where it
    gets a new UID: a new key to the poll, which the journal has not seen."""

    def __init__(self, config: ImapConfig) -> None:
        self.config = config
        self.client = connect_imap(config)

    def find(self, key: str, spool: Path) -> int | None:
        copy = archived_copy(spool, key)
        if copy is None:
            raise ReleaseRefused(f"mail {key} has no copy in {spool / 'archive'} to know it by")
        head = header_of(copy.read_bytes()[:HEAD_MAX])  # as far as the poll reads one
        self.client.select_folder(self.config.rejected_folder)
        message_id = _message_id(head)
        if message_id:
            uids = self.client.search(["HEADER", "Message-ID", message_id])
        else:
            uids = self.client.search(["NOT", "HEADER", "Message-ID", ""])
        for uid in sorted(uids, reverse=True):  # the newest first: the last one rejected
            fetched = self.client.fetch([uid], [HEAD_ITEM]).get(uid, {})
            if header_of(bytes(fetched.get(HEAD_KEY, b""))) == head:  # as the poll read it
                return int(uid)
        return None

    def put_back(self, where: int) -> None:
        if self.client.has_capability("MOVE"):
            self.client.move([where], self.config.folder)
            return
        self.client.copy([where], self.config.folder)
        self.client.delete_messages([where])
        self.client.expunge()

    def close(self) -> None:
        with contextlib.suppress(Exception):  # closing a dead connection is not an error
            self.client.logout()


def header_of(raw: bytes) -> bytes:
    """A mail's header, its line ends made LF and its last ones dropped: the archive's
    copy and the server's compare equal."""
    text = raw.replace(b"\r\n", b"\n")
    end = text.find(b"\n\n")
    return (text if end < 0 else text[:end]).rstrip(b"\n")


def _message_id(head: bytes) -> str:
    """The Message-ID of a header, for an IMAP SEARCH (empty: none, or none usable)."""
    value = email.message_from_bytes(head + b"\n\n", policy=email.policy.compat32).get(
        "Message-ID", ""
    )
    text = " ".join(str(value).split())
    return text if text.isascii() and text.isprintable() and '"' not in text else ""
