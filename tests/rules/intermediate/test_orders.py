"""Intermediate WoK's orders: the AOF with its Upgrade Troops section, POP->SPY, CHO, the
troop units of movement, and the order file of the contract."""

from __future__ import annotations

from typing import Any

from tests.aof.reading import read_aof
from tests.rules.builders import empty, give
from tests.rules.confirmations import confirmation
from tests.rules.intermediate.grid import make_grid
from tests.shipped import INTERMEDIATE as RULESET
from wtg.aof.render import render_aof
from wtg.core.orders import FieldValue, RawEntry

HEADER = {"game": "g", "turn": 6, "player": 1, "code": "SECRET"}


def test_the_form_has_the_sections_of_the_turn() -> None:
    """The AOF follows the phases: upgrades first, then bombing, attacks, transformations,
    Upgrade Troops (a section of its own), movement, aims, spying; the vote, QUIT and
    READY."""
    keys = [section.key for section in RULESET.form.sections]
    assert keys == [
        "upgrade",
        "bomb",
        "attack",
        "transform",
        "upgrade_troops",
        "move",
        "aim",
        "spy",
        "vote_end",
        "quit",
        "ready",
    ]


def test_a_filled_form_reads_into_the_contracts_order_file() -> None:
    """The order file of the contract: `upgrade_troops` (`province`, `from`, `to`, `amount`,
    from/to ARM/PIK/ARC/KNI/CAT), `transform` kind POP-SPY, `aim` CHO, `move` units TRO,
    PIK, ARC, KNI, CAT, and `upgrade` as in Standard."""
    state = make_grid()
    empty(state, 1, 1, arm=20, pop=50)
    empty(state, 2, 1)
    text = render_aof(RULESET.form, HEADER, None, RULESET.form_context(state, 1))
    lines = {
        "U1: _": "U1: 1",
        "T1: __   _    __": "T1: 01   4    25",
        "C1: __   _    _  __": "C1: 01   1    4  10",
        "C2: __   _    _  __": "C2: 01   KNI  CAT  5",
        "M1: __   __ __   __": "M1: 01   02 10   08",
        "M2: __   __ __   __": "M2: 01   02 CAT  02",
        "G1: __   _": "G1: 02   4",
    }
    filled = text
    for blank, line in lines.items():
        filled = filled.replace(blank, line)
    parsed = read_aof(RULESET.form, filled)
    assert parsed.problems == []
    accepted = RULESET.accept(parsed.entries, state, 1)
    assert all(v.accepted for v in accepted.verdicts), accepted.verdicts
    assert accepted.orders == {
        "player": 1,
        "turn": 6,
        "upgrade": ["TECH"],
        "transform": [{"province": 1, "kind": "POP-SPY", "amount": 25}],
        "upgrade_troops": [
            {"province": 1, "from": "ARM", "to": "KNI", "amount": 10},
            {"province": 1, "from": "KNI", "to": "CAT", "amount": 5},
        ],
        "move": [
            {"from": 1, "to": 2, "unit": "TRO", "amount": 8},
            {"from": 1, "to": 2, "unit": "CAT", "amount": 2},
        ],
        "aim": [{"province": 2, "aim": "CHO"}],
    }


def test_bad_upgrade_troops_lines_are_refused_with_a_reason() -> None:
    """A line that changes a kind into itself, or names no troop kind, says why."""
    state = make_grid()
    empty(state, 1, 1, arm=20)
    entries, bad, problems = RULESET.entries_from_dict(
        {
            "player": 1,
            "turn": 6,
            "upgrade_troops": [
                {"province": 1, "from": "ARM", "to": "ARM", "amount": 5},
                {"province": 1, "from": "POP", "to": "KNI", "amount": 5},
                {"province": 1, "from": "ARM", "to": "PIK", "amount": 80},
            ],
        }
    )
    assert problems == []
    assert [v.reason for v in bad] == [
        'from must be one of 1 = ARM, 2 = PIK, 3 = ARC, 4 = KNI, 5 = CAT, found "POP"'
    ]
    verdicts = RULESET.accept(entries, state, 1).verdicts
    assert [(v.accepted, v.reason) for v in verdicts] == [
        (False, "FROM and TO are both ARM: name two different kinds"),
        (True, "note: at most 50 units are changed by one order"),
    ]


