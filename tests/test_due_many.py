"""`wtg run-turn --due` over many games (issue 13): in worker processes, a broken game
reported and skipped, one summary line, a progress bar only on a terminal."""

from __future__ import annotations

import os
import pty
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import players
from wtg.cli import main
from wtg.game.engine import TurnMovedOn, create_game, open_game
from wtg.game.schedule import make_schedule
from wtg.host.config import GmConfig, load_config
from wtg.host.due import Outcome, run_due, run_game

WTG = str(Path(sys.executable).with_name("wtg"))
LONG_AGO = datetime(2020, 1, 6, 12, 0, tzinfo=timezone.utc)
"""Games made then with deadlines every 2 days are long past their first deadline."""


def due_games(games_dir: Path, count: int) -> list[Path]:
    """``count`` games of 2 players on the small map, all past their deadline: one made,
    the others copies of it under their own names."""
    first = games_dir / "g01"
    schedule = make_schedule(2, "18:00", "UTC", now=LONG_AGO)
    create_game(first, "wok4", "small", players(2), seed=5, schedule=schedule, now=LONG_AGO)
    folders = [first]
    for number in range(2, count + 1):
        folder = games_dir / f"g{number:02d}"
        shutil.copytree(first, folder)
        config = (folder / "game.yaml").read_text()
        (folder / "game.yaml").write_text(config.replace("game: g01", f"game: {folder.name}"))
        folders.append(folder)
    return folders


def write_config(root: Path) -> Path:
    path = root / "wtg.yaml"
    path.write_text("games_dir: games\nfrom: gm@example.org\n")
    return path


def break_ruleset(folder: Path) -> None:
    config = (folder / "game.yaml").read_text()
    assert "ruleset: wok4" in config
    (folder / "game.yaml").write_text(config.replace("ruleset: wok4", "ruleset: wok9"))


def break_state(folder: Path) -> None:
    state = folder / "turns" / "0000" / "state.json"
    state.write_bytes(state.read_bytes()[:1000])  # cut short, as by a full disk


