"""Order of Play, missed turns, quitting, the end of the game and victory points."""

from __future__ import annotations

import random

from tests.rules.builders import empty, kinds, make_state, orders, run
from tests.shipped import WOK4 as RULESET
from wtg.core.ruleset import TurnResult
from wtg.rules.wok.state import QUIT, WokState
from wtg.rules.wok4.phases.victory import quit_count


def test_order_of_play_decides_who_fights_whom() -> None:
    """ "So if a player attacks a province before you during the turn and wins the fight, you
    will attack HIM instead of the old owner.\""""
    state = make_state(players=3)
    state.oop = [2, 3, 1]
    empty(state, 1, 1, arm=1)
    empty(state, 2, 0, arm=0)  # neutral, empty
    empty(state, 3, 2, arm=20, lev=2000)
    empty(state, 7, 3, arm=30, lev=2000)
    result = run(
        state,
        orders(2, attack=[{"from": 3, "to": 2, "armies": 20}]),
        orders(3, attack=[{"from": 7, "to": 2, "armies": 30}]),
        orders(1),
    )
    battles = kinds(result, "battle")
    assert [(b.attacker, b.defender) for b in battles] == [(2, 0), (3, 2)]


def test_each_phase_runs_for_every_player_before_the_next_phase() -> None:
    """ "The OoP is executed for every phase separately, so we first play Phase I for every
    player and then Phase II etc.\""""
    state = make_state(players=2)
    state.oop = [1, 2]
    empty(state, 1, 1, arm=10, lev=1000)
    empty(state, 6, 2, arm=10, mis=10)
    result = run(
        state,
        orders(1, attack=[{"from": 1, "to": 2, "armies": 1}]),
        orders(2, bomb=[{"from": 6, "to": 1, "missiles": 10}]),
    )
    kinds_in_order = [e.kind for e in result.events if e.kind in ("battle", "bombing_run")]
    assert kinds_in_order == ["bombing_run", "battle"]  # player 2's PHASE I before 1's PHASE II


def test_a_new_order_of_play_each_turn_of_the_players_still_in_the_game() -> None:
    """ "Every new turn, the WOK Turn Generator (WTG) creates a new OoP." """
    state = make_state(players=4)
    for pid, player in zip((1, 5, 16, 20), (1, 2, 3, 4), strict=True):
        empty(state, pid, player)
    seen = set()
    for seed in range(12):
        result = run(state, seed=seed)
        assert sorted(result.state.oop) == [1, 2, 3, 4]
        seen.add(tuple(result.state.oop))
    assert len(seen) > 1


def test_missing_turn_troops_dig_in() -> None:
    """ "If you miss a turn ... all your troops will dig in and remain in a defensive position.
    No new troops will be recruited\": nothing of theirs moves, but they still defend."""
    state = make_state()
    empty(state, 1, 1, arm=12, pop=40)
    result = run(state)
    province = result.state.province(1)
    assert province.arm == 12 and province.pop == 48
    missed = kinds(result, "turn_missed")[0]
    assert (missed.player, missed.missed) == (1, 1)


def test_three_missed_turns_in_a_row_is_quitting() -> None:
    """ "If you miss orders for 3 Turns in a row, you will be considered as to have QUIT"."""
    state = make_state(players=3)
    for pid, player in ((1, 1), (5, 2), (16, 3)):
        empty(state, pid, player)
    for _ in range(3):
        state = run(state, orders(1), orders(2)).state
    assert state.player(3).status == QUIT
    assert state.player(3).quit_on == state.turn
    assert state.player(1).status == "active"


def test_a_player_may_quit_with_the_quit_line() -> None:
    """ "You can not re-enter this specific game ... This also applies if you quit the game
    for whatever reason - here you will NOT get any more points if you quit !": the QUIT line
    of the AOF (order file ``quit: true``). The turn's orders still run; at its end the
    player is QUIT, earns no turn point for it, and counts among the quits ("If 5+ players
    of a group QUIT the game")."""
    state = make_state(players=3)
    for pid, player in ((1, 1), (5, 2), (16, 3)):
        empty(state, pid, player, pop=80)
    quitting = orders(2, transform=[{"province": 5, "kind": "POP-ARM", "amount": 40}], quit=True)
    result = run(state, orders(1), quitting, orders(3))
    after = result.state
    assert (after.player(2).status, after.player(2).quit_on) == (QUIT, after.turn)
    assert after.player(2).turn_points == 0 and after.player(3).turn_points == 1
    assert after.province(5).arm == 10 and after.province(5).owner == 2
    assert [(e.player, e.chosen, e.public) for e in kinds(result, "player_quit")] == [
        (2, True, True)
    ]
    assert quit_count(after) == after.seats - 3 + 1
    assert 2 not in RULESET.owing(after)
    assert after.outcome is None


