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
    hall.mail(writer.email, f"PRESS wok4-1{to}\nCODE {writer.code}\n\n{text}\n")
    hall.poll(hours=1)
    (answer,) = hall.new_mails(writer.email)
    assert answer.subject == f"PRESS wok4-1{to}: not done", answer.subject
    assert (
        "the PRESS shows nothing: its text is characters that show as nothing or as a blank "
        f"({shown}); write it below the PRESS and CODE lines"
    ) in answer.words, answer.body
    assert hall.new_mails(reader.email) == []
    assert press_for(game.store, game.latest_turn() + 1) == []
