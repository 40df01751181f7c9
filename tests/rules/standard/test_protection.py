"""Standard WoK - who may not be targeted: headhunting protection of home provinces, and
the automatic NAPs of a Duel (judged on who owned a province at the START of the turn).

A ``make_state`` game is at turn 5, so ``run_standard`` resolves turn 6. No phase draws
anything in these tests unless a battle is fought against armies (then a seed is given).
"""

from __future__ import annotations

import random

from tests.rules.builders import FixedRng, attack, empty, kinds, make_state, orders, run_standard
from tests.rules.standard.test_attacks import both_attack_the_neutral
from tests.shipped import STANDARD as RULESET
from wtg.core.jsondata import Json
from wtg.core.ruleset import GameSetup, SeatSetup, TurnResult
from wtg.rules.standard.robots import robot_plan
from wtg.rules.standard.setup import start_state
from wtg.rules.wok.state import WokState

YES = 0.0
PROPAGANDA = 3


def reasons(result: TurnResult[WokState], phase: str) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped") if e.phase == phase]


def home_state(protection: int) -> WokState:
    """Player 1 in province 7 (neighbours 2, 6, 8, 12) with 40 armies, 10 missiles and 10
    spies; player 2's home is province 2 (protected up to turn ``protection``), and he also
    holds 20. 6, 8 and 12 are empty neutrals."""
    state = make_state()
    state.protection = protection
    state.protected = [2]
    empty(state, 7, 1, arm=40, lev=2000, mis=10, spy=10)
    empty(state, 2, 2, arm=5, spy=0)
    empty(state, 20, 2)
    for pid in (6, 8, 12):
        empty(state, pid, 0)
    return state


PROTECTED = (
    "province 2 Prov2 is a home province, protected from headhunting until the end of turn 6"
)


# --- headhunting ------------------------------------------------------------------------


def test_a_protected_home_cannot_be_bombed() -> None:
    """ "Home provinces enjoy special protection at the beginning of the game. - They cannot
    be the target of missiles, armies or spies while "headhunting protection" is in place."
    - no missile is fired."""
    state = home_state(protection=6)
    result = run_standard(
        state, orders(1, bomb=[{"from": 7, "to": 2, "missiles": 5}]), rng=FixedRng(YES)
    )
    assert kinds(result, "bombing_run") == []
    assert reasons(result, "1 bombing") == [PROTECTED]
    assert result.state.province(7).mis == 10
    assert result.state.province(2).arm == 5


def test_a_protected_home_cannot_be_attacked_and_the_order_does_not_count() -> None:
    """ "They cannot be the target of ... armies" - ruling: the cancelled order does not
    count toward the three attacks, so the three after it all run."""
    state = home_state(protection=6)
    result = run_standard(state, orders(1, attack=[attack(7, t, 10) for t in (2, 6, 8, 12)]))
    assert reasons(result, "2 attacking") == [PROTECTED + " (ignored: it does not count)"]
    assert [result.state.province(p).owner for p in (2, 6, 8, 12)] == [2, 1, 1, 1]
    assert result.state.province(2).arm == 5


def test_a_protected_home_cannot_be_spied_on() -> None:
    """ "They cannot be the target of ... spies" - no spy is sent."""
    state = home_state(protection=6)
    result = run_standard(
        state,
        orders(1, spy=[{"from": 7, "to": 2, "op": PROPAGANDA, "spies": 5}]),
        rng=FixedRng(YES),
    )
    assert kinds(result, "spy_report") == []
    assert reasons(result, "10 spying") == [PROTECTED + " (no spies sent)"]
    assert result.state.province(7).spy == 10


def test_protection_ends_after_its_last_turn() -> None:
    """Protection lasts "while "headhunting protection" is in place": protected up to turn
    5, the home can be bombed, attacked and spied on in turn 6."""
    state = home_state(protection=5)
    result = run_standard(
        state,
        orders(
            1,
            bomb=[{"from": 7, "to": 2, "missiles": 1}],
            attack=[attack(7, 2, 30)],
        ),
        rng=FixedRng(YES, 0.1, 0.5),  # a hit on an army, then every round 10 against 5
    )
    assert len(kinds(result, "bombing_run")) == 1
    battle = kinds(result, "battle")[0]
    assert (battle.defenders, battle.rounds, battle.conquered) == (4, 4, True)
    assert result.state.province(2).owner == 1


def test_only_home_provinces_are_protected() -> None:
    """ "Home provinces enjoy special protection" - the same player's other provinces do not."""
    state = home_state(protection=6)
    empty(state, 8, 2)
    result = run_standard(state, orders(1, attack=[attack(7, 8, 10)]))
    assert result.state.province(8).owner == 1


