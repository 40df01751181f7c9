"""Duel, Duel-Lite and Trinity: colours, automatic NAPs, headhunting, RIPs and the end.

Quotes are from the text (000_..., "WoK: Duel", "WoK: Trinity") and RULE-NOTES. Hand-made
states take their players, NAPs and RIP target from a real setup of the variant and put
them on a grid (``make_state(5, 4)``), neighbours up, down, left, right::

     1  2  3  4  5
     6  7  8  9 10
    11 12 13 14 15
    16 17 18 19 20

Colour ``i`` starts in province ``10 + i`` (rows 3 and 4); rows 1 and 2 are the stage.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.rules.builders import empty, give, kinds, make_state, orders, run_standard
from tests.shipped import STANDARD as RULESET
from wtg.core.ruleset import GameSetup, SeatId, SeatSetup, SideId, TurnResult
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.rules.standard.phases.victory import humans_rips
from wtg.rules.standard.setup import SetupError
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.protection import naps_in_force
from wtg.rules.wok.state import DEAD, QUIT, WokState

NAMES = ("Ann", "Bob", "Cid")
SEATS = {"duel": 2, "duel-lite": 2, "trinity": 3}

# Duel colours: AnnA 1, BobA 2, AnnB 3, BobB 4, AnnC 5, BobC 6, Robo1-4 7-10.
ANN_A, BOB_A, ANN_B, BOB_B, ANN_C, BOB_C = 1, 2, 3, 4, 5, 6
ROBO1, ROBO2, ROBO3, ROBO4 = 7, 8, 9, 10
# Trinity colours: AnnA 1, BobA 2, CidA 3, AnnB 4, BobB 5, CidB 6, Robo1-4 7-10.
T_ANN = (1, 4)
T_BOB = (2, 5)
T_CID = (3, 6)


def entries(count: int) -> list[PlayerEntry]:
    return [
        PlayerEntry(i, NAMES[i - 1], f"{NAMES[i - 1].lower()}@example.org", f"CODE{i:04d}")
        for i in range(1, count + 1)
    ]


def real_start(variant: str) -> WokState:
    setup = GameSetup(
        game="g",
        map="classic60",
        seed=1,
        players=tuple(SeatSetup(id=e.id, name=e.name) for e in entries(SEATS[variant])),
        variant=variant,
    )
    state: WokState = RULESET.new_game(setup, random.Random(1)).state
    return state


def colours_state(variant: str = "duel", turn: int = 5) -> WokState:
    """The variant's players, NAPs, headhunting turns and RIP target on the grid; colour i
    holds province 10 + i (the protected start provinces)."""
    real = real_start(variant)
    state = make_state(5, 4, players=len(real.players))
    state.players = [p.clone() for p in real.players]
    for player in state.players:
        home = 10 + player.id
        give(state, home, player.id, arm=5)
        player.home = player.last_taken = home
    state.variant = variant
    state.turn = turn
    state.naps = list(real.naps)
    state.rip_target = real.rip_target
    state.protection = real.protection
    state.protected = [10 + p.id for p in state.players]
    state.started_with = len(state.players)
    state.oop = [p.id for p in state.players]
    return state


def skipped(result: TurnResult[WokState], player: int) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped") if e.player == player]


def attack(player: int, source: int, target: int, armies: int = 50) -> Orders:
    return orders(player, attack=[{"from": source, "to": target, "armies": armies}])


def rip_of(state: WokState, colour: int, by: int, province: int) -> None:
    """Set up ``colour`` holding only ``province`` (empty), next to ``by``'s army in 1."""
    give(state, 10 + colour, by)  # its start province is elsewhere now
    empty(state, province, colour)
    give(state, 1, by, arm=50)


def dead(state: WokState, *colours: int) -> None:
    for colour in colours:
        player = state.player(colour)
        player.status, player.died_on = DEAD, state.turn
        give(state, 10 + colour, 0)


