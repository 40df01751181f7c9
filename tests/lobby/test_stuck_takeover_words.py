"""A newcomer's CONFIRM of a seat in a game whose takeover cut short nothing finishes
(``wtg.game.takeoverfinish.not_finished``: the game moved on, and game.yaml does not give
the seat to that takeover's newcomer). Before, his answer quoted the GM's refusal word for
word: the host's path of the mark file and "remove it"; and the GM's outcome line said
only that the CONFIRM was refused. Now the newcomer is told in a player's words that the
seat waits for the GM, that his request stands and until when; the GM's line carries the
GM's text; and the same code, sent again once the GM put it right, takes the seat."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.killedpolls import NEWCOMER, newcomer_asked
from wtg.game.takeoverfinish import MARK

STUCK = (
    '{"turn": 0, "seat": 2, "name": "Someone", "address": "someone@players.example", '
    '"code": "ABCD-EFGH-JKLM", "at": "2026-01-01T00:00:00+00:00"}'
)


def test_a_confirm_held_up_by_a_stuck_takeover_tells_the_newcomer_in_his_words(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    hall = Hall(tmp_path)
    name, ask = newcomer_asked(hall)
    root = hall.gm.games_dir / name
    assert hall.game(name).latest_turn() == 1
    (root / MARK).write_text(STUCK, encoding="utf-8")
    hall.mail(NEWCOMER, f"CONFIRM {ask.code()}")
    with caplog.at_level(logging.INFO, logger="wtg"):
        summary = hall.poll(hours=1)
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert [line for line in warned if "was cut short" in line] != [], warned  # the GM's to do
    (answer,) = hall.new_mails(NEWCOMER)
    assert answer.subject == f"CONFIRM {ask.code()}: not done"
    said = " ".join(answer.body.split())
    assert str(hall.gm.games_dir) not in said
    assert MARK not in said and "remove" not in said
    assert "takeovers.json" not in said and "game.yaml" not in said
    assert f"seat 3 of game {name} cannot be handed to you just now" in said
    assert "The GM has been told" in said
    assert f"CONFIRM {ask.code()}" in said
    assert "good until 20" in said and "Nothing was changed" in said
    ((_key, line),) = summary.outcomes
    assert line.startswith(f"rejected: commands refused: CONFIRM {ask.code()}; ")
    assert "the takeover of seat 2 by Someone, begun after turn 0, was cut short" in line
    assert f"remove {root / MARK}" in line
    assert hall.game(name).config.player(3).name != "Newcomer"
    # the GM put it right: the same code, mailed again, takes the seat
    (root / MARK).unlink()
    hall.mail(NEWCOMER, f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    assert hall.game(name).config.player(3).name == "Newcomer"
    taken = [m for m in hall.new_mails(NEWCOMER) if m.subject == f"[{name}] you play seat 3 now"]
    assert len(taken) == 1
