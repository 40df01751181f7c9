"""The built-in Intermediate WoK player (``wtg/rules/intermediate/strategy.py``) against the
timid one it replaced (frozen in ``bench/frozen_robots/intermediate.py``: it attacked only
with more troops than 1.2 times the target's strength plus 4): seeded games on both maps,
new and old in alternate seats, each seed played with the seats swapped, every line either
writes checked as a mailed form is; and what it does on a hand-made board, by the battle's
odds with the terrain's bonus."""

from __future__ import annotations

from random import Random

import pytest

from bench.frozen_robots.intermediate import plan_orders as old_plan
from bench.wok_games import NEW, OLD, played_on
from tests.rules.builders import attacks, empty
from tests.rules.intermediate.grid import make_grid
from wtg.rules.intermediate.strategy import IntermediatePlan
from wtg.rules.intermediate.strategy import plan_orders as new_plan
from wtg.rules.wok.battleodds import round_odds
from wtg.rules.wok.combat import attack_top, defense_top
from wtg.rules.wok.state import WokState


@pytest.mark.parametrize(("map_name", "seeds"), [("marchlands", 4), ("pentarchy", 2)])
def test_the_new_player_holds_more_than_the_old_one(map_name: str, seeds: int) -> None:
    """After 20 turns the new players' seats hold more than twice the provinces the old
    ones' do, and the rules reject none of their lines."""
    tally = played_on("intermediate", map_name, 2 * seeds, 20)
    assert (tally.rejected(NEW), tally.rejected(OLD)) == (0, 0)
    held = {side: tally.provinces(side) for side in (NEW, OLD)}
    assert held[NEW] > 2 * held[OLD], held


def board(terrain: str = "Plains") -> WokState:
    """Player 1's province 7 (12 ARM at level 1.750, DEF 1.0) among neutrals (2, 6, 8, 12:
    5 ARM, level 1.000, DEF 0.3 each)."""
    state = make_grid(terrain)
    empty(state, 7, 1, pop=60, wok=24, arm=12, lev=1750, dfn=10)
    state.player(1).gold = 0
    return state


def test_it_attacks_where_the_old_player_did_not() -> None:
    """Neutrals of 10 armies: the old player wanted 18 troops or more (1.2 times a strength
    of 11, plus 4); the new one's 12 take one 98 times in 100."""
    state = board()
    for neighbour in (2, 6, 8, 12):
        state.province(neighbour).arm = 10
    assert attacks(old_plan(state, 1, Random(1))) == []
    assert attacks(new_plan(state, 1, Random(1))) == [{"from": 7, "to": 2, "armies": 12}]


def test_its_odds_count_the_terrain_bonus() -> None:
    """Knights on Plains fight with 0.05 more level: 12 knights at level 1.780 attacking a
    Plains province count it (PATT 18, not 17), 12 armies do not; on Swamp neither does."""
    state = board()
    state.province(7).lev = 1780
    plan = IntermediatePlan(state, 1, Random(1))
    plain = plan.round_chance(1, state.province(7), state.province(8))
    assert plain == round_odds(attack_top(1780, 99), defense_top(1000, 3, 99))
    state.province(7).arm, state.province(7).kni = 0, 12
    knights = IntermediatePlan(state, 1, Random(1)).round_chance(
        1, state.province(7), state.province(8)
    )
    assert knights == round_odds(attack_top(1830, 99), defense_top(1000, 3, 99)) > plain
    state.province(8).terrain = "Swamp"
    swamp = IntermediatePlan(state, 1, Random(1)).round_chance(
        1, state.province(7), state.province(8)
    )
    assert swamp == plain


def test_its_wood_turns_a_border_s_armies_into_the_troops_of_its_ground() -> None:
    """Player 2's 30 armies face province 7 (Plains) with its 40: it keeps them home and
    makes knights of 20 of them with its 100 WOOD (5 a knight)."""
    state = board()
    state.province(7).arm = 40
    empty(state, 6, 2, pop=10, arm=30, lev=1750)
    for neighbour in (2, 8, 12):
        state.province(neighbour).arm = 90
    planned = new_plan(state, 1, Random(1))
    assert attacks(planned) == []
    assert planned["upgrade_troops"] == [{"province": 7, "from": "ARM", "to": "KNI", "amount": 20}]


def test_its_gold_buys_tech_while_it_has_more_good_attacks_than_lines() -> None:
    """Four neutrals it is favoured to take, three attack lines: TECH first, then LEV."""
    state = board()
    state.province(7).arm = 200
    state.player(1).gold = 300
    planned = new_plan(state, 1, Random(1))
    assert len(attacks(planned)) == 1  # one province attacks once
    plan = IntermediatePlan(state, 1, Random(1))
    plan.orders()
    assert plan.good_attacks == 4
    assert planned["upgrade"] == ["TECH", "LEV"]


def test_the_same_seed_the_same_orders() -> None:
    state = board()
    assert new_plan(state, 1, Random(5)) == new_plan(state, 1, Random(5))


def threatened(workers: int) -> WokState:
    """Province 7 (Plains, 40 ARM, ``workers`` WOK) faces player 2's 30 armies in province 6,
    neutrals of 90 armies elsewhere: no attack is good, the border wants DEF; 300 gold."""
    state = board()
    state.province(7).arm, state.province(7).wok = 40, workers
    empty(state, 6, 2, pop=10, arm=30, lev=1750)
    for neighbour in (2, 8, 12):
        state.province(neighbour).arm = 90
    state.player(1).gold = 300
    return state


def test_its_gold_buys_tech_after_levels_once_its_workers_make_it_pay() -> None:
    """200 workers make 10 more a tech level (5%), the 100 gold back in 10 turns: after LEV
    it buys TECH rather than DEF; 199 do not, and it buys DEF."""
    assert new_plan(threatened(200), 1, Random(1))["upgrade"] == ["LEV", "TECH"]
    assert new_plan(threatened(199), 1, Random(1))["upgrade"] == ["LEV", "DEF"]