# --- setup ---------------------------------------------------------------------------------


def test_duel_two_humans_three_colours_each_and_four_robots(tmp_path: Path) -> None:
    """ "The two human players play three colours each, on a map of 60 provinces. Another four
    colours are taken by robot players"; "labelled A, B and C, eg HanA, HanB and HanC"."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel").typed(
        RULESET
    )
    state = game.state()
    assert len(state.provinces) == 60
    assert [(p.id, p.label, p.controller, p.robot) for p in state.players] == [
        (1, "AnnA", 1, False),
        (2, "BobA", 2, False),
        (3, "AnnB", 1, False),
        (4, "BobB", 2, False),
        (5, "AnnC", 1, False),
        (6, "BobC", 2, False),
        (7, "Robo1", None, True),
        (8, "Robo2", None, True),
        (9, "Robo3", None, True),
        (10, "Robo4", None, True),
    ]
    homes = [p.home for p in state.players]
    assert len(set(homes)) == 10
    assert all(p.last_taken == p.home for p in state.players)
    assert all([q.id for q in state.provinces_of(p.id)] == [p.home] for p in state.players)
    assert state.rip_target == 3
    assert game.ruleset.sides_of(state, SeatId(1)) == [1, 3, 5]
    assert game.ruleset.sides_of(state, SeatId(2)) == [2, 4, 6]
    assert [game.ruleset.seat_of(state, SideId(p.id)) for p in state.players] == [1, 2] * 3 + [
        None
    ] * 4
    assert game.ruleset.owing(state) == [1, 2, 3, 4, 5, 6]


def test_a_human_gets_one_form_and_one_report_per_colour(tmp_path: Path) -> None:
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel").typed(
        RULESET
    )
    aof = game.aof(2)
    assert aof.count("=== BEGIN AOF ===") == 3
    for colour in (2, 4, 6):
        assert f"TURN: 1  PLAYER: {colour}  CODE: CODE0002" in aof
    report = game.report(2)
    for label in ("BobA", "BobB", "BobC"):
        assert f"for {label}" in report
    assert "for AnnA" not in report


def test_duel_lite_two_colours_each(tmp_path: Path) -> None:
    """Duel-Lite: two colours a human (RULE-NOTES; the text names no Duel-Lite)."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel-lite").typed(
        RULESET
    )
    state = game.state()
    humans = [(p.id, p.label, p.controller) for p in state.players if not p.robot]
    assert humans == [(1, "AnnA", 1), (2, "BobA", 2), (3, "AnnB", 1), (4, "BobB", 2)]
    assert sum(p.robot for p in state.players) == 4
    assert state.naps == [(1, 2, 6), (3, 4, 8)]


def test_trinity_three_humans_two_colours_each_no_naps(tmp_path: Path) -> None:
    """ "There are three players each taking control of two colours, with another four colours
    being controlled by robot players"; "except that the automatic NAPs are not applied"."""
    game = create_game(tmp_path / "t", "standard", "classic60", entries(3), 5, "trinity").typed(
        RULESET
    )
    state = game.state()
    assert [(p.id, p.label, p.controller, p.robot) for p in state.players] == [
        (1, "AnnA", 1, False),
        (2, "BobA", 2, False),
        (3, "CidA", 3, False),
        (4, "AnnB", 1, False),
        (5, "BobB", 2, False),
        (6, "CidB", 3, False),
        (7, "Robo1", None, True),
        (8, "Robo2", None, True),
        (9, "Robo3", None, True),
        (10, "Robo4", None, True),
    ]
    assert state.naps == []
    assert state.rip_target == 3
    assert state.protection == 3 and len(state.protected) == 10
    assert game.ruleset.sides_of(state, SeatId(3)) == [3, 6]


