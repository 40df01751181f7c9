"""Requests forged in a player's name, all day: ``JOIN wok4 AS <a new name>`` for an open
list, forged From the address of a player of a game the GM made by hand (`wtg new-game
--player`: the lobby's book knows no name of his), each under a name of its own. A
stranger's address gets a bounded count of codes a day (``mail.stranger_codes_per_day``,
``wtg.mail.incoming.strangercodes``); a player's got one every request up to
``mail.confirmations_per_hour``, all day: 20 an hour, 480 mails a day into his mailbox
from anyone who writes his address in a From (attack41). Codes to a player's address, or
to one that confirmed a request, are bounded a day too, by ``mail.replies_per_day`` (his
own requests are a few a day); past them, one every ``mail.stranger_late_hours``, listing
every request that waits at the address with its code, so that his own JOIN made in the
flood still reaches him."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from tests.lobby.hall import Mail
from tests.mail.loop import NOW, World
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import add_list
from wtg.lobby.start import checked_list

P1 = "p1@players.example"


class Host:
    """Player 1 of g1 (made by hand), a list of wok4 open, a poll an hour; the mails to
    player 1 read back as they are queued."""

    def __init__(self, root: Path) -> None:
        self.world = World(root)
        with LobbyDatabase(self.world.gm.games_dir) as book:
            add_list(book, checked_list("wok4", None, None, None, "any", None, None, None, NOW))
        self.now: datetime = NOW
        self.seen: set[str] = set()

    def poll(self, hours: float = 1) -> str:
        """A poll ``hours`` on: its events, as text."""
        self.now += timedelta(hours=hours)
        return str(self.world.poll(self.now).events)

    def new_mails(self) -> list[Mail]:
        """The mails queued to player 1 since last asked."""
        found = []
        for name, raw in self.world.outbox().items():
            if name not in self.seen and Mail(raw).to == P1:
                self.seen.add(name)
                found.append(Mail(raw))
        return found


def flooded(tmp_path: Path, hours: int, a_poll: int = 25) -> tuple[Host, list[int]]:
    """A forger mails ``a_poll`` JOINs of new names From player 1's address before each
    hourly poll, ``hours`` of them: the host, and the codes player 1 was mailed each hour."""
    host = Host(tmp_path)
    mailed = []
    for hour in range(hours):
        for number in range(a_poll):
            host.world.mail(f"JOIN wok4 AS Name{hour}x{number}\n", sender=P1)
        host.poll()
        mailed.append(len(host.new_mails()))
    return host, mailed


def test_a_day_of_requests_forged_in_a_players_name_mails_him_a_bounded_count(
    tmp_path: Path,
) -> None:
    host, mailed = flooded(tmp_path, 24)
    limits = host.world.gm.limits
    assert (limits.confirmations_per_hour, limits.replies_per_day) == (20, 24)
    assert mailed[:2] == [20, 5]  # the hour's 20 codes, the day's other 4 and a late one
    # then one when none went in the last four hours (the polls an hour apart: five)
    assert mailed[2:] == [1 if hour % 5 == 1 else 0 for hour in range(2, 24)], mailed
    assert sum(mailed) == 24 + 5  # against 480


def test_the_players_own_join_in_the_flood_is_mailed_its_code(tmp_path: Path) -> None:
    host, _ = flooded(tmp_path, 3)  # the day's codes spent, and the late one of hour 2
    host.world.mail("JOIN wok4 AS Annie\n", sender=P1)  # player 1 himself, the same day
    said = host.poll()
    assert host.new_mails() == []
    assert "(replies_per_day)" in said, said  # the key that held it back
    for hour in range(3, 7):  # the flood goes on
        host.world.mail(f"JOIN wok4 AS Name{hour}\n", sender=P1)
        host.poll()
    (late,) = host.new_mails()
    assert "JOIN wok4 AS Annie, until" in late.words, late.body
    listed = late.body.split("JOIN wok4 AS Annie, until", 1)[1]
    code = listed.split("CONFIRM ", 1)[1].split()[0]
    host.world.mail(f"CONFIRM {code}\n", sender=P1)
    host.poll(0.1)
    with LobbyDatabase(host.world.gm.games_dir) as book:
        rows = book.db.execute(
            "SELECT list, address, name FROM entries JOIN people ON people.id = person"
        ).fetchall()
    assert [tuple(row) for row in rows] == [("wok4", P1, "Annie")]
