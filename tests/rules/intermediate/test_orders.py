"""Intermediate WoK's orders: the AOF with its Upgrade Troops section, POP->SPY, CHO, the
troop units of movement, and the order file of the contract."""

from __future__ import annotations

from tests.rules.builders import empty
from tests.rules.intermediate.grid import make_grid
from wtg.aof.parse import parse_aof
from wtg.aof.render import render_aof
from wtg.rules.intermediate import RULESET

HEADER = {"game": "g", "turn": 6, "player": 1, "code": "SECRET"}


def test_the_form_has_the_sections_of_the_turn() -> None:
    """The AOF follows the phases: upgrades first, then bombing, attacks, transformations,
    Upgrade Troops (a section of its own), movement, aims, spying; the vote and READY."""
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
    parsed = parse_aof(RULESET.form, filled)
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
    from wtg.rules.standard import RULESET as STANDARD

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
    from wtg.mail.compose import render

    state = make_grid()
    empty(state, 1, 1, arm=10)
    empty(state, 2, 1)
    planned = {
        "player": 1,
        "turn": 6,
        "upgrade_troops": [{"province": 1, "from": "ARM", "to": "KNI", "amount": 4}],
        "move": [{"from": 1, "to": 2, "unit": "KNI", "amount": 3}],
    }
    forecast = RULESET.forecast(state, planned, 1)
    assert forecast["wood"] == 80
    assert [(p.id, p.arm, p.kni) for p in forecast["provinces"]] == [(1, 6, 1), (2, 0, 3)]
    text = render(
        "confirmation",
        game="g",
        ruleset="intermediate",
        turn=6,
        side=state.player(1),
        superseded=False,
        received="now",
        deadline=None,
        ready=False,
        accepted=2,
        rejected=0,
        verdicts=[],
        forecast=forecast,
        masked_code="S****T",
    )
    assert "WOOD 80; troops by kind (ARM PIK ARC KNI CAT): 1: 6 0 0 1 0; 2: 0 0 0 3 0." in text
