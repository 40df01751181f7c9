"""YAML 1.1 reads ``yes``, ``no``, ``on`` and ``off`` as booleans; wtg reads them as the
words they are (YAML 1.2): only ``true`` and ``false`` are yes/no in a form, a map, a
game's files or an order file."""

from __future__ import annotations

import pytest

from wtg.aof.orderfile import entries_from_orders, orders_from_yaml
from wtg.core.form import FormError, form_from_data
from wtg.text.yamlio import load_untrusted_yaml, load_yaml

FORM = """
ruleset: toy
title: TOY ORDER FORM
begin: "=== BEGIN AOF ==="
end: "=== END AOF ==="
sections:
  - key: vote
    label: V
    title: "VOTES: on a motion"
    lines: 2
    fields:
      - {name: motion, title: MOTION, width: 1, codes: {1: YES, 2: NO, 3: ON, 4: OFF}}
      - {name: loud, title: LOUD, width: 1, flag: true}
"""


def test_code_names_that_are_yaml_1_1_booleans_stay_names() -> None:
    form = form_from_data(load_yaml(FORM), "toy.yaml")
    codes = form.sections[0].fields[0].codes
    assert codes is not None
    assert dict(codes) == {1: "YES", 2: "NO", 3: "ON", 4: "OFF"}


def test_keys_no_and_yes_stay_words() -> None:
    assert load_yaml("no: 1\nyes: 2\non: 3\noff: 4\ny: 5\nn: 6\n") == {
        "no": 1,
        "yes": 2,
        "on": 3,
        "off": 4,
        "y": 5,
        "n": 6,
    }
    assert load_yaml("[true, false, True, FALSE, yes, no, On]") == [
        True,
        False,
        True,
        False,
        "yes",
        "no",
        "On",
    ]


def test_a_form_with_a_yes_flag_or_a_no_key_is_refused_by_its_words() -> None:
    text = FORM.replace("flag: true", "flag: yes") + "no: 1\n"
    data = load_yaml(text)
    with pytest.raises(FormError) as caught:
        form_from_data(data, "toy.yaml")
    problems = caught.value.problems
    assert "the form has an unknown key 'no'" in problems
    assert any("(loud): 'flag' must be true or false" in p for p in problems), problems


def test_an_order_file_reads_yes_and_no_for_a_flag_and_codes_by_name() -> None:
    form = form_from_data(load_yaml(FORM), "toy.yaml")
    data, problems = orders_from_yaml(
        "player: 1\nturn: 1\nvote:\n- {motion: NO, loud: yes}\n- {motion: off, loud: no}\n"
    )
    assert problems == []
    entries, bad, fatal = entries_from_orders(form, data)
    assert (bad, fatal) == ([], [])
    assert [dict(e.values) for e in entries] == [
        {"motion": "NO", "loud": True},
        {"motion": "OFF", "loud": False},
    ]
    assert load_untrusted_yaml("quit: true\nready: yes\n") == {"quit": True, "ready": "yes"}