@pytest.mark.parametrize(("variant", "humans"), [("duel", 3), ("duel", 1), ("trinity", 2)])
def test_the_wrong_number_of_humans_is_refused(tmp_path: Path, variant: str, humans: int) -> None:
    with pytest.raises(SetupError, match=f"a {variant} is for"):
        create_game(tmp_path / "x", "standard", "classic60", entries(humans), 5, variant).typed(
            RULESET
        )


def test_duel_naps_as_set_up(tmp_path: Path) -> None:
    """ "HanA and KorA start out napped till the start of turn 6 ... HanB and KorB are napped
    till start of turn 8. And HanC and KorC are napped till start of turn 10"."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel").typed(
        RULESET
    )
    assert game.state().naps == [(1, 2, 6), (3, 4, 8), (5, 6, 10)]


@pytest.mark.parametrize("variant", ["duel", "trinity"])
def test_headhunting_protects_all_ten_start_provinces_for_three_turns(
    tmp_path: Path, variant: str
) -> None:
    """ "no attacking, bombing or spying-ops on any of the 10 start provinces during Turns 1,
    2 and 3", robots' ones included."""
    game = create_game(
        tmp_path / "d", "standard", "classic60", entries(SEATS[variant]), 5, variant
    ).typed(RULESET)
    state = game.state()
    assert state.protection == 3
    assert state.protected == sorted(p.home for p in state.players)
    assert {p.home for p in state.players if p.robot} <= set(state.protected)


# --- the automatic NAPs --------------------------------------------------------------------

NAPPED = [
    (ANN_A, BOB_A, "BobA", 6),
    (BOB_A, ANN_A, "AnnA", 6),
    (ANN_B, BOB_B, "BobB", 8),
    (BOB_B, ANN_B, "AnnB", 8),
    (ANN_C, BOB_C, "BobC", 10),
    (BOB_C, ANN_C, "AnnC", 10),
]


@pytest.mark.parametrize(("attacker", "victim", "label", "until"), NAPPED)
def test_a_napped_attack_is_cancelled_until_the_nap_ends(
    attacker: int, victim: int, label: str, until: int
) -> None:
    """ "no attacking, bombing or spying-ops on any province that is the other's AT THE START
    OF THE TURN"; "The game engine ... simply cancels any violating orders that turn, pointing
    out that you are napped"."""
    state = colours_state(turn=until - 2)  # resolving turn until - 1
    give(state, 1, attacker, arm=50)
    empty(state, 2, victim)
    result = run_standard(state, attack(attacker, 1, 2))
    assert not kinds(result, "battle")
    (reason,) = skipped(result, attacker)
    assert f"napped with {label}" in reason and f"turn {until}" in reason
    assert result.state.province(2).owner == victim


@pytest.mark.parametrize(("attacker", "victim", "label", "until"), NAPPED)
def test_the_nap_is_over_at_the_start_of_its_turn(
    attacker: int, victim: int, label: str, until: int
) -> None:
    state = colours_state(turn=until - 1)  # resolving turn until
    give(state, 1, attacker, arm=50)
    empty(state, 2, victim)
    result = run_standard(state, attack(attacker, 1, 2))
    assert [(b.attacker, b.defender) for b in kinds(result, "battle")] == [(attacker, victim)]
    assert result.state.province(2).owner == attacker
    assert not skipped(result, attacker)


@pytest.mark.parametrize(
    ("attacker", "victim"), [(ANN_B, BOB_A), (ANN_A, BOB_C), (BOB_C, ANN_B), (ANN_A, ROBO1)]
)
def test_only_the_same_letters_are_napped(attacker: int, victim: int) -> None:
    """ "HanA and KorA ... Similarly, HanB and KorB": AnnB may attack BobA on turn 5."""
    state = colours_state(turn=4)
    give(state, 1, attacker, arm=50)
    empty(state, 2, victim)
    result = run_standard(state, attack(attacker, 1, 2))
    assert [b.defender for b in kinds(result, "battle")] == [victim]


