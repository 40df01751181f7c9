"""The games a poll files orders for, found by name: once a game, not once a mail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import players
from wtg.game.engine import create_game
from wtg.mail.spool.hostgames import Registry


def test_a_game_is_looked_for_once_a_poll(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A poll asks for a mail's game once a mail: its folder is looked at for the first only,
    the same game given to the others; after ``forget`` (a game was made) it is looked for
    again."""
    create_game(tmp_path / "g1", "wok4", "classic60", players(), seed=42)
    looked: list[str] = []
    real = Path.is_file

    def is_file(path: Path) -> bool:
        looked.append(path.parent.name)
        return real(path)

    monkeypatch.setattr(Path, "is_file", is_file)
    registry = Registry(tmp_path)
    first = registry.game("g1")
    assert first is not None and first.config.game == "g1"
    assert registry.game(" G1 ") is first and registry.game("g1") is first
    assert looked == ["g1"]
    registry.forget()
    again = registry.game("g1")
    assert again is not None and again is not first
    assert looked == ["g1", "g1"]
