"""What a ruleset reads of the files around it, asked of a Library: the data layer
(``wtg.data.datalibrary``) reads the files and hands back plain values, so that no rules code
opens a file. A ruleset object is made with the Library it reads from."""

from __future__ import annotations

from typing import Protocol

from wtg.core.form import FormSpec
from wtg.core.record import Record


class MapFile(Record):
    """A map file's parsed YAML, where it came from (for messages), and the map's default
    name (its file's). ``data`` is as the file holds it, not yet checked (a GM's map file
    may hold anything YAML does): the ruleset reading it narrows it (``map_from_data``)."""

    data: object
    source: str
    name: str


class Library(Protocol):
    """The forms and maps of the rulesets: ``forms/<ruleset>.yaml`` and
    ``games/<ruleset>/<map>.yaml`` of the shipped data, or of a folder laid out the same."""

    def form(self, ruleset: str) -> FormSpec:
        """The ruleset's AOF spec, read and checked (FormError lists what is wrong)."""
        ...

    def map_names(self, ruleset: str) -> list[str]:
        """The ruleset's own maps, by name, sorted."""
        ...

    def map_file(self, ruleset: str, name: str) -> MapFile:
        """One of the ruleset's maps, or the GM's map file ``name`` is a path to: its YAML,
        not yet checked. FileNotFoundError names the maps there are; MapError says why a
        file cannot be read."""
        ...
