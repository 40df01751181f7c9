"""The README opens with the two commands, and CI runs the same test command."""

from __future__ import annotations

import re
from pathlib import Path

from wtg.game.engine import Game
from wtg.rules.wok.state import WokState

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


def test_ci_stops_when_the_venv_cannot_be_made(tmp_path: Path) -> None:
    """`.ci/run` runs the README's && list under `set -e`, which stops at its last command
    only: a venv or pip that failed let the run go on to the demo, which failed for a reason
    that named neither. Every program it looks for is there (stand-ins), python3 fails."""
    import subprocess

    (tmp_path / ".ci").mkdir()
    (tmp_path / ".ci" / "run").write_text(
        (ROOT / ".ci" / "run").read_text(encoding="utf-8"), encoding="utf-8"
    )
    stand_ins = tmp_path / "bin"
    stand_ins.mkdir()
    names = ["dovecot", "mutt", "neomutt", "s-nail", "emacs", "aerc", "alpine", "tmux"]
    names += ["chromium", "openssl", "faketime", "systemd-analyze"]
    for name in names:
        (stand_ins / name).write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    (stand_ins / "python3").write_text("#!/bin/sh\necho no venv >&2\nexit 3\n", encoding="utf-8")
    for script in stand_ins.iterdir():
        script.chmod(0o755)
    demo_ran = tmp_path / ".venv" / "bin" / "wtg"
    done = subprocess.run(
        ["bash", str(tmp_path / ".ci" / "run")],
        env={"PATH": f"{stand_ins}:/usr/bin:/bin", "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 3, done.stderr
    assert "the venv or its install failed (exit 3): no tests ran" in done.stderr
    assert not demo_ran.exists()
    assert "mktemp" not in done.stderr and "wtg: No such file" not in done.stderr


def test_every_file_of_a_new_game_s_folder_is_in_the_readme_s_listing(
    small_game: Game[WokState],
) -> None:
    """README, "A game folder": a GM looking in a game's folder finds each file it holds
    said there (the folder's `format` and `.lock`, a turn's `turn.json` were not)."""
    text = README.read_text(encoding="utf-8")
    start = text.index("### A game folder")
    listing = text[start : text.index("\n```\n", text.index("```", start) + 3)]
    folder = small_game.store.root
    names = {path.name for path in folder.iterdir()}
    names |= {path.name for path in (folder / "turns" / "0000").iterdir()}
    said = [name for name in names if re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", listing)]
    assert sorted(names - set(said)) == []


def test_the_readme_s_order_file_has_every_section_of_the_form_and_is_stored(
    small_game: Game[WokState], tmp_path: Path
) -> None:
    """README, "The order file": the canonical YAML names every section the WoK IV form has
    (`ready` was left out: a GM typing a file did not know how to mark it READY), and
    `wtg orders` stores it as it stands."""
    import yaml
    from click.testing import CliRunner

    from wtg.cli import main

    text = README.read_text(encoding="utf-8")
    start = text.index("### The order file")
    sample = text[
        text.index("```yaml\n", start) + 8 : text.index("```", text.index("```yaml", start) + 7)
    ]
    data = yaml.safe_load(sample)
    data.update(player=1, turn=1)
    games = str(small_game.store.root.parent)
    name = small_game.config.game

    def orders(content: object) -> tuple[int, str]:
        path = tmp_path / "orders.yaml"
        path.write_text(yaml.safe_dump(content), encoding="utf-8")
        result = CliRunner().invoke(
            main, ["--games-dir", games, "orders", name, str(path)], env={"WTG_CONFIG": None}
        )
        return result.exit_code, result.output

    code, output = orders({**data, "bogus": 1})
    assert code == 2
    known = re.findall(r"the form has ([a-z_, ]+)\)", output)[0].split(", ")
    assert sorted(set(data) - {"player", "turn"}) == sorted(known)
    code, output = orders(data)
    assert code == 0, output


DATE = re.compile(
    r"\b20\d\d-\d\d-\d\d\b|\b\d{1,2} (?:January|February|March|April|May|June|July|August"
    r"|September|October|November|December)\b"
)


def undated_tables(text: str) -> list[str]:
    """The first row of each table of the README's "Performance" whose paragraph before it
    says no date: a figure a later change may have made wrong, with nothing to tell when
    it held."""
    section = text.split("\n## Performance", 1)[1].split("\n## Development\n", 1)[0]
    found = []
    for table in re.finditer(r"\n\n((?:[^\n]+\n)*?)\n?(\|[^\n]*\|)\n\|[-| ]+\|\n", section):
        if not DATE.search(table.group(1)):
            found.append(table.group(2))
    return found


def test_every_figure_of_the_performance_section_says_when_it_was_measured() -> None:
    """Round 49: bench_turn's table said 10.7 ms for a `run-turn` on "the 2-core development
    machine", measured on 2026-11-26; the code of 2026-12-07 took 1.6 times the CPU of that
    day's on the same machine in the same hour, and nothing in the README said the figure
    was eleven days old. Each table now says the day it was measured."""
    text = README.read_text(encoding="utf-8")
    assert undated_tables(text) == []
    undated = text.replace("on 2026-11-26:", "now:", 1)
    assert undated_tables(undated) == ["| what | median | p90 |"]
