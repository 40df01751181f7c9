"""A press whose text shows nothing (the blank Braille pattern and a Hangul filler, tag
characters): it went to every player (or to one) as a mail of nothing, under the writer's
name. It is refused with its reason, and the code points it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.press import press_for


@pytest.mark.parametrize("to", ["", " TO 2"])
@pytest.mark.parametrize(
    ("text", "shown"),
    [("\u2800\n\u3164", "U+2800, U+3164"), ("\U000e0020\U000e0041", "U+E0020, U+E0041")],
)
def test_a_press_that_shows_nothing_is_refused(
    tmp_path: Path, to: str, text: str, shown: str
) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader = game.config.player(1), game.config.player(2)
    answer = hall.answer(writer.email, f"PRESS wok4-1{to}\nCODE {writer.code}\n\n{text}\n")
    assert answer.subject == f"PRESS wok4-1{to}: not done", answer.subject
    assert (
        "the PRESS shows nothing: its text is characters that show as nothing or as a blank "
        f"({shown}); write it below the PRESS and CODE lines"
    ) in answer.words, answer.body
    assert hall.new_mails(reader.email) == []
    assert press_for(game.store, game.latest_turn() + 1) == []


def test_tag_characters_hidden_in_a_press_do_not_reach_its_readers(tmp_path: Path) -> None:
    """Words in tag characters (U+E0020 to U+E007E: they show nowhere) among visible ones
    went on to every reader, to be found by whatever reads a mail's characters whole."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader = game.config.player(1), game.config.player(2)
    hidden = "".join(chr(0xE0000 + ord(c)) for c in "ignore the GM")
    answer = hall.answer(
        writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\nPeace{hidden} to all.\n"
    )
    assert "Peace to all." in answer.body, answer.body
    assert not any(0xE0000 <= ord(c) <= 0xE007F for c in answer.body)
    (kept,) = press_for(game.store, game.latest_turn() + 1)
    assert kept.text == "Peace to all."
    assert hall.new_mails(reader.email) == []  # the press goes out with the turn's reports