def test_a_napped_bombing_is_cancelled() -> None:
    state = colours_state(turn=4)
    give(state, 1, ANN_A, mis=20)
    give(state, 2, BOB_A, arm=30)
    result = run_standard(state, orders(ANN_A, bomb=[{"from": 1, "to": 2, "missiles": 20}]))
    assert not kinds(result, "bombing_run")
    (reason,) = skipped(result, ANN_A)
    assert "napped with BobA" in reason
    assert result.state.province(1).mis >= 20


def test_a_napped_spy_operation_is_cancelled() -> None:
    state = colours_state(turn=6)  # B-B napped until the start of turn 8
    give(state, 1, BOB_B, spy=10)
    give(state, 2, ANN_B)
    result = run_standard(state, orders(BOB_B, spy=[{"from": 1, "to": 2, "op": 1, "spies": 5}]))
    assert not kinds(result, "spy_report")
    (reason,) = skipped(result, BOB_B)
    assert "napped with AnnB" in reason and "turn 8" in reason


def test_a_neutral_the_napped_opponent_takes_during_the_turn_may_be_attacked() -> None:
    """ "they ARE allowed to bump into each other going for the same neutral": ownership is
    judged at the start of the turn."""
    state = colours_state(turn=2)
    state.oop = [BOB_A, ANN_A, *range(3, 11)]
    give(state, 3, BOB_A, arm=10)
    empty(state, 2, 0)  # neutral at the start of the turn
    give(state, 1, ANN_A, arm=50, lev=3000)
    result = run_standard(state, attack(BOB_A, 3, 2, 10), attack(ANN_A, 1, 2, 50))
    battles = [(b.attacker, b.defender) for b in kinds(result, "battle")]
    assert battles == [(BOB_A, 0), (ANN_A, BOB_A)]
    assert not skipped(result, ANN_A)


def test_spying_on_a_neutral_the_napped_opponent_takes_during_the_turn_is_allowed() -> None:
    """ "or spy on a neutral that they fully expect that the other will take during the
    turn"."""
    state = colours_state(turn=2)
    give(state, 3, BOB_A, arm=10)
    empty(state, 2, 0)
    give(state, 1, ANN_A, spy=10)
    result = run_standard(
        state,
        attack(BOB_A, 3, 2, 10),
        orders(ANN_A, spy=[{"from": 1, "to": 2, "op": 1, "spies": 5}]),
    )
    assert result.state.province(2).owner == BOB_A
    assert [r.target_owner for r in kinds(result, "spy_report")] == [BOB_A]
    assert not skipped(result, ANN_A)


def test_a_province_the_napped_opponent_held_at_the_start_stays_forbidden() -> None:
    """ "grabbing intervening provinces that a napped opponent cannot then legally retake" and
    the other way round: BobA's province is still BobA's for the NAP after a robot took it."""
    state = colours_state(turn=3)
    state.oop = [ROBO1, ANN_A, *[p for p in range(2, 11) if p != ROBO1]]
    empty(state, 2, BOB_A)
    give(state, 3, ROBO1, arm=30)
    give(state, 1, ANN_A, arm=50)
    result = run_standard(state, attack(ROBO1, 3, 2, 30), attack(ANN_A, 1, 2, 50))
    assert result.state.province(2).owner == ROBO1
    assert [b.attacker for b in kinds(result, "battle")] == [ROBO1]
    (reason,) = skipped(result, ANN_A)
    assert "napped with BobA" in reason


def test_trinity_has_no_automatic_naps() -> None:
    """ "Trinity uses all the rules of WoK: Duel, except that the automatic NAPs are not
    applied"."""
    state = colours_state("trinity", turn=3)
    give(state, 1, T_ANN[0], arm=50)
    empty(state, 2, T_BOB[0])  # AnnA against BobA on turn 4
    result = run_standard(state, attack(T_ANN[0], 1, 2))
    assert [b.defender for b in kinds(result, "battle")] == [T_BOB[0]]
    assert not skipped(result, T_ANN[0])


# --- headhunting ---------------------------------------------------------------------------


