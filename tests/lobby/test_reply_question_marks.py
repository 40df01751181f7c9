"""A question under a reply's signature, asked with the Arabic ``؟``, the Greek ``;``
(U+037E) or the reversed ``⸮`` (wtg/lobby/yesno.py, ``_ASKS``): the yes/no reading knew
``?`` and ``？`` alone, took such a line under his name for his signature, cut it off, and
read the ``Yes`` above it as a plain yes: the JOIN was confirmed and the question quoted to
no one. Now the line asks, as a ``?`` one does: nothing is confirmed, and the answer
quotes the question."""

from __future__ import annotations

import pytest

from wtg.lobby.questions import asked
from wtg.lobby.yesno import OTHER, YES, question, said

ARABIC = "متى تبدأ؟"  # "when does it start?"
GREEK = "Πότε ξεκινά\u037e"  # "when does it start?", the Greek question mark
REVERSED = "Free\u2e2e"


@pytest.mark.parametrize("line", [ARABIC, GREEK, REVERSED, "When?", "何時？"])
def test_a_question_under_the_name_is_no_signature(line: str) -> None:
    assert said(["Yes", "", "Alice Liddell", line], "Alice") == OTHER
    assert question(["Yes", "", "Alice Liddell", line], None) == line


def test_the_same_signature_without_a_question_is_still_one() -> None:
    assert said(["Yes", "", "Alice Liddell", "متى تبدأ"], "Alice") == YES
    assert said(["Yes", "", "Alice Liddell", "Πότε ξεκινά"], "Alice") == YES


@pytest.mark.parametrize("line", [ARABIC, GREEK, REVERSED])
def test_a_line_ending_in_each_mark_asks(line: str) -> None:
    assert asked(["Hello", line]) == line
    assert said([line], "") == OTHER
