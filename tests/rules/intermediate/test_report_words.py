"""What an Intermediate report says of a bombing's hits and of the reader's own vote."""

from __future__ import annotations

import re

from tests.rules.builders import FixedRng, attack, bomb, empty, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from tests.rules.intermediate.test_attacks import LOSE, WIN, battle_state
from tests.rules.intermediate.test_bombing import HIT, PAST_WALLS, fire, setup
from tests.rules.intermediate.test_movement import move
from tests.rules.intermediate.test_movement import setup as movement_setup
from tests.shipped import INTERMEDIATE
from wtg.game.gameconfig import GameConfig, PlayerEntry
from wtg.game.report import aof_text, report_text


def config() -> GameConfig:
    return GameConfig(
        game="test",
        ruleset="intermediate",
        map="grid",
        seed=1,
        players=tuple(PlayerEntry(i, f"P{i}", f"p{i}@example.org", "CODE0001") for i in (1, 2)),
    )


def test_the_report_says_the_hits_that_found_nothing_to_destroy() -> None:
    """Ruling 6's spent hits were not said: '3 missiles, 0 missed; destroyed 0 ARM, ...
    0.0 DEF' left the three hits unaccounted for."""
    state = setup()
    result = fire(state, bomb(1, 2, 3), values=(HIT, PAST_WALLS) * 3)
    events = [e.to_dict() for e in result.events]
    report = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 1, aof="").split())
    assert (
        "3 missiles, 0 missed; destroyed nothing; 3 hits found nothing there to destroy." in report
    )
    # each missile's chance, as Standard's and WoK IV's say it (it said 'N% a missile')
    assert ", each missile " in report
    assert "% to hit: 3 missiles, 0 missed;" in report


def test_the_reader_s_own_vote_is_said_to_him_as_you() -> None:
    """'P1 (#1) votes to end the game.' in P1's own report, as Standard's said it too."""
    state = setup()
    result = run_intermediate(state, orders(1, vote_end=True))
    events = [e.to_dict() for e in result.events]
    mine = report_text(INTERMEDIATE, config(), result.state, events, 1, aof="")
    assert "\n- You vote to end the game.\n" in mine
    theirs = report_text(INTERMEDIATE, config(), result.state, events, 2, aof="")
    assert "\n- P1 (#1) votes to end the game.\n" in theirs


def test_the_winner_s_recovered_are_said_among_the_troops_that_moved_in() -> None:
    """'The province is yours: your 2 KNI moved in (1 injured recovered, ...)' read as
    two and one more; the recovered are among those that moved in, and Standard's report
    says so (test_battle_report.py)."""
    state = battle_state(kni=2, terrain="Forest")
    rng = FixedRng(0.85, WIN, WIN, LOSE)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 2)]), rng=rng)
    events = [e.to_dict() for e in result.events]
    report = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 1, aof="").split())
    assert "The province is yours: your 2 KNI moved in, 1 of them injured and recovered" in (report)
    assert "injured recovered" not in report


def test_the_total_level_is_weighed_by_every_troop() -> None:
    """A player's trial: with 5 and 7 CAT at level 1.107 and 7 ARM at 1.756, the TOTAL row
    said LEV 1.756a, the ARM's alone: the average was weighed by the armies, and upgraded
    troops counted for nothing. A province's level is its troops', all kinds ("This extra
    level affects all troops that are fighting"): (12 x 1.107 + 7 x 1.756) / 19 = 1.346."""
    state = setup()
    for pid, changes in ((1, {"arm": 0, "cat": 5}), (3, {"arm": 0, "cat": 7})):
        province = state.province(pid)
        province.owner, province.lev = 1, 1107
        for key, value in changes.items():
            setattr(province, key, value)
    state.province(4).owner, state.province(4).arm, state.province(4).lev = 1, 7, 1756
    for pid in (1, 3, 4):
        state.province(pid).pik = state.province(pid).arc = state.province(pid).kni = 0
    state.province(4).cat = 0
    report = report_text(INTERMEDIATE, config(), state, [], 1, aof="")
    land, troops = [line for line in report.splitlines() if line.startswith("TOTAL")]
    assert troops.split()[-1] == "1.346a"  # the troops table's LEV
    assert "1.346a" not in land.split()


