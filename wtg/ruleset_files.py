"""What every ruleset reads the same way: its AOF spec (``forms/<name>.yaml``), its maps
(``games/<name>/*.yaml``), and order files checked against that spec. The ruleset classes
inherit it; it lives outside ``wtg.rules`` because it reads files, and rules code does not."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from wtg.aof.form import FormSpec, load_form
from wtg.aof.orderfile import entries_from_orders
from wtg.core.orders import RawEntry, Verdict
from wtg.core.provmap import read_map_file
from wtg.paths import form_path, games_path


class RulesetFiles:
    """A base for the ruleset classes; ``name`` is the ruleset's registered name."""

    name: str

    @cached_property
    def form(self) -> FormSpec:
        return load_form(form_path(self.name))

    def map_names(self) -> list[str]:
        return sorted(p.stem for p in games_path(self.name).glob("*.yaml"))

    def map_file(self, name: str) -> Path:
        """The file of a map; FileNotFoundError names the maps there are."""
        path = games_path(self.name) / f"{name}.yaml"
        if not path.is_file():
            known = ", ".join(self.map_names()) or "none"
            raise FileNotFoundError(f"no map {name!r} for {self.name} (maps: {known})")
        return path

    def read_map(self, name: str) -> tuple[Any, str, str]:
        """A map file's data, where it came from, and the map's default name (its file's)."""
        path = self.map_file(name)
        return read_map_file(path), str(path), path.stem

    def entries_from_dict(
        self, data: Mapping[str, Any]
    ) -> tuple[list[RawEntry], list[Verdict], list[str]]:
        return entries_from_orders(self.form, data)
