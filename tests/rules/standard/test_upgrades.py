"""Standard WoK, phase 9 - upgrades bought with gold.

No phase draws anything in these tests but the shuffle of the new Order of Play.
Player 1 owns empty provinces (no population, no workers) unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

from tests.rules.builders import empty, kinds, make_state, orders, run_standard
from wtg.core.ruleset import TurnResult
from wtg.rules.wok.score import player_score
from wtg.rules.wok.state import WokState


def rich(gold: int, eff: int = 50, **province: Any) -> WokState:
    state = make_state()
    state.player(1).gold = gold
    state.player(1).eff = eff
    empty(state, 1, 1, **province)
    return state


def bought(result: TurnResult[WokState]) -> list[tuple[str, int, int]]:
    return [(e.upgrade, e.cost, e.gold_left) for e in kinds(result, "upgraded")]


def skipped(result: TurnResult[WokState]) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped") if e.phase == "9 upgrades"]


# --- prices -----------------------------------------------------------------------------


def test_first_second_and_third_upgrade_cost_100_200_300() -> None:
    """ "The first upgrade of a turn costs 100 gold, the second 200 and the third 300
    gold."."""
    result = run_standard(rich(600), orders(1, upgrade=["EFF", "DEF", "MIS"]))
    assert bought(result) == [("EFF", 100, 500), ("DEF", 200, 300), ("MIS", 300, 0)]
    assert result.state.player(1).gold == 0


def test_at_most_three_upgrades_a_turn() -> None:
    """Three prices for "the first ... the second ... and the third": a fourth upgrade is
    not bought, however much gold there is."""
    result = run_standard(rich(1000), orders(1, upgrade=["TECH"] * 4))
    assert result.state.player(1).tech == 3
    assert result.state.player(1).gold == 400
    assert skipped(result) == ["only 3 upgrades a turn"]


def test_the_price_starts_again_each_turn() -> None:
    """ "The first upgrade of a turn costs 100 gold" - every turn."""
    first = run_standard(rich(400), orders(1, upgrade=["TECH"]))
    second = run_standard(first.state, orders(1, upgrade=["TECH"]))
    assert bought(second) == [("TECH", 100, 200)]
    assert second.state.player(1).tech == 2


def test_an_upgrade_that_cannot_be_paid_is_skipped() -> None:
    """Ruling: an upgrade the player cannot pay is skipped, and the next one is tried at
    the same price - 250 gold buy the first (100); the second and third would cost 200."""
    result = run_standard(rich(250), orders(1, upgrade=["TECH", "EFF", "DEF"]))
    assert bought(result) == [("TECH", 100, 150)]
    assert skipped(result) == ["it costs 200 gold and you have 150"] * 2
    assert result.state.player(1).gold == 150


def test_the_price_follows_the_upgrades_bought_not_the_lines() -> None:
    """Ruling: the price goes with the number bought; an order that buys nothing does not
    raise it: after an unknown upgrade the first real one still costs 100."""
    result = run_standard(rich(100), orders(1, upgrade=["GOLD", "TECH"]))
    assert bought(result) == [("TECH", 100, 0)]
    assert skipped(result) == ["no such upgrade"]


def test_gold_mined_this_turn_can_be_spent() -> None:
    """Phase "4. Working" comes before "9. Upgrades": 50 gold and 50 miners pay for an
    upgrade the same turn ("Mining (MIN) Each worker produces one gold coin.")."""
    result = run_standard(rich(50, wok=50, aim="MIN"), orders(1, upgrade=["TECH"]))
    assert result.state.player(1).tech == 1
    assert result.state.player(1).gold == 0


# --- what they give ---------------------------------------------------------------------


