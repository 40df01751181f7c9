"""The game store: atomic turn commits, the lock, and recovery after a crash."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from wtg.engine import Game, open_game
from wtg.store import GameLocked, GameStore, StoreError


def test_turn_zero_is_committed_with_everything(game: Game) -> None:
    folder = game.store.turn_dir(0)
    names = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert "state.json" in names and "events.json" in names and "topten.txt" in names
    assert [n for n in names if n.startswith("reports/")] == [
        f"reports/p{i:02d}.txt" for i in range(1, 11)
    ]
    assert len([n for n in names if n.startswith("aofs/")]) == 10
    assert game.store.turns() == [0]


def test_a_crash_while_committing_leaves_the_previous_turn(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_rename = os.rename

    def crash(src: object, dst: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "rename", crash)
    with pytest.raises(OSError):
        game.run_turn()
    monkeypatch.setattr(os, "rename", real_rename)
    assert game.store.turns() == [0]
    assert any(p.name.startswith(".tmp-") for p in game.store.turns_dir.iterdir())
    again = open_game(game.store.root)
    assert again.run_turn() == 1  # the leftover temp folder is cleared and the turn re-run
    assert not any(p.name.startswith(".") for p in game.store.turns_dir.iterdir())


def test_a_crash_in_the_middle_of_a_rerun_swap_is_undone(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    game.run_turn()
    before = (game.store.turn_dir(1) / "state.json").read_text()
    real_rename = os.rename
    calls = []

    def second_rename_fails(src: os.PathLike[str], dst: os.PathLike[str]) -> None:
        calls.append(dst)
        if len(calls) == 2:
            raise OSError("power cut")
        real_rename(src, dst)

    monkeypatch.setattr(os, "rename", second_rename_fails)
    with pytest.raises(OSError):
        game.run_turn(rerun=True)
    monkeypatch.setattr(os, "rename", real_rename)
    assert not game.store.turn_dir(1).exists()  # moved aside: .old-0001
    assert game.state().turn == 1  # readers still find it
    with game.store.lock():
        pass  # taking the lock recovers
    assert (game.store.turn_dir(1) / "state.json").read_text() == before


def _hold_lock(
    root: str, ready: multiprocessing.synchronize.Event, done: multiprocessing.synchronize.Event
) -> None:
    with GameStore(Path(root)).lock():
        ready.set()
        done.wait(10)


def test_the_lock_stops_a_second_writer(game: Game) -> None:
    ready, done = multiprocessing.Event(), multiprocessing.Event()
    holder = multiprocessing.Process(target=_hold_lock, args=(str(game.store.root), ready, done))
    holder.start()
    try:
        assert ready.wait(10)
        with pytest.raises(GameLocked):
            game.run_turn()
    finally:
        done.set()
        holder.join(10)
    assert game.run_turn() == 1


def test_a_turn_is_never_overwritten_without_rerun(game: Game) -> None:
    with pytest.raises(StoreError):
        game.store.commit_turn(0, {"state.json": "{}"})


def test_creating_over_an_existing_game_fails(game: Game) -> None:
    with pytest.raises(StoreError, match="not empty"):
        GameStore.create(game.store.root, "x")


def test_later_orders_replace_earlier_ones(game: Game) -> None:
    first = "player: 1\nturn: 1\ntrade: [100]\n"
    second = "player: 1\nturn: 1\n"
    game.submit(first)
    game.submit(second)
    stored = game.store.pending_orders(1)
    assert list(stored) == [1]
    assert "trade" not in stored[1].read_text()


def test_a_gm_edit_of_an_order_file_wins_over_its_parsed_copy(game: Game) -> None:
    """The parsed copy beside an order file is used only while the YAML is unchanged."""
    home = next(p.id for p in game.state().provinces if p.owner == 1)
    game.submit(f"player: 1\nturn: 1\naim:\n- {{province: {home}, aim: MIS}}\n")
    path = game.store.pending_orders(1)[1]
    assert path.with_name("p01.parsed.json").is_file()
    path.write_text(path.read_text().replace("MIS", "SPY"))
    game.run_turn()
    assert game.state().province(home).aim == "SPY"
    archived = game.store.turn_dir(1) / "orders"
    assert "SPY" in (archived / "p01.yaml").read_text()
    assert '"SPY"' in (archived / "p01.parsed.json").read_text()
