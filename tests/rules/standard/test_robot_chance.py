"""Ruling 34: a robot reckons its chance of taking a province (``robot_odds.py``), attacks
only what it takes more likely than not, writes the orders for the province it sets out to
take only when it is sure of it, and orders nothing the turn would skip for a reason it
could know at the start of the turn.

Grid of the hand-made states (``make_state(5, 4)``), neighbours up, down, left, right::

     1  2  3  4  5
     6  7  8  9 10
    11 12 13 14 15
    16 17 18 19 20
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.rules.builders import give, kinds
from tests.rules.standard.test_robots import ROBOT, attack_of, robot_state, robot_turn
from tests.shipped import STANDARD
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.standard.robot_odds import capture_chance, round_odds, win_chance
from wtg.rules.standard.robots import robot_plan
from wtg.rules.standard.strategy import plan_orders
from wtg.rules.wok.combat import fight

# --- the chance, from the battle's rules ---------------------------------------------------


def test_round_odds_of_even_and_uneven_rolls() -> None:
    """ "the player with the lower number loses one army (if the rolls tie neither side loses
    an army)": 0..1 against 0..1 loses as often as it wins; 0..2 against 0..1 wins 3 of the
    4 rounds that cost an army (2>0, 2>1, 1>0 against 0<1)."""
    assert round_odds(1, 1) == 0.5
    assert round_odds(2, 1) == 0.75
    assert round_odds(1, 2) == 0.25


@pytest.mark.parametrize(
    ("attackers", "defenders", "p", "chance"),
    [
        (5, 0, 0.1, 1.0),  # an empty province is taken
        (0, 5, 0.9, 0.0),
        (1, 1, 0.3, 0.3),
        (2, 1, 0.5, 0.75),  # loses only if the first two decisive rounds are lost
        (1, 2, 0.5, 0.25),
        (10, 10, 0.5, 0.5),
    ],
)
def test_win_chance(attackers: int, defenders: int, p: float, chance: float) -> None:
    assert win_chance(attackers, defenders, p) == pytest.approx(chance)


def test_the_chance_matches_fought_battles() -> None:
    """The reckoned chance against battles fought by the game's own code, 4000 of them:
    15 armies attacking at a top of 9 against 10 defending at 11."""
    rng = random.Random(7)
    won = sum(fight(rng, 15, 9, 10, 11).attacker_won for _ in range(4000))
    assert won / 4000 == pytest.approx(win_chance(15, 10, round_odds(9, 11)), abs=0.03)


# --- the ruling's cases --------------------------------------------------------------------


def test_a_robot_passes_over_a_neighbour_it_is_unlikely_to_take() -> None:
    """The published target is the LOWEST-numbered human or neutral neighbour; 3 holds 200
    armies, which its 40 take with no chance worth the name, so it attacks 7, the next."""
    state = robot_state()
    give(state, 3, 0, arm=200)
    assert capture_chance(state, ROBOT, 8, 3) < 0.01
    assert attack_of(robot_plan(state, ROBOT)) == [{"from": 8, "to": 7, "armies": 999}]


def test_with_no_neighbour_it_is_likely_to_take_it_recruits_and_waits() -> None:
    """No attack when every neighbour is too strong: it recruits where it attacks from (48
    POP into 12 ARM, once on the 50 POP there: the second would make no army) and keeps its
    armies."""
    state = robot_state()
    for pid in (3, 7, 9, 13):
        give(state, pid, 0, arm=200)
    assert robot_plan(state, ROBOT) == {
        "player": ROBOT,
        "turn": 6,
        "transform": [{"province": 8, "kind": "POP-ARM", "amount": 48}],
    }
    after = robot_turn(state).state
    assert (after.province(8).arm, after.province(8).owner) == (40 + 12, ROBOT)


@pytest.mark.parametrize(("pop", "recruits"), [(200, 2), (65, 2), (64, 1), (4, 0)])
def test_no_recruitment_on_pop_that_makes_no_army(pop: int, recruits: int) -> None:
    """It takes 80% of the POP ("rounded down") and recruits 48 POP at a time while that
    makes an army (4 POP): 200 -> 160 twice, 65 -> 52 twice (the second on the 4 left), 64
    -> 51 once (3 left), 4 -> 3 not at all."""
    state = robot_state()
    give(state, 3, 0, pop=pop)
    plan = robot_plan(state, ROBOT)
    assert plan.get("transform", []) == [{"province": 3, "kind": "POP-ARM", "amount": 48}] * (
        recruits
    )
    result = robot_turn(state)
    assert result.state.province(3).owner == ROBOT
    assert not [e for e in kinds(result, "order_skipped") if e.player == ROBOT]


# --- whole games ---------------------------------------------------------------------------


def robot_lines_in_a_duel(seed: int, turns: int) -> tuple[int, int, list[str]]:
    """A Duel played by the built-in player and the robots, up to ``turns``: the robots'
    order lines, those the order checks reject, and those the turn skipped that no other
    player's battle on their province explains (a robot's own mistake)."""
    seats = (SeatSetup(id=1, name="Ann"), SeatSetup(id=2, name="Bob"))
    board = STANDARD.default_map("duel", {})
    setup = GameSetup(game="g", map=board, seed=seed, players=seats, variant="duel")
    state = STANDARD.new_game(setup, turn_rng(seed, 0)).state
    robots = {p.id for p in state.players if p.robot}
    lines = rejected = 0
    own_mistakes: list[str] = []
    while not STANDARD.is_over(state) and state.turn < turns:
        orders: dict[int, Any] = {}
        for side in STANDARD.owing(state):
            planned = plan_orders(state, side, random.Random(f"{seed}:{state.turn}:{side}"))
            entries, _, _ = STANDARD.entries_from_dict(planned)
            orders[side] = STANDARD.accept(entries, state, side).orders
        for robot, planned in STANDARD.robot_orders(state).items():
            entries, unread, problems = STANDARD.entries_from_dict(planned)
            accepted = STANDARD.accept(entries, state, robot)
            lines += len(entries)
            rejected += len(unread) + len(problems) + len(accepted.rejected)
            orders[robot] = accepted.orders
        result = STANDARD.resolve(state, orders, turn_rng(seed, state.turn + 1))
        fought: dict[int, set[int]] = {}
        for event in kinds(result, "battle"):
            fought.setdefault(event.province, set()).add(event.attacker)
        for skip in kinds(result, "order_skipped"):
            named = [int(n) for n in re.findall(r"\d+", skip.reason)]
            if skip.player in robots and not any(
                fought.get(n, set()) - {skip.player} for n in named
            ):
                own_mistakes.append(f"turn {state.turn + 1}: {skip.order}: {skip.reason}")
        state = result.state
    return lines, rejected, own_mistakes


@pytest.mark.parametrize("seed", [1, 2])
def test_robots_write_no_line_the_turn_skips_over_a_whole_duel(seed: int) -> None:
    """Ruling 34: over a whole Duel (to turn 60, or its end) the robots write no line the
    order checks reject, and the turn skips none of their lines but where another player
    fought over the province earlier in that turn (the target taken first, the province
    attacked from lost: the robots write their orders at the start of the turn, as everyone
    does). Until ruling 34 they wrote recruitments on provinces with no POP and orders for
    provinces they failed to take, every turn: 32 and 447 such lines in these two games."""
    lines, rejected, own_mistakes = robot_lines_in_a_duel(seed, 60)
    assert lines > 100
    assert (rejected, own_mistakes) == (0, [])
