"""`wtg open-list --timezone ZONE`: the deadlines of a list's games kept on the GM's clock
(summer time followed), checked as `wtg new-game --timezone` checks it, kept with the list
(a book made before the lists had a zone reads as UTC, which its lists meant), shown by
`wtg lists`, and given to the game made from the list."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.oldbook import old_book
from tests.lobby.test_lobby_cli import confirmed, head, run
from wtg.lobby.database import BOOK_FORMAT, FILE, FOLDER, SCHEMA

VIENNA = ("--every", "2", "--at", "18:00", "--timezone", "Europe/Vienna")


def test_a_lists_zone_is_kept_shown_and_given_to_its_game(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    result = run(tmp_path, "open-list", "wok4", "--players", "2", "--map", "small", *VIENNA)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    (only,) = json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]
    assert (only["every_days"], only["at"], only["timezone"]) == (2, "18:00", "Europe/Vienna")
    text = run(tmp_path, "lists").stdout
    assert "deadlines every 2 days at 18:00 Europe/Vienna" in text
    confirmed(hall, 1, 2)
    schedule = hall.game("wok4-1").config.schedule
    assert schedule is not None
    assert (schedule.every_days, schedule.at, schedule.timezone) == (2, "18:00", "Europe/Vienna")
    deadline = hall.game("wok4-1").deadline()
    assert deadline is not None
    local = deadline.astimezone(schedule.zone())
    assert (local.hour, local.minute) == (18, 0)  # 17:00 UTC in winter, 16:00 in summer


def test_a_list_without_a_zone_keeps_its_deadlines_in_utc(tmp_path: Path) -> None:
    Hall(tmp_path)
    assert run(tmp_path, "open-list", "wok4", "--every", "1").exit_code == 0
    (only,) = json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]
    assert (only["at"], only["timezone"]) == ("18:00", "UTC")


def test_a_wrong_zone_is_refused_with_what_to_give(tmp_path: Path) -> None:
    Hall(tmp_path)
    result = run(tmp_path, "open-list", "wok4", "--every", "1", "--timezone", "Europe/Viena")
    assert result.exit_code == 1
    assert "unknown time zone 'Europe/Viena' (did you mean Europe/Vienna?)" in result.stderr
    result = run(tmp_path, "open-list", "wok4", "--every", "1", "--timezone", "UTC-5")
    assert result.exit_code == 1
    assert "unknown time zone 'UTC-5': a fixed offset, 5 hours behind UTC" in result.stderr
    result = run(tmp_path, "open-list", "wok4", "--timezone", "Europe/Vienna")
    assert result.exit_code == 1
    assert "--timezone goes with --every" in result.stderr
    assert json.loads(run(tmp_path, "lists", "--json").stdout)["lists"] == []


def test_a_sign_inverted_zone_is_warned_of_at_once(tmp_path: Path) -> None:
    Hall(tmp_path)
    result = run(tmp_path, "open-list", "wok4", "--every", "1", "--timezone", "Etc/GMT+5")
    assert result.exit_code == 0, result.output
    assert "waiting list wok4 open" in result.stdout
    assert result.stderr.startswith("warning: time zone Etc/GMT+5 is a fixed offset, 5 hours ")
    assert "Etc/GMT+5 is UTC-5, not UTC+5" in result.stderr
    assert result.stderr.rstrip().endswith(
        f"as Region/City) as --timezone: `{head(tmp_path)} close-list wok4`, then open it again"
    )


def listed(root: Path) -> list[dict[str, object]]:
    found: list[dict[str, object]] = json.loads(run(root, "lists", "--json").stdout)["lists"]
    return found


def _old_book(games_dir: Path, number: int = BOOK_FORMAT) -> Path:
    """A book of format ``number`` (0: format 1, unnumbered) made before the lists had a
    zone, with a list of deadlines."""
    old = SCHEMA.replace("    timezone TEXT NOT NULL DEFAULT 'UTC', -- the deadlines' zone\n", "")
    assert old != SCHEMA
    return old_book(games_dir, old, number, every=3, at="20:00")


def test_a_book_made_before_the_zones_keeps_its_lists_in_utc(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _old_book(hall.gm.games_dir)
    (only,) = json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]
    assert (only["name"], only["at"], only["timezone"]) == ("wok4", "20:00", "UTC")
    result = run(tmp_path, "open-list", "wisk", "--every", "1", "--timezone", "Europe/Vienna")
    assert result.exit_code == 0, result.output
    zones = {
        w["name"]: w["timezone"]
        for w in json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]
    }
    assert zones == {"wok4": "UTC", "wisk": "Europe/Vienna"}
    confirmed(hall, 1, 2)
    schedule = hall.game("wok4-1").config.schedule
    assert schedule is not None
    assert (schedule.every_days, schedule.at, schedule.timezone) == (3, "20:00", "UTC")


def test_an_older_wtg_still_writes_a_book_with_zones(tmp_path: Path) -> None:
    """The zone is a column with a default: an older wtg's INSERT, which names the columns
    it knows, opens a list of UTC deadlines, as it meant."""
    hall = Hall(tmp_path)
    assert run(tmp_path, "open-list", "wok4", *VIENNA).exit_code == 0
    db = sqlite3.connect(hall.gm.games_dir / FOLDER / FILE)
    db.execute(
        "INSERT INTO lists (name, ruleset, variant, map, players, grp, every_days, at, "
        "robots_after, opened, games) VALUES "
        "('wisk', 'wisk', NULL, 'classic', 2, 'any', 3, '20:00', NULL, '2026-01-01T00:00:00Z', 0)"
    )
    db.commit()
    db.close()
    zones = {
        w["name"]: w["timezone"]
        for w in json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]
    }
    assert zones == {"wok4": "Europe/Vienna", "wisk": "UTC"}


def test_a_book_of_format_1_is_read_as_it_is_and_upgraded(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    path = _old_book(hall.gm.games_dir, number=0)
    assert [(w["name"], w["timezone"]) for w in listed(tmp_path)] == [("wok4", "UTC")]
    assert "timezone" not in columns(path)  # read, never written, until `wtg upgrade`
    result = run(tmp_path, "open-list", "wisk", "--every", "1", "--timezone", "Europe/Vienna")
    assert result.exit_code == 1
    assert f"`{head(tmp_path)} upgrade`" in result.stderr
    assert run(tmp_path, "upgrade").exit_code == 0
    result = run(tmp_path, "open-list", "wisk", "--every", "1", "--timezone", "Europe/Vienna")
    assert result.exit_code == 0, result.output
    zones = {w["name"]: w["timezone"] for w in listed(tmp_path)}
    assert zones == {"wok4": "UTC", "wisk": "Europe/Vienna"}


def columns(path: Path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return [str(row[1]) for row in db.execute("PRAGMA table_info(lists)")]
    finally:
        db.close()


def test_the_list_answer_tells_players_the_lists_zone(tmp_path: Path) -> None:
    """LIST told every player "a turn every 2 days at 18:00 UTC", whatever the list's zone."""
    hall = Hall(tmp_path)
    assert run(tmp_path, "open-list", "wok4", *VIENNA).exit_code == 0
    answer = hall.answer("newcomer@else.example", "LIST")
    said = " ".join(answer.body.split("  wok4: ", 1)[1].split("\n\n", 1)[0].split())
    assert (
        "deadlines: a turn every 2 days at 18:00 Europe/Vienna (or sooner, once all are READY)"
    ) in said


