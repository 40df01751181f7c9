"""`kill -9` around the guard of a run-turn given twice (``wtg.cli.justmailed``), whose notes
are the turn's ``ran_at`` and the mail journal's last turn mailed.

A `wtg send` of turn 1 killed just before any of its writes, then the GM's `wtg run-turn
test1 --now` given again: refused (the reports not all mailed yet, or mailed minutes ago
with nobody's orders on file), the game still at turn 1, the refusal naming what to give
(`wtg send`, or `--just-mailed`); the next send mails each player's report once, and the
run is refused as given twice until `--just-mailed`.

A `wtg run-turn test1 --now --just-mailed` killed just before any of its writes, then given
again: turn 2 runs once. Given again after the kill left turn 2 run, the run is refused
(turn 2 is not mailed yet): no turn 3 with nobody's orders.
"""

from __future__ import annotations

import email
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests import killpoints
from wtg.cli import main

KILLS = 10
PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def back(config: Path, turn: int) -> str:
    """How the line of a turn of test1 run with --now ends: the rollback to ``turn`` (the
    turn before it), with the ``--config`` given (run-turn's lines carry it)."""
    return f"; the wrong game? `wtg --config {config} rollback test1 --to {turn}` takes it back"


"""How the line of a turn of test1 run with --now ends (the turn before it)."""


def wtg_in(config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return killpoints.wtg(["--config", str(config), *args])


@pytest.fixture(scope="module")
def host_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game test1 ran turn 1 by hand (`--now`) a moment ago, not yet mailed."""
    root = tmp_path_factory.mktemp("just-mailed") / "host"
    runner = CliRunner()
    assert runner.invoke(main, ["init", str(root)]).exit_code == 0
    config = ["--config", str(root / "wtg.yaml")]
    made = runner.invoke(
        main, [*config, "new-game", "test1", "--ruleset", "wok4", *PLAYERS, "--every", "2"]
    )
    assert made.exit_code == 0, made.output
    assert runner.invoke(main, [*config, "send"]).exit_code == 0
    ran = runner.invoke(main, [*config, "run-turn", "test1", "--now"])
    resolved = f"turn 1 of game test1 resolved{back(root / 'wtg.yaml', 0)}\n"
    assert ran.stdout == resolved, ran.output
    return root


def delivered(root: Path) -> Counter[str]:
    """The mails delivered (the maildir transport's), by their outbox name, counted."""
    found: Counter[str] = Counter()
    for path in (root / "games" / ".mail" / "maildir-out" / "new").iterdir():
        msg = email.message_from_bytes(path.read_bytes())
        found["".join(str(msg["Message-ID"]).split()).strip("<").split(".", 1)[0]] += 1
    return found


def turns(root: Path) -> list[str]:
    """The game's turns committed (a run's temporary folder, which the next writer's lock
    clears, aside)."""
    folder = root / "games" / "test1" / "turns"
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))


def test_a_send_killed_then_run_turn_given_again_runs_no_turn(
    host_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    config = root / "wtg.yaml"
    fresh = killpoints.restorer(host_root, root)
    fresh()
    args = ["--config", str(config), "send", "-q"]
    whole = killpoints.whole(args, root / "games")
    expected = delivered(root)
    reports = [name for name in expected if name.startswith("report-test1-t0001")]
    assert len(reports) == 2 and set(expected.values()) == {1}, expected
    for at, _cut in killpoints.cuts(
        args, root / "games", killpoints.points(whole.writes, KILLS), fresh
    ):
        again = wtg_in(config, "run-turn", "test1", "--now")
        assert again.returncode == 1, (at, again.stdout)
        assert f"`wtg --config {config} send` mails turn 1 first" in again.stderr or (
            f"`wtg --config {config} run-turn test1 --now --just-mailed` runs it all the same"
            in again.stderr
        ), (at, again.stderr)
        assert turns(root) == ["0000", "0001"], at
        sent = wtg_in(config, "send", "-q")
        assert sent.returncode == 0, (at, sent.stderr)
        assert delivered(root) == expected, at
        twice = wtg_in(config, "run-turn", "test1", "--now")
        assert twice.returncode == 1 and "--just-mailed` runs it all the same" in twice.stderr
        assert turns(root) == ["0000", "0001"], at
    print(f"\nsend: {whole.writes} writes, killed before {KILLS} of them")


def test_a_run_turn_just_mailed_killed_then_given_again_runs_one_turn(
    host_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    config = root / "wtg.yaml"
    fresh = killpoints.restorer(host_root, root)
    fresh()
    assert wtg_in(config, "send", "-q").returncode == 0
    mailed = tmp_path / "mailed"
    killpoints.restorer(root, mailed)()
    fresh = killpoints.restorer(mailed, root)
    args = ["--config", str(config), "run-turn", "test1", "--now", "--just-mailed"]
    whole = killpoints.whole(args, root / "games", fresh)
    outcomes: Counter[str] = Counter()
    for at, _cut in killpoints.cuts(
        args, root / "games", killpoints.points(whole.writes, KILLS), fresh
    ):
        ran = turns(root) == ["0000", "0001", "0002"]
        assert ran or turns(root) == ["0000", "0001"], (at, turns(root))
        outcomes["ran" if ran else "not run"] += 1
        again = wtg_in(config, *args[2:])
        if ran:
            assert again.returncode == 1, (at, again.stdout)
            sending = f"`wtg --config {config} send` mails turn 2 first"
            assert sending in again.stderr, (at, again.stderr)
        else:
            assert again.stdout == f"turn 2 of game test1 resolved{back(config, 1)}\n", (
                at,
                again.stderr,
            )
        assert turns(root) == ["0000", "0001", "0002"], at
        assert not list((root / "games" / "test1" / "turns").glob(".*")), at
    # its last write is the turn's rename: killed after it, as though it had ended
    fresh()
    assert wtg_in(config, *args[2:]).stdout == f"turn 2 of game test1 resolved{back(config, 1)}\n"
    again = wtg_in(config, *args[2:])
    assert (
        again.returncode == 1 and f"`wtg --config {config} send` mails turn 2 first" in again.stderr
    )
    assert turns(root) == ["0000", "0001", "0002"]
    print(f"\nrun-turn: {whole.writes} writes, killed before {KILLS} of them: {dict(outcomes)}")
