"""The CONFIRM that fills a waiting list, its `wtg poll` killed (SIGKILL, no clean-up of any
kind) just before one of its writes spread over a whole run (the player put on the list,
the game made and its turn 0 run, the answers queued), then a poll that finishes: the host
is as an uninterrupted poll leaves it. One game, under the list's first number, the two
players bound to it; the answers queued each once; the inbox empty, the mail journalled
once; and the GM told of the game made, by the poll's record of the mail (the run cut
short, or the next)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall, address
from tests.lobby.killedpolls import KilledPolls, addressed, inbox_left
from tests.lobby.test_lobby_replay import waits
from wtg.lobby.database import LobbyDatabase
from wtg.mail.spool.journal import Journal

KILLS = 12


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A list of two players with one waiting, and the second's JOIN answered: his
    CONFIRM waits in the inbox."""
    root = tmp_path_factory.mktemp("hall")
    hall = Hall(root)
    hall.now = datetime.now(timezone.utc)
    hall.open_list("wok4", map="small", players=2)
    waits(hall, "wok4", "Lord1", address(1))
    ask = hall.answer(address(2), "JOIN wok4 AS Lord2", hours=0)
    hall.mail(address(2), f"CONFIRM {ask.code()}")
    hall.config_file()
    return root


def host_state(games: Path) -> tuple[Counter[tuple[str, str]], list[str], list[str], int]:
    """The answers queued (to, subject), the games' folders, the players' bindings, and
    the mails journalled."""
    with LobbyDatabase(games) as book:
        bound = sorted(str(r["game"]) for r in book.rows("SELECT game FROM entries"))
    folders = sorted(p.name for p in games.iterdir() if not p.name.startswith("."))
    assert inbox_left(games) == []
    journal = Journal(games / ".mail")
    rows = journal.db.execute("SELECT key FROM messages").fetchall()
    journal.close()
    assert len(rows) == len(set(rows))
    return addressed(games), folders, bound, len(rows)


def outcomes(games: Path) -> list[str]:
    journal = Journal(games / ".mail")
    try:
        return [str(r[0]) for r in journal.db.execute("SELECT outcome FROM messages")]
    finally:
        journal.close()


def test_a_poll_whose_confirm_fills_a_list_killed_anywhere_makes_the_game_once(
    hall_root: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(hall_root, tmp_path)
    games = polls.games
    whole = polls.whole()
    expected = host_state(games)
    assert expected[1:3] == (["wok4-1"], ["wok4-1", "wok4-1"])
    assert any("started wok4-1" in line for line in outcomes(games)), outcomes(games)
    for at in killpoints.points(whole.writes, KILLS):
        cut = polls.killed(at)
        polls.finish(cut)
        assert host_state(games) == expected, (at, cut.before)
        said = [line for line in outcomes(games) if "started wok4-1" in line]
        assert len(said) >= 1, (at, cut.before, outcomes(games))
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")
