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


def test_a_colon_goes_on_in_its_sentence() -> None:
    """A player's trial: Tactics' move help read ``A piece that stays where it is:`` on a
    line of its own, like a heading, with ``TO is its own tile.`` under it: a colon before a
    field's name in capitals was taken for a sentence's end. A colon now goes on; a full
    stop still ends the sentence."""
    assert choice_lines(
        "A piece that stays where it is: TO is its own tile. Moves run in the order written."
    ) == [
        "A piece that stays where it is: TO is its own tile.",
        "Moves run in the order written.",
    ]


def test_tactics_move_help_on_the_form(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g", "tactics", "meadow", players(2), seed=5)
    game.run_turn()
    lines = game.aof(1).splitlines()
    at = lines.index("A piece that stays where it is: TO is its own tile.")
    assert lines[at + 1] == "Moves run in the order written."
