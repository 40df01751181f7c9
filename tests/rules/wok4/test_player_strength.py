"""The built-in WoK IV player (``wtg/rules/wok4/strategy.py``) against the timid one it
replaced (frozen in ``bench/frozen_robots/wok4.py``: it attacked only with more armies than
twice the target's strength plus 4): seeded games on both maps, new and old in alternate
seats, each seed played with the seats swapped, every line either writes checked as a mailed
form is; and what it does on a hand-made board, by WoK IV's battle odds."""

from __future__ import annotations

from random import Random

import pytest

from bench.frozen_robots.wok4 import plan_orders as old_plan
from bench.wok_games import NEW, OLD, played_on
from tests.rules.builders import attacks, empty, make_state
from wtg.rules.wok.battleodds import round_odds, win_chance
from wtg.rules.wok.state import QUIT, WokState
from wtg.rules.wok4.combat import attack_top, defense_top
from wtg.rules.wok4.strategy import Wok4Plan
from wtg.rules.wok4.strategy import plan_orders as new_plan


@pytest.mark.parametrize(("map_name", "seeds"), [("small", 4), ("classic60", 2)])
def test_the_new_player_holds_more_than_the_old_one(map_name: str, seeds: int) -> None:
    """After 20 turns the new players' seats hold more than one and a half times the
    provinces the old ones' do, and the rules reject none of their lines."""
    tally = played_on("wok4", map_name, 2 * seeds, 20)
    assert (tally.rejected(NEW), tally.rejected(OLD)) == (0, 0)
    held = {side: tally.provinces(side) for side in (NEW, OLD)}
    assert 2 * held[NEW] > 3 * held[OLD], held


def board() -> WokState:
    """Player 1's province 7 (12 ARM at level 1.750, DEF 1.0) among neutrals (2, 6, 8, 12:
    5 ARM, level 1.000, DEF 0.3 each), where the old player saw too little strength to
    attack."""
    state = make_state()
    empty(state, 7, 1, pop=60, wok=24, arm=12, lev=1750, dfn=10)
    return state


def test_a_tie_is_the_defenders_in_its_odds() -> None:
    """WoK IV's battle gives a tied round to the defender (a ruling): rolls of 0..1 each win
    the attacker a round only on 1 against 0, one in four; where a tie costs nothing it is
    one in two of the rounds that cost an army."""
    assert round_odds(1, 1, tie_to_defender=True) == 0.25
    assert round_odds(1, 1) == 0.5
    state = board()
    plan = Wok4Plan(state, 1, Random(1))
    p = plan.round_chance(1, state.province(7), state.province(8))
    assert p == round_odds(attack_top(1750, 99), defense_top(1000, 3, 99), tie_to_defender=True)
    assert p < round_odds(attack_top(1750, 99), defense_top(1000, 3, 99))


def test_it_attacks_where_the_battle_s_odds_favour_it() -> None:
    state = board()
    assert (
        Wok4Plan(state, 1, Random(1)).taking_chance(state.province(7), state.province(8), 12) > 0.5
    )
    assert attacks(old_plan(state, 1, Random(1))) == []
    assert attacks(new_plan(state, 1, Random(1))) == [{"from": 7, "to": 2, "armies": 12}]


def test_it_passes_over_a_province_it_is_not_favoured_to_take() -> None:
    state = board()
    for neighbour in state.province(7).neighbours:
        state.province(neighbour).arm = 40
    assert attacks(new_plan(state, 1, Random(1))) == []


def test_two_provinces_too_weak_alone_attack_together() -> None:
    """Provinces 7 and 9 both border 8 (40 armies, level 1.000): the 22 armies of 7 alone
    are not favoured, with the 20 of 9 they are; the bigger goes first."""
    state = board()
    for neighbour in (2, 6, 12, 3, 4, 10, 14):
        state.province(neighbour).arm = 90
    state.province(7).arm = 22
    empty(state, 9, 1, pop=60, wok=24, arm=20, lev=1750, dfn=10)
    state.province(8).arm = 40
    plan = Wok4Plan(state, 1, Random(1))
    assert plan.taking_chance(state.province(7), state.province(8), 22) <= 0.5
    assert plan.taking_chance(state.province(7), state.province(8), 42) > 0.5
    assert attacks(new_plan(state, 1, Random(1))) == [
        {"from": 7, "to": 8, "armies": 22},
        {"from": 9, "to": 8, "armies": 20},
    ]


def test_it_keeps_a_garrison_against_a_neighbouring_player_but_not_one_who_quit() -> None:
    """Player 2's 10 armies next door: province 7 keeps the fewest armies that make his
    attack an even chance or worse and sends the rest; once he has QUIT (his armies only dig
    in), it sends all."""
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
    p = round_odds(attack_top(1750, 99), defense_top(1750, 10, 99), tie_to_defender=True)
    assert win_chance(10, kept, p) <= 0.5 < win_chance(10, kept - 1, p)
    state.player(2).status = QUIT
    lines = attacks(new_plan(state, 1, Random(1)))
    assert [(line["from"], line["armies"]) for line in lines if isinstance(line, dict)] == [(7, 30)]


def test_spare_armies_reinforce_a_province_short_of_its_garrison() -> None:
    """Province 12 (1 army) faces player 2's 20 in 17; province 7 next to it, with nothing
    worth attacking, sends it the armies it lacks."""
    state = board()
    for neighbour in (2, 6, 8, 11, 13):
        state.province(neighbour).arm = 90
    state.province(7).arm = 40
    empty(state, 12, 1, pop=10, wok=8, arm=1, lev=1750, dfn=10)
    empty(state, 17, 2, pop=10, arm=20, lev=1750)
    plan = Wok4Plan(state, 1, Random(1))
    lacking = plan.need[12] - 1
    assert lacking > 0 and plan.keep[7] == 0
    assert plan.orders()["move"] == [{"from": 7, "to": 12, "unit": "ARM", "amount": lacking}]


def test_its_tech_buys_eff_when_it_runs_low() -> None:
    state = board()
    state.player(1).tech, state.player(1).eff = 260, 30
    assert new_plan(state, 1, Random(1))["trade"] == [250]
    state.player(1).eff = 90
    assert "trade" not in new_plan(state, 1, Random(1))
    state.player(1).tech = 910  # 350, 200 and 150 leave the 200 points of seven attacks
    assert new_plan(state, 1, Random(1))["trade"] == [350, 200, 150]
    state.player(1).tech = 760
    assert new_plan(state, 1, Random(1))["trade"] == [350, 200]
    state.player(1).tech = 349
    assert "trade" not in new_plan(state, 1, Random(1))


def test_the_same_seed_the_same_orders() -> None:
    state = board()
    assert new_plan(state, 1, Random(5)) == new_plan(state, 1, Random(5))
