"""Issue 27, "Done when": docs/gm.md's "Running a host" section shows the backup and restore
commands, and a test runs each: this one reads the subsection "Backups" and runs its
commands in order, as docs/gm.md's first day is run (tests/test_first_day.py): the first
block and the cron line on the host (``/srv/wtg``, made as the first day makes it), the
restore block on a new machine (``/srv/wtg`` there a folder of its own), the backups
folder shared."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from tests.test_first_day import DOC, blocks
from wtg.cli import main

SECTION = "## Running a host"
SUBSECTION = "### Backups"
HOST = "/srv/wtg"
BACKUPS = "/srv/backups"
PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def subsection() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(SUBSECTION, text.index(SECTION))
    ends = [text.find(mark, start + len(SUBSECTION)) for mark in ("\n### ", "\n## ")]
    return text[start : min([end for end in ends if end > 0] or [len(text)])]


def run(line: str, host: Path, backups: Path) -> Result | None:
    """One command of the doc with its paths made the test's; `cp` as the shell's."""
    words = shlex.split(line.replace(BACKUPS, str(backups)).replace(HOST, str(host)))
    if words[0] == "cp":
        shutil.copyfile(words[1], words[2])
        return None
    assert words[0] == "wtg", line
    return CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None}).invoke(main, words[1:])


def the_host(root: Path) -> None:
    """A host as docs/gm.md's first day makes it: `wtg init`, a game, its reports sent."""
    config = str(root / "wtg.yaml")
    for args in (
        ["init", str(root), "--from", "Game Master <gm@example.org>"],
        ["--config", config, "new-game", "test1", "--ruleset", "wok4", "--map", "small", *PLAYERS],
        ["--config", config, "send"],
    ):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, (args, result.output)


def test_every_command_of_the_backups_section_runs(tmp_path: Path) -> None:
    text = subsection()
    shown = blocks(text)
    assert [kind for kind, _lines in shown] == ["sh", "cron", "sh"]
    (_, on_host), (_, cron), (_, on_new) = shown
    old, new, backups = tmp_path / "old", tmp_path / "new", tmp_path / "backups"
    the_host(old)
    backups.mkdir()
    said = []
    for line in on_host + [entry.split(None, 5)[5] for entry in cron]:
        result = run(line, old, backups)
        assert result is not None and result.exit_code == 0, (line, result and result.output)
        assert result.stderr == ""
        said.append(result.stdout)
    archive = backups / "wtg-host.tar.gz"
    size = r"[\d.]+ (kB|MB)"
    summary = (
        rf"backup {re.escape(str(archive))}: 1 game, \d+ files, {size} \(the archive {size}\)\n"
    )
    assert re.fullmatch(summary, said[0]), said[0]
    assert said[1] == ""  # cron's -q: nothing went wrong, nothing said
    outputs = []
    for line in on_new:
        result = run(line, new, backups)
        if result is not None:
            assert result.exit_code == 0, (line, result.output)
            outputs.append(result.stdout)
    restored, checked = outputs
    into = new / "games"
    assert restored.startswith(f"restored {archive} into {into}: 1 game: test1 (turn 0)")
    assert "ok    games_dir" in checked
    assert tree(new / "games" / "test1") == tree(old / "games" / "test1")
    again = run(on_new[0], new, backups)  # the same restore given again (newgm46)
    assert again is not None and again.exit_code == 1
    told = re.search(r"The same restore given .*?``(wtg: .+?)``;", " ".join(text.split()))
    assert told is not None
    quoted = told[1].replace("2026-12-01 03:00 UTC, of /srv/old/games", "MADE, of OLD")
    made = re.search(r"the backup made (\S+ \S+ UTC), of ", again.stderr)
    assert made is not None
    assert " ".join(again.stderr.split()) == quoted.replace(HOST, str(new)).replace(
        "MADE, of OLD", f"{made[1]}, of {old / 'games'}"
    )
    refusal = re.search(r"one that is not is refused, .*?``(wtg: .+?)``;", " ".join(text.split()))
    assert refusal is not None
    over = run(on_new[0].replace(HOST, str(old)), old, backups)  # over the old host's games
    assert over is not None and over.exit_code == 1
    assert over.stderr.strip() == refusal[1].replace(HOST, str(old))


def tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and p.name != ".lock"
    }
