"""The toy ruleset kept outside the package (docs/architecture.md, "A new ruleset"): its
folder ``toy/`` made with a DataLibrary of the data beside it (its form and templates, laid out
as the shipped data is), for ``wtg.game.registry.register``."""

from __future__ import annotations

from importlib.resources import files

from tests.toy_ruleset.toy import REGISTRATION
from tests.toy_ruleset.toy.rules import Toy
from wtg.data.datalibrary import DataLibrary

HERE = files(__name__)
RULESET = Toy(DataLibrary(HERE))
__all__ = ["HERE", "REGISTRATION", "RULESET"]
