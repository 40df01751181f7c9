"""What every ruleset reads the same way: its AOF spec (``forms/<name>.yaml``), its maps
(``games/<name>/*.yaml``), and order files checked against that spec. The ruleset classes
inherit it; the files themselves are read by the Library a ruleset is made with (the data
layer's), so that rules code opens none."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Generic

from typing_extensions import Never

from wtg.aof.orderfile import entries_from_orders
from wtg.core.form import FormSpec
from wtg.core.jsondata import Json
from wtg.core.library import Library, MapFile
from wtg.core.orders import RawEntry, Verdict
from wtg.core.provmap import MapError, ProvinceMap
from wtg.core.ruleset import S_in


class RulesetFiles(Generic[S_in]):
    """A base for the ruleset classes (``RulesetFiles[WokState]``: the state type of the
    ruleset, which ``form_for`` and ``entries_from_dict`` take); ``name`` is the ruleset's
    registered name, ``library`` where its form and maps come from."""

    name: str

    def __init__(self, library: Library) -> None:
        self.library = library

    @cached_property
    def form(self) -> FormSpec:
        return self.library.form(self.name)

    def form_for(self, state: S_in) -> FormSpec:
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
        return self.library.map_names(self.name)

    def map_of_file(self, path: str) -> ProvinceMap:
        """A GM's own map file, checked as the ruleset's maps are (MapError lists what is
        wrong with it). Only rulesets played on province maps take one."""
        maps = ", ".join(self.map_names()) or "none"
        raise MapError(path, [f"{self.name} is played on its own maps only ({maps})"])

    def read_map(self, name: str) -> MapFile:
        """A map's data, where it came from, and its default name: one of the ruleset's
        maps, or the GM's map file ``name`` is a path to. FileNotFoundError names the maps
        there are."""
        return self.library.map_file(self.name, name)

    def entries_from_dict(
        self, data: Mapping[str, Json], state: S_in | None = None
    ) -> tuple[list[RawEntry], list[Verdict], list[str]]:
        """Entries of an order file, read with the form of the game in ``state`` (the
        ruleset's own form when no state is given)."""
        form = self.form if state is None else self.form_for(state)
        return entries_from_orders(form, data)


AnyRulesetFiles = RulesetFiles[Never]
"""A ruleset's files whatever its state type: what holds any ruleset class for its files
alone (its maps, its form), never handing it a state (``RulesetFiles[WokState]`` is one:
a ruleset that reads a state of its own reads no state it is not given)."""