def test_a_quit_line_of_0_is_no_quitting() -> None:
    """QUIT 0 (or N) on the form: the player stays."""
    state = make_state(players=2)
    empty(state, 1, 1)
    empty(state, 20, 2)
    after = run(state, orders(1, quit=False), orders(2)).state
    assert after.player(1).status == "active"


def test_orders_reset_the_missed_count_and_earn_turn_points() -> None:
    """ "If you miss turns before you get killed ... you will get less turn points for the
    HiScore": a turn with orders earns a turn point, a missed one none."""
    state = make_state(players=2)
    empty(state, 1, 1)
    empty(state, 20, 2)
    state = run(state, orders(2)).state
    state = run(state, orders(1), orders(2)).state
    assert (state.player(1).missed, state.player(1).turn_points) == (0, 1)
    assert state.player(2).turn_points == 2


def test_an_empty_order_file_is_not_a_missed_turn() -> None:
    """ "If people ... tell the GM to assume they have sent 0 orders for the turn its ok.\""""
    state = make_state(players=2)
    empty(state, 1, 1)
    empty(state, 20, 2)
    result = run(state, orders(1), orders(2))
    assert not kinds(result, "turn_missed")


def win_by_conquest(players: int, seats: int = 10) -> tuple[WokState, TurnResult[WokState]]:
    """Player 1 takes player 2's last province; every other player is already dead."""
    state = make_state(players=players)
    state.seats = seats
    for player in state.players[2:]:
        player.status, player.died_on = "dead", 3
    empty(state, 1, 1, arm=900, lev=9000)
    empty(state, 2, 2, arm=1)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 900}]), orders(2))
    return result.state, result


def test_last_player_standing_wins_alone() -> None:
    """ "nine of us will dig our grave while the last one standing will find the Paradise".
    Ruling (RULE-NOTES): 12 VP for a sole win, 2 for 2nd and 3rd, 1 for ranks 4-5."""
    state, result = win_by_conquest(players=10)
    assert state.outcome is not None
    assert (state.outcome.reason, state.outcome.winners) == ("last standing", (1,))
    assert state.outcome.ranking[:2] == (1, 2)
    assert state.player(1).vp == 12
    assert state.player(2).vp == 2
    assert [e.kind for e in result.events][-1] == "game_over"
    assert state.oop == []


def test_empty_seats_count_as_quits_so_the_survivor_gets_one_vp() -> None:
    """ "If a game starts with less then 10 Players all empty slots are considered like Players
    that have QUIT" and "If 5+ players of a group QUIT the game ... the last one surviving will
    get only 1 VP !\""""
    state, _ = win_by_conquest(players=5)
    assert state.outcome is not None
    assert state.outcome.reason == "bitter end"
    assert state.player(1).vp == 1
    assert state.player(2).vp == 0


def test_alliance_of_two_shares_victory() -> None:
    """ "Only up to 2 Players can win a game, alone or as an Alliance (sharing victory Points
    then)." Ruling: two standing players who name each other as ally end the game."""
    state = make_state(players=10)
    for player in state.players[2:]:
        player.status, player.died_on = "dead", 2
    empty(state, 1, 1)
    empty(state, 20, 2)
    state.player(2).ally = 1
    result = run(state, orders(1, ally=2), orders(2))
    outcome = result.state.outcome
    assert outcome is not None
    assert (outcome.reason, outcome.winners) == ("alliance", (1, 2))
    assert result.state.player(1).vp == result.state.player(2).vp == 5


def allies_won() -> WokState:
    """A game of 10 of which players 1 and 2, allies (2 with more turn points), are the last
    standing: the state after its turn, the game over."""
    state = make_state(players=10)
    for player in state.players[2:]:
        player.status, player.died_on = "dead", 2
    empty(state, 1, 1)
    empty(state, 20, 2)
    state.player(1).turn_points, state.player(2).turn_points = 3, 5
    state.player(1).ally = 2
    return run(state, orders(1), orders(2, ally=1)).state


