"""WoS Tactics, reading the shipped form and the worlds of files (ours, or a GM's
``--assets``)."""

from __future__ import annotations

from wtg.data.shelf import SHIPPED
from wtg.data.tactics.maps import WorldFiles
from wtg.rules.tactics import Tactics

RULESET = Tactics(SHIPPED, WorldFiles())
