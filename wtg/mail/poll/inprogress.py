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

``spool/in-hand.counts`` holds, beside each slot, what its process counted against the
limits while it had the mail in hand (``Slot.counted``: each ``Journal.replied``, a tally
and its moment), stored as the key is. A helper's journal notes die with it, and so did
these counts: the next reading of the mail made them again (its answers found queued), but
a mail quarantined is never read again, and its answers, queued, went out uncounted (a
mail of the same address, judged without them, was answered past its limit). The poll
that quarantines it writes them into its journal instead (``counts``). A slot's room there
holds some thirty counts; those past it are appended to a file of the slot's own
(``in-hand.counts-N``, one ``write`` a count: a death between two leaves whole lines), so
that what one mail can cause is kept whole, however many: forty forms of wrong codes, ten
commands, a private press to each player of a game, each answer counted under two or
three tallies (its address, the day's, the words it answers). They stopped at the room.
Neither is flushed, as the key is not (docs/mail.md says why: a power cut costs at most
the count of one quarantined mail's answers); a line of the file of more that a power cut
cut short is no count.
"""

from __future__ import annotations

import errno
import mmap
import os
from pathlib import Path

from wtg.files import private
from wtg.mail.poll.timelimit import HandlingStopped

NAME = "in-hand"
COUNTS_NAME = "in-hand.counts"
SLOT = 256
"""Bytes a slot: its key's length, the deaths before, the key (a longer key goes unnoted)."""
KEY_MAX = SLOT - 2
COUNTS = 4096
"""Bytes of a slot's counts: their length (two bytes), then a line a count (``at tally``);
the counts past them go to the slot's file of more (``more_path``)."""
Counted = tuple[tuple[str, float], ...]
"""What a process counted against the limits while it had a mail in hand: (tally, moment)."""


class MailKilled(HandlingStopped):
    """A mail that killed the processes handling it."""


def more_path(spool: Path, number: int) -> Path:
    """The file of slot ``number``'s counts past its room in ``in-hand.counts``."""
    return spool / f"{COUNTS_NAME}-{number}"


def _read_more(path: Path) -> Counted:
    """The counts of a slot's file of more: its whole lines only. A death of the process
    never tears one (one ``write`` a line), a power cut may (the file is never flushed:
    the end of it lost, or cut at a block): a last line without its end is no count (it was
    read as one, ``1001.0 p4@pla``, against an address no one has)."""
    try:
        text = path.read_bytes().decode("utf-8", "replace")
    except FileNotFoundError:
        return ()
    return _lines(text[: text.rfind("\n") + 1])


def _forget_more(spool: Path) -> None:
    for path in spool.glob(f"{COUNTS_NAME}-*"):
        path.unlink(missing_ok=True)


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


def suspects_counted(spool: Path) -> dict[str, Counted]:
    """What the processes of the last poll that died with a mail in hand had counted
    against the limits while they had it (read before ``InHand`` makes the files afresh)."""
    try:
        keys = (spool / NAME).read_bytes()
        counts = (spool / COUNTS_NAME).read_bytes()
    except FileNotFoundError:
        return {}
    found: dict[str, Counted] = {}
    for number in range(min(len(keys) // SLOT, len(counts) // COUNTS)):
        start = number * SLOT
        size = keys[start]
        if 0 < size <= KEY_MAX:
            key = keys[start + 2 : start + 2 + size].decode("utf-8", "replace")
            area = counts[number * COUNTS : (number + 1) * COUNTS]
            counted = _read_counts(area)
            if counted:
                counted += _read_more(more_path(spool, number))
            found[key] = most(found[key], counted) if key in found else counted
    return found


def most(one: Counted, other: Counted) -> Counted:
    """The counts of two readings of one mail, each tally's as often as the reading that
    counted it most often did (each reading counts every answer it queued or found queued:
    the later one, cut short, may not have come to all of them)."""
    tallies = {tally for tally, _ in (*one, *other)}
    kept: list[tuple[str, float]] = []
    for tally in sorted(tallies):
        ones = [count for count in one if count[0] == tally]
        others = [count for count in other if count[0] == tally]
        kept += ones if len(ones) >= len(others) else others
    return tuple(kept)


def _read_counts(area: bytes) -> Counted:
    size = int.from_bytes(area[:2], "big")
    if not 0 < size <= COUNTS - 2:
        return ()
    return _lines(area[2 : 2 + size].decode("utf-8", "replace"))


def _lines(text: str) -> Counted:
    counts: list[tuple[str, float]] = []
    for line in text.splitlines():
        at, _, tally = line.partition(" ")
        try:
            counts.append((tally, float(at)))
        except ValueError:  # a line torn by a death mid-store cannot be: the length is last
            continue
    return tuple(counts)


def _zeroed(path: Path, size: int) -> mmap.mmap:
    """``path`` made afresh, ``size`` zero bytes, mapped into memory."""
    fd = private.opener(os.fspath(path), os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC)
    try:
        # zeros written, every slot empty: a file made longer without writing it
        # (ftruncate) has no room on the disk yet, and on a full disk the first store
        # into its mapping kills the process (SIGBUS); the write fails instead (ENOSPC)
        if os.write(fd, bytes(size)) != size:
            raise OSError(errno.ENOSPC, f"no room for {path} ({size} bytes)")
        return mmap.mmap(fd, size)
    finally:
        os.close(fd)


class InHand:
    """A poll's slots (made afresh when the poll starts, once ``suspects`` were read)."""

    def __init__(self, spool: Path, slots: int) -> None:
        path = private.make_dirs(spool) / NAME
        _forget_more(spool)
        self.map = _zeroed(path, slots * SLOT)
        try:
            self.counts = _zeroed(spool / COUNTS_NAME, slots * COUNTS)
        except BaseException:
            self.map.close()
            raise
        self.slots = slots
        self.path = path
        self.spool = spool

    def slot(self, number: int) -> Slot:
        return Slot(self, number)

    def read(self, number: int) -> tuple[str, int] | None:
        """What slot ``number`` names (a process that died: the mail it died with)."""
        start = number * SLOT
        size, deaths = self.map[start], self.map[start + 1]
        if not 0 < size <= KEY_MAX:
            return None
        return self.map[start + 2 : start + 2 + size].decode("utf-8", "replace"), deaths

    def counted(self, number: int) -> Counted:
        """What the process of slot ``number`` counted against the limits while it had the
        mail it names in hand."""
        counted = _read_counts(self.counts[number * COUNTS : (number + 1) * COUNTS])
        return counted + _read_more(more_path(self.spool, number)) if counted else counted

    def clear(self, number: int) -> None:
        self.map[number * SLOT] = 0

    def close(self) -> None:
        """Let go of the mapping; the file goes when no slot names a mail (a poll that
        ended), else it stays for the next poll (a helper died with a mail in hand)."""
        empty = all(self.read(number) is None for number in range(self.slots))
        self.map.close()
        self.counts.close()
        if empty:
            self.path.unlink(missing_ok=True)
            (self.spool / COUNTS_NAME).unlink(missing_ok=True)
            _forget_more(self.spool)


class Slot:
    """One process's slot."""

    def __init__(self, hands: InHand, number: int) -> None:
        self.map = hands.map if number < hands.slots else None
        self.counts = hands.counts if number < hands.slots else None
        self.start = number * SLOT
        self.counts_start = number * COUNTS
        self.more = more_path(hands.spool, number)
        self.used = 0
        """Bytes of the counts of the mail in hand so far (0: none, or no mail in hand)."""
        self.spilled = False
        """Whether counts of a mail went past the room to ``more`` (emptied at the next)."""
        self.holding = False

    def take(self, key: str, deaths: int = 0) -> None:
        """The mail ``key`` is in hand (``deaths``: those it caused before)."""
        if self.map is None:
            return
        raw = key.encode("utf-8", "replace")
        if len(raw) <= KEY_MAX:
            start = self.start
            self._counts_cleared()
            self.map[start + 1 : start + 2 + len(raw)] = bytes((min(deaths, 255),)) + raw
            self.map[start] = len(raw)  # the length last: a slot is never half a key
            self.holding = True

    def counted(self, tally: str, at: float) -> None:
        """A count against a limit made while the mail is in hand (``Journal.replied``)."""
        if self.counts is None or not self.holding or "\n" in tally:
            return
        line = f"{at!r} {tally}\n".encode("utf-8", "replace")
        if self.spilled or self.used + len(line) > COUNTS - 2:
            self._spill(line)
            return
        start = self.counts_start + 2 + self.used
        self.counts[start : start + len(line)] = line
        self.used += len(line)
        # the length last: a count is there whole or not at all
        self.counts[self.counts_start : self.counts_start + 2] = self.used.to_bytes(2, "big")

    def done(self) -> None:
        if self.map is not None:
            self.map[self.start] = 0
            self.holding = False

    def _spill(self, line: bytes) -> None:
        """A count past the room, appended to the slot's file of more: read only after
        the counts in the room (a length there, or none is read), whole lines (one
        ``write`` each; the page cache keeps it past the process's death)."""
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC
        self.spilled = True
        try:
            fd = private.opener(os.fspath(self.more), flags)
        except OSError:  # a full disk: the poll says so at its next write; this count is
            return  # left out, as it was past the room before
        try:
            os.write(fd, line)
        except OSError:
            pass
        finally:
            os.close(fd)

    def _counts_cleared(self) -> None:
        self.used = 0
        if self.counts is not None:
            self.counts[self.counts_start : self.counts_start + 2] = b"\0\0"
        if self.spilled:  # the last mail's more: the room's length is 0, none is read
            self.more.unlink(missing_ok=True)
            self.spilled = False


class NoSlot(Slot):
    """A process without slots (a poll of no spool file, a test's handler)."""

    def __init__(self) -> None:
        self.map = None
        self.counts = None
        self.start = self.counts_start = self.used = 0
        self.more = Path(os.devnull)
        self.spilled = self.holding = False
