"""A takeover asked for in another's name, all day: ``JOIN wok4-1 AS <a new name>`` for a
seat offered, forged From a stranger's address, each under a name of its own, mailed that
address a code to CONFIRM three times an hour (``unconfirmed_per_address``), 72 a day.
Codes to a stranger's address are bounded a day now (``wtg.mail.incoming.strangercodes``):
``CODES_A_DAY``, then one every ``LATE_EVERY``, that one listing every request waiting at
the address with its code. The requests held back still wait: the owner's own JOIN, made
in the flood, is mailed its code with the next late one, and he confirms it."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters, offer
from wtg.lobby import confirm
from wtg.lobby.database import LobbyDatabase
from wtg.mail.incoming.strangercodes import CODES_A_DAY, LATE_EVERY

VICTIM = "victim@else.example"


def seat_offered(tmp_path: Path) -> Hall:
    """A lobby whose game wok4-1 offers seat 4 (its player quit), five answers a day to an
    address: the setting of every flood of requests here."""
    hall = Hall(tmp_path, replies_per_day=5)
    game_with_quitters(hall, (4,))
    offer(hall, 4)
    return hall


def test_a_day_of_forged_takeover_requests_mails_the_address_a_bounded_count(
    tmp_path: Path,
) -> None:
    hall = seat_offered(tmp_path)
    hall.new_mails()
    mailed = []
    for hour in range(24):
        for number in range(3):
            hall.mail(VICTIM, f"JOIN wok4-1 AS Name{hour}x{number}")
        hall.poll(hours=1)
        mailed.append(len(hall.new_mails(VICTIM)))
    assert LATE_EVERY == 4 * 3600
    assert sum(mailed[:2]) == CODES_A_DAY  # three an hour, until the day's codes are spent
    late = [hour for hour, count in enumerate(mailed) if hour >= 2 and count]
    # then one when none went in the last four hours (the polls an hour apart: five)
    assert late == list(range(2, 24, 5)), mailed
    assert all(mailed[hour] == 1 for hour in late)
    assert sum(mailed) == CODES_A_DAY + 5  # against 72


def test_the_owners_own_join_in_the_flood_is_mailed_its_code(tmp_path: Path) -> None:
    hall = seat_offered(tmp_path)
    hall.new_mails()
    for hour in range(3):  # the day's codes spent, and the late one of hour 2
        for number in range(3):
            hall.mail(VICTIM, f"JOIN wok4-1 AS Name{hour}x{number}")
        hall.poll(hours=1)
    hall.new_mails()
    hall.mail(VICTIM, "JOIN wok4-1 AS Vic")  # the address's owner, the same day
    summary = hall.poll(hours=1)
    assert hall.new_mails(VICTIM) == []
    assert "(stranger_codes_per_day)" in str(summary.events), summary.events  # the key
    for hour in range(3, 7):  # the flood goes on
        hall.mail(VICTIM, f"JOIN wok4-1 AS Name{hour}")
        hall.poll(hours=1)
    (late,) = hall.new_mails(VICTIM)
    assert "JOIN wok4-1 AS Vic, until" in late.words, late.body
    listed = late.body.split("JOIN wok4-1 AS Vic, until", 1)[1]
    code = listed.split("CONFIRM ", 1)[1].split()[0]
    hall.mail(VICTIM, f"CONFIRM {code}")
    hall.poll(hours=0.1)
    assert hall.game("wok4-1").config.player(4).name == "Vic"


def test_a_flood_past_the_days_codes_keeps_a_few_requests_an_hour(tmp_path: Path) -> None:
    """The requests held back past the day's codes wait on, to be listed later: a hundred
    forged JOINs an hour kept a hundred requests; as many are kept an hour as the hour's
    limit mails codes (``mail.unconfirmed_per_address``, 3), the others forgotten."""
    hall = seat_offered(tmp_path)
    for hour in range(2):  # the day's codes spent
        for number in range(3):
            hall.mail(VICTIM, f"JOIN wok4-1 AS Name{hour}x{number}")
        hall.poll(hours=1)
    for number in range(30):
        hall.mail(VICTIM, f"JOIN wok4-1 AS Flood{number}")
    hall.poll(hours=1)
    names = {p.name for p in waiting_at_victim(hall)}
    flood = {name for name in names if name and name.startswith("Flood")}
    assert len(flood) == 1 + 3, sorted(flood)  # the late one mailed, three kept


def waiting_at_victim(hall: Hall) -> list[confirm.Pending]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return confirm.waiting_at(book, VICTIM)
