"""Winning: world domination, and the classic secret missions as a game option."""

from __future__ import annotations

import random

from tests.rules.wisk.helpers import (
    ALASKA,
    ALBERTA,
    E_AUSTRALIA,
    INDONESIA,
    JAPAN,
    KAMCHATKA,
    NEW_GUINEA,
    W_AUSTRALIA,
    Dice,
    attack,
    board_state,
    classic,
    kinds,
    new_game,
    put,
    run,
    run_with,
)
from tests.shipped import WISK as RULESET
from wtg.rules.wisk import strategy
from wtg.rules.wisk.board import Mission
from wtg.rules.wisk.state import DEAD, WiskState
from wtg.rules.wisk.victory import describe, destroy_target, mission_done

ASIA = tuple(range(27, 39))
AFRICA = tuple(range(21, 27))
EUROPE = tuple(range(14, 21))
AUSTRALIA = (INDONESIA, NEW_GUINEA, W_AUSTRALIA, E_AUSTRALIA)
SOUTH_AMERICA = (10, 11, 12, 13)


def mission_number(**fields: object) -> int:
    """The number of the classic mission with these fields."""
    for mission in classic().missions:
        if all(getattr(mission, k) == v for k, v in fields.items()):
            return mission.id
    raise AssertionError(fields)


def holding(territories: tuple[int, ...], players: int = 3) -> WiskState:
    state = board_state(players=players, owners=dict.fromkeys(territories, 1), missions=True)
    return state


def test_world_domination_wins() -> None:
    """The win list of the text is empty ("To win the game, you can either:-"); the classic
    game is won by holding every territory (ruling 1)."""
    state = board_state(owners={t: 1 for t in range(1, 43) if t != KAMCHATKA})
    put(state, ALASKA, 1, 5)
    result = run_with(
        state, {"attack": [attack(ALASKA, KAMCHATKA), attack(ALASKA, JAPAN)]}, Dice(6, 6, 6, 1)
    )
    assert result.state.winner == 1 and result.state.won_by == "domination"
    (won,) = kinds(result, "game_won")
    assert won["how"] == "domination"
    assert kinds(result, "order_skipped") == []  # the game ended: the second attack never ran
    assert len(kinds(result, "battle")) == 1
    assert kinds(result, "next_player") == []


def test_the_objectives_are_checked_after_the_armies_moved() -> None:
    """ "After moved the armies, the system will check from the objectives to see the whether
    you win the game." The mission "Asia and South America" is won the moment Kamchatka
    falls; the attacks after it do not run."""
    owners = {t: 1 for t in (*ASIA, *SOUTH_AMERICA, ALASKA) if t != KAMCHATKA}
    state = holding(tuple(owners))
    state.player(1).mission = mission_number(continents=("Asia", "South America"))
    put(state, ALASKA, 1, 10)
    orders = {"attack": [attack(ALASKA, KAMCHATKA, move=3), attack(ALASKA, ALBERTA)]}
    result = run_with(state, orders, Dice(*([6] * 3), 1, *([6] * 20)))
    assert result.state.winner == 1 and result.state.won_by == "mission"
    (won,) = kinds(result, "game_won")
    assert won["mission"] == "conquer Asia and South America"
    assert [b["target"] for b in kinds(result, "battle")] == [KAMCHATKA]


def test_missions_count_only_when_the_game_has_them() -> None:
    owners = {t: 1 for t in (*ASIA, *SOUTH_AMERICA)}
    state = board_state(players=3, owners=owners)
    state.player(1).mission = mission_number(continents=("Asia", "South America"))
    result = run(state, {})
    assert result.state.winner == 0


def test_continents_and_one_more_of_ones_choice() -> None:
    """RULE-NOTES: "Europe + Australia + one more continent of choice"."""
    mission = classic().mission(mission_number(continents=("Europe", "Australia"), extra=1))
    state = holding((*EUROPE, *AUSTRALIA))
    assert not mission_done(state, 1, mission)
    state = holding((*EUROPE, *AUSTRALIA, *SOUTH_AMERICA))
    assert mission_done(state, 1, mission)
    assert (
        describe(state, 1, mission)
        == "conquer Europe and Australia, and 1 more continent of your choice"
    )


def test_eighteen_territories_with_two_armies_each() -> None:
    """RULE-NOTES: "occupy 18 territories with at least 2 armies each"."""
    mission = classic().mission(mission_number(territories=18, armies=2))
    mine = tuple(range(1, 19))
    state = holding(mine)
    for tid in mine[:17]:
        put(state, tid, 1, 2)
    assert not mission_done(state, 1, mission)
    put(state, mine[17], 1, 3)
    assert mission_done(state, 1, mission)


