"""A list closed (`wtg close-list`), then the lobby's book alone put back from a copy taken
before the close (a backup's book copied over the host's): the book had the list open, its
players waiting, while the outbox held the mails telling them it closed; the next start
made a game of it, or took new JOINs, as if it was never closed. Now the close writes a
small record before its mails (``wtg.lobby.closedrecord``), and each start closes again a
list the book has open that the record says closed, telling the GM; `close-list` given
again takes its players off, no one mailed twice."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_close_list import three_on_wok4
from tests.lobby.test_lobby_cli import run
from tests.test_gm_controls import minutes
from wtg.lobby.closedrecord import RECORD
from wtg.lobby.database import FILE, FOLDER, LobbyDatabase
from wtg.lobby.lists import find_list, waiting


def copied(book: Path, into: Path) -> None:
    """The book as it is now, copied whole (SQLite's backup: its WAL too)."""
    source, target = sqlite3.connect(book), sqlite3.connect(into)
    with target:
        source.backup(target)
    source.close()
    target.close()


def test_a_close_the_put_back_book_forgot_is_made_again(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    three_on_wok4(hall)
    games = hall.gm.games_dir
    book = games / FOLDER / FILE
    before = tmp_path / "before.sqlite"
    copied(book, before)
    closing = run(tmp_path, "close-list", "wok4")
    assert closing.exit_code == 0, closing.output
    told = hall.new_mails()
    assert sorted(m.to for m in told) == [address(1), address(2)]
    with LobbyDatabase(games) as people:
        closed = find_list(people, "wok4")
    assert closed is not None and closed.closed is not None
    for side in ("-wal", "-shm"):
        Path(f"{book}{side}").unlink(missing_ok=True)
    shutil.copyfile(before, book)  # the GM puts back the book of before the close
    with LobbyDatabase(games) as people:
        found = find_list(people, "wok4")
        assert found is not None and found.closed is None
    tasks = hall.due_tasks()
    assert tasks.started == ()
    (problem,) = [p for p in tasks.problems if "wok4" in p]
    assert problem == (
        f"waiting list wok4: closed again, as it was closed at {minutes(closed.closed)} (the "
        "lobby's book had it open still: a copy older than the close put back?); give `wtg "
        "close-list wok4` again: it tells those still on it who were not told, and takes them off"
    )
    with LobbyDatabase(games) as people:
        found = find_list(people, "wok4")
        assert found is not None and found.closed == closed.closed
    again = run(tmp_path, "close-list", "wok4")
    assert again.exit_code == 0, again.output
    assert hall.new_mails() == []  # told once, by the first close
    with LobbyDatabase(games) as people:
        assert waiting(people, "wok4") == []
    assert [p for p in hall.due_tasks().problems if "wok4" in p] == []  # once


def test_a_record_the_gm_edited_stops_no_start(tmp_path: Path) -> None:
    """closed-lists.json edited by hand (a close's moment in another form, ``closed`` no
    list): the entry is passed over as an unreadable record is; the lobby's starts go on
    (a ValueError or TypeError skipped the whole lobby at every poll and run)."""
    hall = Hall(tmp_path)
    three_on_wok4(hall)
    games = hall.gm.games_dir
    with LobbyDatabase(games) as people:
        found = find_list(people, "wok4")
    assert found is not None and found.closed is None
    record = games / FOLDER / RECORD
    edits = [
        {"closed": [{"list": "wok4", "opened": found.opened, "closed": "6 Dec 2026 10:00"}]},
        {"closed": None},
        {"closed": 3},
    ]
    for edit in edits:
        record.write_text(json.dumps(edit), encoding="utf-8")
        tasks = hall.due_tasks()
        assert tasks.problems == (), edit
        with LobbyDatabase(games) as people:
            still = find_list(people, "wok4")
            assert still is not None and still.closed is None
            assert len(waiting(people, "wok4")) == 2