@pytest.mark.parametrize(("turn", "allowed"), [(1, False), (2, False), (3, False), (4, True)])
@pytest.mark.parametrize("victim", [BOB_B, ROBO2])
def test_start_provinces_cannot_be_attacked_in_turns_1_to_3(
    turn: int, allowed: bool, victim: int
) -> None:
    """ "No player, human or robot, is allowed to attack any of the other 10 players' STARTING
    provinces for the first THREE turns"."""
    state = colours_state(turn=turn - 1)
    home = 10 + victim
    source = home - 5  # the province above it
    give(state, source, ANN_A, arm=80)
    empty(state, home, victim)
    result = run_standard(state, attack(ANN_A, source, home, 80))
    if allowed:
        assert [b.province for b in kinds(result, "battle")] == [home]
    else:
        assert not kinds(result, "battle")
        (reason,) = skipped(result, ANN_A)
        assert "protected from headhunting" in reason


@pytest.mark.parametrize(("turn", "allowed"), [(3, False), (4, True)])
def test_start_provinces_cannot_be_bombed_or_spied_on_in_turns_1_to_3(
    turn: int, allowed: bool
) -> None:
    state = colours_state(turn=turn - 1)
    home = 10 + ROBO3  # province 19
    give(state, 14, ANN_A, mis=20, spy=10)
    give(state, home, ROBO3, arm=10)
    result = run_standard(
        state,
        orders(
            ANN_A,
            bomb=[{"from": 14, "to": home, "missiles": 10}],
            spy=[{"from": 14, "to": home, "op": 1, "spies": 5}],
        ),
    )
    assert bool(kinds(result, "bombing_run")) is allowed
    assert bool(kinds(result, "spy_report")) is allowed
    reasons = skipped(result, ANN_A)
    assert len(reasons) == (0 if allowed else 2)
    assert all("protected from headhunting" in r for r in reasons)


def test_a_start_province_is_protected_whoever_holds_it() -> None:
    """Headhunting is about the 10 start provinces, whoever holds them."""
    state = colours_state(turn=1)
    give(state, 18, ROBO1)  # Robo2's start province, now Robo1's
    give(state, 13, ANN_A, arm=50)
    result = run_standard(state, attack(ANN_A, 13, 18))
    assert not kinds(result, "battle")
    assert "protected from headhunting" in skipped(result, ANN_A)[0]


# --- RIPs ----------------------------------------------------------------------------------


def test_a_rip_goes_to_whoever_ends_the_turn_owning_the_last_province() -> None:
    """Ruling 19, by RULE-NOTES: a RIP goes to whoever ENDS the turn owning the last province
    that colour lost. AnnA takes BobB's last province, then Robo1 takes it from her; the RIP
    is Robo1's."""
    state = colours_state(turn=6)
    state.oop = [ANN_A, ROBO1, *[p for p in range(2, 11) if p != ROBO1]]
    rip_of(state, BOB_B, ANN_A, 2)
    give(state, 3, ROBO1, arm=600, lev=3000)
    result = run_standard(state, attack(ANN_A, 1, 2, 3), attack(ROBO1, 3, 2, 600))
    after = result.state
    assert [(b.attacker, b.conquered) for b in kinds(result, "battle")] == [
        (ANN_A, True),
        (ROBO1, True),
    ]
    (ripped,) = kinds(result, "ripped")
    assert (ripped.colour, ripped.province, ripped.credited_to) == (BOB_B, 2, ROBO1)
    assert after.player(BOB_B).status == DEAD
    assert after.player(ROBO1).rips == [BOB_B]
    assert after.player(ANN_A).rips == []
    assert humans_rips(after)[1] == 0


def test_a_rip_is_credited_at_the_end_of_the_turn_to_the_human_who_took_it_and_kept_it() -> None:
    state = colours_state(turn=6)
    rip_of(state, ROBO2, ANN_B, 2)
    result = run_standard(state, attack(ANN_B, 1, 2, 50))
    assert result.state.player(ANN_B).rips == [ROBO2]
    assert humans_rips(result.state) == {1: 1, 2: 0}
    assert result.state.outcome is None


