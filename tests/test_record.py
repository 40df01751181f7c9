"""Record, the immutable value class every event, order and spec is made of."""

from __future__ import annotations

import importlib
import pickle
import pkgutil
from collections.abc import Iterator
from typing import Any

import pytest

import wtg
from wtg.core import record as record_init
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
    with pytest.raises(TypeError, match=r"Point.__init__.* unexpected keyword argument 'z'"):
        point(1, 2, z=3)
    with pytest.raises(TypeError, match=r"Point.__init__.* missing 1 required .*'y'"):
        point(1)
    with pytest.raises(TypeError, match=r"Point.__init__.* takes from 3 to 4 positional"):
        point(1, 2, "a", "b")
    with pytest.raises(TypeError, match=r"Point.__init__.* multiple values for argument 'x'"):
        point(1, x=2, y=3)


def test_kw_only_fields_of_a_subclass() -> None:
    tagged = Tagged(1, 2, tag="t")
    wrong: Any = Tagged
    assert (tagged.x, tagged.y, tagged.label, tagged.tag) == (1, 2, "", "t")
    with pytest.raises(TypeError, match=r"Tagged.__init__.* required keyword-only .*'tag'"):
        wrong(1, 2)
    with pytest.raises(TypeError, match=r"Tagged.__init__.* takes from 3 to 4 positional"):
        wrong(1, 2, "a", "t")


def test_a_subclass_made_after_its_parent_fills_its_own_fields() -> None:
    """Each class writes its own ``__init__`` when first made: a subclass of a class made
    before must not inherit the parent's, which knows only the parent's fields."""

    class Base(Record):
        a: int

    assert Base(1).a == 1

    class Child(Base):
        b: str = "b"

    class Grandchild(Child, kw_only=True):
        c: list[int]

    assert (Child(2).a, Child(2).b, Child(3, "x").b) == (2, "b", "x")
    grand = Grandchild(4, c=[5])
    assert (grand.a, grand.b, grand.c) == (4, "b", [5])
    assert Base(1) == Base(1) and Child(2) != Child(2, "y")
    inits: list[object] = [Base.__init__, Child.__init__, Grandchild.__init__]
    assert len({id(init) for init in inits}) == 3


class Late(Point):
    """A positional field without a default after one with it: no ``def`` takes these in
    order, so the class keeps the shared ``__init__`` and its own messages."""

    extra: int  # type: ignore[misc]  # on purpose: what a dataclass would refuse


def test_fields_no_def_can_take_in_order_are_filled_the_shared_way() -> None:
    late = Late(1, 2, "a", 3)
    assert (late.x, late.y, late.label, late.extra) == (1, 2, "a", 3)
    assert Late(1, 2, extra=4).label == ""
    wrong: Any = Late
    with pytest.raises(TypeError, match="needs the field 'extra'"):
        wrong(1, 2)
    with pytest.raises(TypeError, match=r"has no field \['z'\]"):
        wrong(1, 2, extra=3, z=1)
    with pytest.raises(TypeError, match="takes 4 positional fields, 5 given"):
        wrong(1, 2, "a", 3, 4)
    with pytest.raises(TypeError, match="got 'x' twice"):
        wrong(1, x=2, y=3, extra=4)


class Named(Record):
    """Fields named like the words an ``__init__`` is written with."""

    self: str
    fields: tuple[str, ...]
    record: int = 0


def test_fields_may_have_any_name() -> None:
    named = Named("me", ("a", "b"))
    assert (named.self, named.fields, named.record) == ("me", ("a", "b"), 0)
    assert Named(self="x", fields=(), record=2).record == 2


def test_a_default_is_the_one_value_declared() -> None:
    """As a dataclass field's default: the declared value itself, not a copy."""
    shared: frozenset[int] = frozenset({1})

    class Seen(Record):
        by: frozenset[int] = shared

    assert Seen().by is shared and Seen(frozenset()).by == frozenset()


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


def every_record_class() -> Iterator[type[Record]]:
    for module in pkgutil.walk_packages(wtg.__path__, "wtg."):
        importlib.import_module(module.name)
    found: list[type[Record]] = [Record]
    while found:
        cls = found.pop()
        found.extend(cls.__subclasses__())
        if cls is not Record:
            yield cls


def test_every_written_init_only_fills_the_instance() -> None:
    """The ``__init__`` Record writes (with exec) for each of wtg's record classes stores its
    parameters in the instance's dict and does nothing else: no name looked up, no call.
    (tests/test_architecture.py allows core this one exec on the strength of this test.)"""
    classes = list(every_record_class())
    assert len(classes) > 150
    written = 0
    for cls in classes:
        init = record_init._written_init(cls)
        if init is None:
            continue
        written += 1
        code = init.__code__
        assert code.co_names == ("__dict__",), cls
        assert code.co_varnames[1 : 1 + len(cls._fields)] == tuple(
            sorted(cls._fields, key=lambda n: (n not in cls._positional, cls._fields.index(n)))
        ), cls
        assert not any(isinstance(c, type(code)) for c in code.co_consts), cls
    assert written > 150


def test_replaced_copies_a_record_with_some_fields_changed() -> None:
    class Pair(Record):
        left: int
        right: tuple[int, ...] = ()

    pair = Pair(1, (2,))
    assert pair.replaced(right=(3,)) == Pair(1, (3,)) and pair == Pair(1, (2,))
    with pytest.raises(TypeError):
        pair.replaced(middle=4)


def test_field_values_are_the_fields_in_their_order() -> None:
    tagged = Tagged(1, 2, tag="t")
    values = tagged.field_values()
    assert list(values.items()) == [("x", 1), ("y", 2), ("label", ""), ("tag", "t")]
    values["x"] = 5  # a new dict: the record is as it was
    assert tagged.field_values()["x"] == 1 and Tagged(**values) == Tagged(5, 2, tag="t")
