"""Issue 27, "Done when": docs/gm.md's "Running a host" shows an upgrade, each command run by
a test: this one reads "Upgrading wtg" and runs its commands, in order, on a host of format
1 (tests/fixtures/format1), with the exit status and the lines the section says."""

from __future__ import annotations

import shlex
from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import Hall
from tests.test_first_day import DOC, blocks
from tests.upkeep.formats import old_host
from wtg.cli import main

HEADING = "### Upgrading wtg"


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(HEADING)
    ends = [text.find(mark, start + len(HEADING)) for mark in ("\n## ", "\n### ")]
    return text[start : min([end for end in ends if end >= 0], default=len(text))]


def test_the_upgrade_the_gm_reads_is_the_upgrade_wtg_makes(tmp_path: Path) -> None:
    text = section()
    lines = [line for kind, body in blocks(text) for line in body if kind == "sh"]
    assert lines == ["wtg upgrade --check", "wtg upgrade", "wtg upgrade --check"]
    games = old_host(tmp_path)
    config = Hall(tmp_path, again=True).config_file()
    results = [
        CliRunner().invoke(main, shlex.split(line)[1:], env={"WTG_CONFIG": str(config)})
        for line in lines
    ]
    assert [r.exit_code for r in results] == [1, 0, 0]
    said = " ".join(text.split())
    assert results[0].stdout.splitlines()[0] == "g1: format 1: `wtg upgrade` makes it 2"
    assert "(`g1: format 1: `wtg upgrade` makes it 2`)" in said
    upgraded = results[1].stdout.splitlines()[0]
    assert upgraded.startswith("g1: format 1 -> 2, a copy before: g1-format1-")
    assert "`g1: format 1 -> 2, a copy before: g1-format1-20261202T110619Z.tar.gz`" in said
    again = CliRunner().invoke(main, ["upgrade"], env={"WTG_CONFIG": str(config)})
    current = "1 game folder at format 2 and the lobby's book at format 2 already"
    assert again.stdout == f"wtg upgrade: nothing upgraded; {current}\n"
    current = "3 game folders at format 2 and the lobby's book at format 2 already"
    assert f"`wtg upgrade: nothing upgraded; {current}`" in said
    assert sorted(p.name.split("-format1-")[0] for p in (games / ".upgrades").iterdir()) == [
        "g1",
        "people.sqlite",
    ]
