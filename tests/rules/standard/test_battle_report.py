"""How a Standard report tells a battle (how many armies took the province or held it) and
a bombing (the hits that found nothing to destroy).

"At the end of the fight, injured troops in the victorious army will recover": a battle's
losses are counted after the recovery. The report said 'you lost 2, they lost 7. The
province is yours (2 injured recovered, ...)' of 11 armies of which 9 moved in: a player
adds the recovered back (11 - 2 + 2) and expects 11. It now says what moved in or was left,
the recovered among them, as Intermediate's now does too. The level the battle gives ("the
Level of the remaining armies increases") is said as theirs: '(level +0.006)' did not say
whose.
"""

from __future__ import annotations

from typing import Any

from tests.rules.builders import FixedRng, attack, bomb, empty, make_state, orders, run_standard
from tests.rules.standard.test_attacks import A0, A4, A5, A10, D0, D4, D5, battle_state
from tests.rules.standard.test_bombing import ARM, HIT, MISS, SPY, fire, setup
from tests.rules.standard.test_victory import config
from tests.shipped import STANDARD as RULESET
from wtg.game.report import report_text
from wtg.rules.wok.state import WokState


def words(text: str) -> str:
    return " ".join(text.split())


def test_the_winner_of_an_attack_is_told_how_many_armies_moved_in() -> None:
    state = battle_state(attackers=2, defenders=1)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(A4, D5, A10, D0))
    assert result.state.province(2).arm == 2
    events = [e.to_dict() for e in result.events]
    mine = words(report_text(RULESET, config(2), result.state, events, 1, aof=""))
    assert "- Attack from 1 Prov1 on 2 Prov2 " in mine
    assert (
        "with 2 armies against 1: 2 rounds, you lost 0, they lost 1. The province is "
        "yours: 2 armies moved in, 1 of them injured and recovered (your armies' level "
        "+0.012)." in mine
    )
    theirs = words(report_text(RULESET, config(2), result.state, events, 2, aof=""))
    assert "against your 1: 2 rounds, you lost 1, they lost 0. The province is lost." in theirs


def test_the_defender_who_holds_is_told_how_many_armies_are_left() -> None:
    state = battle_state(attackers=1, defenders=2)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(A5, D4, A0, D5))
    assert result.state.province(2).arm == 2
    events = [e.to_dict() for e in result.events]
    theirs = words(report_text(RULESET, config(2), result.state, events, 2, aof=""))
    assert (
        "against your 2: 2 rounds, you lost 0, they lost 1. You held the province: 2 "
        "armies left, 1 of them injured and recovered (your armies' level +0.006)." in theirs
    )
    mine = words(report_text(RULESET, config(2), result.state, events, 1, aof=""))
    assert "you lost 1, they lost 0. Your attack failed." in mine


def test_a_bombing_says_the_hits_that_found_nothing_to_destroy() -> None:
    """ "If none of the appropriate unit are present in the target province then the
    missile will not destroy anything": 3 missiles, none missed, 1 ARM destroyed read as
    two hits gone astray. Province 2 holds 1 ARM and nothing else; the three hits strike
    ARM, SPY and ARM."""
    state = setup()
    empty(state, 2, 2, arm=1)
    empty(state, 20, 2)
    result = fire(state, bomb(1, 2, 3), values=(HIT, ARM, HIT, SPY, HIT, ARM))
    events = [e.to_dict() for e in result.events]
    mine = words(report_text(RULESET, config(2), result.state, events, 1, aof=""))
    assert "3 missiles, 0 missed; destroyed 1 ARM; 2 hits found nothing there to destroy." in mine
    assert result.state.province(2).arm == 0
    state = setup()
    empty(state, 2, 2, arm=5)
    empty(state, 20, 2)
    result = fire(state, bomb(1, 2, 2), values=(HIT, ARM, MISS))
    events = [e.to_dict() for e in result.events]
    mine = words(report_text(RULESET, config(2), result.state, events, 1, aof=""))
    assert "2 missiles, 1 missed; destroyed 1 ARM. " in mine


def test_a_bombing_says_each_missile_s_chance_to_hit() -> None:
    """ "your chance of successfully hitting something per missile fired is equal to your
    EFF percentage": the line said '80% a missile', a chance of what a player had to
    guess; it says 'each missile 80% to hit'."""
    state = setup(eff=80)
    empty(state, 2, 2, arm=5)
    empty(state, 20, 2)
    result = fire(state, bomb(1, 2, 2), values=(HIT, ARM, MISS))
    events = [e.to_dict() for e in result.events]
    mine = words(report_text(RULESET, config(2), result.state, events, 1, aof=""))
    assert "short range, each missile 80% to hit: 2 missiles, 1 missed;" in mine
    assert "a missile" not in mine


