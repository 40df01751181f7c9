"""Order lines typed with a full stop after their last value (``R1: 1.``), as a player ends a
sentence, or as a phone's keyboard types one for two taps of the space bar (an iPhone's,
Gboard's) at a line's end. Each was rejected for its last value ('READY must be 1 (yes) or
0 (no), found "1."'), READY not kept, nothing of the line filed: the stop is no part of
the value, and the lines are filed as without it, in a game of every ruleset (and a
``MAP: off.`` line sets the map off)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.table import Table
from tests.mail.clients.test_unquoted_originals import typed_above_the_quote


@pytest.mark.parametrize("ruleset", PLAYED)
def test_order_lines_ending_in_a_full_stop_are_filed(ruleset: str, tmp_path: Path) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    stopped = "".join(f"{line}.\n" for line in played.bare().splitlines())
    typed_above_the_quote(table, f"{stopped}MAP: off.\n\nSent from my iPhone\n")
    assert table.orders(1) == played.filed
    settings = json.loads((table.games / played.spec.name / "settings.json").read_text())
    assert settings["players"]["1"]["map"]["value"] == "off"