def test_the_other_rulesets_refuse_the_new_kinds() -> None:
    """The troop kinds, TRO, POP->SPY and CHO are Intermediate's: Standard's form has none."""
    from tests.shipped import STANDARD

    _, bad, problems = STANDARD.entries_from_dict(
        {
            "player": 1,
            "turn": 1,
            "move": [{"from": 1, "to": 2, "unit": "TRO", "amount": 5}],
            "transform": [{"province": 1, "kind": "POP-SPY", "amount": 5}],
            "aim": [{"province": 1, "aim": "CHO"}],
        }
    )
    assert problems == []
    assert len(bad) == 3
    _, _, problems = STANDARD.entries_from_dict({"player": 1, "turn": 1, "upgrade_troops": []})
    assert problems and "unknown section 'upgrade_troops'" in problems[0]


def test_the_confirmation_forecasts_troops_and_wood() -> None:
    """An order confirmation's forecast runs the phases without chance on this player's
    orders: ARM become knights (5 WOOD each) and move; the wood and the troop kinds after
    the turn are shown."""
    state = make_grid()
    empty(state, 1, 1, arm=10)
    empty(state, 2, 1)
    planned: dict[str, Any] = {
        "player": 1,
        "turn": 6,
        "upgrade_troops": [{"province": 1, "from": "ARM", "to": "KNI", "amount": 4}],
        "move": [{"from": 1, "to": 2, "unit": "KNI", "amount": 3}],
    }
    forecast: dict[str, Any] = RULESET.forecast(state, planned, 1)
    assert forecast["wood"] == 80
    assert [(p.id, p.arm, p.kni) for p in forecast["provinces"]] == [(1, 6, 1), (2, 0, 3)]
    text = confirmation(RULESET.name, state.player(1), forecast, game="g", turn=6, accepted=2)
    # the report's troops table: the troops by kind in their columns (ARM, PIK, ARC, KNI,
    # CAT), under the table of the provinces' land and works
    lines = text[text.index("FORECAST:") :].splitlines()
    start = next(i for i, line in enumerate(lines) if " ARM PIK ARC KNI CAT" in line)
    header, *rows = lines[start : start + 3]
    at = header.index(" ARM PIK ARC KNI CAT") + 1
    assert [row[at - 1 : at + 19].split() for row in rows] == [
        ["6", "0", "0", "1", "0"],
        ["0", "0", "0", "3", "0"],
    ]
    # Intermediate has a tech level ("every tech level adds 5%"), not WoK IV's tech points
    assert f", WOOD 80, tech level {state.player(1).tech}." in text


def line(section: str, position: int = 1, **values: FieldValue) -> RawEntry:
    return RawEntry(section=section, values=values, position=position, line=10 + position)


def test_orders_for_provinces_not_yours_are_rejected_unless_an_attack_line_takes_them() -> None:
    """ "Most of the phases are similar to Standard WoK": its attack from a province an
    earlier line conquers ("will attack from those newly-conquered provinces") and the ruling
    on later phases hold. Upgrade Troops (phase 7) comes after Attacking (phase 3): a
    province an accepted attack line sets out to take may be named, with a note; another
    province not yours is rejected with the reason."""
    state = make_grid()
    empty(state, 1, 1, arm=50)
    give(state, 6, 2)
    troops: dict[str, FieldValue] = {"from": "ARM", "to": "KNI", "amount": 5}
    verdicts = RULESET.accept(
        [
            line("attack", 1, **{"from": 1, "to": 2, "armies": 40}),
            line("attack", 2, **{"from": 2, "to": 3, "armies": 30}),
            line("upgrade_troops", 1, province=2, **troops),
            line("upgrade_troops", 2, province=6, **troops),
        ],
        state,
        1,
    ).verdicts
    assert [(v.accepted, v.reason) for v in verdicts] == [
        (True, ""),
        (
            True,
            "note: province 2 Prov2 is not yours now; your attack on it from 1 Prov1 may take it,"
            " and this order runs only if it does",
        ),
        (
            True,
            "note: province 2 Prov2 is not yours now; your attack on it from 1 Prov1 may take it,"
            " and this order runs only if it does",
        ),
        (
            False,
            "province 6 Prov6 is not yours (it is P2's, player #2): troops are upgraded in your own"
            " provinces, or in one an attack line of yours takes",
        ),
    ]


