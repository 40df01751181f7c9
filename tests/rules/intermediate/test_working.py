"""Intermediate WoK, phases 4 and 5 - entropy and working: the base rates, the terrain's 50%,
5% a tech level, CHO and wood, MIN and gold, and the aims a player may set (phase 10).

No phase draws anything in these tests. Player 1 owns province 1 (Plains unless set) with
nothing but its workers; player 2 owns province 20 so that the game goes on."""

from __future__ import annotations

from typing import Any

from tests.rules.builders import empty, kinds, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from tests.shipped import INTERMEDIATE as RULESET
from wtg.rules.intermediate.phases.working import production_percent
from wtg.rules.wok.state import WokState


def worked(terrain: str = "Plains", tech: int = 0, **province: Any) -> WokState:
    state = make_grid()
    state.player(1).tech = tech
    empty(state, 1, 1, **province)
    state.province(1).terrain = terrain
    empty(state, 20, 2)
    after: WokState = run_intermediate(state).state
    return after


def test_chopping_makes_a_wood_a_worker() -> None:
    """ "Chooping (CHO) Each WOK produces 1 WOOD": 20 workers on the Plains, 20 WOOD."""
    state = worked(wok=20, aim="CHO")
    assert state.player(1).wood == 100 + 20


def test_the_favoured_aim_of_a_terrain_makes_half_as_much_again() -> None:
    """ "Workers in a province with the appropriate AIM will produce 50% more of the
    resource: ... Desert LEV, Forest CHO, Mountain MIN, Plains EFF, Swamp DEF"."""
    assert worked("Forest", wok=20, aim="CHO").player(1).wood == 100 + 30
    assert worked("Mountain", wok=20, aim="MIN").player(1).gold == 30
    assert worked("Mountain", wok=20, aim="CHO").player(1).wood == 100 + 20
    assert worked("Swamp", wok=16, aim="DEF").province(1).dfn == 3  # 0.2 x 1.5
    assert worked("Plains", wok=16, aim="DEF").province(1).dfn == 2
    plains = worked("Plains", wok=40, aim="EFF")
    assert plains.player(1).eff == 99  # 99 - 1 entropy + 15 (10 x 1.5), capped at 99
    desert = worked("Desert", wok=10, aim="LEV", arm=10, lev=2000)
    assert desert.province(1).lev == 2000 + 750  # 10 / (10 x 2) = 0.5, x 1.5
    assert worked("Forest", wok=10, aim="LEV", arm=10, lev=2000).province(1).lev == 2500


def test_every_tech_level_adds_five_percent() -> None:
    """ "Additionally, your workers will receive a 5% bonus per tech level, regardless of AIM
    or province type." Ruling 8: the bonuses add up - tech 2 on the Mountain mining is
    100 + 50 + 10 = 160%; on the Plains 110%."""
    assert worked("Plains", tech=2, wok=20, aim="MIN").player(1).gold == 22
    assert worked("Mountain", tech=2, wok=20, aim="MIN").player(1).gold == 32
    assert worked("Plains", tech=4, wok=20, aim="CHO").player(1).wood == 100 + 24


def test_base_rates_before_bonuses() -> None:
    """ "Before bonuses are applied, the base rates of production for each AIM are: ...
    Defense (DEF) 0.1 DEF for every 8 WOK; Level (LEV) LEV increases by WOK / (ARM X LEV)
    (maximum of 1); Missiles (MIS) 1 MIS for every 3 WOK; Mining (MIN) Each worker produces
    1 GOLD; Effectiveness (EFF) 1 EFF for every 4 WOK" - on a Forest, without tech."""
    assert worked("Forest", wok=17, aim="DEF").province(1).dfn == 2
    assert worked("Forest", wok=17, aim="MIS").province(1).mis == 5
    assert worked("Forest", wok=17, aim="MIN").player(1).gold == 17
    state = make_grid()
    state.player(1).eff = 50
    empty(state, 1, 1, wok=17, aim="EFF")
    state.province(1).terrain = "Forest"
    empty(state, 20, 2)
    assert run_intermediate(state).state.player(1).eff == 50 - 1 + 4
    assert worked("Forest", wok=90, aim="LEV", arm=10, lev=3000).province(1).lev == 4000


def test_the_level_aim_counts_every_troop() -> None:
    """Ruling 9: "WOK / (ARM X LEV)" counts all the troops of the province, upgraded or not:
    10 workers, 5 ARM and 5 KNI at 2.000 give 0.5."""
    state = worked("Forest", wok=10, aim="LEV", arm=5, kni=5, lev=2000)
    assert state.province(1).lev == 2500


def test_bonuses_scale_the_product_rounded_down_once() -> None:
    """Ruling 8: the workers' product is multiplied by the percent and rounded down once -
    15 workers on the Swamp's DEF make 15 x 1.5 / 8 = 2.8, so 0.2 DEF; 19 MIS workers on
    the Plains at tech 1 make 19 x 1.05 / 3 = 6.65, so 6 MIS."""
    assert worked("Swamp", wok=15, aim="DEF").province(1).dfn == 2
    assert worked("Plains", tech=1, wok=19, aim="MIS").province(1).mis == 6


def test_neutral_workers_get_the_terrain_bonus_but_no_tech() -> None:
    """ "Neutral provinces ... their workers will increase the defence level": a neutral
    Swamp's 16 workers make 0.3 DEF (0.2 x 1.5), a neutral Plains' 0.2."""
    state = make_grid()
    empty(state, 1, 1)
    empty(state, 20, 2)
    state.player(1).tech = 5
    state.province(3).terrain = "Swamp"
    after = run_intermediate(state).state
    assert after.province(3).dfn == 3 + 3
    assert after.province(4).dfn == 3 + 2
    assert production_percent(None, state.province(3)) == 150


def test_production_is_reported_with_wood_and_gold() -> None:
    """The player's report sums what the workers made, WOOD and gold among it."""
    state = make_grid()
    empty(state, 1, 1, wok=20, aim="CHO")
    empty(state, 2, 1, wok=10, aim="MIN")
    state.province(1).terrain = "Forest"
    empty(state, 20, 2)
    result = run_intermediate(state)
    made = next(e for e in kinds(result, "production") if e.player == 1)
    assert (made.wood, made.gold, made.idle) == (30, 10, 0)
    assert (result.state.player(1).wood, result.state.player(1).gold) == (130, 10)


def test_entropy_one_eff_a_province() -> None:
    """ "In the entropy phase you lose one point of effectiveness for every province in your
    empire." - three provinces, three points."""
    state = make_grid()
    state.player(1).eff = 60
    for pid in (1, 2, 3):
        empty(state, pid, 1)
    empty(state, 20, 2)
    assert run_intermediate(state).state.player(1).eff == 57


def test_aims_include_chopping_and_no_spies() -> None:
    """ "Each turn, a player can change the workers' aim in up to 4 provinces": CHO, DEF,
    LEV, MIS, MIN, EFF - Intermediate has no SPY aim (spies come from POP->SPY)."""
    state = make_grid()
    for pid in range(1, 6):
        empty(state, pid, 1)
    empty(state, 20, 2)
    aims = [{"province": pid, "aim": "CHO"} for pid in range(1, 6)]
    result = run_intermediate(state, orders(1, aim=aims))
    assert [p.aim for p in result.state.provinces[:5]] == ["CHO"] * 4 + ["DEF"]
    assert RULESET.aims == ("DEF", "LEV", "MIS", "CHO", "MIN", "EFF")