def test_among_50_due_games_a_broken_two_are_named_and_48_run(tmp_path: Path) -> None:
    folders = due_games(tmp_path / "games", 50)
    break_ruleset(folders[6])
    break_state(folders[30])
    config = write_config(tmp_path)
    done = subprocess.run(
        [WTG, "--config", str(config), "run-turn", "--due", "--jobs", "2"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1, done.stderr  # a failed game's reason, or the run's
    summary = done.stdout.splitlines()[-1]
    assert summary.startswith("ran 48, held 0, failed 2, not due 0, in "), done.stderr
    assert summary.endswith(" s; failed: g07, g31")
    failures = sorted(done.stderr.splitlines())
    yaml = folders[6] / "game.yaml"
    assert failures[0].startswith(
        f"g07: failed: {yaml}, line 3: ruleset: no ruleset 'wok9' (known: "
    )
    state = folders[30] / "turns" / "0000" / "state.json"
    assert failures[1].startswith(f"g31: failed: {state} cannot be read: Unterminated string")
    assert len(failures) == 2
    ran = sorted(line for line in done.stdout.splitlines()[:-1])
    assert len(ran) == 48
    assert ran[0] == "g01: turn 1 resolved (the deadline has passed)"
    for folder in folders:
        latest = max(int(p.name) for p in (folder / "turns").iterdir())
        assert latest == (0 if folder.name in ("g07", "g31") else 1), folder.name


def test_one_process_reports_a_broken_game_and_runs_the_others(tmp_path: Path) -> None:
    folders = due_games(tmp_path / "games", 3)
    break_ruleset(folders[0])
    gm = _gm(tmp_path)
    run = run_due(gm, jobs=1)
    lines = list(run)
    assert [ok for _line, ok in lines] == [False, True, True]
    yaml = folders[0] / "game.yaml"
    assert lines[0][0].startswith(f"g01: failed: {yaml}, line 3: ruleset: no ruleset 'wok9'")
    assert run.line().startswith("ran 2, held 0, failed 1, not due 0, in ")
    assert run.line().endswith("; failed: g01")
    assert run.failed


def test_a_turn_run_meanwhile_by_another_process_is_not_run_again(tmp_path: Path) -> None:
    """The due check reads the game without its lock; the run under the lock is refused
    when the turn it found due has been run meanwhile."""
    (folder,) = due_games(tmp_path / "games", 1)
    game = open_game(folder)
    game.run_turn(now=LONG_AGO)
    with pytest.raises(TurnMovedOn):
        game.run_turn(now=LONG_AGO, expect=1)
    assert game.latest_turn() == 1


def test_an_error_in_the_rules_fails_that_game_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (folder,) = due_games(tmp_path / "games", 1)
    game = open_game(folder)

    def broken(*args: object) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(type(game.ruleset), "resolve", broken)
    result = run_game(folder, _gm(tmp_path), datetime.now(timezone.utc))
    assert result.outcome is Outcome.FAILED
    assert result.line() == "g01: failed: an error in wtg: ZeroDivisionError: division by zero"
    assert open_game(folder).latest_turn() == 0
    assert not any(p.name.startswith(".") for p in (folder / "turns").iterdir())


def test_under_cron_nothing_due_prints_nothing_and_a_run_prints_its_summary(
    tmp_path: Path,
) -> None:
    config = write_config(tmp_path)
    (tmp_path / "games").mkdir()
    quiet = CliRunner().invoke(main, ["--config", str(config), "run-turn", "--due"])
    assert (quiet.exit_code, quiet.output) == (0, "")
    due_games(tmp_path / "games", 2)
    ran = CliRunner().invoke(main, ["--config", str(config), "run-turn", "--due", "--jobs", "1"])
    lines = ran.output.splitlines()
    assert ran.exit_code == 0
    assert lines[:2] == [
        "g01: turn 1 resolved (the deadline has passed)",
        "g02: turn 1 resolved (the deadline has passed)",
    ]
    assert lines[2].startswith("ran 2, held 0, failed 0, not due 0, in ")
    again = CliRunner().invoke(main, ["--config", str(config), "run-turn", "--due"])
    assert (again.exit_code, again.output) == (0, "")  # not due before the next deadline


def test_jobs_goes_with_due(tmp_path: Path) -> None:
    (folder,) = due_games(tmp_path / "games", 1)
    result = CliRunner().invoke(main, ["run-turn", str(folder), "--jobs", "2"])
    assert result.exit_code == 1
    assert "--jobs goes with --due" in result.output


def on_a_terminal(*args: str, ends: int | None = 0) -> str:
    """What `wtg ARGS` writes to a terminal (stdout and stderr), once it has ended with
    ``ends`` (None: with any status)."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([WTG, *args], stdout=follower, stderr=follower)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed: the command has ended
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    code = proc.wait()
    assert ends is None or code == ends, (code, seen)
    return seen.decode()


def test_a_terminal_shows_a_progress_bar(tmp_path: Path) -> None:
    due_games(tmp_path / "games", 4)
    config = write_config(tmp_path)
    text = on_a_terminal("--config", str(config), "run-turn", "--due", "--jobs", "2")
    assert "run-turn --due  [" in text and "100%" in text
    assert "ran 4, held 0, failed 0, not due 0, in " in text
    assert text.index("100%") < text.index("g01: turn 1 resolved")  # the lines after the bar


def _gm(root: Path) -> GmConfig:
    return load_config(write_config(root))


def test_quiet_on_a_terminal_says_nothing_when_nothing_was_due(tmp_path: Path) -> None:
    """`-q`, which every other cron line of docs/gm.md takes (`poll -q`, `send -q`), was
    refused by run-turn ("No such option"): a GM who gave it to every line of his crontab
    had no turn run at all. It is taken: nothing at all when no game was due, even on a
    terminal; a game run is said, without the bar."""
    due_games(tmp_path / "games", 2)
    config = write_config(tmp_path)
    ran = on_a_terminal("--config", str(config), "run-turn", "--due", "-q", "--jobs", "1")
    assert "run-turn --due  [" not in ran, ran
    assert "g01: turn 1 resolved" in ran and "ran 2, held 0, failed 0, not due 0, in " in ran
    assert on_a_terminal("--config", str(config), "run-turn", "--due", "--quiet") == ""
    loud = on_a_terminal("--config", str(config), "run-turn", "--due")
    assert "run-turn --due  [" in loud and "ran 0, held 0, failed 0, not due 2, in " in loud
