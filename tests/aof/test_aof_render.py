"""Rendering a blank or pre-filled AOF."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.aof.reading import read_aof
from wtg.aof.render import fill_placeholders, header_line, render_aof
from wtg.data.forms import read_form
from wtg.rules.wok.limits import POP_ARM_ORDERS

ROOT = Path(__file__).resolve().parents[2]
FORM = read_form(ROOT / "forms" / "wok4.yaml")
HEADER = {"game": "demo", "turn": 1, "player": 3, "code": "K7Q2M9XD"}
ORDERS: dict[str, Any] = {
    "player": 3,
    "turn": 1,
    "attack": [{"from": 7, "to": 12, "armies": 50}, {"from": 1, "to": 2, "armies": 999}],
    "transform": [{"province": 3, "kind": "POP-ARM", "amount": 20}],
    "trade": [100, 350],
    "ally": 0,
}


def test_blank_form_layout() -> None:
    text = render_aof(FORM, HEADER)
    lines = text.split("\n")
    assert text.endswith("=== END AOF ===\n")
    assert lines[:3] == [
        "=== BEGIN AOF ===",
        "WORLD OF KAOMARIS IV - THE FINAL CONFLICT - AUTOMATED ORDER FORM",
        "GAME: demo  TURN: 1  PLAYER: 3  CODE: K7Q2M9XD",
    ]
    assert lines[3].startswith("Fill in the blanks")
    assert lines[-3:] == ["", "=== END AOF ===", ""]
    assert all(line == line.rstrip() for line in lines)
    for section in FORM.sections:
        own = [line for line in lines if line[:1] == section.label and line[1:2].isdigit()]
        assert len(own) == section.lines
    assert "B1: __   __ __" in lines
    assert "A7: __   __ ___" in lines
    assert "M1: __   __ _    __" in lines
    assert "L1: __" in lines


def test_section_block_order_title_help_columns() -> None:
    lines = render_aof(FORM, HEADER).split("\n")
    at = lines.index("PHASE IV - TRANSFORMATIONS: at most 50 units each, at most 3")
    assert lines[at - 1] == ""
    assert lines[at + 1] == "  POP->ARM lines"
    assert lines[at + 2] == "KIND 1 = POP->WOK (2 POP make 1 WOK), 2 = POP->ARM (4 POP make 1 ARM),"
    assert lines[at + 3] == "  3 = WOK->POP (2 WOK make 1 POP)"
    assert lines[at + 4] == "    PROV KIND UNITS"
    assert lines[at + 5] == "T1: __   _    __"


@pytest.mark.parametrize("ruleset", ["wok4", "standard", "intermediate"])
def test_the_pop_arm_limit_is_said_in_lines(ruleset: str) -> None:
    """'at most 50 units each, at most 3 POP->ARM' read as three POP made into ARM: the
    limit is of lines ("max 3 times per turn"; WoK IV: "the limit of 3 Population into
    Armies Transformations per Turn"), and the confirmation refuses a fourth line."""
    form = read_form(ROOT / "forms" / f"{ruleset}.yaml")
    (title,) = [s.title for s in form.sections if s.key == "transform"]
    assert f"at most {POP_ARM_ORDERS} POP->ARM lines" in title


def test_fields_align_under_column_titles() -> None:
    lines = render_aof(FORM, HEADER, ORDERS).split("\n")
    titles = lines[lines.index("A1: 07   12 050") - 1]
    assert titles == "    FROM TO ARM"
    assert titles.index("TO") == "A1: 07   12 050".index("12")
    assert titles.index("ARM") == "A1: 07   12 050".index("050")


def test_prefilled_lines_are_zero_padded_and_coded() -> None:
    lines = render_aof(FORM, HEADER, ORDERS).split("\n")
    for expected in (
        "A1: 07   12 050",
        "A2: 01   02 999",
        "A3: __   __ ___",
        "T1: 03   2    20",
        "X1: 100",
        "X2: 350",
        "X3: ___",
        "L1: 00",
    ):
        assert expected in lines


def test_context_fills_titles_and_keeps_unknown_placeholders() -> None:
    text = render_aof(FORM, HEADER, context={"attacks": 3})
    words = " ".join(text.split())
    assert "the first 3 accepted lines count this turn (a rejected line takes none)" in words
    assert "(you have {tech})" in words
    text = render_aof(FORM, HEADER, context={"attacks": 4, "tech": 275})
    assert "(you have 275)" in " ".join(text.split())
    assert fill_placeholders("{a:03d} {b:>3} {c!r} {{d}}", {"a": 1}) == "001 {b:>3} {c!r} {d}"
    assert fill_placeholders("odd { brace {a}", {"a": 1}) == "odd { brace {a}"


@pytest.mark.parametrize("ruleset", ["wok4", "standard", "intermediate", "wisk", "tactics"])
def test_a_form_fits_72_columns_and_its_prose_reads_as_no_order(ruleset: str) -> None:
    """The form is replied to: quoted with "> " its lines stay within a mail's 78 columns.
    A title or help line too long is broken at its words (a help line between its
    choices), and the broken lines read as no order or setting, filled in or not."""
    form = read_form(ROOT / "forms" / f"{ruleset}.yaml")
    context = {"attacks": 3, "tech": 275, "gold": 1200, "wood": 40, "army_size": 12}
    text = render_aof(form, HEADER, context=context)
    assert max(len(line) for line in text.splitlines()) <= 72
    continued = [line for line in text.splitlines() if line.startswith("  ") and line[2] != " "]
    assert continued, "a long title or help line of this form is broken"
    for line in continued:
        quoted = "> " + line
        assert len(quoted) <= 78
    outcome = read_aof(form, text)
    assert (outcome.entries, outcome.bad, outcome.settings) == ([], [], [])
    assert outcome.problems == []
    assert outcome.header["code"] == "K7Q2M9XD"


def test_a_help_line_keeps_each_choice_whole() -> None:
    lines = render_aof(FORM, HEADER).split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("OP 1 = "))
    assert lines[at : at + 2] == [
        "OP 1 = spy a province, 2 = spy a player (neighbour),",
        "  3 = sabotage missiles, 4 = sabotage defenses, 5 = steal population",
    ]