def test_a_lists_hour_is_kept_as_wtg_writes_an_hour(tmp_path: Path) -> None:
    """`open-list --at 9:00` kept '9:00': `wtg lists` said `at 9:00 UTC`, its --json "at"
    '9:00', while the game made of it, and `new-game --at 9:00`, write 09:00 (docs/gm.md:
    "`9:00` and `09:00` are one hour (wtg writes `09:00`...)"). The list keeps 09:00."""
    hall = Hall(tmp_path)
    result = run(
        tmp_path,
        "open-list",
        "wok4",
        "--players",
        "2",
        "--map",
        "small",
        "--every",
        "2",
        "--at",
        "9:00",
    )
    assert result.exit_code == 0, result.output
    (only,) = json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]
    assert only["at"] == "09:00"
    assert "deadlines every 2 days at 09:00 UTC" in run(tmp_path, "lists").stdout
    confirmed(hall, 1, 2)
    schedule = hall.game("wok4-1").config.schedule
    assert schedule is not None and schedule.at == "09:00"


def test_lists_says_when_a_list_starts_with_the_players_there(tmp_path: Path) -> None:
    """`open-list --robots-after 1.5d` was shown by `wtg lists` as any other list: only
    --json said its robots_after, and the GM could not see from the listing that it would
    start short-handed. The line says it, in hours."""
    Hall(tmp_path)
    result = run(tmp_path, "open-list", "wisk", "--players", "3", "--robots-after", "1.5d")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "waiting list wisk open: wisk on classic, 3 players, open to all; no deadlines; "
        "starts with the players there 36 hours after the first confirmed\n"
    )
    assert run(tmp_path, "open-list", "wok4").exit_code == 0
    lines = run(tmp_path, "lists").stdout.splitlines()
    assert lines == [
        "wisk: wisk on classic, 3 players, open to all; 0 of 3 waiting: nobody yet; "
        "no deadlines; starts with the players there 36 hours after the first confirmed",
        "wok4: wok4 on classic60, 10 players, open to all; 0 of 10 waiting: nobody yet; "
        "no deadlines",
    ]


def test_a_lists_hour_past_the_clock_says_what_is_wrong(tmp_path: Path) -> None:
    """`wtg open-list wok4 --every 2 --at 25:00` said only "must be HH:MM"; nothing opened."""
    Hall(tmp_path)
    result = run(tmp_path, "open-list", "wok4", "--every", "2", "--at", "25:00")
    assert result.exit_code != 0
    assert result.stderr.strip() == (
        "wtg: the deadline hour must be HH:MM, not '25:00' (a day's hours run from 00:00 to"
        " 23:59, and 25 is no hour of it)"
    )
    assert json.loads(run(tmp_path, "lists", "--json").stdout)["lists"] == []
