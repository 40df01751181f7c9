"""The typed readers of an order entry's fields (``RawEntry.number``, ``code``, ``flag``):
the value the form read, of the kind the rules ask for; a field of another kind is a
mismatch of form and rules, said as such (a TypeError naming section and field)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from wtg.aof.orderfile import entries_from_orders
from wtg.core.orders import RawEntry
from wtg.data.datalibrary import DataLibrary


def test_the_readers_give_the_values_an_order_file_was_read_into() -> None:
    form = DataLibrary().form("wok4")
    data = {
        "player": 1,
        "turn": 1,
        "transform": [{"province": 7, "kind": 2, "amount": 12}],
        "quit": True,
    }
    entries, bad, problems = entries_from_orders(form, data)
    assert (bad, problems) == ([], [])
    transform, leave = entries
    assert transform.number("province") == 7
    assert transform.code("kind") == "POP-ARM"
    assert transform.number("amount") == 12
    assert leave.flag("flag") is True


def test_an_optional_number_left_out_is_none() -> None:
    entry = RawEntry("place", {"territory": 4}, 1)
    assert entry.number_or_none("armies") is None
    assert RawEntry("place", {"territory": 4, "armies": 3}, 1).number_or_none("armies") == 3


@pytest.mark.parametrize(
    ("value", "read", "kind"),
    [
        ("POP", RawEntry.number, "a whole number"),
        (True, RawEntry.number, "a whole number"),  # a yes is no number
        ((1, 2), RawEntry.number, "a whole number"),
        (3, RawEntry.code, "a code or a word"),
        (1, RawEntry.flag, "yes or no"),
    ],
)
def test_a_field_of_another_kind_is_a_type_error_naming_it(
    value: int | str | bool | tuple[int, int], read: Callable[[RawEntry, str], object], kind: str
) -> None:
    entry = RawEntry("move", {"unit": value}, 2)
    with pytest.raises(TypeError, match=f"move field 'unit' holds .*, not {kind}"):
        read(entry, "unit")