def test_own_colours_rips_do_not_count() -> None:
    """ "The first player to get three RIPs (excluding his own colours) wins"."""
    state = colours_state(turn=10)
    dead(state, ROBO1, ROBO2)
    state.player(ANN_A).rips = [ROBO1, ROBO2]
    rip_of(state, ANN_B, ANN_A, 2)  # AnnA takes AnnB's last province
    result = run_standard(state, attack(ANN_A, 1, 2, 50))
    after = result.state
    assert after.player(ANN_A).rips == [ROBO1, ROBO2, ANN_B]
    assert humans_rips(after)[1] == 2
    assert after.outcome is None


def test_the_first_human_to_three_rips_wins() -> None:
    """ "The RIPs can be the other player's slots, robots, or a mixture of both"."""
    state = colours_state(turn=10)
    dead(state, ROBO1, BOB_C)
    state.player(ANN_A).rips = [ROBO1]
    state.player(ANN_C).rips = [BOB_C]
    rip_of(state, ROBO3, ANN_A, 2)
    result = run_standard(state, attack(ANN_A, 1, 2, 50))
    after = result.state
    assert humans_rips(after)[1] == 3
    assert after.outcome is not None
    assert after.outcome.reason == "rips"
    assert after.outcome.winners == (ANN_A, ANN_B, ANN_C)
    assert kinds(result, "game_over")


def test_rips_of_a_colour_since_ripped_still_count() -> None:
    """ "RIPs made by a colour which has since been RIPed itself still count"."""
    state = colours_state(turn=10)
    dead(state, ROBO1, ROBO2, ANN_B)
    state.player(ANN_B).rips = [ROBO1, ROBO2]
    rip_of(state, ROBO3, ANN_C, 2)
    result = run_standard(state, attack(ANN_C, 1, 2, 50))
    outcome = result.state.outcome
    assert outcome is not None and outcome.reason == "rips"
    assert outcome.winners == (ANN_A, ANN_B, ANN_C)


def test_a_human_whose_colours_are_all_ripped_has_lost_whatever_his_rips() -> None:
    """ "if all three of your spots have been RIPed then you have lost regardless of how many
    RIPs you and your opponent have"."""
    state = colours_state(turn=10)
    dead(state, ROBO1, ROBO2, ANN_B, ANN_C)
    state.player(ANN_A).rips = [ROBO1, ROBO2]  # two RIPs to Bob's none
    rip_of(state, ANN_A, BOB_A, 2)
    result = run_standard(state, attack(BOB_A, 1, 2, 50))
    after = result.state
    assert humans_rips(after) == {1: 2, 2: 1}
    assert after.outcome is not None
    assert after.outcome.winners == (BOB_A, BOB_B, BOB_C)
    assert after.outcome.reason != "rips"


def test_in_a_trinity_the_others_play_on_when_one_human_is_out() -> None:
    state = colours_state("trinity", turn=10)
    dead(state, T_ANN[1])
    rip_of(state, T_ANN[0], T_BOB[0], 2)
    result = run_standard(state, attack(T_BOB[0], 1, 2, 50))
    after = result.state
    assert all(after.player(c).status == DEAD for c in T_ANN)
    assert after.outcome is None


