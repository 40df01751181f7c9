"""A rejected line's reason names the order as the form writes it, and keeps a code's
``4 = SPY`` whole when it wraps. The WoK forms write the transformations POP->WOK,
POP->ARM, WOK->POP (their KIND help line); the reasons said POP-WOK, the name the order
file keeps. A long reason broken at its words split ``4 = SPY`` across two lines."""

from __future__ import annotations

import re
from pathlib import Path

from tests.aof.reading import read_aof
from tests.rules.builders import empty, kinds, make_state, orders, run
from wtg.aof.orderfile import entries_from_orders
from wtg.aof.values import Value
from wtg.core.orders import RawEntry
from wtg.data.forms import read_form
from wtg.rules.wok.accept import Context, check_transform
from wtg.text.prose import wrapped

ROOT = Path(__file__).resolve().parents[2]
HEADER_LINE = "GAME: demo  TURN: 1  PLAYER: 3  CODE: K7Q2M9XD"


def bad_reason(form_name: str, line: str) -> str:
    form = read_form(ROOT / "forms" / f"{form_name}.yaml")
    text = "\n".join([form.begin, HEADER_LINE, line, form.end]) + "\n"
    (verdict,) = read_aof(form, text).bad
    return verdict.reason


def test_a_wrong_kind_names_the_transformations_as_the_form_does() -> None:
    for form_name in ("wok4", "standard"):
        reason = bad_reason(form_name, "T1: 03 9 20")
        assert reason == 'KIND must be one of 1 = POP->WOK, 2 = POP->ARM, 3 = WOK->POP, found "9"'
    reason = bad_reason("intermediate", "T1: 03 9 20")
    assert "3 = WOK->POP, 4 = POP->SPY, found" in reason and not re.search("[A-Z]-[A-Z]", reason)


def test_an_order_file_s_wrong_kind_too() -> None:
    form = read_form(ROOT / "forms" / "wok4.yaml")
    wrong = {"transform": [{"province": 1, "kind": "POP-GOLD", "amount": 3}]}
    _, (verdict,), _ = entries_from_orders(form, {"player": 3, "turn": 1, **wrong})
    assert verdict.reason == (
        'kind must be one of 1 = POP->WOK, 2 = POP->ARM, 3 = WOK->POP, found "POP-GOLD"'
    )


def test_the_rules_checks_and_skips_say_the_arrow() -> None:
    state = make_state()
    empty(state, 1, 1, pop=40)
    values: dict[str, Value] = {"province": 1, "kind": "POP-SPY", "amount": 5}
    entry = RawEntry("transform", values, 1)
    ok, reason = check_transform(entry, Context(state, 1, attacks=3, aims=()))
    assert not ok and reason == "kind must be one of POP->WOK, POP->ARM, WOK->POP"
    result = run(state, orders(1, transform=[{"province": 1, "kind": "POP-GOLD", "amount": 20}]))
    (skipped,) = kinds(result, "order_skipped")
    assert skipped.reason == "there is no transformation POP->GOLD"


def test_a_wrapped_reason_keeps_a_code_and_its_number_together() -> None:
    line = (
        "line 12: REJECTED G1: 05 9: AIM must be one of 1 = DEF, 2 = LEV, 3 = MIS, "
        '4 = SPY, 5 = MIN, 6 = EFF, found "9"'
    )
    said = wrapped(line, kept=len("line 12: REJECTED G1: 05 9"))
    rows = said.split("\n")
    assert all(len(row) <= 78 for row in rows)
    assert "4 = SPY" in said and " ".join(said.split()) == " ".join(line.split())
    for row in rows:
        assert not row.rstrip().endswith(("=", " 4")) and not row.lstrip().startswith("=")