def test_the_report_says_what_the_total_row_s_a_marks() -> None:
    """The TOTAL rows read '1.0a' and '1.594a': Intermediate's rule text never says what the
    'a' is (WoK IV's manual does: 'AVERAGE numbers'), and a player took it for a typo.
    The line under each table says it."""
    state = setup()
    result = run_intermediate(state, orders(1))
    events = [e.to_dict() for e in result.events]
    report = report_text(INTERMEDIATE, config(), result.state, events, 1, aof="")
    said = " ".join(report.split())
    lines = report.splitlines()
    land = next(i for i, line in enumerate(lines) if line.startswith("TOTAL"))
    assert lines[land + 1] == "In the TOTAL row, DEF is an average (marked a)."
    assert "CAT Mountain. In the TOTAL row, LEV is an average (marked a)." in said


def test_a_move_of_troops_says_which_troops_moved() -> None:
    """'Moved 7 TRO from 1 to 2' did not say which: "all troop types will be moved,
    starting with ARM and working up through PIK, ARC, KNI and CAT", so TRO 7 out of
    3 ARM, 2 PIK and 5 KNI takes the armies, the pikemen and 2 knights, and the report
    says so; a move of one kind reads as before."""
    state = movement_setup(arm=3, pik=2, kni=5)
    result = run_intermediate(state, orders(1, move=[move(1, 2, "TRO", 7), move(1, 2, "KNI", 1)]))
    events = [e.to_dict() for e in result.events]
    report = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 1, aof="").split())
    assert "- Moved 7 TRO (3 ARM, 2 PIK, 2 KNI) from 1 Prov1 to 2 Prov2." in report
    assert "- Moved 1 KNI from 1 Prov1 to 2 Prov2." in report


def test_a_bombing_lists_the_kinds_it_destroyed_and_the_victim_is_told_no_bomber() -> None:
    """'destroyed 0 ARM, 0 PIK, 0 ARC, 2 KNI, 0 CAT, 0 SPY, 0.0 DEF' listed every kind: the
    lines list what was destroyed. The victim's line said '2 Prov2 was bombed by 2
    missiles' without a source: the bomber is secret (ruling 27), and the line says so."""
    state = setup(kni=2)
    result = fire(state, bomb(1, 2, 2), values=(HIT, PAST_WALLS, 0.0) * 2)
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 1, aof="").split())
    theirs = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 2, aof="").split())
    assert "2 missiles, 0 missed; destroyed 2 KNI." in mine
    assert "- 2 Prov2 was bombed by 2 missiles from an unknown source: lost 2 KNI. -" in theirs
    assert "P1" not in theirs[theirs.index("- 2 Prov2 was bombed") :].split(" - ")[0]


def test_a_move_that_finds_fewer_troops_says_how_many_were_ordered() -> None:
    """A move of 3 KNI out of a province with 1 moves the one, and the report said 'Moved 1
    KNI' as if 1 had been ordered: it says both; a move that found all it asked for reads
    as before."""
    state = movement_setup(arm=4, kni=1)
    lines = [move(1, 2, "KNI", 3), move(1, 2, "ARM", 4), move(1, 2, "TRO", 9)]
    result = run_intermediate(state, orders(1, move=lines))
    events = [e.to_dict() for e in result.events]
    report = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 1, aof="").split())
    assert "- Moved 1 KNI from 1 Prov1 to 2 Prov2 (3 ordered, only 1 there)." in report
    assert "- Moved 4 ARM from 1 Prov1 to 2 Prov2." in report
    assert "TRO 9" not in report  # nothing left: the turn skips it, as before
    assert "- Not executed (phase 9, movement): move 9 TRO from 1 to 2: no TRO" in report


def test_a_move_event_from_before_the_ordered_count_reads_as_it_did() -> None:
    """A turn's events written before ``ordered`` was kept (no such key) still render."""
    result = run_intermediate(movement_setup(kni=1), orders(1, move=[move(1, 2, "KNI", 3)]))
    events = [e.to_dict() for e in result.events]
    for event in events:
        event.pop("ordered", None)
    report = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 1, aof="").split())
    assert "- Moved 1 KNI from 1 Prov1 to 2 Prov2." in report


