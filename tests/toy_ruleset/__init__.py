"""The toy ruleset made with the data it reads (docs/architecture.md, "A new ruleset", step
4): its form and templates in this folder, laid out as the shipped data is."""

from __future__ import annotations

from importlib.resources import files

from tests.toy_ruleset.rules import Toy
from wtg.core.ruleset import Seating
from wtg.data.shelf import Shelf

HERE = files(__name__)
RULESET = Toy(Shelf(HERE))
SEATING = (Seating(least=2, most=6, rule="Two to six players bid."),)
