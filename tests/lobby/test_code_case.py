"""A player's secret code is read in whatever case he types it (docs/mail.md: a command
that needs the code takes it on a ``CODE`` line)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, ann_and_bob


@pytest.mark.parametrize("typed", [str.lower, str.swapcase])
def test_a_code_typed_in_another_case_opens_the_seat(
    typed: Callable[[str], str], tmp_path: Path
) -> None:
    """Issue 26, mutant: a code compared case-sensitively in ``seat_by_code``. Ann's code
    typed in lower case (or its cases swapped) on a REPORT's CODE line is still her code:
    the report comes back, not "the code is not the code of a player"."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = game.config.players[0]
    written = typed(ann.code)
    assert written != ann.code  # the codes have letters: a case to change
    hall.mail(ann.email, f"REPORT {game.config.game} 0\nCODE {written}")
    hall.poll(hours=1)
    (again,) = hall.new_mails(ann.email)
    assert again.subject == f"[{game.config.game}] turn 0 report for {ann.name}", again.body
    assert game.report(ann.id, 0) in again.body
