"""A time typed with its unit, as a GM types it at 2 a.m. (`wtg extend g1 2d`, `--every 48h`,
`--robots-after "1.5 days"`): click said "'2d' is not a valid float" (or integer). Every
option that takes a time (``wtg.cli.durations``) now takes h, d, hours and days, turned into
its own unit; a bare number is taken as before, and what is not a time is one line saying
what to type."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.conftest import players
from wtg.cli import main
from wtg.game.engine import create_game, open_game
from wtg.game.schedule import make_schedule, parse_iso

PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")


def run(root: Path, *args: str) -> Result:
    config = root / "wtg.yaml"
    (root / "games").mkdir(exist_ok=True)
    if not config.exists():
        config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    result = CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def deadline(root: Path) -> datetime:
    data = json.loads(run(root, "status", "g1", "--json").stdout)
    return parse_iso(data["deadline"])


@pytest.mark.parametrize(
    ("typed", "hours"),
    [
        (("2d",), 48),
        (("12h",), 12),
        (("1.5 days",), 36),
        (("1.5", "days"), 36),  # unquoted, two words
        (("36", "hours"), 36),
        (("36",), 36),
        (("0.5D",), 12),
    ],
)
def test_extend_takes_hours_or_days_with_their_unit(
    tmp_path: Path, typed: tuple[str, ...], hours: int
) -> None:
    now = datetime.now(timezone.utc)
    due = (now + timedelta(hours=30)).replace(second=0, microsecond=0)
    schedule = make_schedule(2, f"{due:%H:%M}", "UTC", first=f"{due:%Y-%m-%d}")
    create_game(tmp_path / "games" / "g1", "wok4", "small", players(2), 7, schedule=schedule)
    before = deadline(tmp_path)
    result = run(tmp_path, "extend", "g1", *typed)
    assert result.exit_code == 0, result.output
    assert deadline(tmp_path) - before == timedelta(hours=hours)


@pytest.mark.parametrize("typed", ["2d", "2 days", "48h", "2"])
def test_new_game_every_takes_days_or_whole_days_of_hours(tmp_path: Path, typed: str) -> None:
    made = run(tmp_path, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS,
               "--every", typed)  # fmt: skip
    assert made.exit_code == 0, made.output
    schedule = open_game(tmp_path / "games" / "g1").config.schedule
    assert schedule is not None and schedule.every_days == 2


def test_open_list_takes_units_for_every_and_robots_after(tmp_path: Path) -> None:
    opened = run(tmp_path, "open-list", "wok4", "--every", "3d", "--robots-after", "1.5d")
    assert opened.exit_code == 0, opened.output
    (only,) = json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]
    assert (only["every_days"], only["robots_after"]) == (3, 36)


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("extend", "g1", "2w"),
            "Error: Invalid value for 'HOURS': '2w' is not a time: give hours, as 36 or 36h "
            "(or days, as 1.5d)",
        ),
        (
            ("new-game", "g2", "--ruleset", "wok4", *PLAYERS, "--every", "36h"),
            "Error: Invalid value for '--every': '36h' is 1.5 days: this takes whole days, as 2 "
            "or 2d (or 48h)",
        ),
        (
            ("open-list", "wok4", "--every", "0d"),
            "Error: Invalid value for '--every': 0 is not in the range x>=1.",
        ),
        (
            ("open-list", "wok4", "--every", "0"),
            "Error: Invalid value for '--every': 0 is not in the range x>=1.",
        ),
        (("new-game", "g2", "--ruleset", "wok4", *PLAYERS, "--every", "1.5"), "'1.5' is not a"),
        (
            ("open-list", "wok4", "--robots-after", "a day"),
            "Error: Invalid value for '--robots-after': 'a day' is not a time: give hours, as 36 "
            "or 36h (or days, as 1.5d)",
        ),
    ],
)
def test_what_is_not_a_time_is_one_line_saying_what_to_type(
    tmp_path: Path, args: tuple[str, ...], line: str
) -> None:
    create_game(tmp_path / "games" / "g1", "wok4", "small", players(2), 7)
    result = run(tmp_path, *args)
    assert result.exit_code != 0
    assert line in result.output, result.output


@pytest.mark.parametrize(
    "typed",
    [("-12",), ("-0.5d",), ("--", "-12", "hours"), ("-12h",), ("--again", "-12h"), ("-12hours",)],
)
def test_extend_by_a_negative_time_says_it_moves_a_deadline_later_only(
    tmp_path: Path, typed: tuple[str, ...]
) -> None:
    """`wtg extend g1 -12` (an earlier deadline) was click's "No such option '-1'"; `-0.5d`
    was "'-0.5d' is not a time", as if the unit were the slip; `-12h` printed the help and
    exit 0, click reading it as the options -1, -2 and -h. Each is refused as below 0, with
    what brings a deadline earlier (tests/test_extend_undo.py says the rest)."""
    schedule = make_schedule(2, "18:00", "UTC")
    create_game(tmp_path / "games" / "g1", "wok4", "small", players(2), 7, schedule=schedule)
    result = run(tmp_path, "extend", "g1", *typed)
    assert (result.exit_code, result.stderr) == (
        1,
        "wtg: HOURS must be above 0 (not -12): extend moves a deadline later only, and no "
        "command moves one earlier: `wtg run-turn g1 --now` runs turn 1 now\n",
    )


def test_extend_given_hours_before_the_game_says_the_order(tmp_path: Path) -> None:
    """`wtg extend 24 g1` said "Invalid value for 'HOURS': 'g1' is not a time", as if the
    hours were the slip: the command in its order is given; nothing moved."""
    schedule = make_schedule(2, "18:00", "UTC")
    create_game(tmp_path / "games" / "g1", "wok4", "small", players(2), 7, schedule=schedule)
    before = deadline(tmp_path)
    for typed in ("24", "2d"):
        result = run(tmp_path, "extend", typed, "g1")
        assert result.exit_code == 2
        assert result.stderr.splitlines()[-1] == (
            f"Error: GAME_DIR comes before HOURS: `wtg extend g1 {typed}`"
        )
    assert deadline(tmp_path) == before
