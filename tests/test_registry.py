"""The registry finds the rulesets by their folders (docs/architecture.md, "A new
ruleset"), and the command line reads their options without importing their rules."""

from __future__ import annotations

import subprocess
import sys

from wtg.core.ruleset import Registration
from wtg.registry import GAME_OPTIONS, GAME_SEATING, SHIPPED_NAMES, find_ruleset, registrations


def test_every_ruleset_folder_is_found_and_its_class_named_as_it() -> None:
    """Issue 26: "its options and its registration live in rules/<name>/". Each shipped
    ruleset is the package of its name, its options and seating its registration's; the
    package of shared WoK code registers none."""
    found = registrations()
    assert tuple(found) == SHIPPED_NAMES == ("intermediate", "standard", "tactics", "wisk", "wok4")
    for name, (package, registration) in found.items():
        assert package == f"wtg.rules.{name}"
        assert isinstance(registration, Registration)
        assert GAME_OPTIONS[name] == registration.options
        assert GAME_SEATING[name] == registration.seating
        ruleset = find_ruleset(name)
        assert ruleset.name == name
        assert type(ruleset).__module__ == f"{package}.{registration.rules.split(':')[0]}"
    assert [o.flag for o in GAME_OPTIONS["intermediate"]] == ["headhunting-turns"]
    assert [o.flag for o in GAME_OPTIONS["wok4"]] == []


def test_the_command_line_starts_without_the_rules() -> None:
    """The command line (its ``new-game`` options, every ruleset's) imports each ruleset's
    registration and options, and none of its rules."""
    code = (
        "import sys, wtg.cli; print(*sorted(m for m in sys.modules if m.startswith('wtg.rules.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    packages = {f"wtg.rules.{n}" for n in (*SHIPPED_NAMES, "wok")}
    assert packages | {f"{p}.options" for p in packages if p != "wtg.rules.wok"} <= set(loaded)
    inside = [m for m in loaded if m.count(".") > 2 and not m.endswith(".options")]
    assert inside == []
