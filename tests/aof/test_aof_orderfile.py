"""The canonical order file: entries from a dict, a dict from entries, YAML in and out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.aof.orderfile import (
    _scalar,
    entries_from_orders,
    orders_from_entries,
    orders_from_yaml,
    orders_to_yaml,
)
from wtg.core.form import FormError, form_from_data
from wtg.core.orders import RawEntry
from wtg.data.forms import read_form

ROOT = Path(__file__).resolve().parents[2]
FORM = read_form(ROOT / "forms" / "wok4.yaml")


def orders(**sections: Any) -> dict[str, Any]:
    return {"player": 3, "turn": 1, **sections}


def test_entries_from_a_good_order_file() -> None:
    data = orders(
        attack=[{"from": 12, "to": 13, "armies": 50}, {"from": 1, "to": 2, "armies": 3}],
        transform=[
            {"province": 3, "kind": 2, "amount": 20},
            {"province": 4, "kind": "wok->pop", "amount": "07"},
        ],
        trade=[100, 350],
        ally=0,
    )
    entries, bad, problems = entries_from_orders(FORM, data)
    assert (bad, problems) == ([], [])
    assert entries == [
        RawEntry("attack", {"from": 12, "to": 13, "armies": 50}, 1),
        RawEntry("attack", {"from": 1, "to": 2, "armies": 3}, 2),
        RawEntry("transform", {"province": 3, "kind": "POP-ARM", "amount": 20}, 1),
        RawEntry("transform", {"province": 4, "kind": "WOK-POP", "amount": 7}, 2),
        RawEntry("trade", {"points": 100}, 1),
        RawEntry("trade", {"points": 350}, 2),
        RawEntry("ally", {"player": 0}, 1),
    ]
    assert all(e.line is None for e in entries)


@pytest.mark.parametrize(
    ("section", "value", "words"),
    [
        ("attack", ["12 13 50"], "each attack order must be a mapping of from, to, armies"),
        ("attack", [{"from": 1, "to": 2, "armies": 3, "army": 4}], "unknown field 'army'"),
        ("attack", [{"from": 1, "to": 2}], "missing field 'armies'"),
        (
            "attack",
            [{"from": 1, "to": 2, "armies": 1000}],
            "armies must be a number from 0 to 999, found 1000",
        ),
        ("attack", [{"from": -1, "to": 2, "armies": 3}], "from must be a number from 0 to 99"),
        ("attack", [{"from": True, "to": 2, "armies": 3}], "from must be a number, found True"),
        ("attack", [{"from": 1.5, "to": 2, "armies": 3}], "from must be a number, found 1.5"),
        (
            "transform",
            [{"province": 1, "kind": "POP-GOLD", "amount": 3}],
            'kind must be one of 1 = POP->WOK, 2 = POP->ARM, 3 = WOK->POP, found "POP-GOLD"',
        ),
        ("transform", [{"province": 1, "kind": 7, "amount": 3}], "kind must be one of"),
        ("trade", [100, 1000], "points must be a number from 0 to 999"),
        ("trade", [100, 150, 200, 250, 350, 100], "the form has only 5 trade lines"),
        ("ally", "x3", 'player must be a number of at most 2 digits, found "x3"'),
    ],
)
def test_bad_entries_say_why(section: str, value: Any, words: str) -> None:
    entries, bad, problems = entries_from_orders(FORM, orders(**{section: value}))
    assert problems == []
    assert len(bad) == 1
    verdict = bad[0]
    assert words in verdict.reason
    assert not verdict.accepted
    assert verdict.entry.section == section and verdict.entry.line is None
    assert verdict.entry.position == (len(value) if isinstance(value, list) else 1)
    assert len(entries) == (len(value) - 1 if isinstance(value, list) else 0)


def test_bad_entry_keeps_what_could_be_read() -> None:
    _, bad, _ = entries_from_orders(FORM, orders(attack=[{"from": 1, "to": "x", "armies": 3}]))
    assert bad[0].entry.values == {"from": 1, "armies": 3}
    assert bad[0].describe().startswith("attack #1: REJECTED ATTACK from=1 to='x' armies=3")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([1, 2], "must be a mapping"),
        ({"turn": 1}, "the order file has no 'player'"),
        ({"player": 3}, "the order file has no 'turn'"),
        ({"player": "3", "turn": 1}, "'player' must be an integer, found '3'"),
        ({"player": 3, "turn": True}, "'turn' must be an integer, found True"),
        (orders(atack=[]), "unknown section 'atack' (the form has bomb, attack,"),
        (orders(attack=5), "'attack' must be a list of orders, found 5"),
    ],
)
def test_fatal_problems(data: Any, words: str) -> None:
    _, _, problems = entries_from_orders(FORM, data)
    assert len(problems) == 1
    assert words in problems[0]


def test_orders_from_entries_in_form_and_position_order() -> None:
    entries = [
        RawEntry("ally", {"player": 5}, 1),
        RawEntry("attack", {"from": 3, "to": 4, "armies": 5}, 2, 9),
        RawEntry("trade", {"points": 150}, 1),
        RawEntry("attack", {"armies": 2, "to": 1, "from": 9}, 1, 8),
        RawEntry("transform", {"province": 1, "kind": 3, "amount": 9}, 1),
    ]
    built = orders_from_entries(FORM, 3, 1, entries)
    assert built == {
        "player": 3,
        "turn": 1,
        "attack": [{"from": 9, "to": 1, "armies": 2}, {"from": 3, "to": 4, "armies": 5}],
        "transform": [{"province": 1, "kind": "WOK-POP", "amount": 9}],
        "trade": [150],
        "ally": 5,
    }
    assert list(built) == ["player", "turn", "attack", "transform", "trade", "ally"]
    attacks = built["attack"]
    assert isinstance(attacks, list) and isinstance(attacks[0], dict)
    assert list(attacks[0]) == ["from", "to", "armies"]
    assert orders_from_entries(FORM, 3, 1, []) == {"player": 3, "turn": 1}


def test_orders_from_entries_refuses_what_does_not_fit() -> None:
    with pytest.raises(ValueError, match="unknown sections"):
        orders_from_entries(FORM, 3, 1, [RawEntry("atack", {}, 1)])
    two = [RawEntry("ally", {"player": 1}, 1), RawEntry("ally", {"player": 2}, 2)]
    with pytest.raises(ValueError, match="'ally' takes one order"):
        orders_from_entries(FORM, 3, 1, two)
    with pytest.raises(ValueError, match=r"armies must be a number"):
        orders_from_entries(FORM, 3, 1, [RawEntry("attack", {"from": 1, "to": 2}, 1)])


def test_yaml_shape_and_round_trip() -> None:
    data = orders(
        attack=[{"from": 12, "to": 13, "armies": 50}],
        transform=[{"province": 3, "kind": "POP-ARM", "amount": 20}],
        trade=[100, 350],
        ally=3,
    )
    text = orders_to_yaml(data)
    assert text == (
        "player: 3\nturn: 1\nattack:\n- {from: 12, to: 13, armies: 50}\n"
        "transform:\n- {province: 3, kind: POP-ARM, amount: 20}\n"
        "trade: [100, 350]\nally: 3\n"
    )
    assert orders_from_yaml(text) == (data, [])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("attack: [", "not valid YAML"),
        ("", "empty"),
        ("- 1\n- 2\n", "must be a mapping, found list"),
    ],
)
def test_unreadable_yaml_gives_problems(text: str, words: str) -> None:
    data, problems = orders_from_yaml(text)
    assert data is None
    assert len(problems) == 1 and words in problems[0]


LISTED = form_from_data(
    {
        "ruleset": "t",
        "title": "T",
        "begin": "BEGIN",
        "end": "END",
        "sections": [
            {
                "key": "trade",
                "label": "T",
                "title": "cards",
                "lines": 2,
                "listed": True,
                "fields": [{"name": f"card{i}", "title": "CARD", "width": 2} for i in (1, 2, 3)],
            }
        ],
    }
)


def test_a_listed_section_takes_and_writes_lists_of_values() -> None:
    """A ``listed`` section's order is the list of its values: ``trade: [[12, 30, 43]]``."""
    entries, bad, problems = entries_from_orders(LISTED, orders(trade=[[12, 30, "43"]]))
    assert (bad, problems) == ([], [])
    assert entries == [RawEntry("trade", {"card1": 12, "card2": 30, "card3": 43}, 1)]
    canonical = orders_from_entries(LISTED, 3, 1, entries)
    assert canonical["trade"] == [[12, 30, 43]]
    text = orders_to_yaml(canonical)
    assert "trade: [[12, 30, 43]]" in text
    assert orders_from_yaml(text)[0] == canonical


