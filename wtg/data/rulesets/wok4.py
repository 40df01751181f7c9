"""WoK IV, reading the shipped forms and maps."""

from __future__ import annotations

from wtg.data.shelf import SHIPPED
from wtg.rules.wok4 import Wok4

RULESET = Wok4(SHIPPED)
