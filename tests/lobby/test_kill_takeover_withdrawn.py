"""A takeover's `wtg poll` killed (SIGKILL) after it began (the newcomer's CONFIRM read, the
seat's game.yaml entry perhaps given to him already), then `wtg offer-seat wok4-1 3
--withdraw` (the GM sees the seat still offered in `wtg lists`), then a poll that finishes:
the seat was left half taken over, game.yaml giving it to the newcomer with a new code (the
quitter's code gone) while the game had it QUIT, and the newcomer told 'not done'. The
withdraw is refused while a takeover of the seat is under way, saying the next poll
finishes it; the next poll takes the seat over once, as an uninterrupted poll does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.killedpolls import KilledPolls, confirm_waiting, taken_over, write_number
from wtg.core.ruleset import QUIT_STATUS, public_sides
from wtg.game.engine import open_game

KILLS = 4


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game wok4-1 offers its quit seat 3, and a newcomer's CONFIRM of his
    JOIN of it waiting in the inbox."""
    return confirm_waiting(tmp_path_factory.mktemp("hall"))


def test_an_offer_is_not_withdrawn_from_under_a_takeover_cut_short(
    hall_root: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(hall_root, tmp_path)
    writes = polls.writes(tmp_path / "writes.log")
    config = write_number(writes, "wok4-1/game.yaml")
    record = write_number(writes, "/takeovers.json")
    for at in killpoints.points_between(config + 1, record, KILLS):
        polls.killed(at)
        assert open_game(polls.games / "wok4-1").config.player(3).name == "Newcomer", at
        withdraw = polls.wtg("offer-seat", "wok4-1", "3", "--withdraw")
        assert withdraw.returncode == 1, (at, withdraw.stdout)
        assert "being taken over" in withdraw.stderr and "next poll" in withdraw.stderr
        polls.finish(killpoints.Run(True, at - 1, -9, "", "", ""))
        taken_over(polls.games, "*")
        game = open_game(polls.games / "wok4-1")
        sides = public_sides(game.ruleset.public_json(game.state()))
        (status,) = [side.status for side in sides if side.id == 3]
        assert status != QUIT_STATUS, (at, status)
