"""What every ruleset reads the same way: its AOF spec (``forms/<name>.yaml``), its maps
(``games/<name>/*.yaml``), and order files checked against that spec. The ruleset classes
inherit it; it lives outside ``wtg.rules`` because it reads files, and rules code does not."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from wtg.aof.orderfile import entries_from_orders
from wtg.core.form import FormSpec
from wtg.core.orders import RawEntry, Verdict
from wtg.core.provmap import MapError, ProvinceMap
from wtg.data.forms import read_form
from wtg.data.maps import is_map_path, read_map_file
from wtg.data.paths import form_path, games_path


class RulesetFiles:
    """A base for the ruleset classes; ``name`` is the ruleset's registered name."""

    name: str

    @cached_property
    def form(self) -> FormSpec:
        return read_form(form_path(self.name))

    def form_for(self, state: Any) -> FormSpec:
        """The AOF of a game in ``state``: ``form``, where the ruleset's maps never outgrow
        it (a ruleset whose maps may override this with ``form_for_map``)."""
        return self.form

    def form_for_map(self, provinces: int) -> FormSpec:
        """The AOF of a game on a map of ``provinces`` provinces (its province fields as
        wide as the largest id needs), made once for each width."""
        digits = len(str(provinces))
        form = self._forms_by_width.get(digits)
        if form is None:
            form = self._forms_by_width[digits] = self.form.for_provinces(provinces)
        return form

    @cached_property
    def _forms_by_width(self) -> dict[int, FormSpec]:
        return {}

    def map_names(self) -> list[str]:
        return sorted(p.stem for p in games_path(self.name).glob("*.yaml"))

    def map_file(self, name: str) -> Path:
        """The file of a map, or the GM's map file ``name`` is a path to
        (``is_map_path``); FileNotFoundError names the maps there are."""
        if is_map_path(name):
            given = Path(name).expanduser()
            if not given.is_file():
                raise FileNotFoundError(f"no map file {name}")
            return given
        path = games_path(self.name) / f"{name}.yaml"
        if not path.is_file():
            known = ", ".join(self.map_names()) or "none"
            raise FileNotFoundError(f"no map {name!r} for {self.name} (maps: {known})")
        return path

    def map_of_file(self, path: str) -> ProvinceMap:
        """A GM's own map file, checked as the ruleset's maps are (MapError lists what is
        wrong with it). Only rulesets played on province maps take one."""
        maps = ", ".join(self.map_names()) or "none"
        raise MapError(path, [f"{self.name} is played on its own maps only ({maps})"])

    def read_map(self, name: str) -> tuple[Any, str, str]:
        """A map file's data, where it came from, and the map's default name (its file's)."""
        path = self.map_file(name)
        return read_map_file(path), str(path), path.stem

    def entries_from_dict(
        self, data: Mapping[str, Any], state: Any = None
    ) -> tuple[list[RawEntry], list[Verdict], list[str]]:
        """Entries of an order file, read with the form of the game in ``state`` (the
        ruleset's own form when no state is given)."""
        form = self.form if state is None else self.form_for(state)
        return entries_from_orders(form, data)
