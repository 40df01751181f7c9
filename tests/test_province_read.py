"""``Province.from_dict`` reads a province of the twelve keys every ruleset writes
positionally (a poll's first mail for a game reads sixty of them): the same province, or
the same error, as the full read of any province (``Province._read``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.state import Province

_PROVINCE: JsonObject = {
    "id": 7,
    "name": "Corrowmere",
    "owner": 2,
    "pop": 118,
    "wok": 16,
    "arm": 5,
    "lev": 1.25,
    "def": 0.3,
    "mis": 1,
    "spy": 0,
    "aim": "DEF",
    "neighbours": [2, 5, 6],
}
_EXTRAS = {"idle": True, "terrain": "Forest", "pik": 3, "arc": 1, "kni": 0, "cat": 2}


def _outcome(read: Callable[[Mapping[str, Json]], Province], data: Mapping[str, Json]) -> object:
    try:
        return read(data)
    except Exception as exc:  # the same error, or the same province
        return (type(exc), exc.args)


def test_a_wok4_province_is_read_whole() -> None:
    province = Province.from_dict(_PROVINCE)
    assert province == Province._read(_PROVINCE)
    assert (province.id, province.lev, province.dfn, province.neighbours) == (7, 1250, 3, (2, 5, 6))
    assert (province.idle, province.terrain, province.pik) == (False, None, 0)


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.sampled_from(sorted(_PROVINCE))),
    st.dictionaries(st.sampled_from(sorted(_EXTRAS)), st.sampled_from([0, 2, True, "x", None])),
)
def test_a_province_read_the_quick_way_is_the_province_read_in_full(
    dropped: set[str], extras: dict[str, Json]
) -> None:
    """Whatever keys are missing or added: the same province or the same error."""
    data = {k: v for k, v in _PROVINCE.items() if k not in dropped} | extras
    assert _outcome(Province.from_dict, data) == _outcome(Province._read, data)
