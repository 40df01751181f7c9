"""Game commentary (a mail's ``PRESS <game>``): kept with the orders pending for the coming
turn, printed in every player's report of that turn.

    GAME_DIR/pending/0005/press/<when>-<n>.json   press for turn 5's reports
    GAME_DIR/turns/0005/received/press/           the same, once turn 5 ran (a rerun reads it)

Each file holds the writer's side, the name the reports show (the side's name in the game,
never an address) and the text.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from wtg import private
from wtg.core.record import Record
from wtg.store import RECEIVED, GameStore, write_atomic

FOLDER = "press"


class Press(Record):
    """One piece of press: who wrote it (side and the name shown), when, and the text."""

    side: int
    name: str
    at: str
    text: str

    def to_dict(self) -> dict[str, object]:
        return {"side": self.side, "name": self.name, "at": self.at, "text": self.text}


def add_press(
    store: GameStore, turn: int, press: Press, moment: datetime, source: str | None = None
) -> Path:
    """Keep ``press`` for the reports of ``turn`` (the caller holds the game's lock).
    ``source``: the mail (and its command) it came in, kept with it (``kept_for``)."""
    folder = private.make_dirs(store.pending_dir(turn) / FOLDER)
    number = len(list(folder.glob("*.json"))) + 1
    path = folder / f"{moment:%Y%m%dT%H%M%S}-{number:03d}.json"
    data = press.to_dict() | ({"source": source} if source is not None else {})
    write_atomic(path, json.dumps(data, ensure_ascii=False) + "\n")
    return path


def kept_for(store: GameStore, turn: int, source: str) -> int | None:
    """The turn the press of ``source`` (a mail and its command) is kept for: ``turn``, or
    the turn before, when it ran since; None when it is not kept. A mail read again (a poll
    killed before its journal's commit) keeps its press once."""
    for kept in (turn, turn - 1):
        for folder in (store.turn_dir(kept) / RECEIVED / FOLDER, store.pending_dir(kept) / FOLDER):
            for path in sorted(folder.glob("*.json")) if kept >= 0 and folder.is_dir() else ():
                try:
                    data = json.loads(path.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    continue
                if isinstance(data, dict) and data.get("source") == source:
                    return kept
    return None


def press_for(store: GameStore, turn: int) -> list[Press]:
    """The press for ``turn``'s reports, oldest first: pending, or received once it ran."""
    found: dict[str, Press] = {}
    for folder in (store.turn_dir(turn) / RECEIVED / FOLDER, store.pending_dir(turn) / FOLDER):
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
            item = _read(path)
            if item is not None:
                found.setdefault(path.name, item)
    return [found[name] for name in sorted(found)]


def _read(path: Path) -> Press | None:
    """A press file, or None when it cannot be read (a GM's edit gone wrong: skipped)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Press(int(data["side"]), str(data["name"]), str(data["at"]), str(data["text"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