def test_the_level_a_battle_gives_says_whose_troops() -> None:
    """ "the Level of the remaining troops increases ... +0.003 per attack round if the
    defender wins": 'Your attack failed: they kept 1 ARM (level +0.003)' read as the
    attacker's own level; the defenders' rose. Each side reads whose troops gained."""
    state = battle_state(arm=1, terrain="Forest")
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(LOSE, WIN))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 1, aof="").split())
    theirs = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 2, aof="").split())
    assert "Your attack failed: they kept 1 ARM (their troops' level +0.003)." in mine
    assert "You held the province with 1 ARM (your troops' level +0.003)." in theirs
    won = run_intermediate(
        battle_state(arm=1), orders(1, attack=[attack(1, 2, 1)]), rng=FixedRng(WIN, LOSE)
    )
    events = [e.to_dict() for e in won.events]
    mine = " ".join(report_text(INTERMEDIATE, config(), won.state, events, 1, aof="").split())
    theirs = " ".join(report_text(INTERMEDIATE, config(), won.state, events, 2, aof="").split())
    assert "The province is yours: your 1 ARM moved in (your troops' level +0.006)." in mine
    assert "The province is lost: their 1 ARM moved in (their troops' level +0.006)." in theirs


def test_gold_is_written_in_capitals_as_wood_is() -> None:
    """Ruling 28: "You start the game with ... 100 GOLD, 100 WOOD, 99 EFF"; the report said
    'Gold: 150   WOOD: 100' and '100 gold' beside '30 WOOD'. Every amount of gold a player
    reads (the status line, what the workers made, an upgrade bought and one not paid
    for, the gold his spies stole, a Spy Player's empire, the AOF) says GOLD, the
    operation's name too, 'steal GOLD'."""
    state = make_grid()
    state.player(1).gold = 150
    state.player(1).eff = 51
    state.player(2).eff = 80
    state.player(2).gold = 40
    empty(state, 1, 1, spy=10, wok=20, aim="CHO")
    empty(state, 6, 1, spy=10, wok=10, aim="MIN")
    empty(state, 2, 2)
    empty(state, 7, 2)
    empty(state, 20, 2)
    given = orders(
        1,
        upgrade=["DEF", "EFF"],
        spy=[
            {"from": 1, "to": 2, "op": 5, "spies": 2},
            {"from": 6, "to": 7, "op": 2, "spies": 2},
        ],
    )
    result = run_intermediate(state, given, rng=FixedRng(0.0))
    events = [e.to_dict() for e in result.events]
    me = result.state.player(1)
    aof = aof_text(INTERMEDIATE, config(), result.state, 1)
    mine = report_text(INTERMEDIATE, config(), result.state, events, 1, aof=aof)
    said = " ".join(mine.split())
    assert f"GOLD: {me.gold}   WOOD: {me.wood}   Tech level: 0" in mine
    assert "- Upgrade DEF for 100 GOLD (50 left)." in mine
    assert "upgrade EFF: it costs 200 GOLD and you have 50" in said
    assert "Your workers made: " in said and " 10 GOLD, " in said
    assert "operation 5 (steal GOLD)" in said and " GOLD stolen" in said
    assert ", GOLD 20, WOOD 100, tech level 0." in said
    assert "300 GOLD for the first, second and third (you have " in said
    assert "4 = CHO (WOOD), 5 = MIN (GOLD)" in said
    assert "Gold:" not in mine
    assert not re.search(r"\d gold\b|gold \d|have \d+ gold|\(gold\)", said)
    theirs = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 2).split())
    assert " GOLD stolen" in theirs and " gold stolen" not in theirs


def test_a_province_nobody_defended_had_no_troops() -> None:
    """'with 2 KNI: no armies defended it' and 'you had no armies there to defend it':
    Intermediate's units are troops, ARM among them ("all troop types ... starting with
    ARM and working up through PIK, ARC, KNI and CAT"), and a province without ARM may
    hold PIK that defend it; the battle without a round is one without troops."""
    state = battle_state(defenders=0, kni=2)
    result = run_intermediate(state, orders(1, attack=[attack(1, 2, 2)]))
    events = [e.to_dict() for e in result.events]
    mine = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 1, aof="").split())
    assert "with 2 KNI: no troops defended it." in mine
    theirs = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 2, aof="").split())
    assert "with 2 KNI: you had no troops there to defend it." in theirs
    assert "no armies" not in mine + theirs


