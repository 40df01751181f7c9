"""The coming turn's deadline where the GM's commands move it (``wtg extend``:
``wtg.gm.extension``; ``wtg release``: ``wtg.gm.control``): the latest turn's
``turn.json`` (its ``next_deadline``), read as it is, changed in place and written again
whole, then the latest turn's reports, which say it, written again."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wtg.files.store import write_atomic
from wtg.game.engine import Game
from wtg.game.turnmeta import TURN_META, dump_json


@dataclass
class LatestTurnMeta:
    """The latest turn's ``turn.json`` as read (``meta``: empty when it could not be read
    or is no JSON object), every key kept, to be changed in place and written again."""

    game: Game[Any]
    turn: int
    meta: dict[str, Any]

    @property
    def deadline(self) -> str | None:
        """The coming turn's deadline it holds, None when it holds none."""
        stamp = self.meta.get("next_deadline")
        return stamp if isinstance(stamp, str) else None

    def write(self) -> None:
        """``turn.json`` written again with ``meta``, atomically."""
        write_atomic(self._folder / TURN_META, dump_json(self.meta))

    def write_reports(self) -> None:
        """The turn's reports written again, each atomically, saying the deadline its
        ``turn.json`` holds."""
        for relpath, text in self.game.reports_again(self.turn).items():
            write_atomic(self._folder / relpath, text)

    @property
    def _folder(self) -> Path:
        return self.game.store.turn_dir(self.turn)


def latest_turn_meta(game: Game[Any]) -> LatestTurnMeta:
    """The latest turn's ``turn.json`` (under the game's lock, which the caller holds)."""
    latest = game.latest_turn()
    try:
        meta = json.loads((game.store.turn_dir(latest) / TURN_META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        meta = None
    return LatestTurnMeta(game, latest, meta if isinstance(meta, dict) else {})
