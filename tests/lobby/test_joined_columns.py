"""The answer to a confirmed JOIN keeps to a mail's 78 columns whatever the ruleset's name:
its paragraph on the game's start was written with its line breaks, and `WITHDRAW
intermediate` made one line of it 82 wide."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address


@pytest.mark.parametrize("ruleset", ["intermediate", "standard", "wok4"])
def test_the_joined_answer_fits_78_columns(tmp_path: Path, ruleset: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list(ruleset, players=2)
    ask = hall.answer(address(1), f"JOIN {ruleset} AS Ann")
    joined = hall.answer(address(1), f"CONFIRM {ask.code()}")
    assert max(len(line) for line in joined.body.splitlines()) <= 78, joined.body
    assert (
        "The game starts as soon as the list is full; your turn 0 report then comes by "
        f"mail, with your secret code in its order form. WITHDRAW {ruleset} takes you off "
        "the list (its answer asks you to CONFIRM)."
    ) in joined.words


def test_the_join_request_ends_with_a_sentence_a_line(tmp_path: Path) -> None:
    """The JOIN's answer ended 'Until then you are not on the list. If you did not ask for'
    above 'this, do nothing.': two sentences broken by hand at 58 columns, a line of two
    words left over. Each is a line of its own, as the WITHDRAW's answer ends."""
    hall = Hall(tmp_path)
    hall.open_list("wisk", map="classic", players=3)
    ask = hall.answer(address(1), "JOIN wisk AS Ann")
    assert ask.body.endswith(
        "\n\nUntil then you are not on the list.\nIf you did not ask for this, do nothing.\n"
    ), ask.body
