"""The built-in WoK IV player (``wtg/rules/wok4/strategy.py``) against the timid one it
replaced (frozen in ``bench/frozen_robots/wok4.py``: it attacked only with more armies than
twice the target's strength plus 4), against the one of rounds 34-35
(``bench/frozen_robots/wok4_attacker.py``) and the one of round 36
(``bench/frozen_robots/wok4_siege.py``): seeded games on both maps, new and old in alternate
seats, each seed played with the seats swapped, every line either writes checked as a mailed
form is; and what it does on a hand-made board, by WoK IV's battle odds."""

from __future__ import annotations

from random import Random

import pytest

from bench.frozen_robots.wok4 import plan_orders as old_plan
from bench.wok_games import ATTACKER, LAST, NEW, OLD, played_on
from tests.rules.builders import attacks, empty, make_state
from wtg.rules.wok.battleodds import round_odds, win_chance
from wtg.rules.wok.state import QUIT, WokState
from wtg.rules.wok4.combat import attack_top, defense_top
from wtg.rules.wok4.reach import attacks_allowed
from wtg.rules.wok4.strategy import Wok4Plan
from wtg.rules.wok4.strategy import plan_orders as new_plan


@pytest.mark.parametrize(("map_name", "seeds"), [("small", 4), ("classic60", 2)])
def test_the_new_player_holds_more_than_the_old_one(map_name: str, seeds: int) -> None:
    """After 20 turns the new players' seats hold more than one and a half times the
    provinces the old ones' do, and the rules reject none of their lines."""
    tally = played_on("wok4", map_name, 2 * seeds, 20)
    assert (tally.rejected(NEW), tally.rejected(OLD)) == (0, 0)
    held = {side: tally.provinces(side) for side in (NEW, OLD)}
    assert 2 * held[NEW] > 3 * held[OLD], held


@pytest.mark.parametrize(("map_name", "seeds"), [("small", 24), ("classic60", 2)])
def test_the_new_player_holds_more_than_the_attacker_after_forty_turns(
    map_name: str, seeds: int
) -> None:
    """Against the player of rounds 34-35 (``bench/frozen_robots/wok4_attacker.py``), whose
    games stalled once the neutrals outgrew its armies and whose tech points lay unspent:
    after 40 turns the new players' seats hold more than one and a half times its provinces,
    and the rules reject none of their lines. A 40-turn game on the small map mostly ends
    with one player left, all of its provinces one seat's: 24 seeds (4 swung either way)."""
    tally = played_on("wok4", map_name, 2 * seeds, 40, against=ATTACKER)
    assert (tally.rejected(NEW), tally.rejected(ATTACKER)) == (0, 0)
    held = {side: tally.provinces(side) for side in (NEW, ATTACKER)}
    assert 2 * held[NEW] > 3 * held[ATTACKER], held


@pytest.mark.parametrize(("map_name", "seeds"), [("small", 24), ("classic60", 12)])
def test_the_new_player_holds_more_than_the_last_one_with_fewer_lines_skipped(
    map_name: str, seeds: int
) -> None:
    """Against the player of round 36 (``bench/frozen_robots/wok4_siege.py``), whose borders
    next to neutrals made tech points, whose spies stole from provinces its attacks had just
    taken and whose aims changed back and forth: after 40 turns the new players' seats hold
    more provinces, and fewer of their lines a game were skipped when the turn ran."""
    tally = played_on("wok4", map_name, 2 * seeds, 40, against=LAST)
    assert (tally.rejected(NEW), tally.rejected(LAST)) == (0, 0)
    held = {side: tally.provinces(side) for side in (NEW, LAST)}
    assert held[NEW] > held[LAST], held
    assert tally.skipped(NEW) < tally.skipped(LAST), (tally.skipped(NEW), tally.skipped(LAST))
    assert tally.skipped_by_phase(NEW)["VI spying"] < tally.skipped_by_phase(LAST)["VI spying"]


