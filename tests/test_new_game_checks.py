"""`wtg new-game` checks ruleset, variant, map and player count together, and refuses a
player given twice, before it creates anything: a refused game leaves no folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.game.registry import GAME_SEATING, SHIPPED_NAMES


def players(count: int) -> list[str]:
    return [f"--player=P{i}:p{i}@example.org" for i in range(1, count + 1)]


def new_game(tmp_path: Path, *args: object) -> Result:
    game = tmp_path / "games" / "g"
    return CliRunner().invoke(main, ["new-game", str(game), *map(str, args)])


def refused(tmp_path: Path, *args: object) -> str:
    result = new_game(tmp_path, *args)
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    assert not (tmp_path / "games").exists()  # nothing was created
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    return lines[0]


def test_a_variant_of_another_ruleset(tmp_path: Path) -> None:
    assert refused(tmp_path, "--ruleset", "wok4", "--variant", "duel", *players(2)) == (
        "wtg: no variant 'duel' of wok4 (it has no variants): duel is a variant of standard"
    )
    assert refused(tmp_path, "--ruleset", "standard", "--variant", "duet", *players(2)) == (
        "wtg: no variant 'duet' of standard (variants: skirmish, duel, duel-lite, trinity): "
        "did you mean duel?"
    )
    assert refused(tmp_path, "--ruleset", "standard", "--variant", "solo", *players(2)) == (
        "wtg: no variant 'solo' of standard (variants: skirmish, duel, duel-lite, trinity)"
    )
    assert refused(tmp_path, "--ruleset", "wisk", "--variant", "skirmish", *players(2)) == (
        "wtg: no variant 'skirmish' of wisk (it has no variants): skirmish is a variant of "
        "intermediate and standard"
    )


def test_wok4_takes_two_players_up_to_the_maps_seats(tmp_path: Path) -> None:
    """Manual: "10 players may try their luck"; empty slots count as quits (ruling: at least
    two, at most the map's seats)."""
    assert refused(tmp_path, "--ruleset", "wok4", *players(1)) == (
        "wtg: a game of wok4 on map classic60 takes 2 to 10 players, not 1"
    )
    assert refused(tmp_path, "--ruleset", "wok4", "--map", "small", *players(5)) == (
        "wtg: a game of wok4 on map small takes 2 to 4 players, not 5"
    )
    made = new_game(tmp_path, "--ruleset", "wok4", "--map", "small", *players(2))
    assert made.exit_code == 0, made.output


def test_standard_takes_two_to_ten_within_the_map(tmp_path: Path) -> None:
    """Standard WoK: "Two to Ten players battle it out"; a Skirmish's "number of players is
    determined by the map"."""
    assert refused(tmp_path, "--ruleset", "standard", *players(1)) == (
        "wtg: a game of standard on map classic60 takes 2 to 10 players, not 1"
    )
    assert refused(tmp_path, "--ruleset", "standard", "--map", "star-islands", *players(6)) == (
        "wtg: a game of standard on map star-islands takes 2 to 5 players, not 6"
    )
    assert refused(
        tmp_path, "--ruleset", "standard", "--variant", "skirmish", "--map", "trial", *players(3)
    ) == ("wtg: a game of standard skirmish on map trial takes 2 players, not 3")


def test_duel_and_trinity_take_their_humans_on_a_map_with_room(tmp_path: Path) -> None:
    """ "The two human players play three colours each, on a map of 60 provinces. Another four
    colours are taken by robot players"; Trinity: "three players each taking control of two
    colours"."""
    assert refused(tmp_path, "--ruleset", "standard", "--variant", "duel", *players(3)) == (
        "wtg: a game of standard duel on map classic60 takes 2 players (each plays 3 colours, "
        "4 robots the rest), not 3"
    )
    assert refused(tmp_path, "--ruleset", "standard", "--variant", "trinity", *players(2)) == (
        "wtg: a game of standard trinity on map classic60 takes 3 players (each plays 2 "
        "colours, 4 robots the rest), not 2"
    )
    assert refused(
        tmp_path, "--ruleset", "standard", "--variant", "duel", "--map", "trial", *players(2)
    ) == (
        "wtg: a game of standard duel needs a map of 10 seats; map trial seats 2 (maps with "
        "room: classic60)"
    )
    made = new_game(tmp_path, "--ruleset", "standard", "--variant", "duel-lite", *players(2))
    assert made.exit_code == 0, made.output


def test_intermediate_takes_two_up_to_the_maps_seats(tmp_path: Path) -> None:
    """The Intermediate text names no count (ruling: as Standard's Skirmish)."""
    assert refused(tmp_path, "--ruleset", "intermediate", *players(1)) == (
        "wtg: a game of intermediate on map marchlands takes 2 players, not 1"
    )
    assert refused(tmp_path, "--ruleset", "intermediate", "--map", "pentarchy", *players(6)) == (
        "wtg: a game of intermediate on map pentarchy takes 2 to 5 players, not 6"
    )


def test_robots_and_bots_count_with_the_humans(tmp_path: Path) -> None:
    """WISK: "2 to 6 players" (humans and robots); Tactics: up to four armies, bots filling
    the missing roles."""
    assert refused(tmp_path, "--ruleset", "wisk", *players(1)) == (
        "wtg: a game of wisk takes 2 to 6 players, humans and robots together; 1 player and "
        "0 robots make 1"
    )
    assert refused(tmp_path, "--ruleset", "wisk", *players(2), "--robots", 5) == (
        "wtg: a game of wisk takes 2 to 6 players, humans and robots together; 2 players and "
        "5 robots make 7"
    )
    assert refused(tmp_path, "--ruleset", "wisk", *players(2), "--robots", -1) == (
        "wtg: --robots must be 0 or more, not -1"
    )
    assert refused(tmp_path, "--ruleset", "tactics", *players(1)) == (
        "wtg: a game of tactics takes 2 to 4 players, humans and bots together; 1 player and "
        "0 bots make 1"
    )
    made = new_game(tmp_path, "--ruleset", "wisk", *players(1), "--robots", 1)
    assert made.exit_code == 0, made.output


def test_an_unknown_map_names_the_maps_there_are(tmp_path: Path) -> None:
    assert refused(tmp_path, "--ruleset", "wok4", "--map", "atlantis", *players(2)) == (
        "wtg: no map 'atlantis' for wok4 (maps: classic60, small)"
    )
    assert refused(tmp_path, "--ruleset", "standard", "--map", "small", *players(2)) == (
        "wtg: no map 'small' for standard (maps: classic60, star-islands, trial)"
    )
    assert refused(tmp_path, "--ruleset", "tactics", "--map", "atlantis", *players(2)) == (
        "wtg: no map 'atlantis' for tactics (maps: meadow, lava-ford, islands)"
    )


def test_a_map_named_in_another_case_is_named_as_meant(tmp_path: Path) -> None:
    """`--map Small` (the docs write the map in lower case; a GM types it as a name) was
    refused without the one meant, as `--ruleset WoK4` is given it; `--map smal`, a typo,
    named none, where a ruleset's typo (`tactic`) was named."""
    assert refused(tmp_path, "--ruleset", "wok4", "--map", "Small", *players(2)) == (
        "wtg: no map 'Small' for wok4 (maps: classic60, small): did you mean small?"
    )
    assert refused(tmp_path, "--ruleset", "wok4", "--map", "smal", *players(2)) == (
        "wtg: no map 'smal' for wok4 (maps: classic60, small): did you mean small?"
    )


@pytest.mark.parametrize(
    ("second", "problem"),
    [
        (
            "--player=Bob:ANN@Example.org",
            "player 2: the address ANN@example.org is player 1's already; each player needs an "
            "address of their own",
        ),
        (
            "--player=ann :bob@example.org",
            "player 2: the name 'ann' is player 1's already; each player needs a name of their own",
        ),
    ],
)
def test_the_same_player_twice(tmp_path: Path, second: str, problem: str) -> None:
    assert refused(
        tmp_path, "--ruleset", "wok4", "--player=Ann:ann@example.org", second, "--player=C:c@x.org"
    ) == (f"wtg: {problem}")


def test_two_players_given_one_code(tmp_path: Path) -> None:
    """The intake takes a form whose code is the seat's it names: with one code for two
    seats, either player could send orders for the other. Compared as the intake compares
    codes (case aside); the code itself is never printed."""
    line = refused(
        tmp_path,
        "--ruleset",
        "wok4",
        "--player=Ann:ann@example.org:SAMECODE9",
        "--player=Bob:bob@example.org",
        "--player=Cy:cy@example.org:samecode9",
    )
    assert line == (
        "wtg: player 3: the code given is player 1's already (either could send orders for the "
        "other's seat); give each a code of his own, or leave it out for a new one"
    )
    assert "SAMECODE9" not in line.upper()


def test_the_counts_are_the_ones_the_rules_use() -> None:
    """The data the command line checks agrees with the constants the rules set up by."""
    from wtg.rules.intermediate.constants import VARIANT
    from wtg.rules.standard.setup import COLOURS, HUMANS, ROBOTS, VARIANTS
    from wtg.rules.tactics.setup import MAX_ARMIES, MIN_ARMIES
    from wtg.rules.wisk.constants import MAX_PLAYERS, MIN_PLAYERS

    assert set(GAME_SEATING) == set(SHIPPED_NAMES)
    standard = {s.variant: s for s in GAME_SEATING["standard"]}
    assert tuple(standard) == VARIANTS
    for variant, humans in HUMANS.items():
        seating = standard[variant]
        assert (seating.least, seating.most, seating.colours) == (humans, humans, COLOURS[variant])
        assert seating.robots == ROBOTS
    assert [s.variant for s in GAME_SEATING["intermediate"]] == [None, VARIANT]
    (wisk,) = GAME_SEATING["wisk"]
    assert (wisk.together, wisk.robots_option) == ((MIN_PLAYERS, MAX_PLAYERS), "robots")
    (tactics,) = GAME_SEATING["tactics"]
    assert (tactics.together, tactics.robots_option) == ((MIN_ARMIES, MAX_ARMIES), "bots")
    assert all(s.rule for declared in GAME_SEATING.values() for s in declared)


def test_a_schedule_that_cannot_be_kept_is_refused_with_its_reason(tmp_path: Path) -> None:
    """Issue 26, mutant (mutmut, wtg/game/schedule.py): the reasons of a refused schedule lost
    (the GM read "wtg: None"). Each says what was wrong, and nothing is created."""
    game = ("--ruleset", "wok4", *players(2))
    assert refused(tmp_path, *game, "--every", "-1") == "wtg: a turn needs at least 1 day, not -1"
    assert refused(tmp_path, *game, "--every", "2", "--at", "25:00") == (
        "wtg: the deadline hour must be HH:MM, not '25:00' (a day's hours run from 00:00 to 23:59,"
        " and 25 is no hour of it)"
    )
    assert refused(tmp_path, *game, "--every", "2", "--timezone", "Mars/Olympus") == (
        "wtg: unknown time zone 'Mars/Olympus' (e.g. Europe/Vienna, UTC)"
    )


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("6pm", "18:00"),
        ("6:30 p.m.", "18:30"),
        ("12am", "00:00"),
        ("18h", "18:00"),
        ("18h30", "18:30"),
        ("18.00", "18:00"),
        ("1800", "18:00"),
        ("18:00:00", "18:00"),
    ],
)
def test_an_hour_written_another_way_is_refused_with_the_hh_mm_it_means(
    tmp_path: Path, written: str, meant: str
) -> None:
    """`--at 6pm` said only "must be HH:MM": the hour the GM meant is named for him."""
    game = ("--ruleset", "wok4", *players(2))
    assert refused(tmp_path, *game, "--every", "2", "--at", written) == (
        f"wtg: the deadline hour must be HH:MM, not {written!r} (did you mean {meant}?)"
    )


