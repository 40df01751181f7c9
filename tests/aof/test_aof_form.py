"""The form spec: loading forms/wok4.yaml and rejecting broken specs with every problem."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from wtg.core.form import FieldSpec, FormError, form_from_data
from wtg.data.forms import read_form
from wtg.text.yamlio import dump_yaml, load_yaml

ROOT = Path(__file__).resolve().parents[2]
WOK4 = ROOT / "forms" / "wok4.yaml"


def wok4_data() -> dict[str, Any]:
    data = load_yaml(WOK4.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return copy.deepcopy(data)


def problems_of(data: object) -> list[str]:
    with pytest.raises(FormError) as caught:
        form_from_data(data, "test.yaml")
    return caught.value.problems


def test_wok4_loads_with_its_sections() -> None:
    form = read_form(WOK4)
    assert form.ruleset == "wok4"
    assert form.begin == "=== BEGIN AOF ==="
    assert form.end == "=== END AOF ==="
    assert [s.key for s in form.sections] == [
        "bomb",
        "attack",
        "transform",
        "move",
        "trade",
        "aim",
        "spy",
        "ally",
        "quit",
        "ready",
    ]
    ready = form.section("ready")
    assert ready is not None and ready.single and ready.fields[0].flag
    attack = form.section("attack")
    assert attack is not None
    assert (attack.label, attack.lines, attack.titles) == ("A", 7, "FROM TO ARM")
    assert attack.fields[2] == FieldSpec("armies", "ARM", 3, None)
    assert attack.fields[2].limit == 999


def test_lookups_by_key_and_label() -> None:
    form = read_form(WOK4)
    assert form.by_label("a") is form.section("attack")
    assert form.by_label("L") is form.section("ally")
    assert form.by_label("Z") is None
    assert form.section("nope") is None


def test_codes_scalar_and_single() -> None:
    form = read_form(WOK4)
    transform = form.section("transform")
    trade = form.section("trade")
    ally = form.section("ally")
    assert transform is not None and trade is not None and ally is not None
    kind = transform.field_named("kind")
    assert kind is not None and kind.codes is not None
    assert dict(kind.codes) == {1: "POP-WOK", 2: "POP-ARM", 3: "WOK-POP"}
    assert (trade.scalar, trade.single) == ("points", False)
    assert (ally.scalar, ally.single, ally.lines) == ("player", True, 1)
    assert transform.help is not None and transform.help.startswith("KIND 1")


def test_form_error_is_a_value_error_naming_the_source() -> None:
    with pytest.raises(ValueError, match=r"test\.yaml"):
        form_from_data([], "test.yaml")


def test_missing_file_is_a_form_error() -> None:
    with pytest.raises(FormError, match="cannot read"):
        read_form(ROOT / "forms" / "no-such-form.yaml")


def test_every_problem_is_listed() -> None:
    data = wok4_data()
    del data["end"]
    data["colour"] = "red"
    sections = data["sections"]
    sections[1]["label"] = "B"
    sections[2]["key"] = "bomb"
    sections[0]["fields"][0]["width"] = 0
    sections[4]["scalar"] = "pts"
    sections[5]["lines"] = 0
    sections[2]["fields"][1]["codes"] = {"1": "POP-WOK"}
    del sections[6]["fields"][0]["title"]
    problems = problems_of(data)
    text = "\n".join(problems)
    assert "the form has no 'end'" in problems
    assert "unknown key 'colour'" in text
    assert "section label 'B' is used more than once" in text
    assert "section key 'bomb' is used more than once" in text
    assert "'width' must be an integer of at least 1, found 0" in text
    assert "'scalar' names no field of the section: 'pts'" in text
    assert "'lines' must be an integer of at least 1, found 0" in text
    assert "code '1' must be an integer" in text
    assert "section 7 (spy) field 1 (from) has no 'title'" in text
    assert len(problems) == 9


def test_more_spec_checks() -> None:
    data = wok4_data()
    sections = data["sections"]
    sections[7]["lines"] = 2
    sections[4]["fields"].append({"name": "extra", "title": "EX", "width": 1})
    sections[3]["fields"][2]["codes"] = {1: "POP", 2: "pop", 10: "WOK"}
    sections[0]["label"] = "BB"
    sections[1]["key"] = "player"
    text = "\n".join(problems_of(data))
    assert "a 'single' section must have 'lines: 1'" in text
    assert "a 'scalar' section must have exactly one field" in text
    assert "code name 'pop' must be upper-case" in text
    assert "code 10 does not fit in 1 digit" in text and "digit(s)" not in text
    assert "'label' must be a single letter" in text
    assert "other than player/turn" in text


def test_prose_that_reads_as_an_order_or_header_is_refused(tmp_path: Path) -> None:
    data = wok4_data()
    data["instructions"] = "A1 is your first attack.\n"
    text = "\n".join(problems_of(data))
    assert "'A1 is your first attack.' would be read as an order line" in text
    data["instructions"] = "Write your CODE: here.\n"
    path = tmp_path / "form.yaml"
    path.write_text(dump_yaml(data), encoding="utf-8")
    with pytest.raises(FormError) as caught:  # the header, by the order path's own reader
        read_form(path)
    assert caught.value.problems == [
        "the form text 'Write your CODE: here.' would be read as the header"
    ]


def test_not_a_mapping_and_empty_sections() -> None:
    assert problems_of("just text") == ["the spec must be a mapping"]
    data = wok4_data()
    data["sections"] = []
    assert "the form: 'sections' must be a non-empty list" in problems_of(data)
