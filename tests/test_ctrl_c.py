"""Issue 25, item 18: Ctrl-C in any command is one `wtg:` line that says what was kept, never
click's bare "Aborted!" nor a worker's traceback. `run-turn --due` interrupted lets each
worker finish the game in hand, starts no other, and says what it ran; the next run runs
the rest."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_due_many import due_games, write_config
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.host import due

DRIVER = """\
import os, signal, sys
from wtg.host import due
from wtg.cli import main

ran = due.run_game


def run_game(path, gm, moment, mailed=None, first_ran=None):
    if path.name == "g01":
        os.killpg(0, signal.SIGINT)  # Ctrl-C: the terminal signals the whole group
    return ran(path, gm, moment, mailed, first_ran)


due.run_game = run_game
main(sys.argv[1:], prog_name="wtg")
"""


def turns(folders: list[Path]) -> list[int]:
    return [open_game(folder).latest_turn() for folder in folders]


def test_ctrl_c_in_a_command_is_one_wtg_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 18: `wtg send` (or `site`, `new-game`, ...) stopped by Ctrl-C said
    "Aborted!" and nothing of what was kept."""
    due_games(tmp_path / "games", 1)
    config = write_config(tmp_path)

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("wtg.mail.outgoing.sender.send", interrupted)
    result = CliRunner().invoke(main, ["--config", str(config), "send"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        "wtg: interrupted (Ctrl-C): what it had finished is kept, as after a kill; the same "
        f"command given again takes up the rest (`wtg --config {config} status` shows where the "
        "games stand)\n"
    )


def test_ctrl_c_in_run_turn_due_says_what_ran(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 18: on one process, the game whose turn is cut short is left as a
    kill leaves it, and the line counts what ran."""
    folders = due_games(tmp_path / "games", 3)
    config = write_config(tmp_path)
    ran = due.run_game

    def run_game(path: Path, *args: object) -> object:
        if path.name == "g02":
            raise KeyboardInterrupt
        return ran(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(due, "run_game", run_game)
    result = CliRunner().invoke(main, ["--config", str(config), "run-turn", "--due", "--jobs", "1"])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[-1].startswith("wtg: run-turn --due interrupted: ran 1, held 0, failed 0, ")
    assert lines[-1].endswith(
        "; each turn it ran is kept, and the games it did not run are run by the next "
        "`run-turn --due`"
    )
    assert result.stdout == "g01: turn 1 resolved (the deadline has passed)\n"
    assert turns(folders) == [1, 0, 0]
    monkeypatch.setattr(due, "run_game", ran)
    again = CliRunner().invoke(main, ["--config", str(config), "run-turn", "--due", "--jobs", "1"])
    assert again.exit_code == 0, again.output
    assert turns(folders) == [1, 1, 1]


def test_ctrl_c_in_run_turn_due_on_workers(tmp_path: Path) -> None:
    """Issue 25, item 18: Ctrl-C reaches the workers too: each printed a traceback and the
    run said "Aborted!". Now the workers finish the games in hand, no other game starts,
    the line counts every turn that ran, and the next run runs the rest."""
    folders = due_games(tmp_path / "games", 24)
    config = write_config(tmp_path)
    command = ["--config", str(config), "run-turn", "--due", "--jobs", "2"]
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, *command],
        capture_output=True,
        text=True,
        start_new_session=True,  # its own group, as a terminal's command
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "Aborted" not in done.stderr, done.stderr
    last = done.stderr.splitlines()[-1]
    assert last.startswith("wtg: run-turn --due interrupted: ran "), done.stderr
    counted = int(last.split("ran ", 1)[1].split(",")[0])
    after = turns(folders)
    assert set(after) <= {0, 1}
    assert 1 <= counted == after.count(1) < len(folders)
    assert done.stdout.count(": turn 1 resolved") == counted
    again = subprocess.run(
        [sys.executable, "-c", DRIVER.replace('"g01"', '"none"'), *command],
        capture_output=True,
        text=True,
    )
    assert again.returncode == 0, again.stderr
    assert turns(folders) == [1] * len(folders)


def test_a_worker_holds_ctrl_c_back_from_its_fork_until_it_ignores_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 18 (a case the suite met again under issue 26): a Ctrl-C that reached
    a worker of `run-turn --due` after its fork and before it began to ignore Ctrl-C
    (``_start_worker``) printed the worker's traceback. The workers are forked with Ctrl-C
    held back, and each lets it through only once it ignores it."""
    folders = due_games(tmp_path / "games", 4)
    config = write_config(tmp_path)
    seen = tmp_path / "seen"
    start = due._start_worker

    def start_worker(*args: object) -> None:
        held = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
        start(*args)  # type: ignore[arg-type]
        after = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
        ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        with open(seen / str(os.getpid()), "w", encoding="utf-8") as out:
            out.write(f"{held} {after} {ignored}")

    seen.mkdir()
    monkeypatch.setattr(due, "_start_worker", start_worker)
    ran = CliRunner().invoke(main, ["--config", str(config), "run-turn", "--due", "--jobs", "2"])
    assert ran.exit_code == 0, ran.output
    assert turns(folders) == [1, 1, 1, 1]
    assert sorted(p.read_text(encoding="utf-8") for p in seen.iterdir()) == ["True False True"] * 2
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # this process's


STARTING = """\
import sys


class CtrlC:
    \"\"\"Ctrl-C while wtg imports its commands (the first half second of every command).\"\"\"

    def find_spec(self, name, path=None, target=None):
        if name == "wtg.cli.games":
            raise KeyboardInterrupt
        return None


sys.meta_path.insert(0, CtrlC())
from wtg.cli import main

main(sys.argv[1:], prog_name="wtg")
"""


def test_ctrl_c_while_wtg_starts_is_one_wtg_line(tmp_path: Path) -> None:
    """A GM's Ctrl-C in the half second wtg imports its commands printed a traceback of
    the import machinery ending in KeyboardInterrupt."""
    done = subprocess.run(
        [sys.executable, "-c", STARTING, "status"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == "wtg: interrupted (Ctrl-C) while starting: nothing was done\n"