def test_same_input_same_bytes() -> None:
    assert render_aof(FORM, HEADER, ORDERS, {"attacks": 3}) == render_aof(
        FORM, dict(HEADER), dict(ORDERS), {"attacks": 3}
    )


def test_header_turn_and_player_print_as_integers() -> None:
    line = header_line({"game": "demo", "turn": "07", "player": 3, "code": "K7"})
    assert line == "GAME: demo  TURN: 7  PLAYER: 3  CODE: K7"
    with pytest.raises(ValueError, match="code"):
        header_line({"game": "demo", "turn": 1, "player": 3})
    with pytest.raises(ValueError, match="turn must be an integer"):
        header_line({"game": "demo", "turn": "one", "player": 3, "code": "K7"})


@pytest.mark.parametrize(
    ("orders", "words"),
    [
        ({"atack": []}, "unknown section 'atack'"),
        ({"trade": [1, 2, 3, 4, 5, 6]}, "only 5 trade lines"),
        ({"transform": [{"province": 3, "kind": "POP-POP", "amount": 1}]}, "kind must be one of"),
        ({"attack": [{"from": 7, "to": 12, "armies": 1000}]}, "armies must be a number"),
    ],
)
def test_orders_that_do_not_fit_are_refused(orders: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        render_aof(FORM, HEADER, orders)


def test_blank_form_parses_to_nothing_but_the_header() -> None:
    outcome = read_aof(FORM, render_aof(FORM, HEADER, context={"attacks": 3}))
    assert outcome.entries == []
    assert outcome.bad == []
    assert outcome.problems == []
    assert outcome.header == {"game": "demo", "turn": "1", "player": "3", "code": "K7Q2M9XD"}


def test_a_turns_form_may_leave_sections_out_and_fill_help_lines() -> None:
    """The form context names sections this turn cannot use (``OMIT``) and fills
    ``{placeholders}`` in help lines as in titles."""
    from wtg.aof.render import OMIT
    from wtg.core.form import form_from_data

    spec = {
        "ruleset": "test",
        "title": "TEST AOF",
        "begin": "=== BEGIN AOF ===",
        "end": "=== END AOF ===",
        "instructions": "Fill in the blanks.",
        "sections": [
            {"key": "move", "label": "M", "title": "MOVE", "help": "{move_help}", "lines": 1,
             "fields": [{"name": "to", "title": "TO", "width": 2}]},
            {"key": "attack", "label": "A", "title": "ATTACK", "lines": 2,
             "fields": [{"name": "to", "title": "TO", "width": 2}]},
        ],
    }  # fmt: skip
    form = form_from_data(spec)
    full = render_aof(form, HEADER, None, {"move_help": "Up to 3 moves."})
    assert "MOVE\nUp to 3 moves.\n    TO\nM1: __\n" in full and "A2: __" in full
    short = render_aof(form, HEADER, None, {"move_help": "One move.", OMIT: ("attack",)})
    assert "One move." in short and "ATTACK" not in short and "A1:" not in short
    assert read_aof(form, short.replace("M1: __", "M1: 07")).entries[0].values == {"to": 7}
