"""The Library the rulesets read their forms and maps from (``wtg.core.library``): the
shipped data, or a folder laid out the same way (``forms/<ruleset>.yaml``,
``games/<ruleset>/<map>.yaml``), such as a ruleset's that is not shipped; and the Tactics
worlds (``wtg.rules.tactics.worlds``), so that every ruleset is made with a DataLibrary alone
(``wtg.data.rulesets``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from wtg.core.form import FormSpec
from wtg.core.library import MapFile
from wtg.data.forms import read_form
from wtg.data.maps import is_map_path, read_gm_map_file, read_map_file
from wtg.data.paths import data_dir

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11

    from wtg.core.ruleset import OptionValue
    from wtg.rules.tactics.board import Board
    from wtg.rules.tactics.world import MapSpec, World


class DataLibrary:
    """Forms and maps under ``root`` (a folder holding forms/ and games/), or the shipped
    ones (``wtg.data.paths``: the package's data, or ``WTG_DATA_DIR``) when ``root`` is
    None."""

    def __init__(self, root: Traversable | None = None) -> None:
        self.root = root

    def _folder(self, kind: str) -> Traversable:
        return data_dir(kind) if self.root is None else self.root / kind

    def form(self, ruleset: str) -> FormSpec:
        return read_form(self._folder("forms") / f"{ruleset}.yaml")

    def map_names(self, ruleset: str) -> list[str]:
        folder = self._folder("games") / ruleset
        if not folder.is_dir():
            return []
        names = (entry.name for entry in folder.iterdir() if entry.is_file())
        return sorted(name.removesuffix(".yaml") for name in names if name.endswith(".yaml"))

    def map_file(self, ruleset: str, name: str) -> MapFile:
        if is_map_path(name):
            given = Path(name).expanduser()
            if not given.is_file():
                raise FileNotFoundError(f"no map file {name}")
            return MapFile(data=read_gm_map_file(given), source=str(given), name=given.stem)
        found = self._folder("games") / ruleset / f"{name}.yaml"
        if not found.is_file():
            known = ", ".join(self.map_names(ruleset)) or "none"
            raise FileNotFoundError(f"no map {name!r} for {ruleset} (maps: {known})")
        return MapFile(data=read_map_file(found), source=str(found), name=name)

    def world(self, options: Mapping[str, OptionValue]) -> World:
        """The Tactics world of a game's options: its ``assets`` folder (a GM's), or the
        shipped one. Raises AssetError."""
        # imported here: Pillow, which reads the world's pictures, only for Tactics games
        from wtg.data.tactics.maps import load_world

        return load_world(options)

    def board(self, world: World, spec: MapSpec) -> Board:
        """The board of one of a Tactics world's maps, read from its images. Raises
        AssetError."""
        from wtg.data.tactics.maps import load_board  # Pillow: as ``world``

        return load_board(world, spec)


SHIPPED = DataLibrary()
"""The shipped forms and maps."""
