"""A takeover's `wtg poll` killed after it began (the newcomer's CONFIRM read, game.yaml
perhaps giving him the seat already), then `wtg end wok4-1 --yes`, then the poll that
finishes the takeover: the newcomer was mailed "[wok4-1] you play seat 3 now ... Your report
follows, with your order form", of a game that had ended. He is told what is true: the
game he took the seat in has ended, with its last report."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.killedpolls import (
    NEWCOMER,
    KilledPolls,
    confirm_waiting,
    outbox_mails,
    write_number,
)
from wtg.game.engine import open_game

NEWCOMER_SUBJECT = "[wok4-1] seat 3 is yours, but the game has ended"


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return confirm_waiting(tmp_path_factory.mktemp("hall"))


def test_a_takeover_finished_after_the_game_ended_tells_the_newcomer_it_ended(
    hall_root: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(hall_root, tmp_path)
    writes = polls.writes(tmp_path / "writes.log")
    config = write_number(writes, "wok4-1/game.yaml")
    at = config + 1
    polls.killed(at)
    ended = polls.wtg("end", "wok4-1", "--yes")
    assert ended.returncode == 0, ended.stderr
    polls.finish(killpoints.Run(True, at - 1, -9, "", "", ""))
    game = open_game(polls.games / "wok4-1")
    assert game.ruleset.is_over(game.state_view())
    assert game.config.player(3).name == "Newcomer"
    mails = {(m.to, m.subject): m for m in outbox_mails(polls.games)}
    assert (NEWCOMER, "[wok4-1] you play seat 3 now") not in mails
    welcome = mails[(NEWCOMER, NEWCOMER_SUBJECT)]
    assert (
        "Seat 3 of game wok4-1 is yours, as Newcomer, but the game has ended: it ended while "
        "your takeover of the seat was being finished, and there is no turn left to play. "
        "Its last report follows."
    ) in " ".join(welcome.body.split())
    other = game.config.player(1).email  # the hall seats its players in no fixed order
    told = mails[(other, "[wok4-1] Newcomer takes over seat 3")]
    words = " ".join(told.body.split())
    assert "is taken over by a new player, Newcomer, but the game has ended: there is no " in words
    assert "from the coming turn" not in words
