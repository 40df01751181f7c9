"""Where the Tactics ruleset gets its worlds and boards: from the Library it is made with,
which reads a world's ``tactics_ini.txt`` and map images in the data layer
(``wtg.data.datalibrary``, ``wtg.data.tactics``) and hands back plain values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from wtg.core.library import Library
from wtg.core.ruleset import OptionValue
from wtg.rules.tactics.board import Board
from wtg.rules.tactics.world import MapSpec, World


class Worlds(Protocol):
    def world(self, options: Mapping[str, OptionValue]) -> World:
        """The world of a game's options: ``assets`` (the GM's folder), or ours. Raises
        AssetError."""
        ...

    def board(self, world: World, spec: MapSpec) -> Board:
        """The board of one of the world's maps, read from its images. Raises AssetError."""
        ...


class TacticsLibrary(Library, Worlds, Protocol):
    """The Library a Tactics ruleset is made with: the forms and maps of every ruleset, and
    the Tactics worlds."""
