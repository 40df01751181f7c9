"""`run-turn --rerun` given twice with no correction between ran the turn again as it
was, and the next `wtg send` mailed every player the same report again (``-r1``, then
``-r2``). A rerun that comes out as the run it replaces is refused now, nothing changed,
saying so and what to do; `--unchanged` runs it all the same (docs/gm.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import GM, World
from tests.test_rerun_keeps_run import files_of
from wtg.cli import main
from wtg.game.samerun import RerunChangesNothing


def host(tmp_path: Path) -> tuple[World, Path]:
    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    for seat in range(1, 5):
        world.game.submit(f"player: {seat}\nturn: 1\n")
    world.game.run_turn()
    return world, config


def wtg(config: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_rerun_that_changes_nothing_is_refused_and_mails_nothing(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    assert wtg(config, "send", "-q")[0] == 0
    before = files_of(world.game.store.turn_dir(1))
    code, out, err = wtg(config, "run-turn", "g1", "--rerun")
    assert code == 1 and out == ""
    assert err == (
        "wtg: turn 1 of game g1 run again comes out as it ran (the same state, reports and "
        "orders: no correction given since changes them): not rerun, so that the players are not "
        f"mailed the same report again; correct a player's orders first (`wtg --config {config} "
        f"orders g1 FILE --correct`), or `wtg --config {config} run-turn g1 --rerun --unchanged` "
        "runs it again and mails it again all the same\n"
    )
    assert files_of(world.game.store.turn_dir(1)) == before  # reruns: 0, nothing archived
    assert world.game.store.kept_runs(1) == []
    queued = set(world.outbox())
    assert wtg(config, "send", "-q")[0] == 0
    assert set(world.outbox()) == queued  # nobody mailed the same report again
    assert not any(name.endswith("-r1") for name in (p.name for p in world.sent()))


def test_unchanged_runs_it_again_and_mails_it_again(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    assert wtg(config, "send", "-q")[0] == 0
    code, out, _ = wtg(config, "run-turn", "g1", "--rerun", "--unchanged")
    assert code == 0 and out.startswith("turn 1 of game g1 rerun (the run it replaced kept in ")
    assert world.game.meta(1).get("reruns") == 1
    assert wtg(config, "send", "-q")[0] == 0
    again = sorted(p.name for p in world.sent() if p.name.startswith("report-g1-t0001-"))
    assert again == [f"report-g1-t0001-p0{s}{r}" for s in range(1, 5) for r in ("", "-r1")]


def test_a_rerun_after_a_correction_runs(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text("player: 2\nturn: 1\nquit: true\n", encoding="utf-8")
    assert wtg(config, "orders", "g1", str(fixed), "--correct")[0] == 0
    code, out, err = wtg(config, "run-turn", "g1", "--rerun")
    assert code == 0, err
    assert out.startswith("turn 1 of game g1 rerun (")
    assert world.game.meta(1).get("reruns") == 1
    # the same correction given again changes nothing more: refused
    assert wtg(config, "orders", "g1", str(fixed), "--correct")[0] == 0
    assert wtg(config, "run-turn", "g1", "--rerun")[0] == 1
    assert world.game.meta(1).get("reruns") == 1


def test_the_engine_refuses_only_when_told(tmp_path: Path) -> None:
    world, _ = host(tmp_path)
    with pytest.raises(RerunChangesNothing):
        world.game.run_turn(rerun=True, refuse_unchanged=True)
    assert world.game.run_turn(rerun=True) == 1  # a caller that means it: as before
    assert world.game.meta(1).get("reruns") == 1


def test_unchanged_without_rerun_is_refused(tmp_path: Path) -> None:
    _, config = host(tmp_path)
    code, _, err = wtg(config, "run-turn", "g1", "--now", "--unchanged")
    assert code == 1
    assert err.startswith("wtg: --unchanged goes with --rerun")


def test_the_refusal_of_a_held_games_rerun_keeps_force(tmp_path: Path) -> None:
    """Held, the rerun is given with --force; the command the refusal names keeps it, or
    given as told it was refused as held."""
    world, config = host(tmp_path)
    assert wtg(config, "hold", "g1")[0] == 0
    code, _, err = wtg(config, "run-turn", "g1", "--rerun", "--force")
    assert code == 1
    assert f"`wtg --config {config} run-turn g1 --rerun --force --unchanged` runs it again" in err
    code, _, err = wtg(config, "run-turn", "g1", "--rerun", "--force", "--unchanged")
    assert code == 0, err
    assert world.game.meta(1).get("reruns") == 1
