"""When the service wakes next: the earliest of the games' deadlines, the moments their
reminders are due, the digest, a retry of what failed, and a look at the mail and the
games every so often (a GM's `wtg release`, `extend` or `run-turn` by hand, a new game,
mail the server forgot to announce). Nothing else wakes it but new mail and a signal.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from wtg.core.record import Record
from wtg.host.gamesdir import open_listed, scan_games


class Timetable(Record):
    """A running game's coming deadline, and when its reminders are due."""

    game: str
    folder: Path
    deadline: datetime
    reminder: datetime


class Agenda:
    """The moments the service may wake for after ``now``, each with what it is for. A
    moment that is not ahead is left out: the round just done did what was due then (or
    paused it, and the pause's end is a moment of its own); waking for it would be a
    busy loop."""

    def __init__(self, now: datetime) -> None:
        self.now = now
        self.moments: list[tuple[datetime, str]] = []

    def add(self, moment: datetime | None, why: str) -> None:
        if moment is not None and moment > self.now:
            self.moments.append((moment, why))

    def first(self) -> tuple[datetime, str]:
        return min(self.moments, key=lambda pair: pair[0])


class Timetables:
    """The timetables of a games folder's running games, held or over games left out (a
    game over has no deadline, ``Game.deadline``), read from their files each time: a
    GM's extension or hold counts at the next look."""

    def read(self, games_dir: Path, remind_hours: int) -> list[Timetable]:
        found = []
        for folder in scan_games(games_dir).folders:
            try:
                game = open_listed(folder)
                deadline = game.deadline()  # None once the game is over
                if deadline is None or game.held() is not None:
                    continue
            except Exception:  # a folder that cannot be read: the due run names it
                continue
            reminder = deadline - timedelta(hours=remind_hours)
            found.append(Timetable(game.config.game, folder, deadline, reminder))
        return found
