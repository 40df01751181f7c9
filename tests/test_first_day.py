"""Issue 25, "Done when": docs/gm.md has a "first day" section a new GM follows (`wtg init`,
the config, a test game, cron or the service), and every command in it is run by a test:
this one reads the section and runs each command it shows, in order, in a folder of its
own for `/srv/wtg` (the shell's `export` and `>` as a shell would, cron's and systemd's
command lines without their schedule and path), and expects each to succeed."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main

DOC = Path(__file__).resolve().parent.parent / "docs" / "gm.md"
HEADING = "## A new GM's first day"
HOST = "/srv/wtg"
VENV = "/opt/wtg/.venv/bin/"


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(HEADING)
    end = text.index("\n## ", start + len(HEADING))
    return text[start:end]


def blocks(text: str) -> list[tuple[str, list[str]]]:
    """The fenced blocks of ``text``: their language (empty when none is given) and lines."""
    found = [
        (kind, body.splitlines())
        for kind, body in re.findall(r"^```(\w*)\n(.*?)^```", text, flags=re.S | re.M)
    ]
    assert len(found) * 2 == len(re.findall(r"^```", text, flags=re.M)), "a fence not closed"
    return found


INI_KEYS = ("Type=", "User=", "Environment=", "ExecStart=")
"""The lines of the systemd unit the test knows: it runs Environment and ExecStart, and
the others change nothing it could run."""


def commands(text: str) -> list[str]:
    """Every command the section shows, in order: the lines of its sh blocks, the commands
    of its cron lines (after the five fields of the schedule, split at `;`), the systemd
    unit's Environment and ExecStart lines. A block of another kind, or a unit's line the
    test does not know, fails it: a command the section shows is never passed over."""
    found: list[str] = []
    for kind, lines in blocks(text):
        assert kind in ("sh", "cron", "ini"), f"a block the test cannot run: ```{kind}"
        for line in lines:
            if not line.strip() or line.startswith("#"):
                continue
            if kind == "sh":
                found.append(line)
            elif kind == "cron":
                found += [part.strip() for part in line.split(None, 5)[5].split(";")]
            elif line.startswith("Environment="):
                found.append("export " + line.removeprefix("Environment="))
            elif line.startswith("ExecStart="):
                found.append(line.removeprefix("ExecStart=").lstrip("-").removeprefix(VENV))
            else:
                known = line.startswith("[") or line.startswith(INI_KEYS)
                assert known, f"a line of the unit the test does not know: {line}"
    return found


def run(line: str, env: dict[str, str | None]) -> Result | None:
    """One command of the section, as a shell would run it (a `#` comment after it left
    out); None for `export`."""
    words = shlex.split(line, comments=True)
    if words[0] == "export":
        name, _, value = words[1].partition("=")
        env[name] = value
        return None
    out = None
    if ">" in words:
        at = words.index(">")
        words, out = words[:at], words[at + 1]
    assert words[0] == "wtg", line
    result = CliRunner(env=env).invoke(main, words[1:])
    if out is not None:
        Path(out).write_text(result.stdout, encoding="utf-8")
    return result


def run_all(shown: list[str], root: Path) -> dict[str, str]:
    """Each command in order, with ``root`` for `/srv/wtg`: each must succeed, and none
    say FAIL or write to stderr. What each printed, by command."""
    env: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}
    said: dict[str, str] = {}
    for line in shown:
        result = run(line.replace(HOST, str(root)), env)
        if result is None:
            continue
        assert result.exit_code == 0, (line, result.output)
        assert "FAIL" not in result.stdout, (line, result.stdout)
        assert result.stderr == "", (line, result.stderr)
        said[line] = result.stdout
    return said


def test_every_command_of_the_first_day_runs(tmp_path: Path) -> None:
    """Issue 25, Done when: the first day's commands, each run, each succeeding."""
    text = section()
    shown = commands(text)
    assert shown[0].startswith("wtg init ") and "wtg check-config" in shown
    assert any("run-turn --due" in line for line in shown)  # cron
    assert "wtg send" in shown  # the service
    root = tmp_path / "srv"
    said = run_all(shown, root)
    assert said["wtg run-turn test1 --now"] == (
        "turn 1 of game test1 resolved; the wrong game? `wtg rollback test1 --to 0` takes it back\n"
    )
    assert "ok    games_dir" in said["wtg check-config"]
    assert (root / "games" / "test1" / "turns" / "0001").is_dir()
    sent = list((root / "games" / ".mail" / "maildir-out" / "new").iterdir())
    assert len(sent) >= 4  # the reports of turns 0 and 1, to both players


def test_the_refusal_the_section_quotes_is_what_wtg_says(tmp_path: Path) -> None:
    """The section quotes `run-turn` refusing before the deadline: it is so."""
    text = section()
    pattern = r"`(wtg: turn 1 of game test1 is due) \.\.\. (and still waits.*?)`"
    quoted = re.search(pattern, text, re.S)
    assert quoted is not None
    env: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}
    for line in commands(text):
        if "run-turn test1 --now" in line:
            refused = run(line.replace(" --now", "").replace(HOST, str(tmp_path)), env)
            assert refused is not None and refused.exit_code == 1
            assert refused.stderr.startswith(quoted[1])
            start = " ".join(quoted[2].split()).split("...")[0]
            assert start in refused.stderr, refused.stderr
            return
        run(line.replace(HOST, str(tmp_path)), env)
    raise AssertionError("no `wtg run-turn test1 --now` in the section")


def test_a_wrong_command_or_a_block_not_run_fails_the_first_day(tmp_path: Path) -> None:
    """Issue 25, Done when: the test of the section fails when a command in it is wrong (a
    misspelt option, a command wtg does not have) and when the section shows commands it
    would not run (a block of another kind, a unit's line it does not know); before, a
    block marked ```bash or ```console was passed over unseen."""
    text = section()
    wrong = [
        text.replace("wtg run-turn test1 --now", "wtg run-turn test1 --nwo"),
        text.replace("wtg check-config", "wtg checkconfig"),
        text.replace("wtg send\n", "wtg sned\n", 1),
    ]
    for index, changed in enumerate(wrong):
        assert changed != text
        with pytest.raises(AssertionError):
            run_all(commands(changed), tmp_path / f"srv{index}")
    unrun = [
        text.replace("```sh\nwtg open-list", "```bash\nwtg open-list"),
        text.replace("```sh\nwtg open-list", "```\nwtg open-list"),
        text.replace(
            "ExecStart=/opt/", "ExecStartPre=/opt/wtg/.venv/bin/wtg poll\nExecStart=/opt/"
        ),
    ]
    for changed in unrun:
        assert changed != text
        with pytest.raises(AssertionError):
            commands(changed)
