"""At 2 a.m. the GM holds g1, or rolls it back, then gives the undo or the release to g2:
`wtg release g2`, `wtg hold g2 --undo`, `wtg rollback g2 --undo` said only that g2 was not
held or had no rollback, and left him to guess. The refusal names the game of the same
games folder the command fits, with the command for it; nothing changes in either game."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import FIRST, GM, NOW, World, players
from tests.test_gm_controls import minutes
from wtg.cli import main
from wtg.game.engine import create_game, open_game
from wtg.game.schedule import make_schedule
from wtg.gm.rollback import rollbacks


def host(tmp_path: Path) -> tuple[World, Path]:
    world = World(tmp_path)  # game g1
    schedule = make_schedule(2, "18:00", "UTC", first=FIRST)
    create_game(
        world.gm.games_dir / "g2", "wok4", "small", players(2), seed=5, schedule=schedule, now=NOW
    )
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    return world, config


def wtg(config: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    return result.exit_code, result.stderr


def test_a_release_or_hold_undo_of_the_wrong_game_names_the_held_one(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    assert wtg(config, "hold", "g1")[0] == 0
    held = world.game.held()
    assert held is not None
    since = minutes(held.since)
    assert wtg(config, "release", "g2") == (
        1,
        f"wtg: game g2 is not held (game g1 is held since {since}: did you mean `wtg --config "
        f"{config} release g1`?)\n",
    )
    assert wtg(config, "hold", "g2", "--undo") == (
        1,
        f"wtg: game g2 is not held: no hold to take back (game g1 is held since {since}: did "
        f"you mean `wtg --config {config} hold g1 --undo`?)\n",
    )
    assert world.game.held() == held  # nothing changed
    assert wtg(config, "release", "g1")[0] == 0
    assert wtg(config, "release", "g2") == (1, "wtg: game g2 is not held\n")  # none is: as before


def test_a_rollback_undo_of_the_wrong_game_names_the_one_rolled_back(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    world.game.run_turn()
    code, _ = wtg(config, "rollback", "g1", "--to", "0")
    assert code == 0
    (done,) = rollbacks(world.game.store)
    assert wtg(config, "rollback", "g2", "--undo") == (
        1,
        f"wtg: game g2 has no rollback to undo (game g1 was rolled back to turn 0 at "
        f"{minutes(done.at)}: did you mean `wtg --config {config} rollback g1 --undo`?)\n",
    )
    assert world.game.latest_turn() == 0  # still rolled back
    assert wtg(config, "rollback", "g1", "--undo")[0] == 0
    assert wtg(config, "rollback", "g2", "--undo") == (
        1,
        "wtg: game g2 has no rollback to undo\n",  # g1's undone: none to name
    )


def test_an_extend_undo_of_the_wrong_game_names_the_one_extended(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    old = world.game.deadline_stamp()
    assert wtg(config, "extend", "g1", "24")[0] == 0
    new = world.game.deadline_stamp()
    assert wtg(config, "extend", "g2", "--undo") == (
        1,
        f"wtg: game g2: turn 1's deadline was not moved by `wtg --config {config} extend`: "
        "nothing to take back "
        f"(game g1 had turn 1's deadline moved from {old} to {new}: did you mean `wtg --config "
        f"{config} extend g1 --undo`?)\n",
    )
    assert world.game.deadline_stamp() == new  # nothing changed


def test_a_rerun_of_the_wrong_game_names_the_one_corrected(tmp_path: Path) -> None:
    """The GM corrects g1's orders, then reruns g2: the rerun changes nothing there and is
    refused (`run-turn --rerun` given twice), naming g1, whose correction waits."""
    world, config = host(tmp_path)
    world.game.run_turn()
    open_game(world.gm.games_dir / "g2").run_turn()
    fix = tmp_path / "fix.yaml"
    fix.write_text("player: 2\nturn: 1\nquit: true\n", encoding="utf-8")
    assert wtg(config, "orders", "g1", str(fix), "--correct")[0] == 0
    code, said = wtg(config, "run-turn", "g2", "--rerun")
    assert code == 1
    assert said.endswith(
        f"`wtg --config {config} run-turn g2 --rerun --unchanged` runs it again and mails it "
        "again all the same (game g1 has orders corrected for its turn 1 (player 2) that no "
        f"rerun took yet: did you mean `wtg --config {config} run-turn g1 --rerun`?)\n"
    )
    ran = wtg(config, "run-turn", "g1", "--rerun")
    assert ran[0] == 0, ran[1]
    code, said = wtg(config, "run-turn", "g2", "--rerun")  # none waits now: as before
    assert code == 1 and said.endswith("mails it again all the same\n")


def test_the_game_meant_is_named_with_the_config_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg --config /srv/b/wtg.yaml release g2` at 2 a.m. (no WTG_CONFIG, or another
    host's): the command named, copied as it was, ran against another host, or none. It
    carries the config given on the command line, which, given as said, runs; from the
    environment (WTG_CONFIG) it is left out: the shell that copies it has it too."""
    world, config = host(tmp_path)
    monkeypatch.chdir(tmp_path)  # the config given relative: named whole
    assert wtg(Path("wtg.yaml"), "hold", "g1")[0] == 0
    code, said = wtg(Path("wtg.yaml"), "release", "g2")
    assert code == 1
    command = said.split("`")[1]
    assert command == f"wtg --config {config} release g1"
    monkeypatch.chdir(tmp_path / "games")  # another folder: it still names this host
    ran = CliRunner().invoke(main, shlex.split(command)[1:])
    assert ran.exit_code == 0, ran.output
    assert world.game.held() is None
    assert wtg(config, "hold", "g1")[0] == 0
    held = world.game.held()
    assert held is not None
    result = CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, ["release", "g2"])
    assert result.stderr == (
        f"wtg: game g2 is not held (game g1 is held since {minutes(held.since)}: did you mean `wtg "
        "release g1`?)\n"
    )
