"""Parsing a filled-in AOF: header, order lines, bad lines with reasons, positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.aof.reading import read_aof
from wtg.aof.copies import MAX_COPIES, find_copies
from wtg.aof.mailtext import MAX_LINES, mail_lines
from wtg.aof.parse import MAX_LINES_OVER, NO_FORM
from wtg.aof.render import render_aof
from wtg.core.jsondata import JsonObject
from wtg.core.orders import ParseOutcome, RawEntry
from wtg.data.forms import read_form

ROOT = Path(__file__).resolve().parents[2]
FORM = read_form(ROOT / "forms" / "wok4.yaml")
HEADER_LINE = "GAME: demo  TURN: 1  PLAYER: 3  CODE: K7Q2M9XD"
HEADER = {"game": "demo", "turn": "1", "player": "3", "code": "K7Q2M9XD"}


def form_text(*orders: str) -> str:
    """A minimal form: begin (line 1), header (line 2), orders from line 3, end."""
    return "\n".join([FORM.begin, HEADER_LINE, *orders, FORM.end]) + "\n"


def parse(*orders: str) -> ParseOutcome:
    outcome = read_aof(FORM, form_text(*orders))
    assert outcome.problems == []
    assert outcome.header == HEADER
    return outcome


def only_bad(*orders: str) -> str:
    outcome = parse(*orders)
    assert outcome.entries == []
    assert len(outcome.bad) == 1
    verdict = outcome.bad[0]
    assert not verdict.accepted
    return verdict.reason


def test_a_filled_line_becomes_an_entry() -> None:
    outcome = parse("A1: 07 12 050")
    assert outcome.bad == []
    assert outcome.entries == [
        RawEntry("attack", {"from": 7, "to": 12, "armies": 50}, 1, 3, "A1: 07 12 050")
    ]


@pytest.mark.parametrize(
    "line",
    [
        "a1 7 12 50",
        "A1. 07,12,050",
        "A1) 7, 12, 50",
        "A1:7 12 50",
        "A1 : 07 12 050",
        "A1: 07 12 050 # my note",
        "A1: 07 12 050 (main push)",
        "A1: 07 12 50_",
        "  A1:  7  12  50  ",
    ],
)
def test_ways_of_writing_a_line(line: str) -> None:
    outcome = parse(line)
    assert outcome.bad == []
    assert [e.values for e in outcome.entries] == [{"from": 7, "to": 12, "armies": 50}]


@pytest.mark.parametrize("line", ["A1x 1 2 3", "Attack 1 2 3", "1 2 3", "AA1: see you"])
def test_lines_without_a_label_are_prose(line: str) -> None:
    outcome = parse(line)
    assert (outcome.entries, outcome.bad) == ([], [])


LISTING = "(its lines start with B, A, T, M, X, G, S, L, Q or R)"


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("AA1: 1 2 3", "A1"),  # the A typed twice: was kept as prose, the attack lost
        ("XX: 100", "an X line (X1 to X5)"),
        ("Move: 2 6 3 5", "an M line (M1 to M7)"),
        ("Attacks: 07 12 050", "an A line (A1 to A7)"),
        ("Trade: 150", "an X line (X1 to X5)"),
        ("Ready: 1", "R1"),
    ],
)
def test_a_line_with_an_invented_label_in_the_form_is_answered(line: str, meant: str) -> None:
    """A label the form has not that points at one of its sections (its letter, its name),
    then numbers shaped as that section's order: an order gone wrong, rejected with the
    lines meant, where it was passed over as prose and the order lost without a word."""
    label = line.split(":")[0]
    assert only_bad(line) == f'"{label}" is no line of the form {LISTING}: did you mean {meant}?'
    assert parse(line).bad[0].entry.line == 3


@pytest.mark.parametrize(
    "line",
    ["Note: 5", "Tel: 0171 946 0958", "Mobile: 07 12 050", "Move: 2 6 3 5 8 9", "Xmas: 2026"],
)
def test_a_label_the_form_has_not_with_numbers_no_order_takes_stays_prose(line: str) -> None:
    """A note, a signature's line, or numbers no line of the section takes (too many, too
    wide): prose, as before."""
    outcome = parse(line)
    assert (outcome.entries, outcome.bad) == ([], [])


@pytest.mark.parametrize("line", ["N2: 07 06 020", "Z1: 1 2 3", "n2 7 6 20"])
def test_a_line_with_a_letter_the_form_has_not_is_rejected_not_dropped(line: str) -> None:
    """A line written like an order line never vanishes without a word."""
    reason = only_bad(line)
    letter = line[0].upper()
    assert reason == (
        f"the form has no {letter} lines (its lines start with B, A, T, M, X, G, S, L, Q or R)"
    )


MEANT_A1 = "(did you mean A1?)"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("Al: 07 12 050", '"Al" is no line of the form: its A lines are A1 to A7 ' + MEANT_A1),
        ("AI: 07 12 050", '"AI" is no line of the form: its A lines are A1 to A7 ' + MEANT_A1),
        ("A: 07 12 050", '"A" is no line of the form: its A lines are A1 to A7'),
        ("RI: 1", '"RI" is no line of the form: its R line is R1 (did you mean R1?)'),
        ("b: 2 6 1", '"b" is no line of the form: its B lines are B1 to B5'),
        ("Mo: 2 6 3 5", '"Mo" is no line of the form: its M lines are M1 to M7'),
    ],
)
def test_a_line_whose_number_is_missing_or_typed_in_letters_is_answered(
    line: str, reason: str
) -> None:
    """An l or an I typed for the 1 (or the number left out) was passed over as prose: the
    orders in the line were lost without a word."""
    assert only_bad(line) == reason


@pytest.mark.parametrize("line", ["Z: 5", "Al: I attack", "A: see below", "Note: 5"])
def test_a_label_without_a_number_stays_prose_unless_it_names_a_section(line: str) -> None:
    outcome = parse(line)
    assert (outcome.entries, outcome.bad) == ([], [])


@pytest.mark.parametrize("line", ["M 2: 07 06 1 10", "M2- 07 06 1 10", "M2= 7 6 1 10"])
def test_a_space_after_the_letter_or_a_dash_still_reads_the_line(line: str) -> None:
    outcome = parse(line)
    assert outcome.bad == []
    assert [(e.section, e.position, dict(e.values)) for e in outcome.entries] == [
        ("move", 1, {"from": 7, "to": 6, "unit": "POP", "amount": 10})
    ]


def test_a_blank_line_is_no_order_and_takes_no_position() -> None:
    outcome = parse("A1: __ __ ___", "A2: 01 02 003", "A3:", "A4: _ _ _ _")
    assert outcome.bad == []
    assert [(e.position, e.line) for e in outcome.entries] == [(1, 4)]


def test_a_partly_blank_line_is_bad() -> None:
    outcome = parse("A1: 07 12 ___")
    assert outcome.entries == []
    verdict = outcome.bad[0]
    assert verdict.reason == "the ARM field is blank (fill in all of FROM TO ARM, or none)"
    assert verdict.entry == RawEntry("attack", {"from": 7, "to": 12}, 1, 3, "A1: 07 12 ___")
    assert "the TO and ARM fields are blank" in only_bad("A1: 07")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("A1: 1x 12 050", 'FROM must be a number of at most 2 digits, found "1x"'),
        ("A1: 07 123 050", 'TO must be a number of at most 2 digits, found "123"'),
        ("A1: 07 -3 050", 'TO must be a number of at most 2 digits, found "-3"'),
        ("A1: 07 12 050 9", "expected 3 fields FROM TO ARM, found 4"),
        ("A8: 07 12 050", 'the form has only 7 A lines (A1 to A7), found "A8"'),
        ("A0: 07 12 050", 'the form has only 7 A lines (A1 to A7), found "A0"'),
        ("L2: 03", 'the form has only 1 L line (L1 to L1), found "L2"'),
        ("X1: 100 150", "expected 1 field POINTS, found 2"),
    ],
)
def test_bad_lines_say_why(line: str, reason: str) -> None:
    assert only_bad(line) == reason


def test_numbers_may_be_short_and_zero_padded() -> None:
    outcome = parse("A1: 5 5 5", "A2: 007 08 0050")
    assert [e.values for e in outcome.entries] == [
        {"from": 5, "to": 5, "armies": 5},
        {"from": 7, "to": 8, "armies": 50},
    ]


@pytest.mark.parametrize(
    "kind", ["2", "02", "POP-ARM", "pop->arm", "POP>ARM", "pop-arm", "Pop_Arm"]
)
def test_codes_by_number_or_name(kind: str) -> None:
    outcome = parse(f"T1: 03 {kind} 20")
    assert outcome.bad == []
    assert outcome.entries[0].values == {"province": 3, "kind": "POP-ARM", "amount": 20}


def test_unknown_code_lists_the_codes() -> None:
    reason = only_bad("T1: 03 9 20")
    assert reason == 'KIND must be one of 1 = POP->WOK, 2 = POP->ARM, 3 = WOK->POP, found "9"'
    assert "1 = POP, 2 = WOK, 3 = ARM, 4 = MIS, 5 = SPY" in only_bad("M1: 01 02 GOLD 05")


def test_several_field_problems_are_all_given() -> None:
    reason = only_bad("M1: 1x __ 7 05")
    assert reason.startswith("the TO field is blank")
    assert 'FROM must be a number of at most 2 digits, found "1x"' in reason
    assert "UNIT must be one of" in reason


def test_a_line_filled_twice_is_bad_and_takes_a_position() -> None:
    outcome = parse("A2: 01 02 003", "A1: 04 05 006", "A2: 07 08 009", "A3: 10 11 012")
    assert [(e.position, e.line, e.values["from"]) for e in outcome.entries] == [
        (1, 3, 1),
        (2, 4, 4),
        (4, 6, 10),
    ]
    [verdict] = outcome.bad
    assert (verdict.entry.position, verdict.entry.line) == (3, 5)
    assert verdict.reason == "A2 is filled in twice (first on line 3); the later one is ignored"


def test_bad_lines_take_positions_within_their_own_section() -> None:
    outcome = parse(
        "B1: 01 02 03", "A1: 01 02 003", "A2: 01 xx 003", "B2: 04 05 06", "A3: 04 05 006"
    )
    assert [(e.section, e.position) for e in outcome.entries] == [
        ("bomb", 1),
        ("attack", 1),
        ("bomb", 2),
        ("attack", 3),
    ]
    assert [(v.entry.section, v.entry.position, v.entry.line) for v in outcome.bad] == [
        ("attack", 2, 5)
    ]


def test_scalar_and_single_sections_keep_the_field_name() -> None:
    outcome = parse("X1: 100", "X2: 350", "L1: 00")
    assert [(e.section, e.values) for e in outcome.entries] == [
        ("trade", {"points": 100}),
        ("trade", {"points": 350}),
        ("ally", {"player": 0}),
    ]


def test_only_the_text_between_the_markers_is_read() -> None:
    text = "A1: 01 02 003\nHi GM,\n" + form_text("A2: 04 05 006") + "A3: 07 08 009\n"
    outcome = read_aof(FORM, text)
    assert outcome.problems == []
    assert [(e.values["from"], e.line) for e in outcome.entries] == [(4, 5)]


def test_without_markers_the_whole_text_is_read() -> None:
    outcome = read_aof(FORM, f"Hello\n{HEADER_LINE}\nB1: 1 2 3\n")
    assert outcome.problems == []
    assert [(e.section, e.line) for e in outcome.entries] == [("bomb", 3)]


def test_a_mistyped_line_among_orders_typed_above_the_quote_is_answered() -> None:
    """'Al: 15 11 05' typed between two order lines above the quoted report was passed
    over as prose (a line outside the form is an order only with a letter and a number):
    the attack lost without a word, where the same line in the form is answered."""
    text = (
        "My orders:\nA1: 15 10 020\nAl: 15 11 005\nG1: 19 3\nthanks, Bob\n\n"
        "On Sat, GM wrote:\n> REPORT\n"
    )
    outcome = read_aof(FORM, text)
    assert [(e.section, e.line) for e in outcome.entries] == [("attack", 2), ("aim", 4)]
    assert [(v.entry.line, v.reason) for v in outcome.bad] == [
        (3, '"Al" is no line of the form: its A lines are A1 to A7 (did you mean A1?)')
    ]


@pytest.mark.parametrize("text", ["Al: 15 11 005\n", "Bob\nP: 0171 234 567\n\nA1: 1 2 3\n"])
def test_a_mistyped_line_away_from_typed_orders_stays_prose(text: str) -> None:
    """Outside a form, such a line is answered only among order lines: alone (a
    signature's 'P: 0171 ...'), it is no order."""
    outcome = read_aof(FORM, text)
    assert outcome.bad == []


def test_a_line_with_an_invented_label_among_typed_orders_is_answered() -> None:
    """'Move: 2 6 3 5' typed under an attack above the quoted report was passed over as
    prose: the move lost without a word, the READY kept."""
    text = "A1: 15 10 020\nMove: 2 6 3 5\nR1: 1\n\nOn Sat, GM wrote:\n> REPORT\n"
    outcome = read_aof(FORM, text)
    assert [(e.section, e.line) for e in outcome.entries] == [("attack", 1), ("ready", 3)]
    assert [(v.entry.line, v.reason) for v in outcome.bad] == [
        (2, f'"Move" is no line of the form {LISTING}: did you mean an M line (M1 to M7)?')
    ]


@pytest.mark.parametrize(
    "text", ["XX: 100\n", "AA1: 1 2 3\n", "Bob\nTel: 0171 234 567\n\nA1: 1 2 3\n"]
)
def test_a_line_with_an_invented_label_away_from_typed_orders_stays_prose(text: str) -> None:
    """Outside a form such a line is answered only among order lines, as a mistyped one."""
    outcome = read_aof(FORM, text)
    assert outcome.bad == []


@pytest.mark.parametrize("text", ["", "Dear GM, I forgot my orders.\n", "\n\n\r\n", "A B C"])
def test_no_form_is_fatal(text: str) -> None:
    outcome = read_aof(FORM, text)
    assert outcome.problems == [NO_FORM]
    assert (outcome.entries, outcome.bad, outcome.header) == ([], [], {})


def test_missing_header_fields_are_named() -> None:
    outcome = read_aof(FORM, "GAME: demo TURN: 1\nA1: 01 02 003\n")
    assert outcome.header == {"game": "demo", "turn": "1"}
    assert len(outcome.problems) == 2
    assert "PLAYER" in outcome.problems[0] and "CODE" in outcome.problems[1]
    assert len(outcome.entries) == 1
    assert read_aof(FORM, "A1: __ __ ___\n").problems == [NO_FORM]  # a blank line: no form
    no_header = read_aof(FORM, "A1: 01 02 003\n")
    assert [p.split(":")[0] for p in no_header.problems] == [
        "the header has no GAME",
        "the header has no TURN",
        "the header has no PLAYER",
        "the header has no CODE",
    ]


def test_header_any_case_and_spacing() -> None:
    outcome = read_aof(FORM, "game :demo turn:12 Player : 3   code:  k7q2 (keep)\nA1:\n")
    assert outcome.problems == []
    assert outcome.header == {"game": "demo", "turn": "12", "player": "3", "code": "k7q2"}
    split = read_aof(FORM, "GAME: big game\nTURN: 2  PLAYER: 4\nCODE: X\n")
    assert split.header == {"game": "big game", "turn": "2", "player": "4", "code": "X"}


def test_line_numbers_count_original_cr_and_crlf_lines() -> None:
    text = f"{FORM.begin}\r{HEADER_LINE}\r\n\rA1: 01 02 003\nA2: 1\r\n"
    outcome = read_aof(FORM, text)
    assert [e.line for e in outcome.entries] == [4]
    assert [v.entry.line for v in outcome.bad] == [5]


def mailed(text: str, prefix: str) -> str:
    """The form as a mail client may return it: quoted, CRLF, NBSPs and tabs."""
    lines = text.split("\n")
    quoted = []
    for index, line in enumerate(lines):
        spaced = line.replace(" ", "\u00a0" if index % 2 else "\t")
        quoted.append(prefix + spaced)
    return "\r\n".join(quoted)


@pytest.mark.parametrize("prefix", ["> ", ">> ", "> > ", ">", "| ", "> | "])
def test_a_mailed_form_parses_like_the_plain_one(prefix: str) -> None:
    orders: JsonObject = {
        "attack": [{"from": 7, "to": 12, "armies": 50}],
        "ally": 3,
        "move": [{"from": 1, "to": 2, "unit": "SPY", "amount": 5}],
        "trade": [150],
    }
    plain = render_aof(FORM, HEADER, orders).replace("B2: __   __ __", "B2: 01   __ 02")
    mail = mailed(plain, prefix)
    assert "\u00a0" in mail and f"\r\n{prefix}" in mail
    expected, got = read_aof(FORM, plain), read_aof(FORM, mail)
    assert got == expected
    assert len(got.entries) == 4 and len(got.bad) == 1 and got.problems == []
    assert got.header == HEADER


def test_ready_flag_reads_yes_and_no() -> None:
    """The READY line: 1/Y/YES/X mean ready, 0/N/NO not; anything else is a bad line."""
    from wtg.aof.orderfile import orders_from_entries

    for written, expected in (
        ("1", True),
        ("y", True),
        ("YES", True),
        ("x", True),
        ("0", False),
        ("no", False),
    ):
        text = render_aof(FORM, HEADER).replace("R1: _", f"R1: {written}")
        outcome = read_aof(FORM, text)
        assert [e.values for e in outcome.entries] == [{"flag": expected}]
        orders = orders_from_entries(FORM, 1, 1, outcome.entries)
        assert orders["ready"] is expected
    bad = read_aof(FORM, render_aof(FORM, HEADER).replace("R1: _", "R1: maybe"))
    assert bad.bad and "READY must be 1 (yes) or 0 (no)" in bad.bad[0].reason


def test_a_form_with_far_more_lines_than_it_has_stops_being_read() -> None:
    """A hundred thousand order lines must not cost a verdict each: past twice the form's
    lines (and a few), one verdict says the rest was not read."""
    most = MAX_LINES_OVER + 2 * sum(section.lines for section in FORM.sections)
    outcome = parse(*(["X1: 100"] * 5000))
    assert len(outcome.entries) == 1 and len(outcome.bad) == most
    last = outcome.bad[-1]
    assert (last.entry.line, last.reason) == (
        3 + most,
        f"more than {most} order lines in one form: this line and the rest were not read",
    )


def test_copies_of_the_form_are_read_up_to_a_limit() -> None:
    text = (form_text("X1: 100") + "\n") * (MAX_COPIES + 10)
    assert len(find_copies(FORM, mail_lines(text))) == MAX_COPIES


def test_a_text_is_read_up_to_its_line_limit() -> None:
    text = "\n" * (MAX_LINES - 3) + form_text("X1: 100") + form_text("X1: 150")
    lines = mail_lines(text)
    assert len(lines) == MAX_LINES and lines[-1].number == MAX_LINES
    assert [e.values for e in read_aof(FORM, text).entries] == [{"points": 100}]
