"""An event's fields are stated once, in its class: no TypedDict of wtg restates them to be
unpacked into it, a second list to keep in step with the class (``OperationFields`` did,
for the spy reports of every WoK ruleset). A turn makes each event with its fields named,
and mypy checks them against the class."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

from typing_extensions import TypedDict, is_typeddict

import wtg
from wtg.core.events import Event
from wtg.rules.wok.events import Moved


def typed_dicts() -> list[type]:
    """Every TypedDict class a module of wtg defines."""
    found = []
    for info in pkgutil.walk_packages(wtg.__path__, "wtg."):
        module = importlib.import_module(info.name)
        found += [
            value
            for value in vars(module).values()
            if is_typeddict(value) and value.__module__ == info.name
        ]
    return found


def event_classes() -> list[type[Event]]:
    """Every class of event, a subclass of a subclass too (each module defining one
    imported)."""
    found: list[type[Event]] = []
    todo = list(Event.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def restated(typed: Iterable[type], events: Iterable[type[Event]]) -> list[tuple[str, str]]:
    """Each TypedDict of ``typed`` whose keys are all fields of an event class, with it."""
    events = list(events)
    return [
        (td.__qualname__, cls.__qualname__)
        for td in typed
        for cls in events
        if set(td.__annotations__) <= set(cls._fields)
    ]


def test_no_typed_dict_restates_an_events_fields() -> None:
    typed = typed_dicts()
    assert typed  # wtg has some (a robot's style, `wtg status --json`): the walk found them
    assert restated(typed, event_classes()) == []


def test_a_typed_dict_of_an_events_fields_is_found() -> None:
    class MovedFields(TypedDict):
        player: int
        source: int
        target: int
        visible_to: frozenset[int]

    class Elsewhere(TypedDict):
        player: int
        colour: str

    assert restated([MovedFields, Elsewhere], [Moved]) == [
        ("test_a_typed_dict_of_an_events_fields_is_found.<locals>.MovedFields", "Moved")
    ]