def board() -> WokState:
    """Player 1's province 7 (12 ARM at level 1.750, DEF 1.0) among neutrals (2, 6, 8, 12:
    5 ARM, level 1.000, DEF 0.3 each), where the old player saw too little strength to
    attack."""
    state = make_state()
    empty(state, 7, 1, pop=60, wok=24, arm=12, lev=1750, dfn=10)
    return state


def test_a_tie_is_the_defenders_in_its_odds() -> None:
    """WoK IV's battle gives a tied round to the defender (a ruling): rolls of 0..1 each win
    the attacker a round only on 1 against 0, one in four; where a tie costs nothing it is
    one in two of the rounds that cost an army."""
    assert round_odds(1, 1, tie_to_defender=True) == 0.25
    assert round_odds(1, 1) == 0.5
    state = board()
    plan = Wok4Plan(state, 1, Random(1))
    p = plan.round_chance(1, state.province(7), state.province(8))
    assert p == round_odds(attack_top(1750, 99), defense_top(1000, 3, 99), tie_to_defender=True)
    assert p < round_odds(attack_top(1750, 99), defense_top(1000, 3, 99))


def test_it_attacks_where_the_battle_s_odds_favour_it() -> None:
    state = board()
    assert (
        Wok4Plan(state, 1, Random(1)).taking_chance(state.province(7), state.province(8), 12) > 0.5
    )
    assert attacks(old_plan(state, 1, Random(1))) == []
    assert attacks(new_plan(state, 1, Random(1))) == [{"from": 7, "to": 2, "armies": 12}]


def test_it_passes_over_a_province_it_is_not_favoured_to_take() -> None:
    state = board()
    for neighbour in state.province(7).neighbours:
        state.province(neighbour).arm = 40
    assert attacks(new_plan(state, 1, Random(1))) == []


def test_two_provinces_too_weak_alone_attack_together() -> None:
    """Provinces 7 and 9 both border 8 (40 armies, level 1.000): the 22 armies of 7 alone
    are not favoured, with the 20 of 9 they are; the bigger goes first."""
    state = board()
    for neighbour in (2, 6, 12, 3, 4, 10, 14):
        state.province(neighbour).arm = 90
    state.province(7).arm = 22
    empty(state, 9, 1, pop=60, wok=24, arm=20, lev=1750, dfn=10)
    state.province(8).arm = 40
    plan = Wok4Plan(state, 1, Random(1))
    assert plan.taking_chance(state.province(7), state.province(8), 22) <= 0.5
    assert plan.taking_chance(state.province(7), state.province(8), 42) > 0.5
    assert attacks(new_plan(state, 1, Random(1))) == [
        {"from": 7, "to": 8, "armies": 22},
        {"from": 9, "to": 8, "armies": 20},
    ]


def test_it_keeps_a_garrison_against_a_neighbouring_player_but_not_one_who_quit() -> None:
    """Player 2's 10 armies next door: province 7 keeps the fewest armies that make his
    attack an even chance or worse and sends the rest; once he has QUIT (his armies only dig
    in), it sends all."""
    state = board()
    state.province(7).arm = 30
    empty(state, 6, 2, pop=10, arm=10, lev=1750)
    lines = attacks(new_plan(state, 1, Random(1)))
    assert len(lines) == 1
    line = lines[0]
    assert isinstance(line, dict) and line["from"] == 7
    sent = line["armies"]
    assert isinstance(sent, int)
    kept = 30 - sent
    p = round_odds(attack_top(1750, 99), defense_top(1750, 10, 99), tie_to_defender=True)
    assert win_chance(10, kept, p) <= 0.5 < win_chance(10, kept - 1, p)
    state.player(2).status = QUIT
    lines = attacks(new_plan(state, 1, Random(1)))
    assert [(line["from"], line["armies"]) for line in lines if isinstance(line, dict)] == [(7, 30)]


def front(armies: int, facing: int) -> WokState:
    """Player 1's province 7 (40 armies) with nothing worth attacking next to it (its neutrals
    and 12's hold 90 each), and its province 12 (``armies``) facing player 2's 17
    (``facing`` armies)."""
    state = board()
    for neighbour in (2, 6, 8, 11, 13):
        state.province(neighbour).arm = 90
    state.province(7).arm = 40
    empty(state, 12, 1, pop=10, wok=8, arm=armies, lev=1750, dfn=10)
    empty(state, 17, 2, pop=10, arm=facing, lev=1750)
    return state