def test_a_jump_goes_only_between_provinces_of_yours() -> None:
    """ "unless you have reached tech level 10, in which case you can move directly between
    any two provinces you own": a jump to a province not yours (nor taken by an attack line)
    is rejected."""
    state = make_grid()
    empty(state, 1, 1, arm=50)
    empty(state, 20, 1)
    state.player(1).tech = 10
    move: dict[str, FieldValue] = {"unit": "ARM", "amount": 5}
    verdicts = RULESET.accept(
        [
            line("move", 1, **{"from": 1, "to": 20}, **move),
            line("move", 2, **{"from": 1, "to": 19}, **move),
        ],
        state,
        1,
    ).verdicts
    assert [(v.accepted, v.reason) for v in verdicts] == [
        (True, ""),
        (
            False,
            "province 19 Prov19 is not yours (it is neutral): units move only into your own"
            " provinces, or into one an attack line of yours takes (anywhere else they are"
            " halted)",
        ),
    ]


def test_a_tech_upgrade_before_the_attacks_counts_in_the_attack_lines_note() -> None:
    """Upgrades are phase 1, before Attacking: a TECH upgrade unlocks one more attack
    ("Increasing your tech level will unlock additional attacks") this very turn, so the
    4th attack line is no line beyond the attacks allowed."""
    state = make_grid()
    empty(state, 1, 1, arm=90)
    attacks = [line("attack", i, **{"from": 1, "to": 2, "armies": 5}) for i in range(1, 5)]
    plain = RULESET.accept(attacks, state, 1).verdicts
    assert plain[3].reason.startswith("note: attack line 4 of yours, and you have 3 attacks")
    state.player(1).gold = 100
    upgraded = RULESET.accept([line("upgrade", 1, upgrade="TECH"), *attacks], state, 1)
    assert [v.reason for v in upgraded.verdicts] == [""] * 5
    state.player(1).gold = 99  # the upgrade does not run: no attack more
    unpaid = RULESET.accept([line("upgrade", 1, upgrade="TECH"), *attacks], state, 1).verdicts
    assert unpaid[0].reason.startswith("note: this upgrade will not run: it costs 100 GOLD")
    assert unpaid[4].reason.startswith("note: attack line 4 of yours, and you have 3 attacks")


def test_an_attack_with_more_troops_than_there_says_how_many_it_takes() -> None:
    """ "Most of the phases are similar to Standard WoK": an attack with more troops than
    its province holds takes what is there, armies first, then the upgraded troops
    (docs/rules/wok.md 9), and its note counts every kind."""
    state = make_grid()
    empty(state, 1, 1, arm=4, kni=8)
    attack = line("attack", 1, **{"from": 1, "to": 2, "armies": 30})
    (verdict,) = RULESET.accept([attack], state, 1).verdicts
    assert (verdict.accepted, verdict.reason) == (
        True,
        "note: 12 troops in province 1 Prov1 now: this attack takes what is there when it runs,"
        " at most 12, not 30",
    )


def test_a_spy_line_that_repeats_an_operation_on_a_province_says_when_it_runs() -> None:
    """ "You may only use each spy operation once per target province per turn" (ruling 13:
    a repeat is skipped once the first sent spies): the confirmation took both lines
    without a word, and counted two spy operations decided when the turn runs."""
    state = make_grid()
    empty(state, 1, 1, spy=20)
    empty(state, 2, 2, spy=1)
    spies = [
        line("spy", 1, **{"from": 1, "to": 2, "op": 3, "spies": 3}),
        line("spy", 2, **{"from": 1, "to": 2, "op": 3, "spies": 3}),
        line("spy", 3, **{"from": 1, "to": 2, "op": 1, "spies": 3}),
        line("spy", 4, **{"from": 1, "to": 7, "op": 3, "spies": 3}),
    ]
    verdicts = RULESET.accept(spies, state, 1).verdicts
    assert [(v.accepted, v.reason) for v in verdicts] == [
        (True, ""),
        (
            True,
            "note: an earlier line uses spread propaganda on province 2 Prov2 too, and each "
            "operation is used once a province a turn: this line runs only if that one "
            "sends no spies",
        ),
        (True, ""),
        (
            True,
            "note: province 7 Prov7 is neutral now, and spying on a neutral province is not "
            "allowed: this line runs only if another player takes it before the spying; if "
            "nobody does, it is skipped and costs no spies",
        ),
    ]


