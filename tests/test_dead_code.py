"""Dead code (issue 26: "The dead code is gone"): no function, class or constant at the top
of a module of wtg that nothing in wtg or its templates names. A name counts as used when
it appears once more anywhere in wtg's code or the templates, which lets a name through
that only a docstring mentions: the check is a floor, vulture the finer look."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TESTS_ONLY = {"wtg/game/registry.py": {"unregister"}}
"""Kept for the tests: ``unregister`` undoes a test's ``register`` (a GM's own ruleset is
registered for the whole run and never taken back)."""


def defined(tree: ast.Module) -> list[tuple[int, str]]:
    """The names a module defines at its top, undecorated (a decorator registers it: a
    click command, a Jinja filter)."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if not node.decorator_list:
                found.append((node.lineno, node.name))
        elif isinstance(node, ast.Assign):
            found += [(node.lineno, t.id) for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.append((node.lineno, node.target.id))
    return [(line, name) for line, name in found if not name.startswith("__")]


def unnamed(sources: dict[str, str], templates: str) -> list[str]:
    """Each name defined at a module's top that no other place of ``sources`` (by path)
    or ``templates`` names."""
    words = Counter(re.findall(r"\w+", "\n".join((*sources.values(), templates))))
    return [
        f"{path}:{line}: {name}"
        for path, text in sources.items()
        for line, name in defined(ast.parse(text))
        if words[name] <= 1 and name not in TESTS_ONLY.get(path, set())
    ]


def test_issue_26_nothing_at_the_top_of_a_module_is_named_nowhere_else() -> None:
    sources = {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for path in sorted((ROOT / "wtg").rglob("*.py"))
    }
    templates = "\n".join(
        path.read_text(encoding="utf-8") for path in sorted((ROOT / "templates").rglob("*.j2"))
    )
    assert unnamed(sources, templates) == []


def test_the_check_tells_a_used_name_from_a_dead_one() -> None:
    sources = {
        "a.py": "LIMIT = 3\nDEAD = 4\n\ndef used():\n    return LIMIT\n\ndef dead():\n    pass\n",
        "b.py": "from a import used\n\n@command\ndef run():\n    used()\n\n"
        "def shown():\n    pass\n",
    }
    assert unnamed(sources, "{{ shown() }}") == ["a.py:2: DEAD", "a.py:7: dead"]
