"""The built-in Standard player (``wtg/rules/standard/strategy.py``) against the timid one it
replaced (frozen in ``bench/frozen_robots/standard.py``: it attacked only with more armies
than twice the target's strength plus 4, so its games drifted): seeded Skirmishes, each
seat played by both in turn, the provinces each holds at the end counted; and what it
does on a hand-made board, by the battle's own odds."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from random import Random

import pytest

from bench.frozen_robots.standard import plan_orders as old_plan
from tests.rules.builders import attacks, empty, make_state
from tests.shipped import STANDARD
from wtg.core.jsondata import JsonObject
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.standard.frontline import taking_chance
from wtg.rules.standard.robot_odds import round_odds, win_chance
from wtg.rules.standard.strategy import plan_orders as new_plan
from wtg.rules.wok.combat import attack_top, defense_top
from wtg.rules.wok.state import WokState

Plan = Callable[[WokState, int, Random], JsonObject]


def skirmish(map_name: str, seed: int, turns: int, plans: Mapping[int, Plan]) -> WokState:
    """A Skirmish of ``len(plans)`` players played by ``plans`` up to ``turns`` turns; every
    line either player writes must pass the checks a mailed form passes."""
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in plans)
    setup = GameSetup(game="g", map=map_name, seed=seed, players=seats, variant="skirmish")
    state: WokState = STANDARD.new_game(setup, turn_rng(seed, 0)).state
    for _ in range(turns):
        if state.outcome is not None:
            break
        orders: dict[int, JsonObject] = {}
        for pid in STANDARD.owing(state):
            planned = plans[pid](state, pid, random.Random(f"{seed}:{state.turn}:{pid}"))
            entries, unread, problems = STANDARD.entries_from_dict(planned)
            checked = STANDARD.accept(entries, state, pid)
            assert (unread, problems, checked.rejected) == ([], [], []), planned
            orders[pid] = checked.orders
        state = STANDARD.resolve(state, orders, turn_rng(seed, state.turn + 1)).state
    return state


@pytest.mark.parametrize("seed", range(1, 7))
def test_the_new_player_beats_the_old_one_in_a_two_player_skirmish(seed: int) -> None:
    """On the Trial map, the new player in seat 1 on odd seeds, seat 2 on even ones: after
    12 turns it holds more provinces than the old one, which had not left its home."""
    new = 1 if seed % 2 else 2
    plans = {pid: new_plan if pid == new else old_plan for pid in (1, 2)}
    state = skirmish("trial", seed, 12, plans)
    old = 3 - new
    assert state.count_of(new) > 2 * state.count_of(old) + 5, (
        state.count_of(new),
        state.count_of(old),
    )


def test_the_new_players_outgrow_the_old_ones_among_five() -> None:
    """On Star Islands, 5 players, the new and the old in alternate seats (each seat played
    by both over the seeds): after 15 turns the new players hold more than twice the
    provinces a seat of the old ones do."""
    held = {"new": 0, "old": 0}
    seats = {"new": 0, "old": 0}
    for seed in range(1, 5):
        plans = {pid: new_plan if (pid + seed) % 2 else old_plan for pid in range(1, 6)}
        state = skirmish("star-islands", seed, 15, plans)
        for pid, plan in plans.items():
            side = "new" if plan is new_plan else "old"
            held[side] += state.count_of(pid)
            seats[side] += 1
    assert held["new"] * seats["old"] > 2 * held["old"] * seats["new"], held


def board() -> WokState:
    """Player 1's province 7 (12 ARM at level 1.750) among neutrals (2, 6, 8, 12: 5 ARM,
    level 1.000, DEF 0.3 each), where the old player saw too little strength to attack."""
    state = make_state()
    empty(state, 7, 1, pop=60, wok=24, arm=12, lev=1750, dfn=10)
    return state


def test_it_attacks_where_the_battle_s_odds_favour_it() -> None:
    state = board()
    chance = taking_chance(state, 1, state.province(7), state.province(8), 12)
    assert chance > 0.5
    assert attacks(old_plan(state, 1, Random(1))) == []
    lines = attacks(new_plan(state, 1, Random(1)))
    assert lines == [{"from": 7, "to": 2, "armies": 12}]  # its neighbours are alike: the first


def test_it_passes_over_a_province_it_is_not_favoured_to_take() -> None:
    state = board()
    for neighbour in state.province(7).neighbours:
        state.province(neighbour).arm = 40
    assert attacks(new_plan(state, 1, Random(1))) == []


def test_it_keeps_a_garrison_against_a_neighbouring_player() -> None:
    """Player 2's 10 armies next door: province 7 keeps the fewest armies that make his
    attack an even chance or worse, and sends the rest."""
    state = board()
    state.province(7).arm = 30
    empty(state, 6, 2, pop=10, arm=10, lev=1750)
    lines = attacks(new_plan(state, 1, Random(1)))
    assert len(lines) == 1
    line = lines[0]
    assert isinstance(line, dict) and line["from"] == 7
    sent = line["armies"]
    assert isinstance(sent, int)
    kept = 30 - sent
    p = round_odds(attack_top(1750, 99), defense_top(1750, 10, 99))
    assert win_chance(10, kept, p) <= 0.5 < win_chance(10, kept - 1, p)


def test_it_spares_a_protected_home_province() -> None:
    """Its one neighbour it may take is a home province headhunting protects this turn."""
    state = board()
    for neighbour in (2, 6, 12):
        state.province(neighbour).arm = 40
    assert attacks(new_plan(state, 1, Random(1))) == [{"from": 7, "to": 8, "armies": 12}]
    state.protected, state.protection = [8], state.turn + 1
    assert attacks(new_plan(state, 1, Random(1))) == []


def test_the_same_seed_the_same_orders() -> None:
    state = board()
    assert new_plan(state, 1, Random(5)) == new_plan(state, 1, Random(5))


def test_a_duel_colour_never_fights_another_colour_of_its_human() -> None:
    """Province 8, weak, is held by player 2: another colour of the same human in a Duel
    (the same controller) is left alone, a colour of the other human is attacked."""
    state = board()
    for neighbour in (2, 6, 12):
        state.province(neighbour).arm = 40
    empty(state, 8, 2, pop=10, arm=1)
    state.player(1).controller = state.player(2).controller = 1
    assert attacks(new_plan(state, 1, Random(1))) == []
    state.player(2).controller = 2  # and his 1 army may attack 7: 1 army stays
    assert attacks(new_plan(state, 1, Random(1))) == [{"from": 7, "to": 8, "armies": 11}]
