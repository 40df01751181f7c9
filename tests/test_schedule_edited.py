"""game.yaml's schedule edited by hand (a later hour, another time zone: the clocks of the
players' place changed) while a turn waits: the coming turn keeps the deadline its turn set
when it ran, and the turns after it follow the schedule. `wtg status GAME`, where docs/gm.md
sends the GM after an edit, showed the deadline in UTC alone, and a GM who wrote at: '20:00'
read the old deadline as if the edit held; the players' turn ran at 18:00."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

from tests.conftest import players
from tests.test_gm_controls import head, run
from wtg.game.engine import create_game
from wtg.game.schedule import make_schedule


def made(root: Path) -> Path:
    now = datetime.now(timezone.utc)
    schedule = make_schedule(2, "18:00", "Europe/Vienna", now=now)
    game = create_game(
        root / "games" / "g1", "wok4", "small", players(2), 7, schedule=schedule, now=now
    )
    return game.store.root / "game.yaml"


def notes(root: Path) -> list[str]:
    return [
        line for line in run(root, "status", "g1").stdout.splitlines() if line.startswith("NOTE")
    ]


def test_a_later_hour_written_in_says_the_coming_deadline_keeps_its_own(tmp_path: Path) -> None:
    config = made(tmp_path)
    assert notes(tmp_path) == []
    config.write_text(config.read_text().replace("at: '18:00'", "at: '20:00'"))
    (note,) = notes(tmp_path)
    assert re.fullmatch(
        r"NOTE: the coming deadline, \w{3} \d\d \w{3} \d{4} 18:00 Europe/Vienna \(1[67]:00 UTC\), "
        r"was set when turn 0 ran; game\.yaml's schedule \(every 2 days at 20:00 "
        r"Europe/Vienna\) gives the turns after it theirs: `"
        + re.escape(head(tmp_path))
        + r" extend g1 2` moves this one "
        r"to \w{3} \d\d \w{3} \d{4} 20:00 Europe/Vienna \(1[89]:00 UTC\)",
        note,
    ), note
    run(tmp_path, "extend", "g1", "2")  # as the note says: the deadline moved, no note
    assert notes(tmp_path) == []


def test_another_zone_written_in_is_said_too(tmp_path: Path) -> None:
    config = made(tmp_path)
    config.write_text(config.read_text().replace("Europe/Vienna", "Europe/London"))
    (note,) = notes(tmp_path)
    assert "game.yaml's schedule (every 2 days at 18:00 Europe/London)" in note
    assert f"`{head(tmp_path)} extend g1 1` moves this one to " in note


def test_an_earlier_hour_is_said_without_an_extend(tmp_path: Path) -> None:
    """`extend` moves a deadline later only: the note says what holds, no command."""
    config = made(tmp_path)
    config.write_text(config.read_text().replace("at: '18:00'", "at: '16:00'"))
    (note,) = notes(tmp_path)
    assert note.endswith("gives the turns after it theirs")


def test_the_note_is_in_the_json_too(tmp_path: Path) -> None:
    """`wtg status GAME --json` (and `wtg status --json`'s game) had no word of it: a script
    read the old deadline as the schedule's. Its ``schedule_edited`` is the note's text,
    null when there is none; no key of before is renamed."""
    config = made(tmp_path)
    listed = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    assert listed["schedule_edited"] is None
    (every,) = json.loads(run(tmp_path, "status", "--json").stdout)["games"]
    assert every["schedule_edited"] is None
    config.write_text(config.read_text().replace("at: '18:00'", "at: '20:00'"))
    (note,) = notes(tmp_path)
    listed = json.loads(run(tmp_path, "status", "g1", "--json").stdout)
    printed = note.removeprefix("NOTE: ")  # its command with the --config given; the JSON's bare
    assert listed["schedule_edited"] == printed.replace(f"`{head(tmp_path)} ", "`wtg ")
    assert "`wtg extend g1 2` moves this one to " in listed["schedule_edited"]
    assert listed["deadline"].endswith(("T16:00:00Z", "T17:00:00Z"))  # kept as it was
    (every,) = json.loads(run(tmp_path, "status", "--json").stdout)["games"]
    assert every["schedule_edited"] == listed["schedule_edited"]
    run(tmp_path, "extend", "g1", "2")
    assert json.loads(run(tmp_path, "status", "g1", "--json").stdout)["schedule_edited"] is None