def test_two_humans_reaching_the_count_on_one_turn_raise_the_target_to_four() -> None:
    """Ruling 21, by RULE-NOTES: if two players reach the count on the same turn, the target
    becomes four RIPs."""
    state = colours_state("trinity", turn=10)
    dead(state, ROBO1, ROBO2, ROBO3, T_CID[1])
    state.player(T_ANN[0]).rips = [ROBO1, T_CID[1]]
    state.player(T_BOB[0]).rips = [ROBO2, ROBO3]
    rip_of(state, ROBO4, T_ANN[0], 2)  # AnnA takes Robo4's last province (2) from 1
    give(state, 10 + T_CID[0], 0)
    empty(state, 9, T_CID[0])  # CidA's last province, next to BobA in 4
    give(state, 4, T_BOB[0], arm=50)
    result = run_standard(state, attack(T_ANN[0], 1, 2, 50), attack(T_BOB[0], 4, 9, 50))
    after = result.state
    assert humans_rips(after) == {1: 3, 2: 3, 3: 0}
    assert after.outcome is None
    assert after.rip_target == 4


def test_after_the_target_was_raised_the_first_to_four_wins() -> None:
    state = colours_state("trinity", turn=12)
    state.rip_target = 4
    dead(state, ROBO1, ROBO2, ROBO3, ROBO4)
    dead(state, T_CID[0])
    state.player(T_ANN[0]).rips = [ROBO1, ROBO4]
    state.player(T_ANN[1]).rips = [T_CID[0]]
    state.player(T_BOB[0]).rips = [ROBO2, ROBO3]
    quiet = run_standard(state).state
    assert humans_rips(quiet) == {1: 3, 2: 2, 3: 0}
    assert quiet.outcome is None  # three RIPs are not enough any more
    rip_of(state, T_CID[1], T_ANN[1], 2)  # AnnB takes Cid's last colour
    result = run_standard(state, attack(T_ANN[1], 1, 2, 50))
    after = result.state
    assert humans_rips(after) == {1: 4, 2: 2, 3: 0}
    assert after.outcome is not None and after.outcome.reason == "rips"
    assert after.outcome.winners == T_ANN


def test_a_duel_report_lists_the_automatic_naps_in_force(tmp_path: Path) -> None:
    """ "HanA and KorA start out napped till the start of turn 6 ... HanB and KorB are
    napped till start of turn 8. And HanC and KorC are napped till start of turn 10": each
    colour's report lists its NAP while it binds the coming turn's orders, as the report
    lists an alliance; Trinity has none ("the automatic NAPs are not applied")."""
    game = create_game(tmp_path / "d", "standard", "classic60", entries(2), 5, "duel").typed(
        RULESET
    )
    report = game.report(1)
    assert "NAP: you are napped with BobA (#2) until the start of turn 6." in report
    assert "NAP: you are napped with BobB (#4) until the start of turn 8." in report
    assert "NAP: you are napped with BobC (#6) until the start of turn 10." in report
    assert report.count("NAP: you are napped with") == 3  # one for each of Ann's colours
    state = game.state()
    state.turn = 5  # the report of turn 5: turn 6 starts free of the A-A NAP
    assert naps_in_force(state, ANN_A) == []
    assert naps_in_force(state, BOB_B) == [(ANN_B, 8)]
    assert naps_in_force(state, ANN_C) == [(BOB_C, 10)]
    trinity = create_game(tmp_path / "t", "standard", "classic60", entries(3), 5, "trinity").typed(
        RULESET
    )
    assert "NAP:" not in trinity.report(1)


def test_a_nap_with_a_colour_wiped_out_is_no_longer_listed() -> None:
    """ "no attacking, bombing or spying-ops on any province that is the other's AT THE START
    OF THE TURN": a colour RIPed holds no province, so its NAP binds nothing, and the report
    no longer lists it (BobC's read 'NAP: you are napped with AnnC (#5) until the start of
    turn 10' for five turns after AnnC was wiped out). A colour that QUIT keeps its
    provinces, dug in, and its NAP still binds them."""
    state = colours_state("duel", turn=5)
    dead(state, ANN_C)
    assert naps_in_force(state, BOB_C) == []
    assert RULESET.report_context(state, [], BOB_C)["naps"] == []
    state.player(ANN_B).status = QUIT  # still holds its start province 13
    assert naps_in_force(state, BOB_B) == [(ANN_B, 8)]