def test_a_mission_can_be_won_by_placing_armies() -> None:
    state = holding(tuple(range(1, 19)))
    state.player(1).mission = mission_number(territories=18, armies=2)
    for tid in range(1, 18):
        put(state, tid, 1, 2)
    # 18 territories: 6 armies, on territory 18 (the last with one army)
    result = run(state, {"place": [{"territory": 18, "armies": 6}]})
    assert result.state.winner == 1 and result.state.won_by == "mission"


def test_twenty_four_territories() -> None:
    mission = classic().mission(mission_number(territories=24, armies=1))
    assert not mission_done(holding(tuple(range(1, 24))), 1, mission)
    assert mission_done(holding(tuple(range(1, 25))), 1, mission)


def test_destroy_a_player() -> None:
    """RULE-NOTES: "destroy all armies of a named colour (if that colour is you or is already
    gone: occupy 24 territories)"; colours are seats here."""
    mission = classic().mission(mission_number(destroy=2))
    state = holding(tuple(range(1, 10)))
    assert destroy_target(state, 1, mission) == 2
    assert describe(state, 1, mission) == "destroy all armies of Bob (player #2)"
    state.player(2).status, state.player(2).eliminated_by = DEAD, 1
    assert mission_done(state, 1, mission)


def test_destroy_becomes_24_territories_when_someone_else_did_it() -> None:
    mission = classic().mission(mission_number(destroy=2))
    state = holding(tuple(range(1, 10)))
    state.player(2).status, state.player(2).eliminated_by = DEAD, 3
    assert destroy_target(state, 1, mission) == 0
    assert describe(state, 1, mission) == "occupy 24 territories"
    assert not mission_done(state, 1, mission)
    assert mission_done(
        holding(tuple(range(1, 25))), 1, classic().mission(mission_number(destroy=5))
    )


def test_destroy_oneself_or_an_empty_seat_is_24_territories() -> None:
    state = holding(tuple(range(1, 10)))
    assert destroy_target(state, 1, classic().mission(mission_number(destroy=1))) == 0
    assert destroy_target(state, 1, classic().mission(mission_number(destroy=6))) == 0


def test_eliminating_the_named_player_wins_at_once() -> None:
    state = board_state(players=3, owners={t: 3 for t in range(1, 43)}, missions=True)
    put(state, ALASKA, 1, 10)
    put(state, KAMCHATKA, 2, 1)
    state.player(1).mission = mission_number(destroy=2)
    result = run_with(state, {"attack": [attack(ALASKA, KAMCHATKA)]}, Dice(6, 5, 4, 1))
    assert result.state.winner == 1
    assert kinds(result, "game_won")[0]["mission"] == "destroy all armies of Bob (player #2)"


def test_a_mission_is_only_won_on_ones_own_turn() -> None:
    state = holding(tuple(range(1, 25)))
    state.player(1).mission = mission_number(territories=24, armies=1)
    state.active = 2
    put(state, 30, 2, 3)
    result = run(state, {"place": [{"territory": 30, "armies": 3}]})
    assert result.state.winner == 0
    assert Mission(1, territories=24).territories == 24


def test_equal_players_share_a_top_ten_rank() -> None:
    """Two players with as many territories and armies share first place on the Top Ten,
    and two out on the same turn share the next place (the next rank skipped): never told
    apart by their number (ruling 21)."""
    state = board_state(players=4, owners={t: 1 for t in range(1, 22)})
    state.player(3).status, state.player(3).out_on = DEAD, 2
    state.player(4).status, state.player(4).out_on = DEAD, 2
    rows = RULESET.topten(state)
    assert [(r.rank, r.player) for r in rows] == [(1, 1), (1, 2), (3, 3), (3, 4)]


def test_two_players_with_missions_may_win_on_the_first_turn() -> None:
    """Ruling 27: "2 players, 40 armies each" and all 42 territories dealt leave 21 to
    each; "occupy 24 territories" is then three conquests away and "occupy 18 territories
    with at least 2 armies each" a matter of placing. The first player (seed 1: occupy 24
    territories; seed 5: the 18 with 2 armies) wins on his first turn, the second one
    never moving: that is what the text's numbers give, not a setup mistake."""
    done = []
    for seed in (1, 5):
        state = new_game(humans=2, seed=seed, missions=True)
        assert (state.first, len(state.territories_of(1)), len(state.territories_of(2))) == (
            1,
            21,
            21,
        )
        orders = strategy.plan(state, 1)
        result = RULESET.resolve(state, {1: orders}, random.Random(seed))
        won = kinds(result, "game_won")[0]
        done.append((result.state.winner, won["mission"], "attack" in orders))
    assert done == [
        (1, "occupy 24 territories", True),
        (1, "occupy 18 territories with at least 2 armies each", False),
    ]
