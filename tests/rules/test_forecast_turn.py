"""The forecast of an order confirmation against the turn that then runs: with no attack,
bombing or spying from anyone (nothing left to chance), "your provinces after this turn IF
NOBODY ELSE ACTED" is what the turn makes of them, row for row, with the EFF, tech, gold
and wood. A player's trial of Standard and Intermediate games found the forecast's EFF a
point a province above the report's every turn: their forecasts ran no entropy ("you lose
one point of effectiveness for every province in your empire. No orders are required"),
which draws no chance; WoK IV's runs it inside its phase III."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.played import Plan, game_config, play
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.core.jsondata import Json
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.rules.intermediate.strategy import plan_orders as intermediate_plan
from wtg.rules.intermediate.view import troop_row
from wtg.rules.standard.strategy import plan_orders as standard_plan
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import WokState
from wtg.rules.wok.view import province_row
from wtg.rules.wok4.strategy import plan_orders as wok4_plan
from wtg.text.yamlio import dump_yaml

CHANCY = ("attack", "bomb", "spy")


def peaceful(plan: Plan) -> Plan:
    """The built-in strategy's orders without those the turn decides by chance."""

    def planned(state: Any, side: int, rng: random.Random) -> dict[str, Any]:
        orders = plan(state, side, rng)
        return {key: value for key, value in orders.items() if key not in CHANCY}

    return planned


def forecasts(ruleset: WokRuleset, state: WokState, plan: Plan, seed: int) -> dict[int, Any]:
    """Every owing player's forecast of the orders ``play`` will give him."""
    made: dict[int, Any] = {}
    for side in ruleset.owing(state):
        rng = random.Random(f"{seed}:{ruleset.turn_of(state)}:{side}")
        entries, _bad, problems = ruleset.entries_from_dict(plan(state, side, rng))
        assert not problems, problems
        made[side] = ruleset.forecast(state, ruleset.accept(entries, state, side).orders, side)
    return made


@pytest.mark.parametrize(
    ("ruleset", "map_name", "plan", "variant", "humans"),
    [
        (WOK4, "small", wok4_plan, None, 3),
        (STANDARD, "trial", standard_plan, "skirmish", 2),
        (STANDARD, "star-islands", standard_plan, "skirmish", 5),
        (INTERMEDIATE, "marchlands", intermediate_plan, None, 2),
        (INTERMEDIATE, "pentarchy", intermediate_plan, None, 5),
    ],
    ids=["wok4", "standard-trial", "standard-star-islands", "intermediate", "pentarchy"],
)
def test_the_forecast_of_peaceful_orders_is_what_the_turn_makes(
    ruleset: WokRuleset, map_name: str, plan: Plan, variant: str | None, humans: int
) -> None:
    row = troop_row if ruleset is INTERMEDIATE else province_row
    config = game_config(ruleset.name, map_name, humans, seed=7)
    orders = peaceful(plan)
    expected: dict[int, Any] = {}
    compared = 0
    for played in play(ruleset, config, orders, 6, variant=variant):
        state: WokState = played.state
        for side, forecast in expected.items():
            me = state.player(side)
            assert forecast["provinces"] == [row(p) for p in state.provinces_of(side)]
            assert (forecast["eff"], forecast["tech"], forecast["gold"]) == (
                me.eff,
                me.tech,
                me.gold,
            ), f"turn {state.turn}, player {side}"
            assert forecast.get("wood") == me.wood
            compared += 1
        expected = {} if ruleset.is_over(state) else forecasts(ruleset, state, orders, 7)
    assert compared >= 6 * humans


@pytest.mark.parametrize(
    ("name", "map_name", "ruleset"),
    [("standard", "trial", STANDARD), ("intermediate", "marchlands", INTERMEDIATE)],
)
def test_the_forecast_wastes_what_a_transformation_leaves_over_as_the_turn_does(
    tmp_path: Path, name: str, map_name: str, ruleset: WokRuleset
) -> None:
    """ "If the number converted is not a multiple of the ratio, the extra will be lost": the
    turn lost it, the forecast kept it. 50 POP into armies (48 make 12, 2 lost), then 45
    into workers from the POP left: the forecast had 42 left and showed 21 workers made, the
    turn had 40 and made 20."""
    players = [PlayerEntry(i, f"P{i}", f"p{i}@example.org", f"CODE{i:04d}") for i in (1, 2)]
    game = create_game(tmp_path / "g", name, map_name, players, 7).typed(ruleset)
    state = game.state()
    home = next(p.id for p in state.provinces if p.owner == 1)
    order: dict[str, Json] = {
        "player": 1,
        "turn": 1,
        "transform": [
            {"province": home, "kind": "POP-ARM", "amount": 50},
            {"province": home, "kind": "POP-WOK", "amount": 45},
        ],
    }
    entries, _bad, problems = ruleset.entries_from_dict(order)
    assert not problems
    forecast = ruleset.forecast(state, ruleset.accept(entries, state, 1).orders, 1)
    game.submit(dump_yaml(order))
    game.submit("player: 2\nturn: 1\n")
    game.run_turn()
    row = troop_row if ruleset is INTERMEDIATE else province_row
    after = game.state()
    assert forecast["provinces"] == [row(p) for p in after.provinces_of(1)]