def test_protection_covers_turn_one_by_default() -> None:
    """ "In most games, headhunting is not allowed on turn 1" - a new game protects every
    player's home up to turn 1; the game option ``headhunting_turns`` sets it longer ("some
    variants protect the home province until turn 3")."""
    seats = (SeatSetup(id=1, name="Ann"), SeatSetup(id=2, name="Bob"))
    game_map = RULESET.load_map("trial")
    state = start_state(
        GameSetup(game="g", map="trial", seed=1, players=seats), game_map, random.Random(1)
    )
    assert state.protection == 1
    assert state.protected == sorted(p.home for p in state.players)
    longer = start_state(
        GameSetup(game="g", map="trial", seed=1, players=seats, options={"headhunting_turns": 3}),
        game_map,
        random.Random(1),
    )
    assert longer.protection == 3


def test_turn_one_attack_on_a_home_is_cancelled_turn_two_is_not() -> None:
    """Protection up to turn 1: an attack on the home in turn 1 is cancelled; in turn 2 it
    is fought."""
    state = home_state(protection=1)
    state.turn = 0
    result = run_standard(state, orders(1, attack=[attack(7, 2, 30)]))
    assert kinds(result, "battle") == []
    state = home_state(protection=1)
    state.turn = 1
    result = run_standard(state, orders(1, attack=[attack(7, 2, 30)]), seed=2)
    assert len(kinds(result, "battle")) == 1


def test_robots_respect_headhunting() -> None:
    """ "Robot players are also bound by this. They will not attack any human's or Robo's
    start-prov during the first three turns." - a robot in 7 passes over the protected 2
    for the next lowest neighbour, 6; once protection is over it takes 2."""
    state = home_state(protection=6)
    robot = state.player(1)
    robot.robot = True
    robot.last_taken = 7
    assert robot_plan(state, 1)["attack"] == [{"from": 7, "to": 6, "armies": 999}]
    state.protection = 5
    assert robot_plan(state, 1)["attack"] == [{"from": 7, "to": 2, "armies": 999}]


# --- the Duel's automatic NAPs -----------------------------------------------------------


def duel_setup(variant: str) -> WokState:
    names = ("Han", "Kor", "Wei") if variant == "trinity" else ("Han", "Kor")
    seats = tuple(SeatSetup(id=i, name=name) for i, name in enumerate(names, start=1))
    setup = GameSetup(game="g", map="classic60", seed=1, players=seats, variant=variant)
    return start_state(setup, RULESET.load_map("classic60"), random.Random(1))


def test_duel_naps_and_headhunting_at_setup() -> None:
    """ "HanA and KorA start out napped till the start of turn 6 ... Similarly, HanB and
    KorB are napped till start of turn 8. And HanC and KorC are napped till start of turn
    10." and "no attacking, bombing or spying-ops on any of the 10 start provinces during
    Turns 1, 2 and 3"."""
    state = duel_setup("duel")
    labels = {p.id: p.label for p in state.players}
    assert [(labels[a], labels[b], until) for a, b, until in state.naps] == [
        ("HanA", "KorA", 6),
        ("HanB", "KorB", 8),
        ("HanC", "KorC", 10),
    ]
    assert state.protection == 3
    assert len(state.protected) == 10
    assert state.protected == sorted(p.home for p in state.players)


def test_duel_lite_has_two_naps_and_trinity_none() -> None:
    """Duel-Lite plays two colours a human (A and B: two NAPs); "Trinity uses all the rules
    of WoK: Duel, except that the automatic NAPs are not applied"."""
    assert [until for _, _, until in duel_setup("duel-lite").naps] == [6, 8]
    trinity = duel_setup("trinity")
    assert trinity.naps == []
    assert (trinity.protection, len(trinity.protected)) == (3, 10)


def napped(turn: int, players: int = 2) -> WokState:
    """Players 1 and 2 napped until the start of turn 6; the game is at ``turn``. Player 1
    holds 7 (40 armies, 10 missiles, 10 spies), player 2 holds 2 (no armies) and 20."""
    state = make_state(players=players)
    state.turn = turn
    state.naps = [(1, 2, 6)]
    empty(state, 7, 1, arm=40, lev=2000, mis=10, spy=10)
    empty(state, 2, 2)
    empty(state, 20, 2)
    for pid in (6, 8, 12):
        empty(state, pid, 0)
    return state


NAPPED = (
    "you are napped with P2 until the start of turn 6: province 2 Prov2 was theirs when the"
    " turn began"
)


def test_napped_colours_cannot_bomb_attack_or_spy_on_each_other() -> None:
    """ "no attacking, bombing or spying-ops on any province that is the other's AT THE
    START OF THE TURN ... The game engine is programmed to police these and simply cancels
    any violating orders that turn" - turn 5, before the NAP ends; the cancelled attack does
    not count (ruling): the three others run."""
    state = napped(turn=4)
    result = run_standard(
        state,
        orders(
            1,
            bomb=[{"from": 7, "to": 2, "missiles": 5}],
            attack=[attack(7, t, 10) for t in (2, 6, 8, 12)],
            spy=[{"from": 7, "to": 2, "op": PROPAGANDA, "spies": 5}],
        ),
        rng=FixedRng(YES),
    )
    assert reasons(result, "1 bombing") == [NAPPED]
    assert reasons(result, "2 attacking") == [NAPPED + " (ignored: it does not count)"]
    assert reasons(result, "10 spying") == [NAPPED + " (no spies sent)"]
    assert [result.state.province(p).owner for p in (2, 6, 8, 12)] == [2, 1, 1, 1]
    assert (result.state.province(7).mis, result.state.province(7).spy) == (10, 10)


