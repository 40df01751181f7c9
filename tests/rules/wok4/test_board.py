"""The map a WoK IV player may see (``wtg map --player N``, issue 15): what his report of
the turn tells him, and nothing else (``wtg/rules/wok/board.py``).

The report lists the player's own provinces in full, the holder of every neighbour (its
BORDERS), and what the turn's events he may see tell: battles he fought, bombs he dropped or
took, his spies' reports ("Spy other provinces (anywhere on the map)"). The usual setup, on
the 5x4 grid:

     1  2  3  4  5        player 1: province 1 (30 ARM, 20 SPY)
     6  7  8  9 10        player 2: 2 (12 ARM) and the far 20 (40 ARM, 7 MIS)
    11 12 13 14 15        player 3: 15 (9 ARM); the rest neutral
    16 17 18 19 20
"""

from __future__ import annotations

from tests.rules.builders import FixedRng, drawn, empty, give, make_state, orders, run, spot
from tests.shipped import WOK4 as RULESET
from wtg.core.board import Board
from wtg.core.ruleset import TurnResult
from wtg.rules.wok.state import WokState

SPY_PROVINCE = 1
YES, NO = 0.0, 0.99


def setup() -> WokState:
    state = make_state(players=3)
    for player in state.players:
        player.eff = 50
    empty(state, 1, 1, arm=30, spy=20, pop=50, wok=10)
    give(state, 2, 2, arm=12)
    give(state, 20, 2, arm=40, mis=7)
    give(state, 15, 3, arm=9)
    return state


def board(result: TurnResult[WokState], player: int | None) -> Board:
    return drawn(RULESET, result, player)


def test_a_player_sees_his_provinces_in_full_and_only_the_holders_of_his_borders() -> None:
    result = run(setup(), orders(1))
    mine = result.state.province(1)
    view = board(result, 1)
    assert (spot(view, 1).owner, spot(view, 1).troops) == (1, f"{mine.arm} ARM")
    assert "home" in spot(view, 1).marks
    assert (spot(view, 2).owner, spot(view, 2).troops) == (2, None)  # BORDERS: 2:2
    assert (spot(view, 6).owner, spot(view, 6).troops) == (0, None)  # BORDERS: 6:N
    for far in (3, 15, 20):
        assert (spot(view, far).owner, spot(view, far).troops) == (None, None)
    assert [s.id for s in view.spots if s.owner is not None] == ["1", "2", "6"]


def test_the_gm_sees_every_province_and_its_troops() -> None:
    result = run(setup(), orders(1))
    view = board(result, None)
    far = result.state.province(20)
    assert (spot(view, 20).owner, spot(view, 20).troops) == (2, f"{far.arm} ARM {far.mis} MIS")
    assert [s.owner for s in view.spots] == [p.owner for p in result.state.provinces]
    assert all(s.troops for s in view.spots)
    assert "GM" in view.title


def test_a_spy_report_shows_the_province_it_spied_and_its_troops() -> None:
    """ "Spy other provinces (anywhere on the map)": the report lists the province spied,
    so its holder and troops are on the spymaster's map, marked, and on no one else's."""
    spied = run(
        setup(),
        orders(1, spy=[{"from": 1, "to": 20, "op": SPY_PROVINCE, "spies": 5}]),
        rng=FixedRng(YES, NO, NO),
    )
    (report,) = [e.to_dict() for e in spied.events if e.kind == "spy_report"]
    assert report["success"]
    far = spied.state.province(20)
    view = board(spied, 1)
    assert spot(view, 20).owner == 2
    assert spot(view, 20).troops == f"{far.arm} ARM {far.mis} MIS"
    assert "spied" in spot(view, 20).marks
    victim = board(spied, 2)
    assert "spied" in spot(victim, 20).marks  # "Enemy spies in 20 ..."
    assert spot(victim, 1).troops is None  # his report tells him nothing of province 1's
    bystander = board(spied, 3)
    assert spot(bystander, 20).marks == ()
    assert spot(bystander, 20).owner == 2  # 20 borders his 15: BORDERS, not the spies


def test_a_battle_is_marked_for_those_who_fought_it_only() -> None:
    state = setup()
    empty(state, 2, 2)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 25}]))
    (battle,) = [e.to_dict() for e in result.events if e.kind == "battle"]
    assert battle["conquered"]
    for player in (1, 2, None):
        view = board(result, player)
        assert spot(view, 2).owner == 1
        assert set(spot(view, 2).marks) >= {"battle", "conquered"}
    loser = board(result, 2)
    assert spot(loser, 2).troops is None  # lost: no longer his, its troops not his to see
    bystander = board(result, 3)
    assert (spot(bystander, 2).owner, spot(bystander, 2).marks) == (None, ())


def test_spies_found_out_show_their_victim_where_they_came_from() -> None:
    """The victim of spies whose source was detected reads where they came from (his
    report: Enemy spies in 20, sent from province 11 by P1): 11's holder is on his map;
    spies not found out leave it fog."""
    state = setup()
    empty(state, 11, 1, spy=20)
    state.province(20).spy = 10  # 10% to catch, 30% to detect the source
    spying = orders(1, spy=[{"from": 11, "to": 20, "op": SPY_PROVINCE, "spies": 5}])
    found = run(state, spying, rng=FixedRng(YES, NO, YES))
    unseen = run(state, spying, rng=FixedRng(YES, NO, NO))
    assert spot(board(found, 2), 11).owner == 1
    assert spot(board(unseen, 2), 11).owner is None
    assert "spied" in spot(board(unseen, 2), 20).marks
