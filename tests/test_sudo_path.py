"""The command wtg gives for running it as the host's user: `sudo -u wtg wtg ...`. sudo runs
its command with its own `secure_path` (/usr/sbin:/usr/bin:/sbin:/bin, and /usr/local/bin on
Debian), never a venv's bin, so with wtg installed in a venv (/opt/wtg/.venv/bin/wtg, as
README.md installs it) the command given said `sudo: wtg: command not found`. The running
wtg is named by its full path unless sudo finds it."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from wtg.cli import main
from wtg.files.ownership import running_wtg

PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")
SECURE_PATH = "/usr/sbin:/usr/bin:/sbin:/bin"
VENV_WTG = Path(sys.executable).parent / "wtg"


def made_for_another(tmp_path: Path) -> tuple[str, Path, str]:
    """A host with a game, its games folder another user's (nobody's when this runs as
    root); its config, its games folder and that user's name."""
    assert CliRunner(env={"WTG_CONFIG": None}).invoke(main, ["init", str(tmp_path)]).exit_code == 0
    config = str(tmp_path / "wtg.yaml")
    made = CliRunner().invoke(
        main, ["--config", config, "new-game", "g1", "--ruleset", "wok4", *PLAYERS]
    )
    assert made.exit_code == 0, made.output
    games = tmp_path / "games"
    if os.geteuid() == 0:
        for path in [games, *games.rglob("*")]:
            os.chown(path, 65534, 65534)
    return config, games, pwd.getpwuid(games.stat().st_uid).pw_name


def test_root_refused_is_told_the_venvs_wtg_by_its_full_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, games, name = made_for_another(tmp_path)
    monkeypatch.setattr(sys, "argv", [str(VENV_WTG), "--config", config, "send"])
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    told = CliRunner(env={"WTG_CONFIG": None}).invoke(main, ["--config", config, "send"])
    assert told.exit_code == 1
    assert told.stderr == (
        f"wtg: the games folder {games} belongs to {name}, and wtg runs as root here: run it "
        f"as {name} (sudo -u {name} {VENV_WTG} ...), or what root writes there would be "
        "root's alone, and the host's own runs would fail on it\n"
    )
    by_env = CliRunner(env={"WTG_CONFIG": config, "WTG_GAMES_DIR": None}).invoke(main, ["send"])
    assert f"(sudo -u {name} {VENV_WTG} --config {config} ...: sudo leaves WTG_CONFIG " in (
        by_env.stderr
    )


def test_the_program_named_runs_with_sudos_path_where_plain_wtg_does_not() -> None:
    """The command as sudo runs it: its PATH the secure_path, none of the caller's."""
    env = {"PATH": SECURE_PATH, "LANG": "C.UTF-8"}
    plain = subprocess.run(["sh", "-c", "wtg --version"], env=env, capture_output=True)
    assert plain.returncode == 127  # sh: wtg: not found, as sudo said
    sys_argv = sys.argv
    try:
        sys.argv = [str(VENV_WTG)]
        named = running_wtg()
    finally:
        sys.argv = sys_argv
    assert named == str(VENV_WTG)
    works = subprocess.run(
        ["sh", "-c", f"{named} --version"], env=env, capture_output=True, text=True
    )
    assert works.returncode == 0, works.stderr
    assert works.stdout.startswith("wtg")


@pytest.mark.parametrize(
    ("argv0", "named"),
    [
        ("/usr/bin/wtg", "wtg"),  # sudo finds it
        ("/bin/wtg", "wtg"),
        (str(VENV_WTG), str(VENV_WTG)),
        ("/usr/local/bin/wtg", "/usr/local/bin/wtg"),  # not on Red Hat's secure_path
        ("python -m wtg", None),
    ],
)
def test_the_running_wtg_as_sudo_finds_it(
    argv0: str, named: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Path, "is_file", lambda self: True)
    if named is None:  # python -m wtg: the interpreter and -m, the venv's python by its path
        import wtg

        argv0 = str(Path(wtg.__file__).parent / "__main__.py")
        named = f"{sys.executable} -m wtg"
    monkeypatch.setattr(sys, "argv", [argv0])
    assert running_wtg() == named


def test_a_program_that_is_not_wtg_is_named_wtg(monkeypatch: pytest.MonkeyPatch) -> None:
    """wtg called from other Python code (a test runner): the plain name."""
    monkeypatch.setattr(sys, "argv", ["/opt/tools/bin/pytest"])
    assert running_wtg() == "wtg"
