"""Field kinds beyond numbers, codes and flags: a grid tile (``coord``: X/Y on the form,
[x, y] in the order file), a name (``word``), and fields that may be left blank
(``optional``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.aof.reading import read_aof
from wtg.aof.orderfile import entries_from_orders, orders_from_entries, orders_to_yaml
from wtg.aof.render import render_aof
from wtg.aof.values import check_value, read_token, render_value
from wtg.core.form import FieldSpec, FormError, form_from_data
from wtg.core.jsondata import JsonObject

TILE = FieldSpec("to", "TO", 2, coord=True)
NAME = FieldSpec("kind", "PIECE", 8, word=True)

SPEC: dict[str, Any] = {
    "ruleset": "grid",
    "title": "GRID FORM",
    "begin": "=== BEGIN AOF ===",
    "end": "=== END AOF ===",
    "sections": [
        {
            "key": "moves",
            "label": "M",
            "title": "MOVES",
            "lines": 3,
            "fields": [
                {"name": "piece", "title": "PIECE", "width": 2},
                {"name": "to", "title": "TO", "width": 2, "coord": True},
                {"name": "attack", "title": "ATTACK", "width": 2, "coord": True, "optional": True},
            ],
        },
        {
            "key": "army",
            "label": "A",
            "title": "ARMY",
            "lines": 2,
            "scalar": "kind",
            "fields": [{"name": "kind", "title": "PIECE", "width": 8, "word": True}],
        },
    ],
}
HEADER = {"game": "g", "turn": 2, "player": 1, "code": "C"}


@pytest.mark.parametrize("token", ["5/7", "05/07", "5.7", "5:7", "5x7", "05 / 07"])
def test_a_tile_is_read_from_x_slash_y_and_its_cousins(token: str) -> None:
    assert read_token(TILE, token) == ((5, 7), "")


@pytest.mark.parametrize("token", ["5", "5/", "/7", "123/4", "a/b", "5-7"])
def test_a_bad_tile_says_how_to_write_it(token: str) -> None:
    value, reason = read_token(TILE, token)
    assert value is None
    assert reason.startswith("TO must be a tile as X/Y (e.g. 03/07), found")


def test_a_tile_in_the_order_file_is_a_pair() -> None:
    assert check_value(TILE, [3, 4]) == ((3, 4), "")
    assert check_value(TILE, (3, 4)) == ((3, 4), "")
    assert check_value(TILE, "3/4") == ((3, 4), "")
    assert check_value(TILE, [3, 100])[0] is None
    assert check_value(TILE, [3, True])[0] is None
    assert check_value(TILE, 34) == (None, "to must be a tile [x, y], found 34")
    assert render_value(TILE, (3, 14)) == "03/14"
    with pytest.raises(ValueError):
        render_value(TILE, 3)


def test_a_word_is_a_name_or_number_in_capitals() -> None:
    assert read_token(NAME, "Griffin") == ("GRIFFIN", "")
    assert read_token(NAME, "stone-go") == ("STONE-GO", "")
    assert check_value(NAME, 3) == ("3", "")
    assert read_token(NAME, "much-too-long")[0] is None
    assert read_token(NAME, "-x")[0] is None
    assert render_value(NAME, "wolf") == "WOLF"


def test_a_field_is_of_one_kind_only() -> None:
    spec = {**SPEC, "sections": [dict(SPEC["sections"][0])]}
    spec["sections"][0]["fields"] = [
        {"name": "to", "title": "TO", "width": 2, "coord": True, "word": True},
        {"name": "at", "title": "AT", "width": 2, "coord": "yes"},
    ]
    with pytest.raises(FormError) as caught:
        form_from_data(spec, "grid.yaml")
    assert caught.value.problems == [
        "section 1 (moves) field 1 (to): a field is one of 'codes', 'flag', 'coord' or 'word'",
        "section 1 (moves) field 2 (at): 'coord' must be true or false, found 'yes'",
    ]


def test_a_listed_section_takes_no_optional_field() -> None:
    spec = {**SPEC, "sections": [{**SPEC["sections"][0], "listed": True}]}
    with pytest.raises(FormError) as caught:
        form_from_data(spec, "grid.yaml")
    assert caught.value.problems == [
        "section 1 (moves): a 'listed' section's fields cannot be 'optional' "
        "(its orders are lists: a blank would shift the values after it)"
    ]


def test_blank_tiles_and_optional_fields_round_trip_through_the_form() -> None:
    form = form_from_data(SPEC)
    blank = render_aof(form, HEADER)
    assert "M1: __    __/__ __/__" in blank
    orders: JsonObject = {
        "player": 1,
        "turn": 2,
        "moves": [{"piece": 7, "to": [1, 2], "attack": [1, 3]}, {"piece": 8, "to": [4, 4]}],
        "army": ["WOLF", "KNIGHT"],
    }
    text = render_aof(form, HEADER, orders)
    assert "M2: 08    04/04 __/__" in text
    outcome = read_aof(form, text)
    assert outcome.bad == [] and outcome.problems == []
    assert orders_from_entries(form, 1, 2, outcome.entries) == orders


def test_an_optional_field_may_be_absent_or_null_in_the_order_file() -> None:
    form = form_from_data(SPEC)
    data = {
        "player": 1,
        "turn": 2,
        "moves": [{"piece": 7, "to": [1, 2], "attack": None}, {"piece": 8, "to": [4, 4]}],
    }
    entries, bad, problems = entries_from_orders(form, data)
    assert bad == [] and problems == []
    orders = orders_from_entries(form, 1, 2, entries)
    assert orders["moves"] == [{"piece": 7, "to": [1, 2]}, {"piece": 8, "to": [4, 4]}]
    assert orders_to_yaml(orders) == (
        "player: 1\nturn: 2\nmoves:\n- {piece: 7, to: [1, 2]}\n- {piece: 8, to: [4, 4]}\n"
    )
    _, bad, _ = entries_from_orders(form, {"player": 1, "turn": 2, "moves": [{"piece": 7}]})
    assert [v.reason for v in bad] == ["missing field 'to'"]


def test_a_number_too_wide_for_its_field_names_the_digits() -> None:
    """It said ``does not fit in 1 digit(s)``."""
    with pytest.raises(ValueError, match=r"^dice: 10 does not fit in 1 digit$"):
        render_value(FieldSpec("dice", "DICE", 1), 10)
    with pytest.raises(ValueError, match=r"^armies: 1000 does not fit in 3 digits$"):
        render_value(FieldSpec("armies", "ARMIES", 3), 1000)
