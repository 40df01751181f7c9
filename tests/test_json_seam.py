"""The seam between the engine and the rulesets passes JSON types (``wtg.core.jsondata``),
not ``Any``: what a ruleset gives the engine to write (state files, public views, robots'
and absent players' order files) and what the engine hands it to read (order files,
events, state files, a game's options)."""

from __future__ import annotations

import inspect
from collections.abc import Callable

from tests.toy_ruleset.toy.rules import Toy
from wtg.aof.orderfile import orders_from_entries, orders_from_yaml
from wtg.core.events import Event
from wtg.core.orders import Acceptance
from wtg.core.ruleset import Ruleset
from wtg.intake import Submission
from wtg.registry import SHIPPED_NAMES, find_ruleset

SEAM = (
    "resolve",
    "state_to_dict",
    "state_from_dict",
    "public_json",
    "robot_orders",
    "absent_orders",
    "default_map",
    "entries_from_dict",
    "report_context",
    "forecast",
    "form_context",
)
"""The methods of the Ruleset protocol that pass JSON (or a template's context) across."""
PASSED = ("data", "orders", "events", "options", "return")
"""Their parameters that carry it, and what they give back."""


def any_in(function: Callable[..., object]) -> dict[str, str]:
    """The annotations of ``function``'s JSON parameters and result that name ``Any``."""
    written = inspect.get_annotations(function)
    return {
        name: str(kind) for name, kind in written.items() if name in PASSED and "Any" in str(kind)
    }


def test_the_ruleset_seam_names_no_any() -> None:
    """Issue 26: "The ruleset protocol and the engine pass JSON types, not
    `dict[str, Any]`": the protocol, every shipped ruleset class and the toy's."""
    classes: list[type] = [Ruleset, Toy, *(type(find_ruleset(name)) for name in SHIPPED_NAMES)]
    found = {
        f"{cls.__name__}.{method}": annotations
        for cls in classes
        for method in SEAM
        if hasattr(cls, method) and (annotations := any_in(getattr(cls, method)))
    }
    assert found == {}


def test_the_engine_side_of_the_seam_names_no_any() -> None:
    """Issue 26: events as the engine writes them, the canonical orders it files and the
    order files it reads are JSON types."""
    assert inspect.get_annotations(Event.to_dict)["return"] == "JsonObject"
    assert inspect.get_annotations(Acceptance)["orders"] == "JsonObject"
    assert inspect.get_annotations(Submission)["orders"] == "JsonObject"
    assert inspect.get_annotations(orders_from_entries)["return"] == "JsonObject"
    assert (
        inspect.get_annotations(orders_from_yaml)["return"] == "tuple[JsonObject | None, list[str]]"
    )
