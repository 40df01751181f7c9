"""Issue 25, item 2: "A stranger halts every due run of the host": JOIN and CONFIRM from an
address mail delivers but wtg refuses in a game made the list's game fail, and `wtg run-turn
--due` died before running any game, on every cron run; and one game folder without its turn
0 stopped `run-turn --due`, `send` and `remind` for every game. An address wtg would refuse
later is refused at JOIN (the one check of a game's players); one bad list, waiting player or
game never stops the others: each is reported and skipped, and `run-turn --due` exits 1 for
it, as for a game that failed."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import players
from tests.lobby.hall import Hall, address
from tests.test_due_many import LONG_AGO
from wtg.cli import main
from wtg.files.store import FORMAT, FolderFormat, record_format
from wtg.game.engine import Game, create_game, open_game
from wtg.game.schedule import make_schedule
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import put_on, waiting
from wtg.lobby.people import record_play
from wtg.mail.spool.journal import Journal

BAD_ADDRESSES = ('"e,vil"@attacker.example', "evil@[192.0.2.1]")
"""Addresses mail delivers and email-validator refuses (a quoted local part, a literal IP)."""


def wtg(hall: Hall, *args: str) -> tuple[int, str, str]:
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    result = CliRunner(env={"WTG_CONFIG": str(hall.config_file())}).invoke(main, [*args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def due_game(hall: Hall, name: str = "keep") -> Game:
    """A game of two players long past its first deadline: every due run runs it."""
    schedule = make_schedule(2, "18:00", "UTC", now=LONG_AGO)
    folder = hall.gm.games_dir / name
    return create_game(folder, "wok4", "small", players(2), 5, schedule=schedule, now=LONG_AGO)


def waits_in_the_book(hall: Hall, list_name: str, name: str, email: str) -> None:
    """A player on a list as an older wtg put him there (it did not check his address)."""
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        db.execute(
            "INSERT INTO people (name, name_key, since) VALUES (?, ?, ?)",
            (name, name.casefold(), "2026-01-01T00:00:00Z"),
        )
        person = int(db.execute("SELECT id FROM people WHERE name = ?", (name,)).fetchone()[0])
        db.execute(
            "INSERT INTO addresses (address, person, confirmed) VALUES (?, ?, ?)",
            (email, person, "2026-01-01T00:00:00Z"),
        )
        put_on(db, list_name, person, email, hall.now)


@pytest.mark.parametrize("bad", BAD_ADDRESSES)
def test_an_address_wtg_would_refuse_in_a_game_is_refused_at_join(tmp_path: Path, bad: str) -> None:
    """Issue 25, item 2: the JOIN of an address a game cannot take is refused, with the
    reason; no code waits for it, so no CONFIRM can put it on the list, and the list's game
    is made of the players who can play."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    hall.mail(bad, "JOIN wok4 AS Evil")
    summary = hall.poll(hours=1)
    ((_, outcome),) = summary.outcomes
    assert outcome == "rejected: commands refused: JOIN wok4 AS Evil"
    (refused,) = hall.new_mails()
    assert "not an e-mail address" in refused.body
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []
    for number in (1, 2):
        hall.mail(address(number), f"JOIN wok4 AS Lord{number}")
    hall.poll(hours=1)
    for ask in hall.new_mails():
        hall.mail(ask.to, f"CONFIRM {ask.code()}")
    summary = hall.poll(hours=1)
    assert summary.quarantined == 0
    game = hall.game("wok4-1")
    assert sorted(p.email for p in game.config.players) == [address(1), address(2)]


def test_a_waiting_player_no_game_can_take_is_taken_off_and_every_game_runs(
    tmp_path: Path,
) -> None:
    """Issue 25, item 2: a list filled with a player whose address a game refuses (put on it
    by an older wtg) no longer stops every due run: he is taken off the list and reported,
    the run exits 1 for it (once), the other games run, and the list waits on."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    waits_in_the_book(hall, "wok4", "Evil", BAD_ADDRESSES[0])
    waits_in_the_book(hall, "wok4", "Good", address(1))
    keep = due_game(hall)
    code, out, err = wtg(hall, "run-turn", "--due", "--jobs", "1")
    assert code == 1, (out, err)
    assert err.splitlines() == [
        "lobby: waiting list wok4: Evil taken off (told by mail), who cannot play: "
        "'\"e,vil\"@attacker.example' is not an e-mail address: "
        "Quoting the part before the @-sign is not allowed here"
    ]
    assert "keep: turn 1 resolved (the deadline has passed)" in out.splitlines()
    assert out.splitlines()[-1].endswith("; lobby: 1 problem")
    assert keep.latest_turn() == 1
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [w.name for w in waiting(book, "wok4")] == ["Good"]
    code, out, err = wtg(hall, "run-turn", "--due", "--jobs", "1")
    assert (code, err) == (0, "")


def test_a_list_whose_game_cannot_be_made_is_reported_and_the_others_start(
    tmp_path: Path,
) -> None:
    """Issue 25, item 2: one list whose game cannot be made (its map gone from this wtg)
    stops neither the other lists nor the games; nothing of its game is left behind, and its
    players wait on."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    hall.open_list("wok4", map="small", players=2, group="beginner")
    for number, list_name in ((1, "wok4"), (2, "wok4"), (3, "wok4-beginner"), (4, "wok4-beginner")):
        waits_in_the_book(hall, list_name, f"Lord{number}", address(number))
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        db.execute("UPDATE lists SET map = 'atlantis' WHERE name = 'wok4'")
    keep = due_game(hall)
    code, out, err = wtg(hall, "run-turn", "--due", "--jobs", "1")
    assert code == 1
    (problem,) = err.splitlines()
    assert problem.startswith("lobby: waiting list wok4: no game made: ")
    assert "atlantis" in problem
    assert "game wok4-beginner-1 made from the waiting list wok4-beginner" in out.splitlines()
    assert open_game(hall.gm.games_dir / "wok4-beginner-1").latest_turn() == 0
    assert keep.latest_turn() == 1
    assert not (hall.gm.games_dir / "wok4-1").exists()
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [w.name for w in waiting(book, "wok4")] == ["Lord1", "Lord2"]
        assert book.rows("SELECT * FROM plays WHERE game = 'wok4-1'") == []


