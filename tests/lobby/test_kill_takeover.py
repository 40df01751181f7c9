"""A takeover accepted by mail (the newcomer's CONFIRM of his JOIN of a game whose seat is
offered), its `wtg poll` killed (SIGKILL, no clean-up of any kind) just before one of its
writes spread over a whole run, then a poll that finishes: the seat is taken over once, as
an uninterrupted poll takes it (one code, in game.yaml and in the newcomer's welcome; one
record; the offer taken), and the mails queued are those of an uninterrupted poll, each
once. As killed, `wtg status` reads the game.

tests/lobby/test_lobby_replay.py kills the takeover in process at its record's write,
tests/lobby/test_lobby_fuzz.py real polls at writes drawn from a seed; this one goes over
the whole run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.killedpolls import (
    KilledPolls,
    addressed,
    confirm_waiting,
    taken_over,
    write_number,
)
from wtg.game.engine import open_game
from wtg.game.takeovers import PARTED, QUITTER_NAME, WAS, code_digest, taken_from
from wtg.game.takeovers import taken_over as taken_over_record

KILLS = 10


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game wok4-1 offers its quit seat 3, and a newcomer's CONFIRM of his
    JOIN of it waiting in the inbox."""
    return confirm_waiting(tmp_path_factory.mktemp("hall"))


def check_taken_over(games: Path) -> None:
    assert len(taken_over(games, "*")) == 1  # the welcome, with the seat's code


def test_a_takeover_poll_killed_at_any_write_is_finished_once_by_the_next(
    hall_root: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(hall_root, tmp_path)
    games = polls.games
    whole = polls.whole()
    check_taken_over(games)
    expected = addressed(games)
    outcomes: dict[str, int] = {}
    for at in killpoints.points(whole.writes, KILLS):
        cut = polls.killed(at)
        status = polls.wtg("status", "wok4-1")
        assert status.returncode == 0, (at, cut.before, status.stderr)
        seat = open_game(games / "wok4-1").config.player(3)
        outcome = "given in game.yaml" if seat.name == "Newcomer" else "not given"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        polls.finish(cut)
        check_taken_over(games)
        assert addressed(games) == expected, (at, cut.before)
    print(f"\n{whole.writes} writes, killed before {KILLS}: {outcomes}")
    assert outcomes.get("not given") and outcomes.get("given in game.yaml")


def test_a_takeover_killed_after_game_yaml_knows_the_old_code_for_what_it_was(
    hall_root: Path, tmp_path: Path
) -> None:
    """Killed at each write after game.yaml gave the seat to the newcomer and before the
    record was written: the finishing poll's record keeps the digest of the quitter's code
    (``was``), as an uninterrupted takeover's does, so a mail with that code is still told
    the seat was taken over. It kept none (game.yaml had the new code by then). So it keeps
    the quitter's name and the seats whose alliance with him ended (none here), which the
    table's notice made again from it says (tests/lobby/test_takeover_alliance_restored.py)."""
    quitter = open_game(hall_root / "games" / "wok4-1").config.player(3)
    quitter_code = quitter.code
    polls = KilledPolls(hall_root, tmp_path)
    writes = polls.writes(tmp_path / "writes.log")
    config = write_number(writes, "wok4-1/game.yaml")
    record = write_number(writes, "/takeovers.json")
    for at in killpoints.points_between(config + 1, record, 4):
        polls.killed(at)
        assert open_game(polls.games / "wok4-1").config.player(3).name == "Newcomer", at
        polls.finish(killpoints.Run(True, at - 1, -9, "", "", ""))
        game = open_game(polls.games / "wok4-1")
        (entry,) = taken_over_record(game.store, 1)
        assert entry.get(WAS) == code_digest(quitter_code), at
        assert (entry.get(QUITTER_NAME), entry.get(PARTED)) == (quitter.name, []), at
        assert taken_from(game.store, 1, quitter_code) == 1
