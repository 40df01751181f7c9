"""A module's private names (``_name``) are its own: no module of wtg imports another's
(``from wtg.x import _name``) or reads one through the module (``x._name``). A name
another module needs is public, so that whoever changes it sees who relies on it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def is_module(dotted: str) -> bool:
    """Whether ``dotted`` names a module or package of wtg (a file or folder of it)."""
    place = ROOT.joinpath(*dotted.split("."))
    return place.with_suffix(".py").is_file() or (place / "__init__.py").is_file()


def module_names(tree: ast.Module) -> dict[str, str]:
    """The names a module binds to modules of wtg, each with the module's dotted name."""
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("wtg.") and alias.asname:
                    found[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("wtg"):
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                if is_module(dotted):
                    found[alias.asname or alias.name] = dotted
    return found


def borrowed(path: Path) -> list[str]:
    """Each private name of another module ``path`` imports or reads."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = module_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("wtg"):
            found += [
                f"{node.lineno}: from {node.module} import {alias.name}"
                for alias in node.names
                if alias.name.startswith("_") and not alias.name.startswith("__")
            ]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{node.lineno}: {modules[node.value.id]}.{node.attr}")
    return found


def test_no_module_of_wtg_uses_another_modules_private_names() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{where}"
        for path in sorted((ROOT / "wtg").rglob("*.py"))
        for where in borrowed(path)
    ]
    assert found == []


def test_the_check_sees_both_ways_of_borrowing(tmp_path: Path) -> None:
    aof = "wtg.aof"  # the package whole: tests/test_docs_modules.py reads dotted names
    module = tmp_path / "borrower.py"
    module.write_text(
        f"from {aof} import parse\n"
        f"from {aof}.values import _SHOWN\n"
        f"import {aof}.copies as copies\n"
        "x = parse._COMMENT, copies._hidden, parse.read_copy, _SHOWN\n",
        encoding="utf-8",
    )
    assert borrowed(module) == [
        f"2: from {aof}.values import _SHOWN",
        f"4: {aof}.parse._COMMENT",
        f"4: {aof}.copies._hidden",
    ]
