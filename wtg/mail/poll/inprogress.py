"""Which mail each process of a poll has in hand, kept where its death cannot take it away:
a mail that kills the process handling it (out of memory, a crash in C code, the kernel's
out-of-memory killer) is found by the next poll and quarantined, instead of killing every
poll that fetches it again.

``spool/in-hand`` holds a slot for each process of a poll (the poller's, then its
helpers'), mapped into memory (``mmap``, shared with the file): a process writes the key
of the mail it takes into its slot and clears it when done with the mail; a store into
memory, no system call and no flush (the page cache outlives the process, not the
machine, and a lost note only costs the next death). A slot found filled names the mail
its process died with (``suspects``), with the deaths that mail had caused before it was
taken up (a byte of the slot).

The next poll (``wtg.mail.poll.poller``) takes such a mail first and alone, in a process of its
own (a helper forked for it, ``wtg.mail.poll.workers``): a death there, seen by the poll that
outlives it, is the mail's second, and the poll quarantines it; so is a helper that gives
no answer in three times ``mail.handle_seconds`` (hung in C code, where the time limit's
signal is never acted on: ``wtg.mail.poll.processes``). A poll killed from outside (by the
GM, by cron's neighbour, a reboot) leaves the mail it had in hand suspected once: taken up
alone, it survives and is filed as any other; a poll killed while such a helper has it
leaves it suspected once still (the poll watched the helper: its death was not the mail's).
A mail suspected of two deaths (when no process could be forked for it, or with no time
limit) is quarantined without being read again.
"""

from __future__ import annotations

import errno
import mmap
import os
from pathlib import Path

from wtg.files import private
from wtg.mail.poll.timelimit import HandlingStopped

NAME = "in-hand"
SLOT = 256
"""Bytes a slot: its key's length, the deaths before, the key (a longer key goes unnoted)."""
KEY_MAX = SLOT - 2


class MailKilled(HandlingStopped):
    """A mail that killed the processes handling it."""


def suspects(spool: Path) -> dict[str, int]:
    """The mails the last poll's processes died with, and how many deaths each has caused
    (the one found here included)."""
    try:
        data = (spool / NAME).read_bytes()
    except FileNotFoundError:
        return {}
    found: dict[str, int] = {}
    for start in range(0, len(data) - SLOT + 1, SLOT):
        size, deaths = data[start], data[start + 1]
        if 0 < size <= KEY_MAX:
            key = data[start + 2 : start + 2 + size].decode("utf-8", "replace")
            found[key] = max(found.get(key, 0), deaths + 1)
    return found


class InHand:
    """A poll's slots (made afresh when the poll starts, once ``suspects`` were read)."""

    def __init__(self, spool: Path, slots: int) -> None:
        path = private.make_dirs(spool) / NAME
        fd = private.opener(os.fspath(path), os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC)
        try:
            # zeros written, every slot empty: a file made longer without writing it
            # (ftruncate) has no room on the disk yet, and on a full disk the first store
            # into its mapping kills the process (SIGBUS); the write fails instead (ENOSPC)
            size = slots * SLOT
            if os.write(fd, bytes(size)) != size:
                raise OSError(errno.ENOSPC, f"no room for {path} ({size} bytes)")
            self.map = mmap.mmap(fd, size)
        finally:
            os.close(fd)
        self.slots = slots
        self.path = path

    def slot(self, number: int) -> Slot:
        return Slot(self, number)

    def read(self, number: int) -> tuple[str, int] | None:
        """What slot ``number`` names (a process that died: the mail it died with)."""
        start = number * SLOT
        size, deaths = self.map[start], self.map[start + 1]
        if not 0 < size <= KEY_MAX:
            return None
        return self.map[start + 2 : start + 2 + size].decode("utf-8", "replace"), deaths

    def clear(self, number: int) -> None:
        self.map[number * SLOT] = 0

    def close(self) -> None:
        """Let go of the mapping; the file goes when no slot names a mail (a poll that
        ended), else it stays for the next poll (a helper died with a mail in hand)."""
        empty = all(self.read(number) is None for number in range(self.slots))
        self.map.close()
        if empty:
            self.path.unlink(missing_ok=True)


class Slot:
    """One process's slot."""

    def __init__(self, hands: InHand, number: int) -> None:
        self.map = hands.map if number < hands.slots else None
        self.start = number * SLOT

    def take(self, key: str, deaths: int = 0) -> None:
        """The mail ``key`` is in hand (``deaths``: those it caused before)."""
        if self.map is None:
            return
        raw = key.encode("utf-8", "replace")
        if len(raw) <= KEY_MAX:
            start = self.start
            self.map[start + 1 : start + 2 + len(raw)] = bytes((min(deaths, 255),)) + raw
            self.map[start] = len(raw)  # the length last: a slot is never half a key

    def done(self) -> None:
        if self.map is not None:
            self.map[self.start] = 0


class NoSlot(Slot):
    """A process without slots (a poll of no spool file, a test's handler)."""

    def __init__(self) -> None:
        self.map = None
        self.start = 0
