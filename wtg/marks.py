"""Marks on a game beside its turns: the GM's hold, and the addresses whose mail bounced.

    GAME_DIR/held.json      {"since": ISO, "reason": TEXT}: no turn runs while it is there;
                            with "released": ISO it is a release not yet told (the game
                            runs), which the next ``wtg release`` finishes
    GAME_DIR/bounces.json   {ADDRESS: {"since": ISO, "status": "5.1.1", "reason": TEXT,
                            "message": KEY}}: mail to these addresses came back for good

Both are small files written whole (``write_atomic``) under the game's lock. A bounce is
kept by address: once the GM gives the player another address in game.yaml, the mark no
longer applies to him; ``wtg bounces --clear ADDRESS`` drops it.
"""

from __future__ import annotations

import email.utils
import json
from pathlib import Path

from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.files.store import write_atomic

HELD_FILE = "held.json"
BOUNCES_FILE = "bounces.json"


class Hold(Record):
    """The GM's hold on a game: since when, and why (his words, or none)."""

    since: str
    reason: str = ""
    released: str = ""
    """When ``wtg release`` let the game go on: set while its notices are being queued."""


class Bounce(Record):
    """Mail to an address that came back for good."""

    address: str
    since: str
    status: str = ""
    """The DSN's status code (``5.1.1``), when the bounce gave one."""
    reason: str = ""
    message: str = ""
    """The key of the bounce in the mail archive (``wtg poll -v``)."""


def hold_of(root: Path) -> Hold | None:
    """The game's hold, or None. A hold file that cannot be read still holds the game: the
    GM put it there, and only ``wtg release`` takes it away. A release not yet told holds
    it no more."""
    kept = _hold_file(root)
    return None if kept is None or kept.released else kept


def release_of(root: Path) -> Hold | None:
    """The hold whose release was written and not yet told (cut short), or None."""
    kept = _hold_file(root)
    return kept if kept is not None and kept.released else None


def _hold_file(root: Path) -> Hold | None:
    try:
        data = json.loads((root / HELD_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        return Hold(since="", reason=f"{HELD_FILE} cannot be read ({exc})")
    if not isinstance(data, dict):
        return Hold(since="", reason=f"{HELD_FILE} holds no object")
    released = data.get("released")
    return Hold(
        since=str(data.get("since", "")),
        reason=str(data.get("reason", "")),
        released=released if isinstance(released, str) else "",
    )


def set_hold(root: Path, hold: Hold) -> None:
    """Write the hold, or with ``hold.released`` the release that owes its notices."""
    data = {"since": hold.since, "reason": hold.reason}
    if hold.released:
        data["released"] = hold.released
    write_atomic(root / HELD_FILE, json.dumps(data) + "\n")


def clear_hold(root: Path) -> None:
    (root / HELD_FILE).unlink(missing_ok=True)


def bare_address(address: str) -> str:
    """``Ann <Ann@Example.org>`` as ``ann@example.org``: how addresses are compared."""
    return email.utils.parseaddr(address)[1].lower()


def bounces_of(root: Path) -> dict[str, Bounce]:
    """The game's failing addresses (lower-cased), each with its latest bounce; none when
    the file is missing or cannot be read."""
    try:
        data = json.loads((root / BOUNCES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found: dict[str, Bounce] = {}
    for address, entry in data.items() if isinstance(data, dict) else ():
        if isinstance(entry, dict):  # a bounce's words came by mail, from anyone: printable
            fields = {
                k: printable(str(entry.get(k, "")))
                for k in ("since", "status", "reason", "message")
            }
            found[str(address)] = Bounce(address=str(address), **fields)
    return found


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