def test_tech_level_upgrade_unlocks_an_attack_from_the_next_turn() -> None:
    """ "Tech Level: Permanently increase tech level by 1." with "Increasing your tech level
    will unlock additional attacks" - bought in phase 9, it counts from the next turn's
    attacks: four of them."""
    state = make_state()
    state.player(1).gold = 100
    empty(state, 7, 1, arm=40, lev=2000)
    for pid in (2, 6, 8, 12, 9):
        empty(state, pid, 0)
    first = run_standard(state, orders(1, upgrade=["TECH"]))
    assert first.state.player(1).tech == 1
    for pid in (2, 6, 8, 12):
        empty(first.state, pid, 0)  # the neutrals' recruits of turn 6 gone again
    attacks = [{"from": 7, "to": t, "armies": 5} for t in (2, 6, 8, 12)]
    second = run_standard(first.state, orders(1, attack=attacks))
    assert [second.state.province(p).owner for p in (2, 6, 8, 12)] == [1, 1, 1, 1]


def test_eff_upgrade() -> None:
    """ "EFF Gain 30 EFF" - after entropy: 50 - 1 + 30 = 79."""
    result = run_standard(rich(100, eff=50), orders(1, upgrade=["EFF"]))
    assert result.state.player(1).eff == 79


def test_eff_upgrade_stops_at_99() -> None:
    """EFF is at most 99%: 80 - 1 + 30 gives 99."""
    result = run_standard(rich(100, eff=80), orders(1, upgrade=["EFF"]))
    assert result.state.player(1).eff == 99


def test_def_upgrade_raises_every_province() -> None:
    """ "DEF All provinces gain 0.5 DEF" - every province of the player (at most 9.9),
    after the workers' own +0.1 for 8 WOK; other players' provinces are not touched."""
    state = rich(100, dfn=3, wok=8)
    empty(state, 2, 1, dfn=98)
    empty(state, 20, 2, dfn=3)
    result = run_standard(state, orders(1, upgrade=["DEF"]))
    assert [result.state.province(p).dfn for p in (1, 2, 20)] == [3 + 1 + 5, 99, 3]


def test_lev_upgrade_raises_every_army() -> None:
    """ "LEV All armies gain 0.3 LEV" - a province without armies keeps its level."""
    state = rich(100, arm=10, lev=1500)
    empty(state, 2, 1, arm=0, lev=1000)
    empty(state, 3, 1, arm=1, lev=9900)
    result = run_standard(state, orders(1, upgrade=["LEV"]))
    assert [result.state.province(p).lev for p in (1, 2, 3)] == [1800, 1000, 9999]


def test_mis_upgrade_arms_every_province() -> None:
    """ "MIS All provinces gain 5 MIS" - at most 99 in a province."""
    state = rich(100)
    empty(state, 2, 1, mis=97)
    result = run_standard(state, orders(1, upgrade=["MIS"]))
    assert [result.state.province(p).mis for p in (1, 2)] == [5, 99]


def test_spy_upgrade_recruits_in_every_province() -> None:
    """ "SPY All provinces gain 2 SPY"."""
    state = rich(100, spy=1)
    empty(state, 2, 1)
    empty(state, 20, 2)
    result = run_standard(state, orders(1, upgrade=["SPY"]))
    assert [result.state.province(p).spy for p in (1, 2, 20)] == [3, 2, 0]


def test_upgrades_of_one_turn_add_up() -> None:
    """Two DEF upgrades in a turn give 1.0 DEF, for 100 + 200 gold."""
    result = run_standard(rich(300), orders(1, upgrade=["DEF", "DEF"]))
    assert result.state.province(1).dfn == 10
    assert result.state.player(1).gold == 0


def test_gold_held_counts_in_the_score() -> None:
    """ "a generated score (depending on all your possessions)" (WoK IV's manual; Standard's
    Top Ten keeps its score, and "the players are ranked based on ... what their final
    score was"): Standard's score counted no gold, and a player who saved 250 gold for
    three upgrades stood level with one who had none. Each gold held counts one."""
    state = make_state()
    empty(state, 1, 1, arm=10)
    empty(state, 20, 2, arm=10)
    assert player_score(state, 2) == player_score(state, 1)
    state.player(2).gold = 250
    assert player_score(state, 2) - player_score(state, 1) == 250
