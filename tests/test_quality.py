"""The code stays ruff and mypy clean: part of the test suite, so no one forgets to run them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing() -> None:
    result = run(sys.executable, "-m", "ruff", "check", "wtg", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing() -> None:
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_rules_draw_chance_only_from_the_rng_they_are_given() -> None:
    """Rules code is pure: no module-level `random` (random.random(), random.shuffle, a
    `from random import choice`, ...), no clock, no I/O modules. `Random` may be named, as
    the type of the RNG handed in."""
    import ast

    banned_modules = {"time", "datetime", "os", "socket", "secrets", "subprocess", "pathlib"}
    found = []
    for path in sorted((ROOT / "wtg" / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    if top == "random" or top in banned_modules:
                        found.append(f"{where}:{node.lineno}: import {alias.name}")
            elif isinstance(node, ast.ImportFrom) and node.module:
                top = node.module.split(".")[0]
                names = {a.name for a in node.names}
                if (top == "random" and names != {"Random"}) or top in banned_modules:
                    found.append(f"{where}:{node.lineno}: from {node.module} import {names}")
    assert found == []
