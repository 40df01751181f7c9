"""`Game.typed()` (the demo's, and tests') is the game itself, its type alone narrowed: before,
it made a second `Game` on the same store, which added a second `when_locked` hook, so that
every lock of the store read game.yaml twice and the first game, dropped by its caller,
lived on in the store's hook. The one hook left still reads game.yaml again at the lock,
for the game typed as for the game untyped."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shipped import WOK4
from wtg.files.store import GameStore
from wtg.game.engine import create_game, open_game
from wtg.game.gameconfig import PlayerEntry

PLAYERS = [
    PlayerEntry(1, "Ann", "ann@example.org", "CODE0001"),
    PlayerEntry(2, "Bob", "bob@example.org", "CODE0002"),
]


def test_typed_is_the_game_itself(tmp_path: Path) -> None:
    game = open_game(create_game(tmp_path / "g", "wok4", "small", PLAYERS, seed=1).store.root)
    typed = game.typed(WOK4)
    untyped: object = game
    assert typed is untyped
    assert typed.state().turn == 0  # a state of WoK IV, read as before


def test_a_lock_reads_game_yaml_once_for_a_typed_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = create_game(tmp_path / "g", "wok4", "small", PLAYERS, seed=1).store.root
    game = open_game(root).typed(WOK4)
    reads: list[Path] = []
    kept = GameStore.config_text

    def counted(store: GameStore) -> str:
        reads.append(store.root)
        return kept(store)

    # another process renames Bob meanwhile (a takeover): game.yaml written over
    other = open_game(root)
    text = (root / "game.yaml").read_text(encoding="utf-8").replace("Bob", "Cid")
    other.store.write_config(text)
    monkeypatch.setattr(GameStore, "config_text", counted)
    with game.store.lock():
        assert game.config.player(2).name == "Cid"  # read again at the lock
    assert reads == [root]  # once: one hook (two before, one for each Game)
