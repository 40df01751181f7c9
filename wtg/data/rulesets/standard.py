"""Standard WoK and its variants, reading the shipped forms and maps."""

from __future__ import annotations

from wtg.data.shelf import SHIPPED
from wtg.rules.standard import Standard

RULESET = Standard(SHIPPED)
