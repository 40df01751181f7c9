"""Game data others on the machine may read, said once by the poll: a host moved with a tar
that kept no modes leaves its folders 0755 and its files 0644 (the mails archived, the
lobby's book, each game.yaml with the players' codes and addresses). The poll set the
secret of the Message-IDs back to 0600 (``wtg.mail.outgoing.idsecret``) and said nothing
of the rest; `wtg check-config` alone named them.

Ruling: the poll mends no mode but the secret's, and says the rest once on stderr (cron
mails it), in `check-config`'s words, each with the ``chmod`` that mends it
(``wtg.host.opengames``): a mode is the GM's to set, and one may be so on purpose (a group
of the GM's own); a folder made the GM's alone makes every file in it his, however many, at
the cost of one ``chmod``; a chmod of every mail archived would cost a poll thousands of
writes, and hide from the GM that his move opened them. Said again only when what is open
changes (``TOLD`` keeps the lines said), and forgotten once nothing is. A games folder
inside a folder that neither group nor others may pass (a home folder 0700) is open to no
one, whatever its own modes: nothing is said then (`check-config` names the modes still)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from wtg.files import private
from wtg.host.opengames import open_game_data

TOLD = "open-modes-told"
"""The spool's file that keeps the lines the poll said last."""


def open_lines_once(games_dir: Path, spool: Path) -> list[str]:
    """The lines of game data open to others (``open_game_data``) not said by an earlier
    poll; none when nothing is open (the mark of those said removed) or they were said."""
    lines = [] if shielded(games_dir) else open_game_data(games_dir)
    told = spool / TOLD
    if not lines:
        with contextlib.suppress(OSError):
            if os.path.lexists(told):  # removed only when there: no write every poll
                told.unlink()
        return []
    said = "\n".join(lines) + "\n"
    with contextlib.suppress(OSError, UnicodeDecodeError):
        if told.read_text(encoding="utf-8") == said:
            return []
    with contextlib.suppress(OSError):  # not kept: said again by the next poll
        private.write_file(told, said.encode("utf-8"), sync=False)
    return lines


def shielded(games_dir: Path) -> bool:
    """Whether a folder above ``games_dir`` lets neither group nor others pass (no ``x``
    bit of theirs): then no one but its owner reaches what is below, whatever its modes."""
    try:
        above = games_dir.resolve().parents
    except (OSError, RuntimeError):
        return False
    for folder in above:
        try:
            mode = folder.stat().st_mode
        except FileNotFoundError:
            continue  # not made yet: what is above it says
        except OSError:
            return False
        if not mode & 0o011:
            return True
    return False
