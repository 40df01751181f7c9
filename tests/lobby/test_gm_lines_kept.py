"""What the GM must see of a mail, whatever became of its answers. Before: a mail whose
every answer was a request asked again within the hour, not mailed again (``ignored:
asked again: ...``), lost its ``; asked "..."``; and a poll killed after a CONFIRM held up
by a takeover cut short, its mail read again, replayed the newcomer's answer from the
lobby's book but not the GM's text of what holds it up, nor the warning
(``Outcome.for_gm``): the run that finished showed the GM a plain refusal. Now the
question is named on every line, and the GM's lines a command made are kept with it in
the book and said again on the run that finishes."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from tests.lobby.killedpolls import NEWCOMER, newcomer_asked
from tests.lobby.test_lobby_replay import killed_poll
from tests.lobby.test_stuck_takeover_words import STUCK
from wtg.game.takeoverfinish import MARK

QUESTION = "When does the game start?"


def _warned(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def test_a_question_in_a_request_asked_again_reaches_the_gm(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    stranger = address(7)
    ask = hall.answer(stranger, "JOIN wok4 AS Petra")
    assert ask.subject == f"JOIN wok4: confirm with CONFIRM {ask.code()}"
    hall.mail(stranger, f"JOIN wok4 AS Petra\n{QUESTION}\n")
    with caplog.at_level(logging.INFO, logger="wtg"):
        summary = hall.poll(hours=0.2)
    assert hall.new_mails(stranger) == []  # the code that went out stands
    ((_key, line),) = summary.outcomes
    assert line == (
        "ignored: asked again: 'JOIN wok4: confirm with CONFIRM <code>' not mailed again (its "
        "code went out within the hour and waits); commands: JOIN wok4 AS Petra; "
        f'asked "{QUESTION}"'
    )
    assert [text for text in _warned(caplog) if "asked" in text] == [line]


def test_a_held_up_confirm_read_again_tells_the_gm_on_the_run_that_finishes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = Hall(tmp_path)
    name, ask = newcomer_asked(hall)
    root = hall.gm.games_dir / name
    (root / MARK).write_text(STUCK, encoding="utf-8")
    hall.mail(NEWCOMER, f"CONFIRM {ask.code()}")
    killed_poll(hall, monkeypatch)  # answered, then killed before the journal's commit
    with caplog.at_level(logging.INFO, logger="wtg"):
        summary = hall.poll(hours=0.1)
    ((_key, line),) = summary.outcomes
    assert line.startswith(f"rejected: commands refused: CONFIRM {ask.code()}; ")
    assert "the takeover of seat 2 by Someone, begun after turn 0, was cut short" in line
    assert f"remove {root / MARK}" in line
    assert line in _warned(caplog)
    (answer,) = hall.new_mails(NEWCOMER)  # queued by the run killed, once
    assert answer.subject == f"CONFIRM {ask.code()}: not done"
