"""bench/bench_robots.py (issue 30): the tournaments run and count consistently, today's
robots are kept apart from the live strategies as the yardstick, and the naive players
write orders the rules accept."""

from __future__ import annotations

import ast
import inspect
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any

import pytest

from bench import bench_robots, bench_wisk_missions
from bench.frozen_robots import intermediate as old_intermediate
from bench.frozen_robots import tactics as today_tactics
from bench.frozen_robots import wisk as today_wisk
from bench.frozen_robots import wok4 as old_wok4
from bench.frozen_robots import wok4_attacker as attacker_wok4
from bench.frozen_robots import wok4_r43 as r43_wok4
from bench.frozen_robots import wok4_r44 as r44_wok4
from bench.frozen_robots import wok4_r46 as r46_wok4
from bench.frozen_robots import wok4_siege as last_wok4
from bench.frozen_robots.wok4_parts import battleodds as attacker_odds
from bench.frozen_robots.wok4_parts import frontplan as attacker_frame
from bench.frozen_robots.wok4_r43_parts import frontplan as r43_frame
from bench.frozen_robots.wok4_r44_parts import frontplan as r44_frame
from bench.frozen_robots.wok4_r44_parts import siege as r44_siege
from bench.frozen_robots.wok4_siege_parts import battleodds as last_odds
from bench.frozen_robots.wok4_siege_parts import frontplan as last_frame
from bench.frozen_robots.wok4_siege_parts import siege as last_siege
from bench.naive_players import naive_tactics, naive_wisk
from bench.robot_games import Played, play_tactics, tactics_maps
from bench.robot_tally import Rate, Tally, wilson
from bench.wok_games import MapTally, WokPlayed, play, seating, sent_back, troops_sent
from tests.shipped import TACTICS, WISK
from wtg.core.jsondata import JsonObject
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup
from wtg.rules.intermediate import strategy as live_intermediate
from wtg.rules.tactics import strategy as live_tactics
from wtg.rules.wisk import strategy as live_wisk
from wtg.rules.wok4 import strategy as live_wok4

ROOT = Path(__file__).resolve().parents[1]
FROZEN_WOK4 = (
    attacker_wok4,
    attacker_odds,
    attacker_frame,
    last_wok4,
    last_odds,
    last_frame,
    last_siege,
    r43_wok4,
    r43_frame,
    r44_wok4,
    r44_frame,
    r44_siege,
    r46_wok4,
)
CONTRACT = ("vs_previous", "one_among_three_previous", "vs_naive", "ms_per_turn")


