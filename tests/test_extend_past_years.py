"""`wtg extend` of a deadline the GM set by hand late in 8999 (its most, 8784 hours, or any
move past the year's end): it wrote the deadline moved into 9000 in turn.json, the reports
behind it, and then refused, as every command after it refused the game (a deadline falls
in a year from 1970 to 8999), the GM left to mend turn.json by hand. The move is refused
now before anything is written."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
import yaml

from tests.test_deadline_slips import edit_deadline, two_games, wtg


@pytest.mark.parametrize("hours", ["8784", "31"])
def test_a_move_past_the_last_year_is_refused_before_it_is_written(
    tmp_path: Path, hours: str
) -> None:
    games = two_games(tmp_path)
    path = edit_deadline(games, "8999-12-30T17:00:00Z")
    before = path.read_text(encoding="utf-8")
    code, out, err = wtg(games, "extend", "g1", hours)
    assert (code, out) == (1, "")
    moved = {"8784": "9000-12-31 17:00", "31": "9000-01-01 00:00"}[hours]
    assert err == (
        f"wtg: game g1: turn 1's deadline, 8999-12-30 17:00 UTC, moved {hours} hours on would "
        f"be {moved} UTC: a deadline falls in a year from 1970 to 8999, and 9000 is none; not "
        "moved (`wtg hold g1` stops its turns a while)\n"
    )
    assert path.read_text(encoding="utf-8") == before
    assert sorted((games / ".mail" / "outbox" / "queue").glob("extend-*")) == []
    code, out, _ = wtg(games, "status", "g1")
    assert code == 0
    assert "deadline 8999-12-30 17:00 UTC (18:00 Europe/Berlin)" in out


def test_a_move_within_the_last_year_is_made(tmp_path: Path) -> None:
    games = two_games(tmp_path)
    edit_deadline(games, "8999-12-30T17:00:00Z")
    code, out, _ = wtg(games, "extend", "g1", "30")
    assert code == 0
    assert out.startswith("game g1: turn 1 is due 8999-12-31 23:00 UTC (9000-01-01 00:00 ")
    assert len(list((games / ".mail" / "outbox" / "queue").glob("extend-*"))) == 2


def test_a_turn_that_would_set_a_deadline_past_the_last_year_is_not_run(tmp_path: Path) -> None:
    """The other path to the calendar's end by code, a schedule's next deadline after one
    set by hand late in 8999: the turn ran, wrote turn 3's deadline in 9000, and every
    command after refused the game as edited by hand (only a rollback mended it). The turn
    is refused now before it is written; the deadline it would keep is none of year 9999's
    (``zoned_text``'s reach): a move by `extend` or a turn's schedule is a year at most."""
    games = two_games(tmp_path)
    # the schedule's deadlines fall every other day from its first, the day new-game chose
    # from the hour it ran: the last of 8999 the cycle reaches is turn 2's deadline
    first = yaml.safe_load((games / "g1" / "game.yaml").read_text())["schedule"]["first"]
    last = date(8999, 12, 31) - timedelta((date(8999, 12, 31) - date.fromisoformat(first)).days % 2)
    edit_deadline(games, f"{last - timedelta(days=1)}T17:00:00Z")
    assert wtg(games, "run-turn", "g1", "--now", "--unmailed")[0] == 0
    code, out, err = wtg(games, "run-turn", "g1", "--now", "--unmailed")
    assert (code, out) == (1, "")
    assert err == (
        f"wtg: game g1: turn 2 would set turn 3's deadline at {last + timedelta(days=2)} 17:00 "
        f"UTC, the schedule's next after {last} 17:00 UTC: a deadline falls in a year from 1970 "
        "to 8999, and 9000 is none; not run (`wtg end g1` ends the game at turn 1, `wtg hold "
        "g1` stops its turns a while)\n"
    )
    assert not (games / "g1" / "turns" / "0002").exists()
    code, out, _ = wtg(games, "status", "g1")
    assert code == 0
    assert out.startswith(f"game g1, orders for turn 2, deadline {last} 17:00 UTC (18:00 ")
    assert wtg(games, "run-turn", "g2", "--now", "--unmailed")[0] == 0