def test_a_report_spells_gold_one_way_a_theft_that_failed_too() -> None:
    """A failed Steal Gold read 'no gold stolen' and the operation 'steal gold' a line
    above 'GOLD: 150' and '10 GOLD stolen': one report, two spellings. Every word of gold
    a player reads is GOLD, the rule text's ("100 GOLD", "Each worker produces 1 GOLD"),
    the operation's name too (ruling 28)."""
    state = make_grid()
    state.player(1).eff = 51
    state.player(2).gold = 40
    empty(state, 1, 1, spy=10)
    empty(state, 2, 2, spy=10)
    given = orders(1, spy=[{"from": 1, "to": 2, "op": 5, "spies": 2}])
    result = run_intermediate(state, given, rng=FixedRng(0.0, 0.99))  # both spies caught
    events = [e.to_dict() for e in result.events]
    aof = aof_text(INTERMEDIATE, config(), result.state, 1)
    mine = report_text(INTERMEDIATE, config(), result.state, events, 1, aof=aof)
    theirs = report_text(INTERMEDIATE, config(), result.state, events, 2, aof=aof)
    said = " ".join(mine.split())
    assert "operation 5 (steal GOLD)" in said and "FAILED, no GOLD stolen." in said
    assert "5 = steal GOLD" in said
    assert "; no GOLD stolen." in " ".join(theirs.split())
    spelt = set(re.findall(r"\bgold\b", mine + theirs, re.IGNORECASE))
    assert spelt == {"GOLD"}


def test_an_attack_and_the_training_say_troops_as_the_tables_do() -> None:
    """Round 46: the report says troops (YOUR TROOPS, 'LEV the troops' level', 'your 11 ARM
    moved in ... your troops' level'), yet an attack from a province left empty was 'Not
    executed ... attack 3 from 1 with 14 armies: no armies left' and the workers' level
    'Armies trained: ... none in 2 Prov2 (no armies or no workers there ...)': an
    attack line sends troops (its column is TRO), and the level is every troop's."""
    state = make_grid()
    empty(state, 1, 1, kni=10, wok=60, lev=1500, aim="LEV")
    empty(state, 2, 1, wok=60, lev=1500, aim="LEV")
    empty(state, 4, 1, wok=8, aim="DEF")
    empty(state, 3, 2, arm=1)
    attacks = [attack(2, 3, 14)]
    result = run_intermediate(state, orders(1, attack=attacks))
    events = [e.to_dict() for e in result.events]
    report = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 1, aof="").split())
    assert (
        "Not executed (phase 3, attacking): attack 3 from 2 with 14 troops: no troops left in"
        " province 2 Prov2 (ignored: it does not count)." in report
    )
    assert (
        "Troops trained: +1.000 LEV in 1 Prov1, none in 2 Prov2 (no troops or no workers"
        " there, or its level is at the most)." in report
    )
    assert "armies" not in report.split("WHAT HAPPENED")[1].split("ORDER OF PLAY")[0]


def test_a_province_without_troops_shows_no_level() -> None:
    """Ruling 32: YOUR TROOPS showed a level for a province with no troops in it ('2 Prov2
    0 0 0 0 0 1.249'), a level of nothing, which the next troops to come take no part of.
    Its LEV is '-', as is the TOTAL row's where the empire has no troops at all."""
    state = make_grid()
    empty(state, 1, 1, arm=4, lev=1500)
    empty(state, 2, 1, lev=1249)
    mine = report_text(INTERMEDIATE, config(), state, [], 1, aof="")
    table = mine[mine.index("YOUR TROOPS") :].splitlines()
    rows = {line.split()[0]: line.split() for line in table[2:4]}
    assert rows["1"][-6:] == ["4", "0", "0", "0", "0", "1.500"]
    assert rows["2"][-6:] == ["0", "0", "0", "0", "0", "-"]
    assert "LEV the troops' level (- where there are none)." in " ".join(mine.split())
    state.province(1).arm = 0
    mine = report_text(INTERMEDIATE, config(), state, [], 1, aof="")
    table = mine[mine.index("YOUR TROOPS") :].splitlines()
    assert [len(line.rstrip()) for line in table[1:5]] == [len(table[1])] * 4  # LEV lines up
    assert table[4].split()[-6:] == ["0", "0", "0", "0", "0", "-"]
