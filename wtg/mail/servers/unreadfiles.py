"""The files of the maildir transport's inbox that no poll reads, said to the GM: a file
saved in the Maildir's own folder, beside new/ and cur/ (one folder too high), and one in
new/ or cur/ whose name begins with "." (Maildir's rule: a writer hides a mail so until it
is whole). `wtg poll` says them at each run; `wtg poll --idle` and `wtg serve` once a file
(``UnreadFiles``): a service must not say them again at every poll. And the mail that waits
in the maildir transport's inbox once the host polls a mail server (``left_behind``): `wtg
poll` and `check-config` say it each time, `wtg status --host` while it waits, `wtg poll
--idle` and `wtg serve` at their first poll and again when another mail comes there
(``UnreadFiles.left``)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from wtg.core.plurals import counted
from wtg.core.printable import visible
from wtg.mail.servers.inbox import MaildirInbox


def unread_notes(maildir: Path, beside: Sequence[Path], hidden: Sequence[Path]) -> list[str]:
    """The notes of ``beside`` (files in ``maildir`` itself) and ``hidden`` (files of its
    new/ and cur/ named with a leading "."): where each lies and what to do; none when
    there are none."""
    notes = []
    if beside:
        notes.append(
            f"note: {counted(len(beside), 'file')} in {maildir} itself, where the poll reads "
            f"no mail (only its new/ and cur/ folders): {_shown(beside)}; move a mail there "
            f"into {maildir / 'new'} and the next poll files it"
        )
    for sub in ("new", "cur"):
        folder = maildir / sub
        there = [path for path in hidden if path.parent == folder]
        if there:
            notes.append(
                f"note: {counted(len(there), 'file')} in {folder} whose name begins with "
                f'".", which the poll skips (a Maildir\'s rule: a mail still being written '
                f'is hidden so): {_shown(there)}; rename a mail there without the "." and '
                "the next poll files it"
            )
    return notes


def left_behind(transport: str, maildir: Path) -> str | None:
    """A note of the mails that wait in ``maildir``, the maildir transport's inbox (its new/
    and cur/), when the host polls a mail server (``transport`` imap) and no poll reads
    them: a GM who tried the host on the maildir transport, then wrote `transport: imap`,
    left a player's mail there unread without a word (newgm48). None when none waits (or
    the host polls that folder, or it cannot be read)."""
    if transport == "maildir":
        return None
    return _left_note(transport, maildir, _waiting(maildir))


def _waiting(maildir: Path) -> list[Path]:
    """The mails in ``maildir``'s new/ and cur/ (a name with a leading "." aside), sorted;
    none when it cannot be read."""
    waiting: list[Path] = []
    for sub in ("new", "cur"):
        try:
            entries = list(os.scandir(maildir / sub))
        except OSError:  # none there: a host never run on the maildir transport
            continue
        waiting += [Path(e.path) for e in entries if not e.name.startswith(".") and e.is_file()]
    return sorted(waiting)


def _left_note(transport: str, maildir: Path, waiting: Sequence[Path]) -> str | None:
    """``left_behind``'s note of the mails ``waiting`` in ``maildir``; None when none."""
    if not waiting:
        return None
    return (
        f"note: {counted(len(waiting), 'mail')} in {maildir}, the maildir transport's inbox, "
        f"which no poll reads while the host polls the {transport.upper()} server "
        f"(transport: {transport}): {_shown(waiting)}; to have them filed, move them "
        "into the server's inbox (a mail client's Move or Copy to it), then take them out of "
        f"{maildir}"
    )


def _shown(paths: Sequence[Path]) -> str:
    """The first three paths, and how many more; a character of a name that is not
    printable (a line break, an escape sequence's ESC) as its escape (``visible``): a name
    is anyone's words, and a line break in it started a line of its own under the note."""
    more = f" and {len(paths) - 3} more" if len(paths) > 3 else ""
    return ", ".join(visible(str(path)) for path in paths[:3]) + more


class UnreadFiles:
    """The notes of a service that polls again and again: each file is said once, at the
    first poll that finds it; one taken away and put back is said again."""

    def __init__(self) -> None:
        self.said: set[Path] = set()
        self.left_said: set[Path] = set()
        """The mails of the maildir transport's inbox ``left`` said last."""

    def notes(self, inbox: MaildirInbox) -> list[str]:
        """The notes of the files ``inbox`` has unread that no earlier call said; none when
        its folder cannot be read now (the poll that follows says why)."""
        try:
            beside, hidden = inbox.strays(), inbox.hidden()
        except OSError:
            return []
        fresh = [[path for path in paths if path not in self.said] for paths in (beside, hidden)]
        self.said = {*beside, *hidden}
        return unread_notes(inbox.path, *fresh)

    def left(self, transport: str, maildir: Path) -> str | None:
        """``left_behind``'s note, at the first call that finds a mail waiting in
        ``maildir`` and at each that finds one no earlier call did (a mail server still
        delivering there), naming all that wait; else None. A service polled on and said
        nothing of them (newgm48's note was `wtg poll`'s and `check-config`'s alone), or
        would have said it at every poll."""
        if transport == "maildir":
            return None
        waiting = _waiting(maildir)
        fresh = any(path not in self.left_said for path in waiting)
        self.left_said = set(waiting)
        return _left_note(transport, maildir, waiting) if fresh else None
