"""The addresses of a game whose mail bounced, beside its turns.

    GAME_DIR/bounces.json   {ADDRESS: {"since": ISO, "status": "5.1.1", "reason": TEXT,
                            "message": KEY}}: mail to these addresses came back for good

A small file written whole (``write_atomic``) under the game's lock. A bounce is kept by
address: once the GM gives the player another address in game.yaml, the mark no longer
applies to him; ``wtg bounces --clear ADDRESS`` drops it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.files.store import write_atomic
from wtg.game.gameconfig import PlayerEntry
from wtg.text.addresses import bare_address

BOUNCES_FILE = "bounces.json"


class Bounce(Record):
    """Mail to an address that came back for good."""

    address: str
    since: str
    status: str = ""
    """The DSN's status code (``5.1.1``), when the bounce gave one."""
    reason: str = ""
    message: str = ""
    """The key of the bounce in the mail archive (``wtg poll -v``)."""

    @property
    def why(self) -> str:
        """Its status code and reason, as far as it gave them ("" for none)."""
        return " ".join(part for part in (self.status, self.reason) if part)


def bounces_of(root: Path) -> dict[str, Bounce]:
    """The game's failing addresses (lower-cased), each with its latest bounce; none when
    the file is missing or cannot be read."""
    try:
        data = json.loads((root / BOUNCES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found: dict[str, Bounce] = {}
    for address, entry in data.items() if isinstance(data, dict) else ():
        if isinstance(entry, dict):  # a bounce's words came by mail, from anyone: printable,
            fields = {  # and each on one line (an older wtg kept a folded Status's break)
                k: " ".join(printable(str(entry.get(k, ""))).split())
                for k in ("since", "status", "reason", "message")
            }
            found[str(address)] = Bounce(address=str(address), **fields)
    return found


def failing_seats(root: Path, players: Iterable[PlayerEntry]) -> list[tuple[PlayerEntry, Bounce]]:
    """The ``players`` of the game at ``root`` whose address is marked failing, each with
    its latest bounce, in their order."""
    marks = bounces_of(root)
    found = ((entry, marks.get(bare_address(entry.email))) for entry in players)
    return [(entry, mark) for entry, mark in found if mark is not None]


def mark_bounce(root: Path, bounce: Bounce, sync: bool = True) -> None:
    """Mark ``bounce.address`` as failing (the latest bounce replaces an earlier one).
    ``sync=False``: the caller flushes the file system (the poll's group commit)."""
    marks = bounces_of(root)
    marks[bare_address(bounce.address)] = bounce
    _write_bounces(root, marks, sync)


def clear_bounce(root: Path, address: str) -> bool:
    """Drop the mark of ``address``; False when it had none."""
    marks = bounces_of(root)
    if marks.pop(bare_address(address), None) is None:
        return False
    _write_bounces(root, marks, sync=True)
    return True


def _write_bounces(root: Path, marks: dict[str, Bounce], sync: bool) -> None:
    data = {
        address: {"since": b.since, "status": b.status, "reason": b.reason, "message": b.message}
        for address, b in sorted(marks.items())
    }
    write_atomic(root / BOUNCES_FILE, json.dumps(data, indent=1) + "\n", sync=sync)
