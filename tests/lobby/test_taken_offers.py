"""Which offers of the lobby's book `wtg restore` takes for takeovers the book missed
(``wtg.lobby.takenoffers``): only a seat whose game's last takeover is the newcomer's whose
request for it the book still holds. A seat taken over once, its newcomer gone and the seat
offered again, is a real offer: left as it is. tests/upkeep/test_backup_beside_a_takeover.py
makes the missed takeover with a real backup and a real poll.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests import killpoints
from tests.lobby.killedpolls import NEWCOMER, confirm_waiting
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.takenoffers import TakenMeanwhile, finish_in_book, taken_meanwhile


def test_only_the_newcomers_waiting_request_makes_an_offer_taken(tmp_path: Path) -> None:
    host = confirm_waiting(tmp_path / "host")
    games = host / "games"
    polled = killpoints.wtg(["--config", str(host / "wtg.yaml"), "poll"])
    assert polled.returncode == 0, polled.stderr
    with LobbyDatabase(games) as book:
        assert taken_meanwhile(book, games) == []  # the book took the takeover itself
        with book.write() as db:  # the seat offered again (its newcomer gone, say)
            db.execute(
                "INSERT INTO offers (game, seat, offered) VALUES ('wok4-1', 3, "
                "'2030-01-01T00:00:00Z')"
            )
        assert taken_meanwhile(book, games) == []  # nobody's request waits: a real offer
        with book.write() as db:  # another newcomer asks for it: still a real offer
            db.execute(
                "INSERT INTO pending (code, kind, address, target, name, seat, made) VALUES "
                "('C1', 'takeover', 'other@example.org', 'wok4-1', 'Other', 3, "
                "'2030-01-01T00:00:00Z')"
            )
        assert taken_meanwhile(book, games) == []
        with book.write() as db:  # the game's own newcomer's request, as copied before
            db.execute(
                "INSERT INTO pending (code, kind, address, target, name, seat, made) VALUES "
                "('C2', 'takeover', ?, 'wok4-1', 'Newcomer', 3, '2030-01-01T00:00:00Z')",
                (NEWCOMER.upper(),),
            )
        (found,) = taken_meanwhile(book, games)
        assert isinstance(found, TakenMeanwhile)
        assert (found.game, found.seat, found.name, found.address) == (
            "wok4-1",
            3,
            "Newcomer",
            NEWCOMER,
        )
        finish_in_book(book, found)
        assert taken_meanwhile(book, games) == []
        left = book.rows("SELECT code FROM pending ORDER BY code")
        assert [row[0] for row in left] == ["C1", "C2"]  # kept: his CONFIRM read again settles it
        running = book.rows(
            "SELECT person FROM plays WHERE game = 'wok4-1' AND seat = 3 AND result IS NULL"
        )
        assert len(running) == 1  # the newcomer's play, once


def test_a_newcomer_renamed_in_game_yaml_keeps_the_seat_a_seat_given_back_does_not(
    tmp_path: Path,
) -> None:
    """The newcomer's name put right in game.yaml by the GM: the takeover stands (his
    address and code are the seat's). The seat given back to the quitter by hand (his
    address, or his code, in game.yaml again, under any name): it does not. A record kept
    before the quitter's address and code were (neither in it) goes by the name alone."""
    host = confirm_waiting(tmp_path / "host")
    games = host / "games"
    quitter_yaml = (games / "wok4-1" / "game.yaml").read_text()
    polled = killpoints.wtg(["--config", str(host / "wtg.yaml"), "poll"])
    assert polled.returncode == 0, polled.stderr
    game_yaml = games / "wok4-1" / "game.yaml"
    taken_yaml = game_yaml.read_text()
    (quitter_line,) = [line for line in quitter_yaml.splitlines() if "id: 3," in line]
    (newcomer_line,) = [line for line in taken_yaml.splitlines() if "id: 3," in line]
    assert "name: Newcomer," in newcomer_line and NEWCOMER in newcomer_line
    with LobbyDatabase(games) as book, book.write() as db:  # as the backup copied the book
        db.execute(
            "INSERT INTO offers (game, seat, offered) VALUES ('wok4-1', 3, '2030-01-01T00:00:00Z')"
        )
        db.execute(
            "INSERT INTO pending (code, kind, address, target, name, seat, made) VALUES "
            "('C2', 'takeover', ?, 'wok4-1', 'Newcomer', 3, '2030-01-01T00:00:00Z')",
            (NEWCOMER,),
        )

    def found(line: str) -> list[str]:
        game_yaml.write_text(taken_yaml.replace(newcomer_line, line))
        with LobbyDatabase(games) as book:
            return [taken.name for taken in taken_meanwhile(book, games)]

    assert found(newcomer_line) == ["Newcomer"]
    renamed = newcomer_line.replace("name: Newcomer,", "name: Nina Newcomer,")
    assert found(renamed) == ["Nina Newcomer"]
    quitter_code = quitter_line.split("code: ")[1].rstrip("}")
    newcomer_code = newcomer_line.split("code: ")[1].rstrip("}")
    assert found(renamed.replace(newcomer_code, quitter_code)) == []  # his code back
    given_back = quitter_line.replace(quitter_code, newcomer_code)
    assert found(given_back) == []  # the quitter's address (and name) back
    (record,) = (games / "wok4-1" / "turns").glob("*/takeovers.json")
    entries = json.loads(record.read_text())
    for entry in entries:
        entry.pop("quitter")
        entry.pop("was")
    record.write_text(json.dumps(entries))
    assert found(newcomer_line) == ["Newcomer"]
    assert found(renamed) == []  # nothing but the name to go by