def test_the_nap_binds_both_sides() -> None:
    """The NAP is between the two colours: player 2 cannot attack player 1 either."""
    state = napped(turn=4)
    empty(state, 2, 2, arm=10, lev=2000)
    result = run_standard(state, orders(2, attack=[attack(2, 7, 10)]))
    assert kinds(result, "battle") == []
    assert len(reasons(result, "2 attacking")) == 1


def test_the_nap_ends_at_the_start_of_its_turn() -> None:
    """ "napped till the start of turn 6" - in turn 6 the attack is fought."""
    state = napped(turn=5)
    result = run_standard(state, orders(1, attack=[attack(7, 2, 10)]))
    assert reasons(result, "2 attacking") == []
    assert result.state.province(2).owner == 1


def test_a_neutral_taken_by_the_napped_colour_this_turn_can_be_attacked() -> None:
    """ "they ARE allowed to bump into each other going for the same neutral" - player 2
    (first in the Order of Play) takes the neutral 3; player 1 then attacks it, for it was
    nobody's at the start of the turn."""
    battles = both_attack_the_neutral(napped(turn=4))
    assert [(b.attacker, b.defender, b.province) for b in battles] == [(2, 0, 3), (1, 2, 3)]


def test_a_neutral_the_napped_colour_takes_can_be_spied_on() -> None:
    """ "or spy on a neutral that they fully expect that the other will take during the
    turn" - taken by player 2 in phase 2, spied on by player 1 in phase 10."""
    state = napped(turn=4)
    state.oop = [2, 1]
    empty(state, 2, 1, spy=5)
    empty(state, 4, 2, arm=5, lev=2000)
    empty(state, 3, 0)
    result = run_standard(
        state,
        orders(1, spy=[{"from": 2, "to": 3, "op": PROPAGANDA, "spies": 1}]),
        orders(2, attack=[attack(4, 3, 5)]),
        rng=FixedRng(YES),
    )
    assert result.state.province(3).owner == 2
    report = kinds(result, "spy_report")[0]
    assert (report.target_owner, report.success) == (2, True)


def test_a_province_of_the_napped_colour_at_the_start_stays_off_limits() -> None:
    """ "any province that is the other's - at the START of the turn" - player 3 takes
    player 2's province 3 first; player 1 (napped with 2) still may not attack it this
    turn, though it is player 3's now. Player 3, not napped, could attack through."""
    state = napped(turn=4, players=3)
    state.oop = [3, 1, 2]
    empty(state, 2, 1, arm=10, lev=2000)
    empty(state, 3, 2)
    empty(state, 4, 3, arm=5, lev=2000)
    result = run_standard(
        state,
        orders(1, attack=[attack(2, 3, 10)]),
        orders(3, attack=[attack(4, 3, 5)]),
    )
    assert [(b.attacker, b.defender) for b in kinds(result, "battle")] == [(3, 2)]
    assert reasons(result, "2 attacking") == [
        "you are napped with P2 until the start of turn 6: province 3 Prov3 was theirs when the "
        "turn began (ignored: it does not count)"
    ]
    assert result.state.province(3).owner == 3


def test_the_confirmation_s_forecast_says_which_orders_the_nap_or_headhunting_cancel() -> None:
    """A player's trial: in a Duel his bombing, attack and spy operation on the napped
    colour's province were confirmed ``ok``, the forecast said nothing (it counted the
    attack as decided when the turn runs), and the turn cancelled all three. What protects a
    province is known before the turn ("the other's AT THE START OF THE TURN"): the forecast
    now says each of them would not run, and why; the attack on a neutral still counts."""
    given: dict[str, Json] = {
        "player": 1,
        "bomb": [{"from": 7, "to": 2, "missiles": 5}],
        "attack": [{"from": 7, "to": 2, "armies": 10}, {"from": 7, "to": 6, "armies": 10}],
        "spy": [{"from": 7, "to": 2, "op": PROPAGANDA, "spies": 5}],
    }
    said = RULESET.forecast(napped(turn=4), given, 1)
    assert [(s["order"], s["reason"]) for s in said["skipped"]] == [  # type: ignore[attr-defined]
        ("bomb 2 from 7 with 5 missiles", NAPPED),
        ("attack on 2 from 7", NAPPED),
        ("spy operation on 2 from 7", NAPPED),
    ]
    assert said["later"] == ["1 attack"]
    home = RULESET.forecast(home_state(protection=6), given, 1)
    assert [s["reason"] for s in home["skipped"]] == [PROTECTED] * 3  # type: ignore[attr-defined]
