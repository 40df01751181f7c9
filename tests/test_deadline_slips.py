"""A GM's hand edit of a deadline at 2 a.m.: a turn's ``next_deadline`` set to
``9999-12-31T23:59:00Z`` (to stop the game) or ``0001-01-01T00:00:00Z`` stopped `wtg status`
with Python's OverflowError (or a ValueError of a year written ``1-01-01``), and `wtg
extend` too; a day the calendar has not (``2026-02-30T17:00:00Z``) crashed `wtg status
g1`; `wtg extend` crashed on any ``next_deadline`` that was no time of ours, which every
other command refused; and game.yaml's ``first: '9999-12-31'`` or ``every_days: 3000000``
was taken, the turn after running off the calendar's end when the game ran. Each is now
refused with the file, the key and what to type, by every command alike, the other game
going on."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main
from wtg.game.schedule import local_text, make_schedule, zoned_text

GAME = ("new-game", "--ruleset", "wok4", "--map", "small", "--every", "2", "--at", "18:00")
PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")
COMMANDS = (("status", "g1"), ("extend", "g1", "2"), ("run-turn", "g1", "--now"))


def wtg(games: Path, *args: str) -> tuple[int, str, str]:
    config = games.parent / "wtg.yaml"
    if not config.exists():
        config.write_text('games_dir: games\nfrom: "GM <gm@example.org>"\n', encoding="utf-8")
    result = CliRunner(env={"WTG_CONFIG": None}).invoke(main, ["--config", str(config), *args])
    given = f"--config {config} "  # the commands a line names, as typed on this host
    return result.exit_code, result.stdout.replace(given, ""), result.stderr.replace(given, "")


def two_games(tmp_path: Path) -> Path:
    """The games folder of g1 (Europe/Berlin) and g2 (UTC), each with a schedule."""
    games = tmp_path / "games"
    games.mkdir()
    assert wtg(games, GAME[0], "g1", *GAME[1:], *PLAYERS, "--timezone", "Europe/Berlin")[0] == 0
    assert wtg(games, GAME[0], "g2", *GAME[1:], *PLAYERS)[0] == 0
    return games


def edit_deadline(games: Path, stamp: str) -> Path:
    path = games / "g1" / "turns" / "0000" / "turn.json"
    meta = json.loads(path.read_text(encoding="utf-8"))
    meta["next_deadline"] = stamp
    path.write_text(json.dumps(meta), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("stamp", "year"), [("9999-12-31T23:59:00Z", 9999), ("0001-01-01T00:00:00Z", 1)]
)
def test_a_deadline_off_the_years_is_refused_by_every_command(
    tmp_path: Path, stamp: str, year: int
) -> None:
    games = two_games(tmp_path)
    path = edit_deadline(games, stamp)
    said = (
        f"{path}: next_deadline: {stamp!r}: a deadline falls in a year from 1970 to 8999, and "
        f"{year} is none (edited by hand? turn.json is wtg's record of the turn: put back what "
        "it held; a deadline is moved with `wtg extend g1 HOURS`; `wtg hold g1` stops its "
        "turns a while)"
    )
    before = path.read_text(encoding="utf-8")
    for command in COMMANDS:
        code, _, err = wtg(games, *command)
        assert (code, err) == (1, f"wtg: {said}\n"), command
    assert path.read_text(encoding="utf-8") == before
    code, out, err = wtg(games, "status")
    assert code == 1
    assert out.startswith("g2 wok4 turn 1: 0 of 2 orders in")
    assert f"{games / 'g1'}: cannot be read, skipped: {said}" in out + err
    code, out, err = wtg(games, "run-turn", "--due")
    assert code == 1
    assert f"g1: failed: {said}" in out + err
    assert out.startswith("ran 0, held 0, failed 1, not due 1, in ")  # g2 goes on
    assert not (games / "g1" / "turns" / "0001").exists()


@pytest.mark.parametrize("stamp", ["2026-12-09 18:00", "2026-02-30T17:00:00Z"])
def test_a_deadline_that_is_no_time_is_refused_by_extend_as_by_status(
    tmp_path: Path, stamp: str
) -> None:
    games = two_games(tmp_path)
    path = edit_deadline(games, stamp)
    said = (
        f"wtg: {path}: next_deadline: {stamp!r} is not a time as wtg writes it (UTC, as "
        "2026-12-06T17:00:00Z) (edited by hand? turn.json is wtg's record of the turn: put back "
        "what it held; a deadline is moved with `wtg extend g1 HOURS`)\n"
    )
    for command in COMMANDS:
        assert wtg(games, *command)[::2] == (1, said), command
    assert json.loads(path.read_text(encoding="utf-8"))["next_deadline"] == stamp


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            r"first: '[0-9-]+'",
            "first: '9999-12-31'",
            "first: the first deadline's day must be a date as YYYY-MM-DD of a year from 1970 "
            "to 8999, not '9999-12-31' (to stop the game's turns a while: `wtg hold g1`)",
        ),
        (
            "every_days: 2",
            "every_days: 3000000",
            "every_days: expected a whole number of days from 1 to 366 (a year), found 3000000",
        ),
    ],
)
def test_a_schedule_off_the_calendar_is_refused_with_its_line(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    games = two_games(tmp_path)
    config = games / "g1" / "game.yaml"
    text = config.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("schedule:"))
    config.write_text(re.sub(old, new, text, count=1), encoding="utf-8")
    for command in COMMANDS:
        code, _, err = wtg(games, *command)
        assert (code, err) == (1, f"wtg: {config}, line {line}: schedule: {said}\n"), command
    assert not (games / "g1" / "turns" / "0001").exists()
    assert wtg(games, "status", "g2")[0] == 0


def test_an_hour_the_clocks_skip_or_repeat_is_one_moment_said_alike() -> None:
    """The ruling of docs/gm.md ("An hour a day of the zone's has not"): 02:30 on the day
    Berlin's clocks jump from 02:00 to 03:00 is 03:30 there (01:30 UTC); 02:30 on the day
    they go back is the first of the two, in summer time (00:30 UTC)."""
    spring = make_schedule(1, "02:30", "Europe/Berlin", first="2027-03-28")
    assert spring.slot(0) == datetime(2027, 3, 28, 1, 30, tzinfo=timezone.utc)
    assert (
        zoned_text(spring.slot(0), "Europe/Berlin") == "2027-03-28 01:30 UTC (03:30 Europe/Berlin)"
    )
    assert local_text(spring.slot(0), "Europe/Berlin") == (
        "Sun 28 Mar 2027 03:30 Europe/Berlin (01:30 UTC)"
    )
    assert spring.slot(1) == datetime(2027, 3, 29, 0, 30, tzinfo=timezone.utc)
    autumn = make_schedule(1, "02:30", "Europe/Berlin", first="2027-10-31")
    assert autumn.slot(0) == datetime(2027, 10, 31, 0, 30, tzinfo=timezone.utc)
    assert (
        zoned_text(autumn.slot(0), "Europe/Berlin") == "2027-10-31 00:30 UTC (02:30 Europe/Berlin)"
    )
    assert autumn.next_after(autumn.slot(0)) == datetime(2027, 11, 1, 1, 30, tzinfo=timezone.utc)


def test_a_players_form_waits_in_the_inbox_for_the_mend_of_turn_json(tmp_path: Path) -> None:
    """The poll answers a form with the deadline the host keeps; a turn.json it cannot read
    had the mail quarantined (`wtg quarantine --release` for each), where a slip in
    game.yaml leaves it waiting in the inbox, and docs/gm.md says the two alike."""
    games = two_games(tmp_path)
    assert wtg(games, "poll")[0] == 0
    mail = EmailMessage()
    mail["From"] = "ann@example.org"
    mail["To"] = "gm@example.org"
    mail["Subject"] = "orders"
    mail.set_content(wtg(games, "aof", "g1", "--player", "1")[1])
    inbox = games / ".mail" / "maildir-in" / "new"
    (inbox / "orders.eml").write_bytes(bytes(mail))
    path = games / "g1" / "turns" / "0000" / "turn.json"
    kept = path.read_text(encoding="utf-8")
    edit_deadline(games, "9999-12-31T23:59:00Z")
    code, out, _ = wtg(games, "poll", "-v")
    assert code == 0
    assert out.startswith(
        "filed 0, rejected 0, quarantined 0, ignored 0, left for the next poll 1 (waiting for "
        "a mend: g1 1)\n"
    )
    assert "  maildir:orders.eml: later: " in out
    assert sorted(p.name for p in inbox.iterdir()) == ["orders.eml"]
    path.write_text(kept, encoding="utf-8")
    code, out, _ = wtg(games, "poll", "-v")
    assert (code, out.splitlines()[0]) == (0, "filed 1, rejected 0, quarantined 0, ignored 0")