def test_a_listed_order_of_the_wrong_length_is_rejected() -> None:
    entries, bad, _ = entries_from_orders(LISTED, orders(trade=[[1, 2], {"card1": 1}]))
    assert entries == []
    assert "each trade order is a list of 3 values" in bad[0].reason
    assert "missing field 'card2'" in bad[1].reason


def test_listed_and_scalar_do_not_mix() -> None:
    data = {
        "ruleset": "t",
        "title": "T",
        "begin": "BEGIN",
        "end": "END",
        "sections": [
            {
                "key": "x",
                "label": "X",
                "title": "x",
                "lines": 1,
                "listed": True,
                "scalar": "a",
                "fields": [{"name": "a", "title": "A", "width": 1}],
            }
        ],
    }
    with pytest.raises(FormError, match="a 'listed' section cannot be 'scalar'"):
        form_from_data(data)


def plain_yaml(orders: dict[str, Any]) -> str:
    """``orders_to_yaml`` as it reads without its shortcuts: every value through _scalar."""
    lines = []
    for key, value in orders.items():
        if isinstance(value, list) and any(isinstance(item, dict) for item in value):
            lines.append(f"{key}:")
            for item in value:
                if isinstance(item, dict):
                    pairs = ", ".join(f"{k}: {_scalar(v)}" for k, v in item.items())
                    lines.append(f"- {{{pairs}}}")
                else:
                    lines.append(f"- {_scalar(item)}")
        elif isinstance(value, list):
            lines.append(f"{key}: [{', '.join(_scalar(item) for item in value)}]")
        else:
            lines.append(f"{key}: {_scalar(value)}")
    return "\n".join(lines) + "\n"


_SCALARS = st.one_of(
    st.integers(-5, 10**6),
    st.booleans(),
    st.sampled_from(["POP-ARM", "WOK", "LEV", "YES", "null", "a b", "Ü", "x: y"]),
    st.text(max_size=6).filter(lambda text: "\0" not in text),
)
_ITEMS = st.one_of(_SCALARS, st.dictionaries(st.sampled_from(["from", "to", "kind"]), _SCALARS))


@settings(max_examples=300, deadline=None, database=None)
@given(st.dictionaries(st.sampled_from(["attack", "trade", "aim", "ally"]), st.lists(_ITEMS)))
def test_the_order_files_text_is_the_plain_one(sections: dict[str, Any]) -> None:
    """A code name's text kept, a list of orders known by its first: the same text as
    each value through _scalar (twice: the second time from what was kept)."""
    data = orders(**sections)
    assert orders_to_yaml(data) == plain_yaml(data)
    assert orders_to_yaml(data) == plain_yaml(data)
