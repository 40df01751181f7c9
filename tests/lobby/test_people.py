"""People across games: groups from history, results written when a game ends, the book
private, and a list for a group that only takes its group."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tests.lobby.hall import Hall, address, all_confirmed
from wtg.files import private
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.people import ADVANCED, BEGINNER, FINISHED, QUIT, WON, group_of, person_of
from wtg.lobby.seats import record_results

MOMENT = datetime(2026, 11, 22, tzinfo=timezone.utc)


def test_groups_follow_the_games_finished_and_won() -> None:
    """WoK IV: "Beginner" (0-2 games finished, none won) or "Advanced" (3+ games finished
    or 1+ won)."""
    assert [group_of(f, 0) for f in range(4)] == [BEGINNER, BEGINNER, BEGINNER, ADVANCED]
    assert group_of(1, 1) == ADVANCED


def confirm_two(hall: Hall) -> None:
    all_confirmed(hall, ["Ann", "Bob"], hours=2)


def test_results_are_written_when_the_game_ends_and_move_a_player_up(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=2, map="small")
    hall.open_list("wok4", players=2, map="small", group="advanced")
    confirm_two(hall)
    game = hall.game("wok4-1")
    ann = next(p for p in game.config.players if p.name == "Ann")
    bob = next(p for p in game.config.players if p.name == "Bob")
    game.submit(f"player: {bob.id}\nturn: 1\nquit: true\n", received=MOMENT)
    game.run_turn(now=MOMENT)
    with LobbyDatabase(hall.gm.games_dir) as book:
        record_results(book, hall.gm.games_dir)
        rows = {
            (r["game"], r["seat"]): r["result"]
            for r in book.rows("SELECT game, seat, result FROM plays")
        }
        assert rows[("wok4-1", bob.id)] == QUIT
        over = game.ruleset.is_over(game.state_view())
        assert rows[("wok4-1", ann.id)] == (WON if over else None)
        book.db.execute("UPDATE plays SET result = ? WHERE seat = ?", (WON, ann.id))
        assert person_of(book, address(1)).group == ADVANCED  # type: ignore[union-attr]
        assert person_of(book, address(2)).group == BEGINNER  # type: ignore[union-attr]
        assert {r["result"] for r in book.rows("SELECT result FROM plays")} <= {
            WON,
            FINISHED,
            QUIT,
            None,
        }
    hall.mail(address(1), "JOIN wok4")
    hall.mail(address(2), "JOIN wok4")
    hall.poll(hours=2)
    (ann_answer,) = hall.new_mails(address(1))
    (bob_answer,) = hall.new_mails(address(2))
    assert "wok4-advanced" in ann_answer.body and "as Ann" in ann_answer.body
    assert "the waiting list wok4 (" in bob_answer.body


def test_a_list_of_another_group_refuses_with_the_reason(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", group="advanced")
    answer = hall.answer(address(1), "JOIN wok4", hours=0)
    # the groups in the sentence's lower case: it said 'you count as Beginner (...;
    # Beginner: 0-2 finished, ...; Advanced: ...)'
    assert (
        "you count as a beginner (0 games finished, 0 won; beginner: 0-2 finished, none "
        "won; advanced: 3+ finished or 1+ won)"
    ) in answer.words, answer.body


def test_the_book_is_private(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4")
    hall.mail(address(1), "JOIN wok4", name="Ann")
    hall.poll()
    folder = hall.gm.games_dir / ".people"
    assert private.is_private(folder)
    assert [p.name for p in folder.iterdir() if not private.is_private(p)] == []
    (answer,) = hall.new_mails(address(1))
    assert "as Ann." in answer.body  # the name of the From line
