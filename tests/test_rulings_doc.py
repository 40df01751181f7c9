"""docs/rules/wok4.md names, for every rule, the code and the test: those must exist."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules" / "wok4.md"
TESTS = ROOT / "tests" / "rules" / "wok4"


def names_in(path: Path) -> set[str]:
    return set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))


def resolve_test_file(name: str, current: Path | None) -> Path | None:
    for base in (ROOT, TESTS):
        if (base / name).is_file():
            return base / name
    return current


def test_every_test_the_rulings_name_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = []
    checked = 0
    current: Path | None = None  # "`::name`" continues the file named before it
    for cell in re.findall(r"`([^`]*::[^`]*)`", text):
        file_part, _, name = cell.partition("::")
        path = resolve_test_file(file_part, None) if file_part else current
        current = path
        if path is None:
            missing.append(cell)
            continue
        if not fnmatch.filter(names_in(path), name):
            missing.append(cell)
        checked += 1
    assert checked > 60
    assert missing == [], missing


def test_every_rule_test_file_is_named_in_the_rulings() -> None:
    text = DOC.read_text(encoding="utf-8")
    for path in TESTS.glob("test_*.py"):
        assert path.name in text, f"{path.name} is not referenced in {DOC.name}"
