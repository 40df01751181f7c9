"""The seam between the engine and the rulesets passes JSON types (``wtg.core.jsondata``),
not ``Any``: what a ruleset gives the engine to write (state files, public views, robots'
and absent players' order files) and what the engine hands it to read (order files,
events, state files, a game's options)."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path

from tests.toy_ruleset.toy.rules import Toy
from wtg.aof.orderfile import orders_from_entries, orders_from_yaml
from wtg.core.events import Event
from wtg.core.orders import Acceptance
from wtg.core.ruleset import Ruleset
from wtg.game.intake import Submission
from wtg.game.registry import SHIPPED_NAMES, find_ruleset

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


ROOT = Path(__file__).resolve().parent.parent
SEAM_MODULES = sorted(
    {
        *ROOT.glob("wtg/core/*.py"),
        *ROOT.glob("wtg/game/*.py"),
        ROOT / "wtg/rules/__init__.py",
        ROOT / "wtg/rules/base.py",
        *ROOT.glob("wtg/rules/*/__init__.py"),
        *ROOT.glob("wtg/rules/*/ruleset.py"),
        *ROOT.glob("wtg/rules/*/orders.py"),
        *ROOT.glob("wtg/rules/*/state.py"),
        *ROOT.glob("wtg/rules/*/setup.py"),
        ROOT / "wtg/rules/tactics/board.py",
        ROOT / "wtg/aof/orderfile.py",
        *ROOT.glob("wtg/rules/*/view.py"),
        *ROOT.glob("wtg/rules/*/events.py"),
        ROOT / "wtg/data/rulesets.py",
    }
)
"""The ruleset protocol and what it passes (``wtg.core``), the engine and the game layer
around it (``wtg.game``), each ruleset's entry point and registration, the orders its turn
reads (``orders.py``), the state between two turns and the readers of its file
(``state.py``, Tactics' ``board.py``), the first state made of a game's options
(``setup.py``), the base the ruleset classes share, and the order file as the engine
reads and writes it (``wtg.aof.orderfile``); the report contexts of each
ruleset (``view.py``: events as JSON, rows as JSON or ``Record``s) and the events they
read (``events.py``)."""
ANY_KEPT = {
    "wtg/core/record.py": "Record's generated __init__ and replaced(**changes) take the fields "
    "of whichever Record subclass: a generic keyword-arguments signature",
    "wtg/game/gameyaml.py": "reads game.yaml as the GM wrote it, a key at a time, before it is "
    "a GameConfig: the checks of YAML of any shape, not the ruleset seam",
    "wtg/game/gameconfig.py": "GameConfig.from_data takes game.yaml's data through gameyaml's "
    "checks; the options it hands on are OptionValue (option_values)",
    "wtg/rules/wisk/board.py": "reads a WISK map file (games/wisk/*.yaml, a GM's --map) as "
    "YAML of any shape, a key at a time, every problem found at once, before it is a Board: "
    "the checks of a file, not the rules' data",
}
"""The modules checked below (the seam's, the rules', the order texts') where ``Any``
stays, and why."""


def names_any(source: str) -> list[int]:
    """The lines of ``source`` whose code (a quoted annotation too) names ``Any``
    (``Any``, ``typing.Any``); docstrings and comments do not count."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name | ast.Attribute | ast.ImportFrom) and _is_any(node):
            lines.append(node.lineno)
        annotations = [
            *(arg.annotation for arg in _arguments(node)),
            getattr(node, "returns", None),
            node.annotation if isinstance(node, ast.AnnAssign) else None,
        ]
        lines += [
            quoted.lineno
            for quoted in annotations
            if isinstance(quoted, ast.Constant)
            and isinstance(quoted.value, str)
            and names_any(quoted.value)
        ]
    return sorted(set(lines))


def _is_any(node: ast.Name | ast.Attribute | ast.ImportFrom) -> bool:
    if isinstance(node, ast.Name):
        return node.id == "Any"
    if isinstance(node, ast.Attribute):
        return node.attr == "Any"
    return any(alias.name == "Any" for alias in node.names)


def _arguments(node: ast.AST) -> list[ast.arg]:
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return []
    given = node.args
    extra = [a for a in (given.vararg, given.kwarg) if a is not None]
    return [*given.posonlyargs, *given.args, *given.kwonlyargs, *extra]


def test_the_ruleset_protocol_and_the_engine_name_no_any() -> None:
    """Issue 26: "The ruleset protocol and the engine pass JSON types, not
    `dict[str, Any]`": no module of the seam names ``Any`` in a signature, a field or a
    type, but those ``ANY_KEPT`` says why."""
    assert len(SEAM_MODULES) > 50
    found = {
        name: lines
        for path in SEAM_MODULES
        if (name := path.relative_to(ROOT).as_posix()) not in ANY_KEPT
        and (lines := names_any(path.read_text(encoding="utf-8")))
    }
    assert found == {}
    for kept in ANY_KEPT:  # a module that no longer needs its Any leaves the list
        assert names_any((ROOT / kept).read_text(encoding="utf-8")), kept


RULES_AND_TEXTS = sorted({*ROOT.glob("wtg/rules/**/*.py"), *ROOT.glob("wtg/aof/**/*.py")})
"""Every module of the rules (``wtg/rules``) and of the order texts (``wtg/aof``), off the
seam too: a turn's phases, the robots, the maps and forecasts of a turn, the forms."""


def test_the_rules_and_the_order_texts_name_no_any() -> None:
    """Issue 26's spirit ("code for people, JSON types"): what the rules read and make is a
    record or a JSON type, and the fields given to an event are those mypy checks against
    it, never ``**fields: Any``; ``ANY_KEPT`` says why a module keeps ``Any``."""
    assert len(RULES_AND_TEXTS) > 100
    found = {
        name: lines
        for path in RULES_AND_TEXTS
        if (name := path.relative_to(ROOT).as_posix()) not in ANY_KEPT
        and (lines := names_any(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_any_check_finds_any_however_written() -> None:
    assert names_any("from typing import Any\n") == [1]
    assert names_any("import typing\n\n\ndef f(x: typing.Any) -> None: ...\n") == [4]
    assert names_any("def f(x: 'dict[str, Any]') -> None: ...\n") == [1]
    assert names_any("def f(**kw: 'Any') -> 'list[Any]': ...\n") == [1]
    assert names_any("class C:\n    x: 'Any'\n") == [2]
    assert names_any('"""Typed without ``Any``."""\n# Any\nx: int = 1\n') == []