def test_spare_armies_reinforce_a_province_short_of_its_garrison() -> None:
    """Province 12 (1 army) faces player 2's 20 in 17; province 7 next to it, with nothing
    worth attacking, sends it the armies it lacks."""
    plan = Wok4Plan(front(1, 20), 1, Random(1))
    lacking = plan.need[12] - 1
    assert lacking > 0 and plan.keep[7] == 0
    assert plan.orders()["move"] == [{"from": 7, "to": 12, "unit": "ARM", "amount": lacking}]


def test_spare_armies_reinforce_against_the_armies_that_may_gather_next_door() -> None:
    """Player 2 has 1 army in 17, next to province 12 (6 armies), and 30 in each of 16 and
    18 next to 17: his moves of this turn may stand 61 in 17 for the next turn's attacks, as
    the moves come after the attacks. Province 7, with nothing worth attacking, sends 12 the
    armies it lacks against those 61, 33 (the player before sent none: 6 hold against 1)."""
    state = front(6, 1)
    for behind in (16, 18):
        empty(state, behind, 2, pop=10, arm=30, lev=1750)
    plan = Wok4Plan(state, 1, Random(1))
    assert plan.need[12] <= 6 and plan.keep[7] == 0
    p = round_odds(attack_top(1750, 99), defense_top(1750, 10, 99), tie_to_defender=True)
    assert win_chance(61, 38, p) > 0.5 >= win_chance(61, 39, p)  # 39 hold against 61
    assert plan.orders()["move"] == [{"from": 7, "to": 12, "unit": "ARM", "amount": 39 - 6}]


def test_a_border_it_reinforces_sends_no_armies_to_the_siege() -> None:
    """As above with 8 armies in province 12, 4 in player 2's 17 (DEF 3.0: 12 does not
    attack it), and 10 missiles in province 7 laying siege to neutral 2 (next to 7, not to
    12): 12 keeps its armies for the next turn's attacks, where its 5 beyond this turn's
    garrison went to gather by the siege, passing the 33 that 7 sends it (the player of this
    round's first change wrote both lines)."""
    state = front(8, 4)
    state.province(17).dfn = 30
    for behind in (16, 18):
        empty(state, behind, 2, pop=10, arm=30, lev=1750)
    state.province(7).mis = 10
    p = round_odds(attack_top(1750, 99), defense_top(1750, 10, 99), tie_to_defender=True)
    assert win_chance(64, 40, p) > 0.5 >= win_chance(64, 41, p)  # 41 hold against 64
    planned = new_plan(state, 1, Random(1))
    assert "attack" not in planned
    assert planned["bomb"] == [{"from": 7, "to": 2, "missiles": 10}]
    assert planned["move"] == [{"from": 7, "to": 12, "unit": "ARM", "amount": 41 - 8}]


def test_its_tech_buys_eff_when_it_runs_low() -> None:
    """+60% EFF below 70% once the coming turn's 1% a province is lost, else nothing but what
    keeps 200 points, the 7 attacks of the next turn."""
    state = board()
    state.player(1).tech, state.player(1).eff = 260, 30
    assert new_plan(state, 1, Random(1))["trade"] == [250]
    state.player(1).eff = 70  # 69 after the turn's loss: still low
    assert new_plan(state, 1, Random(1))["trade"] == [250]
    state.player(1).eff = 71
    assert "trade" not in new_plan(state, 1, Random(1))  # 100 would leave 160


def test_its_tech_buys_as_many_trades_as_leave_the_200_points_of_seven_attacks() -> None:
    """The 350 first (defense and levels everywhere), as often as the points allow, then the
    150, the 200 and the 100; the last stop's player bought one of each at most and sat on
    the rest."""
    state = board()
    player = state.player(1)
    for tech, bought in (
        (910, [350, 350]),
        (760, [350, 150]),
        (560, [350]),
        (349, [100]),
        (299, []),
        (999, [350, 350]),
    ):
        player.tech = tech
        assert new_plan(state, 1, Random(1)).get("trade", []) == bought, tech
        traded = sum(bought)
        assert tech - traded >= 200 and attacks_allowed(tech - traded) == 7


