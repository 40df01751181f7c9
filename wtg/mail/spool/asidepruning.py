"""Which records of mails set aside (``wtg.mail.incoming.setaside``) a poll drops from the journal
(``Journal.prune_set_aside``; the ruling: docs/gm.md, "Orders set aside"). A mail the GM
has not filed stays listed, and fileable as of its arrival (``wtg.mail.incoming.keptmail``), for as
long as its kept mail is in the spool's archive and its game on this host; once either is
gone, and ``ASIDE_KEPT`` has passed since it was set aside, its record goes. A mail the GM
filed goes ``ASIDE_KEPT`` after his filing, whatever else (``Journal.prune_set_aside``
needs nobody to judge that).

Gone means known to be gone: a kept mail the poll may not look at (its permissions), or a
games folder in which a game could not be read (its game.yaml to mend, another user's
file), keeps every record."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from wtg.mail.spool.hostgames import Registry
from wtg.mail.spool.journal import Journal


def unneeded(
    journal: Journal, games_dir: Path, spool: Path, before: float
) -> list[tuple[str, str]]:
    """The key and game of each mail set aside before ``before``, not filed, whose kept mail
    or game is gone: the records ``Journal.prune_set_aside`` may drop."""
    unfiled = journal.aside_unfiled(before)
    if not unfiled:
        return []
    removed = _removed(games_dir, {game for _, game, _ in unfiled})
    return [
        (key, game)
        for key, game, archive in unfiled
        if game in removed or _mail_gone(spool, Path(archive))
    ]


def _removed(games_dir: Path, games: Iterable[str]) -> set[str]:
    """Which of ``games`` are no game of this host: no folder holds them, and every folder
    of the games folder could be read (one that could not may be any of them)."""
    try:
        os.listdir(games_dir)
    except OSError:  # not there, or not ours to read: no game is known to be gone
        return set()
    registry = Registry(games_dir)
    gone = {g for g in games if registry.game(g) is None and registry.refusal(g) is None}
    return set() if registry.unreadable else gone


def _mail_gone(spool: Path, archive: Path) -> bool:
    """Whether the kept mail ``archive`` is known to be gone: neither where the poll wrote
    it nor in this spool's archive under its month and name (the games folder moved, or
    the path written relative to a folder this command was not started in)."""
    here = spool / "archive" / archive.parent.name / archive.name
    return all(_missing(path) for path in (archive, here))


def _missing(path: Path) -> bool:
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True
    except OSError:  # not ours to look at, a name too long: not known to be gone
        return False
    return False
