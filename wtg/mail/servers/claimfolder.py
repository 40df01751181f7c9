"""Where the hosts' claims on a mailbox are kept (``wtg.mail.servers.claims``): the mails of
the folder ``CLAIMS_FOLDER`` of the IMAP mailbox, or of the maildir transport's Maildir,
oldest first as the server or the file system took them."""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path
from typing import Any

from wtg.files import private
from wtg.files.asidename import process_gone
from wtg.files.store import fsync_dir
from wtg.host.config import ImapConfig
from wtg.mail.servers.claims import (
    ANCESTORS_HEADER,
    CLAIMS_FOLDER,
    HOST_HEADER,
    PLACE_HEADER,
    POLLS_HEADER,
    Claim,
    read_claim,
)

MAILDIR_FOLDER = "maildir_in"
"""What the claims of the maildir transport's Maildir name as the folder polled: the
Maildir itself."""


def imap_folder(config: ImapConfig) -> str:
    """The folder ``config`` polls, as its claims name it (INBOX in any case is one)."""
    return "INBOX" if config.folder.upper() == "INBOX" else config.folder


HEAD_READ = 65536
"""Bytes read of a mail of the claims' folder (a file, or its fields by IMAP): a claim's
header takes a few hundred."""
CLAIM_FIELDS = (HOST_HEADER, ANCESTORS_HEADER, POLLS_HEADER, PLACE_HEADER, "Date")
"""The fields of a claim's header: all the claims' FETCH asks of a mail of the folder."""
CLAIMS_BATCH = 500
"""Mails of the claims' folder in one FETCH."""


def imap_claims(client: Any, listed: bool = False) -> list[Claim]:
    """The claims of the mailbox ``client`` is logged in to, oldest first. It leaves the
    claims' folder selected (read only): the caller selects its own again. Of each mail
    only a claim's fields are fetched, at most ``HEAD_READ`` bytes of them, and a batch
    of mails at a time: anyone's mail may be filed there (a plus in the address names the
    folder on some servers), thousands of them, each all header. ``listed``: the caller
    has just seen the folder in a LIST of the mailbox's (the poll's, at login), and the
    server is not asked again."""
    if not listed and not client.folder_exists(CLAIMS_FOLDER):
        return []
    client.select_folder(CLAIMS_FOLDER, readonly=True)
    uids = sorted(int(uid) for uid in client.search(["ALL"]))
    item = f"BODY.PEEK[HEADER.FIELDS ({' '.join(CLAIM_FIELDS)})]<0.{HEAD_READ}>"
    claims = []
    for start in range(0, len(uids), CLAIMS_BATCH):
        batch = uids[start : start + CLAIMS_BATCH]
        heads = client.fetch(batch, [item])
        for uid in batch:
            found = read_claim(_fields(heads.get(uid, {})))
            if found is not None:
                claims.append(found)
    return claims


def _fields(answer: dict[bytes, Any]) -> bytes:
    """The header fields of one mail's FETCH answer, whichever way the server spells its
    item (the fields' names in its own case)."""
    for key, value in answer.items():
        if bytes(key).upper().startswith(b"BODY[HEADER.FIELDS") and value is not None:
            return bytes(value)
    return b""


def imap_claim(client: Any, raw: bytes) -> None:
    """Add the claim ``raw`` to the mailbox, its folder made when missing."""
    if not client.folder_exists(CLAIMS_FOLDER):
        client.create_folder(CLAIMS_FOLDER)
    client.append(CLAIMS_FOLDER, raw, flags=[b"\\Seen"])


def maildir_claims(maildir: Path) -> list[Claim]:
    """The claims kept in the Maildir ``maildir``'s folder, oldest first; a claim a writer
    killed before its rename left in tmp/ removed (``_left_in_tmp``). A folder this user
    may not read raises (PermissionError): it may hold a claim."""
    _left_in_tmp(maildir / f".{CLAIMS_FOLDER}" / "tmp")
    found = []
    for sub in ("new", "cur"):
        folder = maildir / f".{CLAIMS_FOLDER}" / sub
        try:
            entries = list(os.scandir(folder))
        except (FileNotFoundError, NotADirectoryError):
            continue
        for entry in entries:
            if entry.is_file() and not entry.name.startswith("."):
                found.append((entry.stat().st_mtime_ns, entry.name, Path(entry.path)))
    claims = (read_claim(_head(path)) for _, _, path in sorted(found))
    return [claim for claim in claims if claim is not None]


_TMP_NAME = re.compile(r"^[0-9]+\.(?P<pid>[0-9]+)\.wtg-host$")
"""The name ``maildir_claim`` writes a claim under: the moment and the writer's pid."""


def _left_in_tmp(tmp: Path) -> None:
    """Remove the claims a writer killed between writing and renaming left in ``tmp``
    (its process gone): nothing reads tmp/, and nothing else removed them. A file another
    user's folder keeps raises (PermissionError): said once, with the chown to run."""
    try:
        entries = list(os.scandir(tmp))
    except (FileNotFoundError, NotADirectoryError):
        return
    for entry in entries:
        found = _TMP_NAME.match(entry.name)
        if found is not None and process_gone(int(found["pid"])):
            with contextlib.suppress(FileNotFoundError):  # another poll's look removed it
                os.remove(entry.path)


def maildir_claim(maildir: Path, raw: bytes) -> None:
    """Add the claim ``raw`` to the Maildir's folder, written whole in its tmp/ first."""
    folder = maildir / f".{CLAIMS_FOLDER}"
    for sub in ("tmp", "new", "cur"):
        private.make_dirs(folder / sub)
    name = f"{time.time_ns()}.{os.getpid()}.wtg-host"
    private.write_file(folder / "tmp" / name, raw)
    os.rename(folder / "tmp" / name, folder / "new" / name)
    fsync_dir(folder / "new")


def _head(path: Path) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(HEAD_READ)
    except FileNotFoundError:  # removed meanwhile (a GM's hand): no claim
        return b""


class ImapClaims:
    """The claims of the IMAP mailbox ``client`` is logged in to, for a command that polls
    no mail (`run-turn --due`)."""

    def __init__(self, client: Any, config: ImapConfig) -> None:
        self.client = client
        self.config = config

    def claimed_folder(self) -> str:
        return imap_folder(self.config)

    def claims(self) -> list[Claim]:
        return imap_claims(self.client)

    def add_claim(self, raw: bytes) -> None:
        imap_claim(self.client, raw)


class MaildirClaims:
    """The claims of the maildir transport's Maildir, for a command that polls no mail."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def claimed_folder(self) -> str:
        return MAILDIR_FOLDER

    def claims(self) -> list[Claim]:
        return maildir_claims(self.path)

    def add_claim(self, raw: bytes) -> None:
        maildir_claim(self.path, raw)