def test_the_fallen_and_the_victor_are_spoken_to_as_you() -> None:
    """A player's own report named him as a stranger: 'P1 (#1) was wiped out by P4 (#4) at
    21 Caradune. RIP.' and 'P1 (#1) is RIPed at 21 Caradune; the RIP goes to P4 (#4).' to
    P1, '... the RIP goes to P4 (#4)' to P4 (a vote likewise), where the QUIT line says
    'You have QUIT the game'. Three players: P2's last province 2 falls to P1, P3 looks on."""
    state = make_state(players=3)
    empty(state, 1, 1, arm=20, lev=2000)
    empty(state, 2, 2)
    empty(state, 20, 3)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 20)], vote_end=True))
    events = [e.to_dict() for e in result.events]
    mine = words(report_text(RULESET, config(3), result.state, events, 1, aof=""))
    assert "- P2 (#2) was wiped out by you at 2 Prov2. RIP." in mine
    assert "is RIPed" not in mine  # said once (test_a_wipe_out_is_told_once_...)
    assert "- You vote to end the game." in mine
    theirs = words(report_text(RULESET, config(3), result.state, events, 2, aof=""))
    assert "- You were wiped out by P1 (#1) at 2 Prov2. RIP." in theirs
    assert "RIPed" not in theirs
    third = words(report_text(RULESET, config(3), result.state, events, 3, aof=""))
    assert "- P2 (#2) was wiped out by P1 (#1) at 2 Prov2. RIP." in third
    assert "is RIPed" not in third
    assert "- P1 (#1) votes to end the game." in third


def test_an_attack_on_a_province_without_armies_says_so() -> None:
    """An attack on a province of another player's that held no armies read 'with 2 armies
    against your 0: 0 rounds, you lost 0, they lost 0. The province is lost.': a battle of
    no rounds. Both reports say no armies defended it."""
    state = battle_state(attackers=2, defenders=0)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(0.5))
    events = [e.to_dict() for e in result.events]
    mine = words(report_text(RULESET, config(2), result.state, events, 1, aof=""))
    assert (
        "- Attack from 1 Prov1 on 2 Prov2 (P2 (#2)) with 2 armies: no armies defended it. The "
        "province is yours: 2 armies moved in" in mine
    )
    theirs = words(report_text(RULESET, config(2), result.state, events, 2, aof=""))
    assert (
        "- P1 (#1) attacked 2 Prov2 from 1 Prov1 with 2 armies: you had no armies there to "
        "defend it. The province is lost." in theirs
    )
    assert "0 rounds" not in mine + theirs


def test_a_wipe_out_is_told_once_outside_a_race_to_rips() -> None:
    """Every Standard game told a wipe-out twice: '- P2 (#2) was wiped out by you at 2
    Prov2. RIP.' and '- P2 (#2) is RIPed at 2 Prov2; the RIP goes to you.' The second
    says something of its own only in a game won by RIPs (Duel, Trinity: whoever ends the
    turn holding the province gets it); elsewhere the first alone is said."""
    state = battle_state(attackers=2, defenders=0)
    state.province(20).owner = 0  # province 2 is P2's last
    result = run_standard(state, orders(1, attack=[attack(1, 2, 2)]), rng=FixedRng(0.5))
    events = [e.to_dict() for e in result.events]
    assert "ripped" in [e["kind"] for e in events]
    mine = report_text(RULESET, config(2), result.state, events, 1, aof="")
    told = [line for line in mine.splitlines() if line.startswith("- P2 (#2)") and "RIP" in line]
    assert told == ["- P2 (#2) was wiped out by you at 2 Prov2. RIP."]


def race_fall() -> tuple[WokState, list[dict[str, Any]]]:
    """A race to RIPs of three (a Duel's target): P2's last province 2 falls to P1."""
    state = make_state(players=3)
    state.rip_target = 3  # who ends the turn holding the province gets the RIP
    empty(state, 1, 1, arm=20, lev=2000)
    empty(state, 2, 2)
    empty(state, 20, 3)
    result = run_standard(state, orders(1, attack=[attack(1, 2, 20)]))
    return result.state, [e.to_dict() for e in result.events]


