"""Where the Tactics ruleset gets its worlds and boards: the data layer reads a world's
``tactics_ini.txt`` and map images (``wtg.data.tactics``) and hands back plain values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from wtg.rules.tactics.board import Board
from wtg.rules.tactics.world import MapSpec, World


class Worlds(Protocol):
    def world(self, options: Mapping[str, Any]) -> World:
        """The world of a game's options: ``assets`` (the GM's folder), or ours. Raises
        AssetError."""
        ...

    def board(self, world: World, spec: MapSpec) -> Board:
        """The board of one of the world's maps, read from its images. Raises AssetError."""
        ...
