"""PHASE III - working: entropy, then the workers' aims (manual sections 5 and 7)."""

from __future__ import annotations

import pytest

from tests.rules.builders import empty, kinds, make_state, orders, run


@pytest.mark.parametrize(
    ("aim", "wok", "field", "before", "after"),
    [
        ("DEF", 17, "dfn", 4, 6),  # "every 8 worker ... will increase the defense by 0.1"
        ("DEF", 7, "dfn", 4, 4),  # "it takes 8 workers to raise the defense level"
        ("LEV", 10, "lev", 1750, 1800),  # "every worker ... will increase the level by 0.005"
        ("MIS", 15, "mis", 2, 5),  # "every 4 worker in a province produce one missile"
        ("SPY", 8, "spy", 1, 3),  # "every 4 worker in a province produce one spy"
    ],
)
def test_each_aim_produces_in_its_own_province(
    aim: str, wok: int, field: str, before: int, after: int
) -> None:
    """Manual section 5: the aims +DEFENSE, +LEVEL, +MISS, +SPIES."""
    state = make_state()
    empty(state, 1, 1, wok=wok, aim=aim, **{field: before})
    result = run(state, orders(1))
    assert getattr(result.state.province(1), field) == after


def test_tech_and_eff_accumulate_over_the_empire() -> None:
    """ "All this activities only influence the province itself, except for 5>+TECH and
    6>+EFF - here the tech/effectiveness points of all your provinces are accumulated.\""""
    state = make_state()
    state.player(1).eff = 50
    empty(state, 1, 1, wok=30, aim="TECH")
    empty(state, 2, 1, wok=12, aim="TECH")
    empty(state, 3, 1, wok=16, aim="EFF")  # 2%
    empty(state, 4, 1, wok=15, aim="EFF")  # 1%: every 8 workers in a province
    result = run(state, orders(1))
    player = result.state.player(1)
    assert player.tech == 42
    assert player.eff == 50 - 4 + 3  # entropy first: 4 provinces, then +3%


def test_entropy_is_one_percent_per_province_right_away_in_phase_three() -> None:
    """ "PHASE III - working : ... You will also loose 1% effectiveness for every province
    you own (and protect) right away." Ruling: entropy is in PHASE III, not PHASE V."""
    state = make_state()
    for pid in (1, 2, 3):
        empty(state, pid, 1)
    result = run(state, orders(1))
    entropy = kinds(result, "entropy")[0]
    assert (entropy.eff_before, entropy.eff_after, entropy.provinces) == (99, 96, 3)
    # PHASE III comes after PHASE II: provinces conquered in II count already
    state = make_state()
    empty(state, 1, 1, arm=50, lev=3000)
    empty(state, 2, 0)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 50}]))
    assert result.state.player(1).eff == 97


def test_eff_never_below_one_percent() -> None:
    """ "The maximum level is 99%, the minimum level is 1%"."""
    state = make_state()
    state.player(1).eff = 2
    for pid in range(1, 8):
        empty(state, pid, 1)
    result = run(state, orders(1))
    assert result.state.player(1).eff == 1


def test_caps_on_production() -> None:
    """Limits: DEF 0.0-9.9, LEV 1.000-9.999, MIS/SPY 0-99, tech points 0-999."""
    state = make_state()
    state.player(1).tech = 990
    empty(state, 1, 1, wok=125, aim="DEF", dfn=95)
    empty(state, 2, 1, wok=125, aim="LEV", lev=9900)
    empty(state, 3, 1, wok=125, aim="MIS", mis=90)
    empty(state, 4, 1, wok=125, aim="SPY", spy=98)
    empty(state, 5, 1, wok=125, aim="TECH")
    result = run(state, orders(1))
    provinces = result.state.provinces
    assert (provinces[0].dfn, provinces[1].lev, provinces[2].mis, provinces[3].spy) == (
        99,
        9999,
        99,
        99,
    )
    assert result.state.player(1).tech == 999


def test_captured_province_works_for_its_new_owner_with_its_old_aim() -> None:
    """ "if you loose a province to another leader in PHASE II he will start producing with
    the given aim right away.\""""
    state = make_state()
    state.player(1).tech = 0
    empty(state, 1, 1, arm=100, lev=3000)
    empty(state, 2, 2, arm=0, wok=50, aim="TECH")
    empty(state, 3, 2)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 100}]))
    assert result.state.province(2).aim == "TECH"
    assert result.state.player(1).tech == 40  # 80% of 50 workers
    assert result.state.player(2).tech == 0


def test_neutral_workers_raise_their_defense() -> None:
    """ "Their workers will also increase the defense level": 16 workers, +0.2 a turn."""
    state = make_state()
    result = run(state)
    assert result.state.province(5).dfn == 3 + 2


def test_missing_players_workers_keep_working() -> None:
    """ "all orders for your workers remain intact" when you miss a turn."""
    state = make_state()
    empty(state, 1, 1, wok=40, aim="MIS")
    result = run(state)  # nobody sent orders
    assert result.state.province(1).mis == 10
