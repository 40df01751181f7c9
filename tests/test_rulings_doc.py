"""docs/rules/<ruleset>.md names, for every rule, the code and the test: those must exist."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULESETS = ("wok", "wok4", "standard", "intermediate", "wisk", "tactics")


def names_in(path: Path) -> set[str]:
    return set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))


def resolve_test_file(name: str, tests: Path) -> Path | None:
    for base in (ROOT, tests):
        if (base / name).is_file():
            return base / name
    return None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_test_the_rulings_name_exists(ruleset: str) -> None:
    doc = ROOT / "docs" / "rules" / f"{ruleset}.md"
    tests = ROOT / "tests" / "rules" / ruleset
    missing = []
    checked = 0
    current: Path | None = None  # "`::name`" continues the file named before it
    for cell in re.findall(r"`([^`]*(?:::|test_\w+\.py)[^`]*)`", doc.read_text(encoding="utf-8")):
        file_part, _, name = cell.partition("::")
        path = resolve_test_file(file_part, tests) if file_part else current
        current = path
        if path is None:
            missing.append(cell)
            continue
        if name and not fnmatch.filter(names_in(path), name):
            missing.append(cell)
        checked += 1
    assert checked > 10
    assert missing == [], missing


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rule_test_file_is_named_in_the_rulings(ruleset: str) -> None:
    text = (ROOT / "docs" / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    for path in (ROOT / "tests" / "rules" / ruleset).glob("test_*.py"):
        assert path.name in text, f"{path.name} is not referenced in {ruleset}.md"