def test_an_eff_upgrade_that_cannot_gain_its_30_says_so() -> None:
    """A player's trial: at the start's 99 EFF, 'U1: 2' (EFF +30) was confirmed 'ok', and the
    turn took his 100 gold for nothing (EFF is at most 99). Upgrades are the turn's first
    phase, so the confirmation knows what the upgrade will gain, and says it (ruling 23)."""
    state = make_grid()
    empty(state, 1, 1, arm=20, pop=50)
    state.player(1).gold = 600
    text = render_aof(RULESET.form, HEADER, None, RULESET.form_context(state, 1))
    filled = text.replace("U1: _", "U1: 2").replace("U2: _", "U2: 2")
    parsed = read_aof(RULESET.form, filled)
    state.player(1).eff = 99
    verdicts = [(v.accepted, v.reason) for v in RULESET.accept(parsed.entries, state, 1).verdicts]
    nothing = "this upgrade gains nothing, and it costs its GOLD all the same"
    assert verdicts == [
        (True, f"note: your EFF is 99% and 99% is the most: {nothing}"),
        (
            True,
            f"note: your EFF is 99% after your earlier EFF upgrade and 99% is the most: {nothing}",
        ),
    ]
    state.player(1).eff = 50
    verdicts = [(v.accepted, v.reason) for v in RULESET.accept(parsed.entries, state, 1).verdicts]
    assert verdicts == [
        (True, ""),
        (
            True,
            "note: your EFF is 80% after your earlier EFF upgrade and 99% is the most: this"
            " upgrade gains only 19, not 30, and it costs its GOLD all the same",
        ),
    ]


def test_an_upgrade_the_player_cannot_pay_for_says_it_will_not_run() -> None:
    """ "The first upgrade of a turn costs 100 gold, the second 200": with 100 gold, 'U1: 1'
    and 'U2: 2' (EFF at 99%) were confirmed with the note 'this upgrade gains nothing, and
    it costs its gold all the same' beside the forecast's 'Would not run: upgrade EFF: it
    costs 200 gold and you have 0': the turn skips it, and it costs nothing. Upgrades are
    phase 1, so the gold the line meets is known: the note says it will not run."""
    state = make_grid()
    empty(state, 1, 1, arm=20, pop=50)
    state.player(1).gold = 100
    state.player(1).eff = 99
    text = render_aof(RULESET.form, HEADER, None, RULESET.form_context(state, 1))
    filled = text.replace("U1: _", "U1: 1").replace("U2: _", "U2: 2")
    parsed = read_aof(RULESET.form, filled)
    verdicts = [(v.accepted, v.reason) for v in RULESET.accept(parsed.entries, state, 1).verdicts]
    assert verdicts == [
        (True, ""),
        (
            True,
            "note: this upgrade will not run: it costs 200 GOLD and you have 0 left after"
            " your earlier upgrades",
        ),
    ]
    state.player(1).gold = 50  # none paid: the next line is tried at the first's price
    filled = text.replace("U1: _", "U1: 2").replace("U2: _", "U2: 3")
    parsed = read_aof(RULESET.form, filled)
    verdicts = [(v.accepted, v.reason) for v in RULESET.accept(parsed.entries, state, 1).verdicts]
    will_not = "note: this upgrade will not run: it costs 100 GOLD and you have 50"
    assert verdicts == [(True, will_not), (True, will_not)]


def test_the_form_says_a_tech_level_bought_adds_an_attack_this_turn() -> None:
    """ "1. Upgrades" runs before "3. Attacking", and "Increasing your tech level will
    unlock additional attacks": a tech level bought on the form's U lines gives an attack
    more this very turn (the turn counts them when the attacks run). The form said 'the
    first 3 valid orders run', and a fourth line written as a spare ran."""
    state = make_grid()
    empty(state, 1, 1, arm=20, pop=50)
    empty(state, 2, 1)
    text = render_aof(RULESET.form, HEADER, None, RULESET.form_context(state, 1))
    words = " ".join(text.split())
    assert (
        "3 ATTACKS: neighbouring provinces; the first 3 valid orders run, one more for each"
        " tech level bought above (7 at most);" in words
    )


def test_a_spy_line_with_no_such_operation_names_gold_as_the_report_does() -> None:
    """Round 46: an OP outside 1 to 5 was refused with Standard's list, '5 = steal gold',
    where the form, the AOF and the report write 'steal GOLD' (ruling 28)."""
    state = make_grid()
    empty(state, 1, 1, spy=20)
    empty(state, 2, 2, spy=1)
    spy = line("spy", 1, **{"from": 1, "to": 2, "op": 9, "spies": 3})
    verdict = RULESET.accept([spy], state, 1).verdicts[0]
    assert (verdict.accepted, verdict.reason) == (
        False,
        "OP must be 1 to 5: 1 = spy province, 2 = spy player, 3 = spread propaganda,"
        " 4 = false orders, 5 = steal GOLD",
    )
