"""The README opens with the two commands, and CI runs the same test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_readme_opens_with_two_commands() -> None:
    commands = readme_commands()
    assert len(commands) == 2
    assert commands[0].endswith("wtg demo demo-output")
    assert commands[1].endswith("python -m pytest")


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_commands()[1] in ci.splitlines()


def test_the_readme_shows_a_map_of_every_ruleset() -> None:
    """Issue 15: "README shows one map of each ruleset (images committed under docs/)":
    every picture it names is there, a PNG of at least 600x400, and each ruleset has one."""
    from PIL import Image

    from wtg.game.registry import ruleset_names

    text = README.read_text(encoding="utf-8")
    shown = re.findall(r"!\[\]\((docs/maps/[^)]+\.png)\)", text)
    for path in shown:
        with Image.open(ROOT / path) as image:
            assert image.format == "PNG" and image.width >= 600 and image.height >= 400, path
    names = {Path(path).name.split("-")[0] for path in shown}
    assert set(ruleset_names()) <= names
