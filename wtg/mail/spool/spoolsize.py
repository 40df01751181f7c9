"""What the spool keeps of the mail, and wtg never removes: every mail read, in
``archive/YYYY-MM/`` (a flood's copies bounded, a stranger's gone after its days:
``wtg.mail.spool.floodcopies``), and every mail sent, in ``outbox/sent/``.
Both grow with every turn for as long as the host runs; `wtg status --host` says how much
they hold, and docs/gm.md ("Over the months") what the GM may remove."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from wtg.core.record import Record

ARCHIVE = "archive"
SENT = Path("outbox") / "sent"


class Kept(Record):
    """A folder of kept mail: its files, their bytes, and when its oldest came."""

    files: int = 0
    size: int = 0
    oldest: str | None = None
    """The oldest mail's month (``YYYY-MM``): the archive's folder name, the sent mail's
    time of writing; None when it holds none."""


class KeptMail(Record):
    archive: Kept
    sent: Kept

    def any(self) -> bool:
        return bool(self.archive.files or self.sent.files)


def kept_mail(spool: Path) -> KeptMail:
    """What ``spool``'s archive and sent mail hold; read only, a folder it cannot read
    counted as empty."""
    months = _entries(spool / ARCHIVE)
    archive = Kept()
    for month in (m for m in months if m.is_dir(follow_symlinks=False)):  # by name: oldest first
        files = [f for f in _entries(Path(month.path)) if f.is_file(follow_symlinks=False)]
        if files:
            archive = Kept(
                files=archive.files + len(files),
                size=archive.size + sum(_size(f) for f in files),
                oldest=archive.oldest or month.name,
            )
    sent = [stat for f in _entries(spool / SENT) if (stat := _stat(f)) is not None]
    first = min((stat.st_mtime for stat in sent), default=None)
    return KeptMail(
        archive=archive,
        sent=Kept(
            files=len(sent),
            size=sum(stat.st_size for stat in sent),
            oldest=None
            if first is None
            else f"{datetime.fromtimestamp(first, timezone.utc):%Y-%m}",
        ),
    )


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as found:
            return sorted(found, key=lambda entry: entry.name)
    except OSError:  # not made yet, or not ours to read: nothing to count
        return []


def _size(entry: os.DirEntry[str]) -> int:
    stat = _stat(entry)
    return 0 if stat is None else stat.st_size


def _stat(entry: os.DirEntry[str]) -> os.stat_result | None:
    """A regular file's stat; None for anything else, or a file removed meanwhile."""
    try:
        return entry.stat(follow_symlinks=False) if entry.is_file(follow_symlinks=False) else None
    except OSError:
        return None