def test_its_tech_counts_the_points_its_workers_make_before_the_trades() -> None:
    """Its TECH workers make their points in PHASE III, before the trades of PHASE V: 330
    points and 24 workers at TECH buy a 150 (354 - 150 = 204), 330 alone only a 100."""
    state = board()
    state.player(1).tech = 330
    assert new_plan(state, 1, Random(1))["trade"] == [100]
    state.province(7).aim = "TECH"
    assert new_plan(state, 1, Random(1))["trade"] == [150]


def siege_board(missiles: int) -> WokState:
    """Province 7 (30 armies at 1.750, ``missiles`` missiles) and 12 (30 armies) of player 1;
    neutral 8 grown strong (60 armies, DEF 5.0), the other neutrals around far stronger (150)."""
    state = board()
    for neighbour in (2, 6, 11, 13, 17):
        state.province(neighbour).arm = 150
    state.province(7).arm, state.province(7).mis = 30, missiles
    empty(state, 12, 1, pop=10, wok=8, arm=30, lev=1750, dfn=10)
    state.province(8).arm, state.province(8).dfn = 60, 50
    return state


def test_a_neutral_too_strong_for_its_armies_is_bombed_then_attacked() -> None:
    """Without missiles, 30 armies are not favoured against 60 at DEF 5.0 and it does not
    attack; with 60 missiles at 99% EFF it expects 59.4 hits, a quarter of them on armies
    (3 a hit: 45) and a quarter on defense (0.1 a hit: 1.5), and attacks what it expects is
    left, having fired every missile at it first (bombing is PHASE I, attacks PHASE II)."""
    state = siege_board(0)
    assert attacks(new_plan(state, 1, Random(1))) == []
    state = siege_board(60)
    plan = Wok4Plan(state, 1, Random(1))
    planned = plan.orders()
    assert plan.siege is not None and plan.siege.target == 8
    left = plan.after_bombing(state.province(8))
    assert (left.arm, left.dfn) == (60 - 45, 50 - 15)
    assert state.province(8).arm == 60  # the state is not touched
    assert plan.taking_chance(state.province(7), state.province(8), 30) <= 0.5
    assert plan.taking_chance(state.province(7), left, 30) > 0.5
    assert planned["bomb"] == [{"from": 7, "to": 8, "missiles": 60}]
    assert attacks(planned) == [{"from": 7, "to": 8, "armies": 30}]


def test_the_armies_gather_where_the_missiles_fall_and_work_their_level() -> None:
    """Province 12 does not touch the siege of 8 and attacks nothing: its 30 spare armies
    move to 7, which does; 7's workers, with 30 armies facing the siege, work their level
    (TECH before)."""
    state = siege_board(60)
    state.province(7).aim, state.province(12).aim = "TECH", "TECH"
    planned = new_plan(state, 1, Random(1))
    assert planned["move"] == [{"from": 12, "to": 7, "unit": "ARM", "amount": 30}]
    assert {"province": 7, "aim": "LEV"} in planned["aim"]  # type: ignore[operator]
    assert {"province": 12, "aim": "LEV"} not in planned["aim"]  # type: ignore[operator]


def test_its_missiles_reach_what_the_rules_let_them_found_without_trying_each_province() -> None:
    """``reachable``: the neighbours and the provinces numbered -3..+3, the same list, in the
    same order, as trying every province with ``bomb_range``."""
    state = board()
    plan = Wok4Plan(state, 1, Random(1))
    for province in state.provinces:
        tried = [q.id for q in state.provinces if plan.in_reach(province, q.id)]
        assert plan.reachable(province) == tried
    assert plan.reachable(state.province(1)) == [2, 3, 4, 6]
    assert plan.reachable(state.province(20)) == [15, 17, 18, 19]


def test_the_same_seed_the_same_orders() -> None:
    state = board()
    assert new_plan(state, 1, Random(5)) == new_plan(state, 1, Random(5))
