"""Record, the immutable value class every event, order and spec is made of."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from wtg.core.record import Record


class Point(Record):
    x: int
    y: int
    label: str = ""


class Tagged(Point, kw_only=True):
    tag: str


def test_fields_by_position_keyword_and_default() -> None:
    point = Point(1, y=2)
    assert (point.x, point.y, point.label) == (1, 2, "")
    assert Point(1, 2, "a").label == "a"
    assert repr(Point(1, 2)) == "Point(x=1, y=2, label='')"


def test_equal_by_value_and_hashable() -> None:
    assert Point(1, 2) == Point(x=1, y=2)
    assert Point(1, 2) != Point(1, 3)
    assert len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2


def test_wrong_fields_are_refused_by_name() -> None:
    point: Any = Point  # the calls below are wrong on purpose
    with pytest.raises(TypeError, match=r"has no field\(s\) \['z'\]"):
        point(1, 2, z=3)
    with pytest.raises(TypeError, match="needs the field 'y'"):
        point(1)
    with pytest.raises(TypeError, match="takes 3 positional fields, 4 given"):
        point(1, 2, "a", "b")
    with pytest.raises(TypeError, match="got 'x' twice"):
        point(1, x=2, y=3)


def test_kw_only_fields_of_a_subclass() -> None:
    tagged = Tagged(1, 2, tag="t")
    wrong: Any = Tagged
    assert (tagged.x, tagged.y, tagged.label, tagged.tag) == (1, 2, "", "t")
    with pytest.raises(TypeError, match="needs the field 'tag'"):
        wrong(1, 2)
    with pytest.raises(TypeError, match="takes 3 positional fields, 4 given"):
        wrong(1, 2, "a", "t")


def test_immutable_and_picklable() -> None:
    point = Point(1, 2)
    with pytest.raises(AttributeError, match="immutable"):
        point.x = 5  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del point.y
    assert pickle.loads(pickle.dumps(point)) == point


class Holder(Record):
    value: Any


def test_equal_records_hash_alike() -> None:
    """The hash contract: records that compare equal have equal hashes, whatever the order
    of a dict's keys, a list's ints against floats, or lists nested inside tuples."""
    pairs = [
        (Holder({"a": 1, "b": 2}), Holder({"b": 2, "a": 1})),
        (Holder([1, 2]), Holder([1.0, 2.0])),
        (Holder(([1], {"k": [2]})), Holder(([1], {"k": [2]}))),
        (Holder({"n": {"x": 1, "y": 2}}), Holder({"n": {"y": 2, "x": 1}})),
    ]
    for left, right in pairs:
        assert left == right
        assert hash(left) == hash(right), (left, right)
    assert len({Holder({"a": 1, "b": 2}), Holder({"b": 2, "a": 1})}) == 1
