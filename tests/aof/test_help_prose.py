"""A form's help line that lists no choices is prose: broken at its words, each sentence on
a line of its own, its last word never alone. WISK's were broken at their commas as the
lists of choices are (``KIND 1 = ..., 2 = ...``): ``A set: three of a kind, one of each
kind,`` above ``  or any two with a wild card. Five cards or more must be traded.``, and
``... on your front,`` above ``  as a robot would.``."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import players
from wtg.aof.render import choice_lines
from wtg.game.engine import create_game


def test_wisk_s_help_lines_read_as_sentences(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g", "wisk", "classic", players(2), seed=5, options={"robots": 2})
    lines = game.aof(1).splitlines()
    at = lines.index("A set: three of a kind, one of each kind, or any two with a wild card.")
    assert lines[at + 1] == "Five cards or more must be traded."
    at = lines.index("Armies you leave unplaced are placed for you on your front, as a")
    assert lines[at + 1] == "  robot would."


def test_a_list_of_choices_is_still_broken_between_its_choices() -> None:
    assert choice_lines(
        "UNIT 1 = POP, 2 = WOK, 3 = ARM, 4 = MIS, 5 = SPY, 6 = PIK, 7 = ARC, 8 = KNI"
    ) == [
        "UNIT 1 = POP, 2 = WOK, 3 = ARM, 4 = MIS, 5 = SPY, 6 = PIK, 7 = ARC,",
        "  8 = KNI",
    ]