@pytest.mark.parametrize(
    ("written", "why"),
    [
        ("25:00", "a day's hours run from 00:00 to 23:59, and 25 is no hour of it"),
        ("24:00", "a day's hours run from 00:00 to 23:59; midnight is 00:00, the next day's start"),
        ("18:75", "an hour's minutes run from 00 to 59, and 75 is no minute of it"),
    ],
)
def test_an_hour_past_the_clock_is_refused_with_what_is_wrong(
    tmp_path: Path, written: str, why: str
) -> None:
    """`--at 25:00` said only "must be HH:MM", of an hour written as HH:MM: the refusal says
    that a day's hours end at 23:59 (an hour's minutes at 59), and what midnight is."""
    game = ("--ruleset", "wok4", *players(2))
    assert refused(tmp_path, *game, "--every", "2", "--at", written) == (
        f"wtg: the deadline hour must be HH:MM, not {written!r} ({why})"
    )


def test_every_0_days_is_refused_not_taken_for_no_deadlines(tmp_path: Path) -> None:
    """Issue 26, noticed: `--every 0` was read as "not given" and made a game without
    deadlines, silently; it is refused as any other count under 1 day."""
    game = ("--ruleset", "wok4", *players(2))
    assert refused(tmp_path, *game, "--every", "0") == "wtg: a turn needs at least 1 day, not 0"


