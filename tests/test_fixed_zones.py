"""A GM's time zone written as a fixed offset: `UTC-5` and `GMT-5` are said for what they
mean (five hours behind UTC, never the tz database's Etc/GMT-5, five hours AHEAD), with a
place's zone to give instead; a game whose game.yaml keeps a fixed offset (Etc/GMT+5) is
warned of by `wtg status`, the inverted sign named."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main
from wtg.game.fixedzones import fixed_offset, fixed_zone_warning, places_at, written_offset
from wtg.game.schedule import ScheduleError, make_schedule, zone_meant
from wtg.game.zonenames import current_name

WINTER = datetime(2026, 12, 4, 2, 0, tzinfo=timezone.utc)
NEW_GAME = ("--games-dir",)
GAME = ("new-game", "g1", "--ruleset", "wok4", "--map", "small")
PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")


@pytest.mark.parametrize("written", ["UTC-5", "GMT-5", "utc -5", "GMT-05:00"])
def test_an_offset_written_as_a_gm_writes_it_says_what_it_means(written: str) -> None:
    with pytest.raises(ScheduleError) as refused:
        make_schedule(2, "18:00", written, now=WINTER)
    assert str(refused.value) == (
        f"unknown time zone {written!r}: a fixed offset, 5 hours behind UTC, which does not "
        "follow summer time: the players' deadlines would move an hour against their "
        "clocks; give the zone of your place (e.g. America/Atikokan, America/Bogota, "
        "America/Cancun, as Region/City)"
    )


def test_the_place_suggested_is_at_the_offset_meant() -> None:
    """GMT-5 was answered "did you mean Etc/GMT-5?", a zone ten hours off the one meant."""
    for place in places_at(timedelta(hours=-5), WINTER):
        assert place.startswith("America/")
    with pytest.raises(ScheduleError) as refused:
        make_schedule(2, "18:00", "GMT+5:30", now=WINTER)
    assert "5 hours 30 minutes ahead of UTC" in str(refused.value)
    assert "Asia/Kolkata" in str(refused.value)
    assert "Etc/GMT" not in str(refused.value)


def test_the_offsets_read() -> None:
    assert written_offset("UTC-5") == timedelta(hours=-5)
    assert written_offset("gmt+5:30") == timedelta(hours=5, minutes=30)
    assert written_offset("Europe/Vienna") is None
    assert fixed_offset("Etc/GMT+5") == timedelta(hours=-5)
    assert fixed_offset("Etc/GMT-14") == timedelta(hours=14)
    assert fixed_offset("EST") == timedelta(hours=-5)
    for zone in ("UTC", "Etc/UTC", "GMT+0", "Asia/Tokyo", "Europe/Vienna", "EST5EDT", "Nowhere"):
        assert fixed_offset(zone) is None, zone
        assert fixed_zone_warning(zone, WINTER) is None, zone


def test_new_game_refuses_utc_minus_5_saying_what_it_means(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    result = CliRunner(env={"WTG_CONFIG": None}).invoke(
        main,
        [*NEW_GAME, str(games), *GAME, *PLAYERS, "--every", "2", "--timezone", "UTC-5"],
    )
    assert result.exit_code != 0
    assert "unknown time zone 'UTC-5': a fixed offset, 5 hours behind UTC" in result.stderr
    assert "did you mean" not in result.stderr
    assert not (games / "g1").exists()


def made_with(tmp_path: Path, zone: str) -> Path:
    games = tmp_path / "games"
    games.mkdir()
    made = CliRunner(env={"WTG_CONFIG": None}).invoke(
        main,
        [*NEW_GAME, str(games), *GAME, *PLAYERS, "--every", "2", "--timezone", zone],
    )
    assert made.exit_code == 0, made.output
    return games


def test_status_warns_of_a_fixed_offset_naming_the_sign_trap(tmp_path: Path) -> None:
    games = made_with(tmp_path, "Etc/GMT+5")
    for args in (["status", "g1"], ["status"]):
        result = CliRunner(env={"WTG_CONFIG": None}).invoke(
            main, ["--games-dir", str(games), *args]
        )
        assert result.exit_code == 0, result.output
        warned = [line for line in result.stderr.splitlines() if "time zone" in line]
        assert len(warned) == 1, result.stderr
        assert warned[0].startswith(
            "warning: game g1: time zone Etc/GMT+5 is a fixed offset, 5 hours behind UTC (the "
            "tz database's sign is inverted: Etc/GMT+5 is UTC-5, not UTC+5); it does not "
            "follow summer time, so the deadlines move an hour against the players' clocks "
            "when theirs change: give the zone of your place (e.g. America/"
        )
        assert warned[0].endswith(", as Region/City) in game.yaml's schedule")


def test_status_says_nothing_of_a_places_zone(tmp_path: Path) -> None:
    games = made_with(tmp_path, "America/New_York")
    result = CliRunner(env={"WTG_CONFIG": None}).invoke(
        main, ["--games-dir", str(games), "status", "g1"]
    )
    assert result.exit_code == 0, result.output
    assert "time zone" not in result.stderr


def test_new_game_warns_of_a_fixed_offset_at_once(tmp_path: Path) -> None:
    """`--timezone Etc/GMT+5` was taken silently: only a later `wtg status` warned, after
    the players had their first deadline five hours off the one the GM meant."""
    games = tmp_path / "games"
    games.mkdir()
    result = CliRunner(env={"WTG_CONFIG": None}).invoke(
        main,
        [*NEW_GAME, str(games), *GAME, *PLAYERS, "--every", "2", "--timezone", "Etc/GMT+5"],
    )
    assert result.exit_code == 0, result.output
    assert "game g1 created" in result.stdout
    (warned,) = result.stderr.splitlines()
    assert warned.startswith(
        "warning: game g1: time zone Etc/GMT+5 is a fixed offset, 5 hours behind UTC (the "
        "tz database's sign is inverted: Etc/GMT+5 is UTC-5, not UTC+5)"
    )
    assert warned.endswith(", as Region/City) in game.yaml's schedule")
    assert (games / "g1" / "game.yaml").is_file()


def test_new_game_says_nothing_of_a_places_zone(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    result = CliRunner(env={"WTG_CONFIG": None}).invoke(
        main,
        [*NEW_GAME, str(games), *GAME, *PLAYERS, "--every", "2", "--timezone", "Europe/Vienna"],
    )
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("written", "places"),
    [
        ("CEST", "Europe/Amsterdam, Europe/Andorra, Europe/Belgrade"),
        ("pst", "America/Los_Angeles, America/Tijuana, America/Vancouver"),
        ("JST", "Asia/Tokyo"),
    ],
)
def test_a_clocks_abbreviation_names_places_not_the_zones_it_is_close_to(
    written: str, places: str
) -> None:
    """`--timezone CEST` (what a Viennese GM's clock says in summer) was answered "did you
    mean CET or EST?", and EST is five hours behind UTC, a fixed offset of America's east;
    `PST` was offered EST or MST. The tz database's own abbreviations of the places'
    clocks name the places to give."""
    with pytest.raises(ScheduleError) as refused:
        make_schedule(2, "18:00", written, now=WINTER)
    assert str(refused.value) == (
        f"unknown time zone {written!r}: {written.upper()} is what the clocks of some places "
        f"are called, not a zone: give the zone of your place (e.g. {places}, as Region/City)"
    )
    assert "did you mean" not in str(refused.value)
    with pytest.raises(ScheduleError) as refused:
        make_schedule(2, "18:00", "cet", now=WINTER)  # a zone but for its case: named
    assert str(refused.value) == "unknown time zone 'cet' (did you mean CET?)"


def test_the_places_named_are_named_by_their_current_names() -> None:
    """The zones suggested were all those the machine knows, the tz database's old names
    among them: `GMT+5:30` was offered Asia/Calcutta (Asia/Kolkata's old name) first, `PST`
    America/Ensenada and America/Santa_Isabel (links to America/Tijuana), `calcutta` was
    answered Asia/Calcutta."""
    with pytest.raises(ScheduleError) as refused:
        make_schedule(2, "18:00", "GMT+5:30", now=WINTER)
    assert "e.g. Asia/Colombo, Asia/Kolkata, as Region/City" in str(refused.value)
    assert "Calcutta" not in str(refused.value)
    for offset in range(-12, 15):
        for place in places_at(timedelta(hours=offset), WINTER):
            assert current_name(place) == place
    assert zone_meant("calcutta") == ["Asia/Kolkata"]
    assert zone_meant("Asia/Calcuta") == ["Asia/Kolkata"]
    assert zone_meant("saigon") == ["Asia/Ho_Chi_Minh"]
    assert zone_meant("Europe/Viena") == ["Europe/Vienna"]
    assert current_name("Asia/Calcutta") == "Asia/Kolkata"
    assert current_name("Europe/Vienna") == "Europe/Vienna"
    assert current_name("UTC") == "UTC"
