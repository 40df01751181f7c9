"""The shipped rulesets, each typed with its state: the very objects ``find_ruleset`` gives
(``wtg.data.rulesets.shipped``), for tests that read the states they make."""

from __future__ import annotations

from wtg.data.rulesets import shipped
from wtg.rules.intermediate.ruleset import Intermediate
from wtg.rules.standard.ruleset import Standard
from wtg.rules.tactics.ruleset import Tactics
from wtg.rules.wisk.ruleset import Wisk
from wtg.rules.wok4.ruleset import Wok4

WOK4 = shipped(Wok4)
STANDARD = shipped(Standard)
INTERMEDIATE = shipped(Intermediate)
WISK = shipped(Wisk)
TACTICS = shipped(Tactics)