@pytest.mark.parametrize(
    ("zone", "meant"),
    [
        ("Vienna", "Europe/Vienna"),
        ("europe/vienna", "Europe/Vienna"),
        ("New York", "America/New_York"),
        ("Europe/Viena", "Europe/Vienna"),
        ("utc", "UTC"),
        ("EUROPE/VIENA", "Europe/Vienna"),  # a typo in capitals: its case aside, as elsewhere
    ],
)
def test_a_time_zone_nearly_right_names_the_one_meant(
    tmp_path: Path, zone: str, meant: str
) -> None:
    """`--timezone Vienna` (the city alone, as a GM says it) was refused with the example
    Europe/Vienna only by luck; `--timezone Berlin` or `New York` named no zone at all."""
    game = ("--ruleset", "wok4", *players(2), "--every", "2")
    assert refused(tmp_path, *game, "--timezone", zone) == (
        f"wtg: unknown time zone {zone!r} (did you mean {meant}?)"
    )


@pytest.mark.parametrize(
    ("name", "meant"), [("WoK4", "wok4"), ("wok", "wok4"), ("WISK", "wisk"), ("tactic", "tactics")]
)
def test_a_ruleset_nearly_right_names_the_one_meant(tmp_path: Path, name: str, meant: str) -> None:
    """`--ruleset WoK4` (as the README writes the game's name) listed the rulesets without
    saying which was meant; so did `wtg open-list WoK4`."""
    said = (
        f"wtg: no ruleset {name!r} (known: intermediate, standard, tactics, wisk, wok4): did "
        f"you mean {meant}?"
    )
    assert refused(tmp_path, "--ruleset", name, *players(2)) == said
    (tmp_path / "games").mkdir()
    result = CliRunner().invoke(main, ["--games-dir", str(tmp_path / "games"), "open-list", name])
    assert (result.exit_code, result.stderr) == (1, f"{said}\n")
    assert list((tmp_path / "games").iterdir()) == []


