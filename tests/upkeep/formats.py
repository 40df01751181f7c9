"""A host as wtg kept it before game folders and the lobby's book carried a format number
(tests/fixtures/format1, made by the wtg of that time: its make.py says how), copied for a
test, and what the tests of `wtg upgrade` read back of a host."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from wtg.files import private
from wtg.lobby.database import ADDED_TABLES

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "format1"
TURN_3_AT = datetime(2026, 3, 8, 18, 0, tzinfo=timezone.utc)
"""When the wtg of format 1 ran turn 3 of g1 into the fixture's ``expected/0003``."""
BOOK = Path(".people") / "people.sqlite"
EVENT_KEYS_SINCE = frozenset({"lev_gains"})
"""The keys a turn's events have gained since format 1 (a production's levels trained,
province by province): its events are the older wtg's but for them."""


def old_host(folder: Path) -> Path:
    """The fixture's games folder copied to ``folder/games``, private as a host's is (git
    keeps no modes); returns it."""
    games = folder / "games"
    shutil.copytree(FIXTURE / "games", games)
    for path in [games, *games.rglob("*")]:
        os.chmod(path, private.DIR_MODE if path.is_dir() else private.FILE_MODE)
    return games


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` but its lock: its path there and its bytes."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def book_rows(path: Path) -> list[str]:
    """The book's schema and rows, as SQL (its number aside)."""
    db = sqlite3.connect(path)
    try:
        return list(db.iterdump())
    finally:
        db.close()


def without_added(rows: list[str]) -> list[str]:
    """A book's ``book_rows`` less the tables added since format 2's books were first made
    (``ADDED_TABLES``: the upgrade makes them, empty, as opening a book of format 2 does)."""
    added = tuple(f"CREATE TABLE {table} " for table in ADDED_TABLES)
    return [row for row in rows if not row.startswith(added)]


def user_version(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def assert_turn_3_as_format_1_wrote(made: dict[str, bytes]) -> None:
    """Turn 3 run on the upgraded host (``tree`` of its folder) is the one the wtg of
    format 1 wrote (the fixture's ``expected``): the very bytes of its state, orders and
    Top Ten, its events but for the keys added since (``EVENT_KEYS_SINCE``), the very
    words of its reports and forms (their long lines are broken to a mail's width since,
    which format 1's were not, and their BORDERS packed to a phone's 72 columns: the
    words compared, not the lines, the expected files need no change for it; a
    production's "+0.000 LEV" is no longer said; the form
    says "header" where it said "line", and a report says "Your orders: fill out the AOF
    below and reply to this mail with it." under the Order of Play, which format 1's did
    not, and the rule under a report's heading is a phone's 72 characters, not 78, and its
    ORDER OF PLAY names each player, the reader marked, where it gave the numbers alone, and
    the Top Ten's heading says it ranks by score, and a line under the provinces says their
    columns:
    the expected files hold these words); the Top
    Ten's words, each player's number written ``#3`` since, as the reports write it."""
    expected = tree(FIXTURE / "expected" / "0003")
    assert made.keys() == expected.keys()
    prose = [name for name in made if name.startswith(("reports/", "aofs/"))]
    assert len(prose) == 6
    for name in prose:
        assert made[name].split() == expected[name].split(), name
        widest, widest_then = (
            max(map(len, text.splitlines())) for text in (made[name], expected[name])
        )
        assert widest <= 78 < widest_then, name
    events = "events.json"
    assert _older_keys(made[events]) == json.loads(expected[events])
    topten = "topten.txt"
    assert made[topten].replace(b"#", b"").split() == expected[topten].split()
    kept = [n for n in made if n not in prose and n not in (events, topten)]
    assert {n: made[n] for n in kept} == {n: expected[n] for n in kept}


def _older_keys(events: bytes) -> list[dict[str, object]]:
    """A turn's events without the keys added since format 1."""
    return [
        {key: value for key, value in event.items() if key not in EVENT_KEYS_SINCE}
        for event in json.loads(events)
    ]
