"""The map an Intermediate WoK player may see (``wtg map --player N``, issue 15): his own
provinces with every troop type, the holders of his borders, what his spies saw ("Spy
Province. See the full contents of the target province."), and every province's terrain
("Provinces have different terrains"), which is the map's and no secret.

The setup (the 5x4 grid of ``tests.rules.intermediate.grid``, terrains varied): player 1
owns province 1 (10 SPY, 6 ARM and 4 KNI); player 2 owns its neighbour 2 and the far 20
(3 ARM, 2 PIK, 5 CAT)."""

from __future__ import annotations

from tests.rules.builders import FixedRng, drawn, empty, orders, spot
from tests.rules.intermediate.grid import make_grid, run_intermediate
from tests.shipped import INTERMEDIATE as RULESET
from wtg.core.board import Board
from wtg.core.ruleset import TurnResult
from wtg.rules.wok.state import WokState

TERRAINS = ("Desert", "Forest", "Mountain", "Plains", "Swamp")
SPY_PROVINCE = 1


def setup() -> WokState:
    state = make_grid()
    for province in state.provinces:
        province.terrain = TERRAINS[province.id % len(TERRAINS)]
    state.player(1).eff = 51
    empty(state, 1, 1, spy=10, arm=6, kni=4)
    empty(state, 2, 2, arm=8)
    empty(state, 20, 2, arm=3, pik=2, cat=5)
    return state


def board(result: TurnResult[WokState], player: int | None) -> Board:
    return drawn(RULESET, result, player)


def test_a_player_sees_his_troop_types_his_borders_and_every_terrain() -> None:
    result = run_intermediate(setup(), orders(1))
    view = board(result, 1)
    mine = result.state.province(1)
    assert spot(view, 1).troops == f"{mine.arm} ARM {mine.kni} KNI"
    assert (spot(view, 2).owner, spot(view, 2).troops) == (2, None)
    assert (spot(view, 20).owner, spot(view, 20).troops) == (None, None)
    assert [s.terrain for s in view.spots] == [p.terrain for p in result.state.provinces]


def test_his_spies_show_him_a_far_province_in_full() -> None:
    result = run_intermediate(
        setup(),
        orders(1, spy=[{"from": 1, "to": 20, "op": SPY_PROVINCE, "spies": 2}]),
        rng=FixedRng(0.0),
    )
    far = result.state.province(20)
    view = board(result, 1)
    assert spot(view, 20).owner == 2
    assert spot(view, 20).troops == f"{far.arm} ARM {far.pik} PIK {far.cat} CAT"
    assert "spied" in spot(view, 20).marks
    assert spot(board(result, 2), 1).troops is None  # the spied-upon learns no troops


def test_the_gm_sees_every_troop_type_everywhere() -> None:
    result = run_intermediate(setup(), orders(1))
    view = board(result, None)
    far = result.state.province(20)
    assert spot(view, 20).troops == f"{far.arm} ARM {far.pik} PIK {far.cat} CAT"
    assert [s.owner for s in view.spots] == [p.owner for p in result.state.provinces]
