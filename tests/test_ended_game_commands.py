"""The GM's commands on a game he ended (`wtg end`) while it was held: `release` told the
players the game went on and let the hold go, `hold` given again queued the hold's notices,
`run-turn` said the game was held (`wtg release` would let it run), and `orders --correct`
filed orders for a rerun of the end, which `run-turn --rerun` refuses. Each now refuses,
saying the game is over; the hold stays for a rollback that takes the end back."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import GM, NOW, World
from tests.test_end_game import played_one_turn
from wtg.cli import main
from wtg.core.errors import GameError
from wtg.game.engine import open_game
from wtg.gm.control import hold, release, rollback
from wtg.gm.newcode import NEW_CODE


def ended_while_held(tmp_path: Path) -> World:
    """Turn 1 run, the game held (its notices queued), then ended by the GM."""
    world = World(tmp_path)
    played_one_turn(world)
    hold(world.game, NOW, "away", lambda _hold: 0)
    assert wtg(world, "end", "g1", "--yes").exit_code == 0
    return world


def wtg(world: World, *args: str) -> Result:
    config = world.gm.games_dir.parent / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\nfrom: {GM}\n")
    return CliRunner().invoke(main, ["--config", str(config), *args])


def test_release_of_a_game_ended_while_held_is_refused(tmp_path: Path) -> None:
    world = ended_while_held(tmp_path)
    kept = world.game.held()
    queued = world.outbox()

    result = wtg(world, "release", "g1")

    assert result.exit_code == 1
    config = world.gm.games_dir.parent / "wtg.yaml"
    assert result.stderr == (
        "wtg: game g1 is over (ended by the GM at turn 2): it has no turn to release; its "
        "hold since 2026-11-22 12:00 UTC stays, and holds it again after "
        f"`wtg --config {config} rollback g1 --to 1` takes the end back\n"
    )
    assert world.game.held() == kept and world.outbox() == queued
    with pytest.raises(GameError, match="is over"):
        release(world.game, NOW, lambda _hold: 0)
    rollback(world.game, 1, NOW)
    assert release(world.game, NOW, lambda _hold: 0)[1]  # the end taken back: it runs


def test_a_hold_given_again_to_a_game_ended_while_held_tells_no_one(tmp_path: Path) -> None:
    world = ended_while_held(tmp_path)
    queued = world.outbox()

    result = wtg(world, "hold", "g1", "--reason", "away")

    assert result.exit_code == 1
    assert result.stderr == "wtg: game g1 is over: it has no turn to hold\n"
    assert world.outbox() == queued


def test_run_turn_of_a_game_ended_while_held_says_it_ended(tmp_path: Path) -> None:
    world = ended_while_held(tmp_path)

    result = wtg(world, "run-turn", "g1", "--now")

    assert result.exit_code == 1
    assert result.stderr.startswith("wtg: game g1 was ended by the GM at turn 2: no turn runs; ")
    assert world.game.latest_turn() == 2


def test_orders_correct_of_a_game_the_gm_ended_is_refused(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    assert wtg(world, "end", "g1", "--yes").exit_code == 0
    files = sorted(p for p in world.game.store.root.rglob("*") if p.is_file())
    order = tmp_path / "orders.yaml"
    order.write_text("player: 1\nturn: 2\n")

    result = wtg(world, "orders", "g1", str(order), "--correct")

    assert result.exit_code == 2
    assert result.stderr.startswith(
        "wtg: orders not stored: game g1 was ended by the GM at turn 2: its end has no "
        "orders to correct; `wtg --config "
    )
    assert sorted(p for p in world.game.store.root.rglob("*") if p.is_file()) == files


def test_a_new_code_for_a_game_ended_is_refused(tmp_path: Path) -> None:
    """`wtg new-code` on a game over wrote the code and mailed it, saying to write it in
    each form he sends and that his next report's form carries it: no form is taken."""
    world = ended_while_held(tmp_path)
    code = world.game.config.player(1).code
    queued = world.outbox()

    result = wtg(world, "new-code", "g1", "--player", "1")

    assert result.exit_code == 1
    assert result.stderr == (
        "wtg: game g1 is over (ended by the GM at turn 2): it takes no more orders, and its "
        "codes serve only to have the host mail a player his reports again, to his own "
        "address: no new code was given\n"
    )
    assert open_game(world.game.store.root).config.player(1).code == code
    assert world.outbox() == queued
    assert not (world.game.store.root / NEW_CODE).exists()
