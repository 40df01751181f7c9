"""`wtg poll` killed (SIGKILL) before any of its writes while it reads Ann's CONFIRM of a
``WITHDRAW standard-skirmish`` (one list of the two of standard she waits on), then a poll
that finishes: she is off that list alone, still waiting on standard, and answered once
that it is done."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall
from tests.lobby.killedpolls import KilledPolls, addressed, inbox_left
from tests.lobby.test_withdraw_one_list import ANN, on_two_lists
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

KILLS = 14


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ann on standard and standard-skirmish, her CONFIRM of WITHDRAW standard-skirmish in
    the inbox."""
    root = tmp_path_factory.mktemp("hall")
    hall = Hall(root)
    hall.now = datetime.now(timezone.utc) - timedelta(hours=6)  # the code still good
    on_two_lists(hall)
    ask = hall.answer(ANN, "WITHDRAW standard-skirmish")
    hall.mail(ANN, f"CONFIRM {ask.code()}")
    hall.config_file()
    return root


def _lists_of_ann(games: Path) -> list[str]:
    with LobbyDatabase(games) as book:
        return [
            name
            for name in ("standard", "standard-skirmish")
            if any(w.address == ANN for w in waiting(book, name))
        ]


def test_a_poll_killed_at_a_withdraw_of_one_list_takes_her_off_it_once(
    pristine: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(pristine, tmp_path)
    before = addressed(pristine / "games")
    whole = polls.whole()
    done = addressed(polls.games) - before
    assert done == Counter({(ANN, "WITHDRAW standard-skirmish: done"): 1}), done
    assert _lists_of_ann(polls.games) == ["standard"]
    for at in killpoints.points(whole.writes, KILLS):
        cut = polls.killed(at)
        polls.finish(cut)
        assert _lists_of_ann(polls.games) == ["standard"], (at, cut.before)
        assert addressed(polls.games) - before == done, (at, cut.before)
        assert inbox_left(polls.games) == [], at
