"""Intermediate WoK, reading the shipped forms and maps."""

from __future__ import annotations

from wtg.data.shelf import SHIPPED
from wtg.rules.intermediate import Intermediate

RULESET = Intermediate(SHIPPED)