def test_in_a_race_to_rips_the_rip_is_told_with_whom_it_goes_to() -> None:
    """A Duel's report told a fall twice: 'You were wiped out by P1 (#1) at 2 Prov2. RIP.'
    and 'You are RIPed at 2 Prov2; the RIP goes to P1 (#1).' It is one sentence."""
    state, events = race_fall()
    theirs = words(report_text(RULESET, config(3), state, events, 2, aof=""))
    mine = words(report_text(RULESET, config(3), state, events, 1, aof=""))
    third = words(report_text(RULESET, config(3), state, events, 3, aof=""))
    assert "- P1 (#1) wiped you out at 2 Prov2 and gets the RIP. -" in theirs
    assert "- You wiped out P2 (#2) at 2 Prov2 and get the RIP. -" in mine
    assert "- P1 (#1) wiped out P2 (#2) at 2 Prov2 and gets the RIP. -" in third
    assert [text.count("RIP") for text in (theirs, mine, third)] == [1, 2, 1]


def test_a_rip_that_goes_to_another_than_the_victor_says_who_holds_the_province() -> None:
    """A Duel's report told a fall twice: 'P2 (#2) was wiped out by P1 (#1) at 2 Prov2.
    RIP.' and 'P2 (#2) is RIPed at 2 Prov2; the RIP goes to P3 (#3).' It is one sentence,
    and it says why the RIP is P3's (ruling 19, by RULE-NOTES: a RIP goes to whoever ENDS the
    turn owning the last province that colour lost)."""
    state, events = race_fall()
    for event in events:
        if event["kind"] == "ripped":
            event["credited_to"] = 3  # as if P3 took the province later in the turn
    theirs = words(report_text(RULESET, config(3), state, events, 2, aof=""))
    held = words(report_text(RULESET, config(3), state, events, 3, aof=""))
    assert (
        "- P1 (#1) wiped you out at 2 Prov2; P3 (#3) ends the turn holding it and gets the "
        "RIP. -" in theirs
    )
    assert (
        "- P1 (#1) wiped out P2 (#2) at 2 Prov2; you end the turn holding it and get the "
        "RIP. -" in held
    )
    assert "RIPed" not in theirs + held


def test_a_bombing_lists_what_it_destroyed_and_says_nothing_when_it_destroyed_nothing() -> None:
    """The lines listed every kind, zeros included ('destroyed 1 ARM, 0 SPY, 0.0 DEF'): they
    list what the hits destroyed, and 'nothing' where they destroyed nothing, in the
    bomber's report and the victim's."""
    state = setup()
    empty(state, 2, 2, arm=5, spy=3)
    empty(state, 20, 2)
    result = fire(state, bomb(1, 2, 3), values=(HIT, SPY, MISS, HIT, ARM))
    events = [e.to_dict() for e in result.events]
    mine = words(report_text(RULESET, config(2), result.state, events, 1, aof=""))
    theirs = words(report_text(RULESET, config(2), result.state, events, 2, aof=""))
    assert "3 missiles, 1 missed; destroyed 1 ARM, 1 SPY." in mine
    assert "was bombed by 3 missiles from an unknown source: lost 1 ARM, 1 SPY." in theirs
    missed = fire(setup(), bomb(1, 2, 2), values=(MISS, MISS))
    events = [e.to_dict() for e in missed.events]
    mine = words(report_text(RULESET, config(2), missed.state, events, 1, aof=""))
    assert "2 missiles, 2 missed; destroyed nothing." in mine


def test_the_victim_of_a_bombing_is_not_told_who_bombed_him() -> None:
    """Ruling 47: the text has no detection of the bomber (WoK IV's defender "has a chance
    to detect from where the missiles came"; Standard's nothing), so the bomber is secret,
    as the spymaster is (ruling 13). The victim's line said '2 Prov2 was bombed by 2
    missiles' and left him to wonder whether the source was left out: it says the source
    is unknown, and names neither the bomber nor his province."""
    state = setup()
    empty(state, 2, 2, arm=5)
    empty(state, 20, 2)
    result = fire(state, bomb(1, 2, 2), values=(HIT, ARM, HIT, ARM))
    events = [e.to_dict() for e in result.events]
    theirs = words(report_text(RULESET, config(2), result.state, events, 2, aof=""))
    line = theirs[theirs.index("- 2 Prov2 was bombed") :].split(" - ")[0]
    assert line == "- 2 Prov2 was bombed by 2 missiles from an unknown source: lost 2 ARM."
    suffered = next(e for e in events if e["kind"] == "bombing_suffered")
    assert (suffered["source"], suffered["bomber"]) == (0, 0)