def test_allies_who_win_share_first_place() -> None:
    """ "Only up to 2 Players can win a game, alone or as an Alliance (sharing victory
    Points then)": the winners were placed by their turn points, so the report read
    'Winners: Ann (#1), Bob (#2)' over 'Final ranking: 1. Ann (#1), 2. Bob (#2)', and the
    HiScore, which reads the places, gave Ann a sole win's 12 VP and Bob a second's 2
    where the game gave each 5. Both winners share first place."""
    outcome = allies_won().outcome
    assert outcome is not None and outcome.winners == (1, 2)
    assert outcome.ranking[:3] == (2, 1, 3)  # turn points still order them on the list
    assert outcome.places[:3] == (1, 1, 3)


def test_no_shared_victory_in_a_bitter_end() -> None:
    """ "the remaining Players will have to fight to the bitter end": with 5+ quits an
    alliance does not end the game."""
    state = make_state(players=4)
    for player in state.players[2:]:
        player.status, player.died_on = "dead", 2
    empty(state, 1, 1)
    empty(state, 20, 2)
    state.player(1).ally, state.player(2).ally = 2, 1
    result = run(state, orders(1), orders(2))
    assert result.state.outcome is None


def test_a_quitter_gets_no_more_points() -> None:
    """ "This also applies if you quit the game for whatever reason - here you will NOT get
    any more points if you quit !\""""
    state = make_state(players=10)
    for player in state.players[3:]:
        player.status, player.died_on = "dead", 2
    state.player(3).status, state.player(3).quit_on = QUIT, 4
    empty(state, 1, 1, arm=900, lev=9000)
    empty(state, 2, 2, arm=1)
    empty(state, 20, 3, arm=50)
    result = run(
        state,
        orders(1, attack=[{"from": 1, "to": 2, "armies": 900}]),
        orders(2),
        rng=random.Random(5),
    )
    outcome = result.state.outcome
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.ranking[-1] == 3  # quitters rank last
    assert result.state.player(3).vp == 0


def test_a_quitters_provinces_stay_dug_in_and_keep_working() -> None:
    """Ruling: the manual leaves quitters' armies to "House Rules"; here they stay, dug in,
    and their workers keep working; the quitter still has a place in the OoP."""
    state = make_state(players=3)
    empty(state, 1, 1)
    empty(state, 5, 2)
    empty(state, 16, 3, arm=20, wok=40, aim="MIS")
    state.player(3).status, state.player(3).quit_on = QUIT, 4
    result = run(state, orders(1), orders(2))
    province = result.state.province(16)
    assert (province.owner, province.arm, province.mis) == (3, 20, 10)
    assert sorted(result.state.oop) == [1, 2, 3]
    assert result.state.outcome is None


def test_a_player_killed_during_the_turn_gives_no_more_orders() -> None:
    """Ruling: once a player's last province falls, the rest of his orders are not run."""
    state = make_state(players=2)
    state.oop = [1, 2]
    empty(state, 1, 1, arm=500, lev=5000)
    empty(state, 2, 2, arm=1, pop=100)
    empty(state, 20, 1)
    result = run(
        state,
        orders(1, attack=[{"from": 1, "to": 2, "armies": 500}]),
        orders(2, transform=[{"province": 2, "kind": "POP-ARM", "amount": 40}]),
    )
    assert result.state.player(2).status == "dead"
    assert not [e for e in kinds(result, "transformed") if e.player == 2]


def test_players_equal_in_the_ranking_share_a_place_and_its_points() -> None:
    """Ruling 22: the killed rank by the turn of their death, then turn points; players
    equal on both share a place (the next skipped), never told apart by their number, and
    each earns that place's points: players 3 and 4, killed on one turn with as many turn
    points, are both third (2 VP each), player 5 is fifth (1 VP of the top half)."""
    state = make_state(players=6)
    state.seats = 10
    for player in state.players[2:]:
        player.status, player.died_on, player.turn_points = "dead", 3, 2
    state.player(5).turn_points = 1
    state.player(6).died_on = 2
    empty(state, 1, 1, arm=900, lev=9000)
    empty(state, 2, 2, arm=1)
    result = run(state, orders(1, attack=[{"from": 1, "to": 2, "armies": 900}]), orders(2))
    outcome = result.state.outcome
    assert outcome is not None
    assert outcome.ranking == (1, 2, 3, 4, 5, 6)
    assert outcome.places == (1, 2, 3, 3, 5, 6)
    assert [p.vp for p in result.state.players] == [12, 2, 2, 2, 1, 0]
    (over,) = [e.to_dict() for e in result.events if e.kind == "game_over"]
    assert (over["ranking"], over["places"]) == ([1, 2, 3, 4, 5, 6], [1, 2, 3, 3, 5, 6])
