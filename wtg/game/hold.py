"""The GM's hold on a game (``wtg hold``, ``wtg release``), beside its turns.

    GAME_DIR/held.json      {"since": ISO, "reason": TEXT}: no turn runs while it is there;
                            with "released": ISO it is a release not yet told (the game
                            runs), which the next ``wtg release`` finishes; with
                            "telling": true a hold whose notices are not yet all
                            queued, which the next ``wtg hold`` finishes; with
                            "taking_back": true a hold whose notices ``wtg hold
                            --undo`` is taking out of the queue, which the next
                            ``--undo`` finishes (or ``wtg hold``, telling them after all)

A small file written whole (``write_atomic``) under the game's lock.
"""

from __future__ import annotations

import json
from pathlib import Path

from wtg.core.record import Record
from wtg.files.store import write_atomic

HELD_FILE = "held.json"


class Hold(Record):
    """The GM's hold on a game: since when, and why (his words, or none)."""

    since: str
    reason: str = ""
    released: str = ""
    """When ``wtg release`` let the game go on: set while its notices are being queued."""
    telling: bool = False
    """The hold is written and its notices are being queued (``wtg hold`` cut short)."""
    taking_back: bool = False
    """The hold's notices are being taken out of the queue (``wtg hold --undo`` cut
    short)."""


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
        telling=data.get("telling") is True,
        taking_back=data.get("taking_back") is True,
    )


def set_hold(root: Path, hold: Hold) -> None:
    """Write the hold (with ``hold.telling``, one that owes its notices), or with
    ``hold.released`` the release that owes its notices."""
    data: dict[str, str | bool] = {"since": hold.since, "reason": hold.reason}
    if hold.released:
        data["released"] = hold.released
    if hold.telling:
        data["telling"] = True
    if hold.taking_back:
        data["taking_back"] = True
    write_atomic(root / HELD_FILE, json.dumps(data) + "\n")


def clear_hold(root: Path) -> None:
    (root / HELD_FILE).unlink(missing_ok=True)