@pytest.mark.parametrize(
    ("name", "variant", "rulesets"),
    [
        ("duel", "duel", ["standard"]),
        ("Duel", "duel", ["standard"]),
        ("duel lite", "duel-lite", ["standard"]),
        ("standard/trinity", "trinity", ["standard"]),
        ("standard-duel", "duel", ["standard"]),
        ("skirmish", "skirmish", ["intermediate", "standard"]),
    ],
)
def test_a_variant_given_as_the_ruleset_says_the_ruleset_and_variant_to_give(
    tmp_path: Path, name: str, variant: str, rulesets: list[str]
) -> None:
    """`--ruleset duel` (the README's Duel, a variant of Standard) listed the rulesets and
    said no more: the GM was not told that a Duel is `--ruleset standard --variant duel`;
    nor was `wtg open-list duel` told `wtg open-list standard --variant duel`."""
    known = "known: intermediate, standard, tactics, wisk, wok4"
    ways = " or ".join(f"--ruleset {ruleset} --variant {variant}" for ruleset in rulesets)
    of = " and ".join(rulesets)
    assert refused(tmp_path, "--ruleset", name, *players(2)) == (
        f"wtg: no ruleset {name!r} ({known}): {variant} is a variant of {of}: give {ways}"
    )
    (tmp_path / "games").mkdir()
    result = CliRunner().invoke(main, ["--games-dir", str(tmp_path / "games"), "open-list", name])
    given = f"wtg --games-dir {tmp_path / 'games'}"  # as open-list was given
    lists = " or ".join(
        f"`{given} open-list {ruleset} --variant {variant}`" for ruleset in rulesets
    )
    assert (result.exit_code, result.stderr) == (
        1,
        f"wtg: no ruleset {name!r} ({known}): {variant} is a variant of {of}: give {lists}\n",
    )
    assert list((tmp_path / "games").iterdir()) == []


@pytest.mark.parametrize(
    ("variant", "meant"), [("Duel", "duel"), ("duel_lite", "duel-lite"), ("dual", "duel")]
)
def test_a_variant_nearly_right_names_the_one_meant(
    tmp_path: Path, variant: str, meant: str
) -> None:
    """`--variant Duel` (the README's spelling of the game) listed the variants without
    saying which was meant, where `--map Small` and `--ruleset WoK4` are told."""
    assert refused(tmp_path, "--ruleset", "standard", "--variant", variant, *players(2)) == (
        f"wtg: no variant {variant!r} of standard (variants: skirmish, duel, duel-lite, "
        f"trinity): did you mean {meant}?"
    )


def test_a_name_wider_than_40_columns_is_refused_as_a_newcomers_is(tmp_path: Path) -> None:
    """A name of 30 Chinese letters is 30 characters but fills 60 columns of every report
    that names it, more than any line of a mail can fit beside it; a newcomer by mail is
    refused such a name (wtg.lobby.people), and the GM's --player was not."""
    wide = "山" * 30
    said = refused(
        tmp_path,
        "--ruleset",
        "wok4",
        "--map",
        "small",
        f"--player={wide}:w@example.org",
        "--player=P2:p2@example.org",
    )
    assert said.endswith(
        "the name fills 60 columns of a report (a Chinese, Japanese or Korean letter fills "
        "two): at most 40"
    ), said
    made = new_game(
        tmp_path,
        "--ruleset",
        "wok4",
        "--map",
        "small",
        f"--player={'山' * 20}:w@example.org",
        "--player=P2:p2@example.org",
    )
    assert made.exit_code == 0, made.output