UNMADE = (
    ": its making was cut short (or is under way); give the same `wtg new-game` again to "
    "finish it (a game made from a waiting list: the next `wtg run-turn --due` finishes it)"
)
"""What the line of a game folder without turn 0 says to do: it said "has no turn yet"
alone, every five minutes from cron, and the GM did not know what to do of it."""


def folder_without_turn_0(hall: Hall, keep: Game, name: str = "half") -> None:
    """A game folder whose game.yaml was written and its turn 0 never (a crash of this wtg's
    making, which writes the folder's format first), played by a person of the book (a game
    made from a list)."""
    folder = hall.gm.games_dir / name
    folder.mkdir()
    record_format(folder, FolderFormat(FORMAT))
    text = keep.store.config_text().replace("game: keep", f"game: {name}")
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        db.execute("INSERT INTO people (name, name_key, since) VALUES ('Ann', 'ann', '')")
        record_play(db, 1, name, 1, hall.now)


def test_a_game_folder_without_turn_0_stops_no_other_game(tmp_path: Path) -> None:
    """Issue 25, item 2: `run-turn --due`, `send` and `remind` died for every game when one
    game folder had no turn 0 (the lobby's results and the queueing of reports had no guard
    a game); each names it, skips it, and goes on with the others."""
    hall = Hall(tmp_path)
    keep = due_game(hall)
    folder_without_turn_0(hall, keep)
    code, out, err = wtg(hall, "run-turn", "--due", "--jobs", "1")
    assert code == 1
    half = hall.gm.games_dir / "half"
    assert err.splitlines() == [
        f"lobby: game half: results not written: {half} has no turn yet{UNMADE}",
        f"half: failed: {half} has no turn yet{UNMADE}",
    ]
    assert keep.latest_turn() == 1
    code, out, err = wtg(hall, "send")
    assert code == 1  # the other games' mail went: the skipped one is the GM's to mend
    assert err.splitlines() == [
        f"wtg: {half}: cannot be read, skipped: {half} has no turn yet{UNMADE}"
    ]
    assert out.startswith("4 reports queued")  # keep's turns 0 and 1, two players
    assert out.endswith("; skipped: half\n")
    code, out, err = wtg(hall, "remind")
    assert code == 1  # the other games' reminders queued, the skipped one named, as by send
    assert re.search(r"^\d+ reminders? queued; skipped: half\n\Z", out, re.M), out
    assert err.splitlines() == [
        f"wtg: {half}: cannot be read, skipped: {half} has no turn yet{UNMADE}"
    ]
    journal = Journal(hall.gm.spool)
    assert journal.mailed_turn("keep") == 1
    journal.close()


def test_a_list_a_poll_cannot_make_a_game_of_is_said_by_poll_q(tmp_path: Path) -> None:
    """review37: the CONFIRM that fills a list whose game cannot be made (its map gone from
    this wtg) has the poll try to make it; what went wrong is the GM's to mend, as
    `run-turn --due` says it on stderr and exits 1 for it. Cron's `wtg poll -q` said nothing
    (needs_gm knew only questions and held requests), and the log's line was no warning."""
    hall = Hall(tmp_path)
    hall.now = datetime.now(timezone.utc)  # the CLI's poll reads the clock: the code holds
    hall.open_list("wok4", map="small", players=2)
    waits_in_the_book(hall, "wok4", "Lord1", address(1))
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        db.execute("UPDATE lists SET map = 'atlantis' WHERE name = 'wok4'")
    ask = hall.answer(address(2), "JOIN wok4 AS Lord2", hours=0)
    hall.mail(address(2), f"CONFIRM {ask.code()}")
    code, out, err = wtg(hall, "poll", "-q")
    assert (code, err) == (0, "")
    assert out == "filed 0, rejected 0, quarantined 0, ignored 0, answered 1\n"
    assert not (hall.gm.games_dir / "wok4-1").exists()
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [w.name for w in waiting(book, "wok4")] == ["Lord1", "Lord2"]