def test_two_games_a_tournament_count_up() -> None:
    done = _bench("bench_robots.py", "--games", "2", "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["games"] == 2
    for ruleset, seats in (("wisk", (2, 4, 2, 2, 3, 4)), ("tactics", (2, 4, 2, 4, 2, 3, 4))):
        result = found[ruleset]
        for key in CONTRACT[:3]:
            assert 0.0 <= result[key] <= 1.0
        assert 0.0 < result["ms_per_turn"] < 1000.0
        tallies = result["tournaments"]
        assert len(tallies) == len(seats)
        for tally in tallies.values():
            assert tally["games"] == 2
            assert tally["wins"] + tally["losses"] + tally["draws"] == 2
            assert tally["moving_first"]["games"] == 1  # seats 0 then 1
            for rate in ("win_rate", "moving_first", "moving_later", "first_mover_wins"):
                shown = tally[rate]
                assert 0.0 <= shown["low"] <= shown["rate"] <= shown["high"] <= 1.0
        assert result["vs_previous"] == tallies["vs_previous"]["wins"] / 2
        frozen = today_wisk if ruleset == "wisk" else today_tactics
        assert result["previous_frozen_at"] == frozen.FROZEN_AT
        assert tallies["vs_naive"]["rejected_lines"] == {"naive": 0}
        assert [t["target"].split()[0] for t in result["targets"]] == [
            "new",
            "1",
            "new",
            "CPU",
            "every",
        ]
    text = _bench("bench_robots.py", "--games", "1").stdout
    assert text.count("Done when (issue 30):") == 2
    assert f"today's: the robot frozen at {today_wisk.FROZEN_AT}" in text
    assert f"today's: the robot frozen at {today_tactics.FROZEN_AT}" in text
    assert text.count("PASS") + text.count("FAIL") == 10


def test_wok_games_new_against_old_count_up() -> None:
    """WoK IV and Intermediate: 2 games a map of 3 turns, new and old in alternate seats
    swapped between the games, so each side sits in half the seats; every province held is
    a seat's, and neither side's lines are rejected."""
    done = _bench(
        "bench_robots.py",
        *("--games", "2", "--turns", "3", "--json"),
        *("--ruleset", "wok4", "--ruleset", "intermediate"),
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert sorted(found) == ["games", "intermediate", "wok4"]
    for ruleset, frozen, maps in (
        ("wok4", old_wok4, {"small": 4, "classic60": 10}),
        ("intermediate", old_intermediate, {"marchlands": 2, "pentarchy": 5}),
    ):
        result = found[ruleset]
        assert result["previous_frozen_at"] == frozen.FROZEN_AT
        assert result["turns"] == 3
        assert 0.0 < result["ms_per_turn"] < 1000.0
        assert sorted(result["maps"]) == sorted(maps)
        for name, seats in maps.items():
            tally = result["maps"][name]
            assert (tally["games"], tally["seats"], tally["median_turns"]) == (2, seats, 3)
            held = tally["provinces"]
            assert held["new"] >= seats and held["old"] >= seats  # each seat holds its home
            per_seat = tally["provinces_per_seat"]
            assert per_seat == {side: round(held[side] / seats, 2) for side in ("new", "old")}
            assert sum(tally["led"].values()) == 2
            assert tally["rejected_lines"] == {"new": 0, "old": 0}


def test_wok4_new_against_last_notes_provinces_and_unspent_tech_every_tenth_turn() -> None:
    """``--against last``: WoK IV's new player against the one of round 36, 2 games a map
    of 10 turns; after turn 10 (the end) the provinces noted are those held at the end, and
    the tech points unspent a seat are the mean of real seats' (0 to 999); the lines the turns
    skipped a game are those of every phase over the games. Intermediate, which has no
    "last", plays its old player."""
    done = _bench(
        "bench_robots.py",
        *("--games", "2", "--turns", "10", "--json", "--against", "last"),
        *("--ruleset", "wok4", "--ruleset", "intermediate"),
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    result = found["wok4"]
    assert (result["against"], result["last_frozen_at"]) == ("last", last_wok4.FROZEN_AT)
    assert result["previous_frozen_at"] == old_wok4.FROZEN_AT
    for name in ("small", "classic60"):
        tally = result["maps"][name]
        assert sorted(tally["provinces"]) == ["last", "new"]
        assert tally["rejected_lines"] == {"new": 0, "last": 0}
        for side in ("new", "last"):
            phases = tally["skipped_by_phase"][side]
            assert set(phases) <= {
                "II attacks",
                "IV transformations",
                "IV movement",
                "V trades",
                "V aims",
                "VI spying",
            }, phases
            assert tally["skipped_lines_per_game"][side] == round(sum(phases.values()) / 2, 2)
        noted = tally["at_turn"]
        assert sorted(noted) == ["10"]
        assert noted["10"]["provinces"] == tally["provinces"]
        for points in noted["10"]["tech_unspent_per_seat"].values():
            assert 0 <= points <= 999
    assert found["intermediate"]["against"] == "old"
    assert "last_frozen_at" not in found["intermediate"]
    assert sorted(found["intermediate"]["maps"]["marchlands"]["provinces"]) == ["new", "old"]


def test_wok4_new_against_the_attacker_names_its_commit() -> None:
    """``--against attacker``: the player of rounds 34-35, named by its commit."""
    done = _bench(
        "bench_robots.py",
        *("--games", "2", "--turns", "2", "--json", "--against", "attacker"),
        *("--ruleset", "wok4"),
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)["wok4"]
    assert (result["against"], result["attacker_frozen_at"]) == (
        "attacker",
        attacker_wok4.FROZEN_AT,
    )
    assert sorted(result["maps"]["small"]["provinces"]) == ["attacker", "new"]


def test_wok4_games_from_a_first_seed() -> None:
    """``--first-seed 7`` plays the WoK games of seed 7 (the two seatings), not seed 1's, and
    says so: a measure on seeds the player was not tuned on."""
    done = _bench(
        "bench_robots.py",
        *("--games", "2", "--turns", "2", "--json", "--first-seed", "7"),
        *("--ruleset", "wok4"),
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)["wok4"]
    assert result["first_seed"] == 7
    games = [play("wok4", "small", 7, seating(4, game), 2) for game in (1, 2)]
    assert result["maps"]["small"]["provinces"] == {
        side: sum(g.provinces(side) for g in games) for side in ("new", "old")
    }
    text = _bench(
        "bench_robots.py",
        *("--games", "2", "--turns", "2", "--first-seed", "7", "--ruleset", "wok4"),
    ).stdout
    assert "(seeds 7-7, each played from both seatings)" in text


@pytest.mark.parametrize(
    ("against", "frozen", "commit"),
    [("r43", r43_wok4, "2bd89d41"), ("r44", r44_wok4, "6fb9a735"), ("r46", r46_wok4, "0baa7b11")],
)
def test_wok4_new_against_a_round_names_its_commit(
    against: str, frozen: ModuleType, commit: str
) -> None:
    """``--against r43``, ``--against r44`` and ``--against r46``: the players of rounds
    37-43, of round 44 and of rounds 45-46, each named by its commit."""
    done = _bench(
        "bench_robots.py",
        *("--games", "2", "--turns", "2", "--json", "--against", against),
        *("--ruleset", "wok4"),
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)["wok4"]
    assert (result["against"], result[f"{against}_frozen_at"]) == (against, frozen.FROZEN_AT)
    assert commit == frozen.FROZEN_AT
    assert sorted(result["maps"]["small"]["provinces"]) == ["new", against]


def test_the_last_wok4_players_are_frozen_apart_from_the_live_one() -> None:
    """The players of rounds 34-35, of round 36, of rounds 37-43, of round 44 and of rounds
    45-46 read none of the live player's modules, nor the frame, odds and siege it stands
    on: a change to them leaves the yardsticks as they were."""
    sources = [inspect.getsource(m) for m in FROZEN_WOK4]
    for source in sources:
        imported = {
            node.module
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert not imported & {
            "wtg.rules.wok4.strategy",
            "wtg.rules.wok.frontplan",
            "wtg.rules.wok.battleodds",
            "wtg.rules.wok4.siege",
        }, imported


@pytest.mark.parametrize("option", ["--turns", "--games", "--first-seed"])
def test_a_bad_count_is_one_line(option: str) -> None:
    done = _bench("bench_robots.py", option, "0")
    assert done.returncode == 2
    assert done.stderr == f"bench_robots.py: {option} must be 1 or more\n"


def test_the_first_seed_moves_every_game_to_later_seeds() -> None:
    """``--first-seed 101``: game g of a 1-against-1 tournament is seed 100 + ceil(g / 2)
    from seat (g - 1) mod 2, as ``play_tactics`` plays that seed alone; a robot-only game
    g is seed 100 + g; and the first line says the seeds, the JSON ``first_seed``."""
    chosen = {t.key: t for t in bench_robots.tournaments("tactics")}
    duel, alike = chosen["vs_previous"], chosen["robots_2"]
    maps = tactics_maps(2)
    _, played = bench_robots.run("tactics", duel, 3, first_seed=101)
    expected = [
        play_tactics(seed, maps[(seed - 1) % len(maps)], duel.sides(seat))
        for seed, seat in ((101, 0), (101, 1), (102, 0))
    ]
    assert [(p.sides, p.winner, p.turns) for p in played] == [
        (p.sides, p.winner, p.turns) for p in expected
    ]
    _, played = bench_robots.run("tactics", alike, 2, first_seed=101)
    for seed, game in zip((101, 102), played, strict=True):
        alone = play_tactics(seed, maps[(seed - 1) % len(maps)], alike.sides(0))
        assert (game.winner, game.turns) == (alone.winner, alone.turns)
    _, from_one = bench_robots.run("tactics", alike, 2)
    assert [g.turns for g in from_one] != [g.turns for g in played]
    done = _bench("bench_robots.py", *("--games", "1", "--ruleset", "wisk", "--first-seed", "101"))
    assert done.returncode == 0, done.stderr
    assert "seeds from 101 (1 against 1: 101-101)" in done.stdout.splitlines()[0]
    done = _bench(
        "bench_robots.py", *("--games", "1", "--ruleset", "wisk", "--first-seed", "7", "--json")
    )
    assert json.loads(done.stdout)["wisk"]["first_seed"] == 7


def test_wilson_interval() -> None:
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(0, 5) == pytest.approx((0.0, 0.4345), abs=1e-4)
    assert wilson(5, 5) == pytest.approx((0.5655, 1.0), abs=1e-4)


@pytest.mark.parametrize(
    ("frozen", "live", "entry"),
    [
        (today_wisk, live_wisk, "plan"),
        (today_tactics, live_tactics, "plan_orders"),
        (old_wok4, live_wok4, "plan_orders"),
        (old_intermediate, live_intermediate, "plan_orders"),
    ],
)
def test_the_yardstick_is_its_own_copy(frozen: Any, live: Any, entry: str) -> None:
    assert Path(frozen.__file__).parent == ROOT / "bench" / "frozen_robots"
    assert getattr(frozen, entry) is not getattr(live, entry)
    imported = {
        node.module
        for node in ast.walk(ast.parse(inspect.getsource(frozen)))
        if isinstance(node, ast.ImportFrom)
    }
    assert live.__name__ not in imported


def wisk_turns(seed: int, turns: int) -> list[tuple[dict[str, Any], int]]:
    """Two naive WISK players' turns (up to ``turns``): each order file with the lines the
    rules rejected."""
    setup = GameSetup("t", "classic", seed, (), options={"robots": 2})
    state = WISK.new_game(setup, turn_rng(seed, 0)).state
    rngs = {p.id: Random(p.id) for p in state.players}
    seen = []
    while not state.winner and state.turn < turns:
        orders = naive_wisk(state, state.active, rngs[state.active])
        entries, unread, problems = WISK.entries_from_dict(orders, state)
        checked = WISK.accept(entries, state, state.active)
        seen.append((orders, len(unread) + len(problems) + len(checked.rejected)))
        rng = turn_rng(seed, state.turn + 1)
        state = WISK.resolve(state, {state.active: checked.orders}, rng).state
    return seen


def tactics_turns(seed: int, turns: int) -> list[tuple[dict[str, Any], int]]:
    setup = GameSetup("t", "meadow", seed, (), options={"bots": 3})
    state = TACTICS.new_game(setup, turn_rng(seed, 0)).state
    rngs = {p.id: Random(p.id) for p in state.players}
    seen = []
    while not TACTICS.is_over(state) and state.turn < turns:
        orders = naive_tactics(state, state.active, rngs[state.active])
        entries, unread, problems = TACTICS.entries_from_dict(orders, state)
        checked = TACTICS.accept(entries, state, state.active)
        seen.append((orders, len(unread) + len(problems) + len(checked.rejected)))
        rng = turn_rng(seed, state.turn + 1)
        state = TACTICS.resolve(state, {state.active: checked.orders}, rng).state
    return seen


Turns = Callable[[int, int], list[tuple[dict[str, Any], int]]]


@pytest.mark.parametrize(
    ("turns", "section", "orders_a_turn"),
    [(wisk_turns, "attack", "place"), (tactics_turns, "moves", "moves")],
)
def test_the_naive_players_orders_are_accepted(
    turns: Turns, section: str, orders_a_turn: str
) -> None:
    seen = turns(1, 300)
    assert 20 <= len(seen) < 300  # a whole game
    assert [rejected for _, rejected in seen] == [0] * len(seen)
    assert all(orders[orders_a_turn] for orders, _ in seen[:2])
    assert sum(len(orders.get(section, [])) for orders, _ in seen) > 20
    assert turns(1, 300) == seen  # the same seed, the same orders


def test_the_naive_wisk_player_trades_its_sets() -> None:
    traded = [orders["trade"] for orders, _ in wisk_turns(1, 300) if "trade" in orders]
    assert len(traded) == 7
    assert all(len(cards) == 3 for trades in traded for cards in trades)


def _bench(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


def test_the_standard_robots_bench_counts_every_robot_turn() -> None:
    """bench/bench_standard_robots.py (issue 40): each robot's turn is counted once, by
    what it did, for each variant with robots."""
    done = _bench("bench_standard_robots.py", "--games", "1", "--turns", "6", "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert (found["games"], found["turn_cap"]) == (1, 6)
    for variant in ("duel", "duel-lite", "trinity", "duel-passive"):
        result = found[variant]
        assert result["median_turns"] == 6 and result["ended"] == 0
        assert sum(result["turns"].values()) == 4 * 6  # four robots, six turns
        assert set(result["turns"]) == {
            "attacked",
            "recruited",
            "gathered",
            "waited",
            "stranded",
            "no_target",
            "headless",
            "out",
        }
        assert result["turns"]["attacked"] >= 4  # every robot attacks on turn 1
        assert result["captures"] >= 1
        humans = 3 if variant == "trinity" else 2  # one game: at most each human's colour once
        assert result["human_colours_ripped_by_robots"] in range(humans + 1)


def test_the_wisk_missions_bench_counts_every_mission() -> None:
    """bench/bench_wisk_missions.py (issue 40): every player's mission counted, and the
    games' winners among them."""
    done = _bench("bench_wisk_missions.py", "--games", "2", "--robots", "3", "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    kinds = found["kinds"]
    assert sum(k["held"] for k in kinds.values()) == 2 * 3
    assert (
        sum(k["won"] for k in kinds.values()) == sum(found["won_by"].values()) - found["not_ended"]
    )
    assert _bench("bench_wisk_missions.py", "--robots", "7").stdout == ""
    hand = found["win_at_hand"]
    assert 0 <= hand["won_blind"] <= hand["differ"] and 0 <= hand["won"] <= hand["differ"]
    assert found["first_seed"] == 1


def test_the_wisk_missions_bench_gives_each_kind_its_interval() -> None:
    """Round 40b: each kind of mission's share of wins comes with Wilson's 95% interval
    (a kind held 30 times and won 6 times: 20%, 10% to 37%)."""
    found: JsonObject = {
        "games": 10,
        "first_seed": 1,
        "robots": 3,
        "kinds": {"occupy 18 x 2": {"held": 30, "won": 6}},
        "won_by": {"mission": 10},
        "median_turns": 40,
        "not_ended": 0,
        "win_at_hand": {"differ": 0, "won": 0, "won_blind": 0},
    }
    lines = bench_wisk_missions.text(found)
    assert lines[1] == f"  {'occupy 18 x 2':36} its holder won   6/ 30 =  20% [10%-37%]"


def test_the_wisk_missions_bench_plays_from_the_first_seed() -> None:
    """``--first-seed 101``: the games are seeds 101 on, said on the first line; the win at
    hand counted on each."""
    done = _bench("bench_wisk_missions.py", "--games", "1", "--robots", "3", "--first-seed", "101")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("; seeds from 101")
    assert lines[-1].startswith("  win at hand: ")


def test_the_wisk_tournaments_may_have_secret_missions() -> None:
    """``--missions``: WISK's games are played with the game option (a mission is dealt
    to every seat), the first line and the JSON say so."""
    chosen = {t.key: t for t in bench_robots.tournaments("wisk")}
    play = bench_robots.player_of("wisk", 2, missions=True)
    plain = bench_robots.player_of("wisk", 2)
    duel = chosen["vs_previous"]
    with_missions = [play(seed, duel.sides(0)) for seed in (1, 2, 3)]
    without = [plain(seed, duel.sides(0)) for seed in (1, 2, 3)]
    assert [g.turns for g in with_missions] != [g.turns for g in without]
    done = _bench("bench_robots.py", *("--games", "1", "--ruleset", "wisk", "--missions"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].endswith("; with secret missions")
    done = _bench("bench_robots.py", *("--games", "1", "--ruleset", "wisk", "--json"))
    assert json.loads(done.stdout)["wisk"]["missions"] is False


def test_with_missions_the_naive_target_counts_the_games_past_the_first_round() -> None:
    """Ruling 27: two players with secret missions often win on their first turn, by the
    deal. A tally counts the games past the first round of turns and the side's wins
    there, and with ``--missions`` the target against the naive player is judged on them:
    the new robot winning its 2 games of 5 turns passes, though the 2 games of one turn
    each side won make 3 of 4 overall."""
    games = [
        Played(("new", "naive"), 0, 1, True),
        Played(("naive", "new"), 0, 1, True),
        Played(("new", "naive"), 0, 5, True),
        Played(("naive", "new"), 1, 5, True),
    ]
    tally = Tally.of(games, [0, 1, 0, 1])
    assert (tally.wins, tally.past_first_round) == (3, Rate(2, 2))
    assert tally.to_json()["past_first_round"] == Rate(2, 2).to_json()
    tallies = {t.key: tally for t in bench_robots.tournaments("wisk")}
    for missions, label, passed in (
        (False, "new vs naive, 1 against 1 >= 90%", False),
        (True, "new vs naive, 1 against 1, the 2 games past the first round of turns", True),
    ):
        found = bench_robots.Measured("wisk", 4, tallies, 1.0, 1.0, missions=missions)
        naive = found.targets()[2]
        assert naive[0].startswith(label) and naive[1] is passed


def test_the_difference_a_game_is_each_seeds_two_seatings_averaged() -> None:
    """Seed 1's games (the seats swapped) leave new 5 and 3 provinces more than r44's
    (4 a game), seed 2's 1 fewer and 1 more (0): a mean of 2 a game, whose standard error
    is the seeds' spread (2.83) over the root of their count (1.41): 2.0."""
    tally = MapTally("small", 2, against="r44")
    for held in ((8, 3), (2, 5), (4, 5), (6, 5)):
        tally.games.append(
            WokPlayed(("new", "r44") if held != (2, 5) else ("r44", "new"), held, 20)
        )
    assert tally.differences() == [4.0, 0.0]
    assert tally.difference_json() == {"seeds": 2, "mean": 2.0, "standard_error": 2.0}
    assert "provinces of new less r44's a game: +2.00, standard error 2.00 (seeds 1-2" in "\n".join(
        tally.text()
    )


def test_troops_sent_back_the_way_they_came_are_counted() -> None:
    """A seat's move lines send 30 armies 14 -> 9 and 5 more 14 -> 9 one turn, 20 of them 9
    -> 14 the next with 10 on to 4: 20 went back the way they came, the missiles and the
    line to 4 not. A map's tally gives both a game, by side, in its text and its JSON."""
    first = troops_sent(
        {
            "move": [
                {"from": 14, "to": 9, "unit": "ARM", "amount": 30},
                {"from": 14, "to": 9, "unit": "ARM", "amount": 5},
                {"from": 9, "to": 14, "unit": "MIS", "amount": 40},
            ]
        }
    )
    assert first == {(14, 9): 35}
    second = troops_sent(
        {
            "move": [
                {"from": 9, "to": 14, "unit": "ARM", "amount": 20},
                {"from": 9, "to": 4, "unit": "ARM", "amount": 10},
            ]
        }
    )
    assert sent_back(second, first) == 20
    assert sent_back(first, second) == 20
    assert sent_back(second, Counter()) == 0
    tally = MapTally("small", 2, against="r46")
    for sides, marched in ((("new", "r46"), (65, 20)), (("r46", "new"), (35, 0))):
        played = WokPlayed(sides, (3, 3), 20)
        played.marched = {"new": marched, "r46": (10, 4)}
        tally.games.append(played)
    assert tally.marched("new") == (50.0, 10.0)
    found = tally.to_json()
    assert found["troops_moved_per_game"] == {"new": 50.0, "r46": 10.0}
    assert found["troops_sent_back_per_game"] == {"new": 10.0, "r46": 4.0}
    assert (
        "    troops moved a game new 50, r46 10; of them sent back the way they came the turn "
        "before new 10.0, r46 4.0" in tally.text()
    )
