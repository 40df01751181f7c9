"""STATUS <list> from a player waiting on that list. Before, it was refused as a list's
name, pointing him to LIST: he could not ask where he stands. Now he is told his place,
how many players the list needs and how many more are to come, and its deadlines in the
words LIST uses; no other waiting player's address (nor name) is in it. Someone not
waiting on it is refused as before."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_lobby_replay import waits


def test_a_waiting_player_is_told_his_place(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=4, every=2, at="18:00")
    for number, name in ((1, "Ann"), (2, "Bob"), (3, "Cid")):
        waits(hall, "wok4", name, address(number))
    hall.new_mails()
    hall.mail(address(2), "STATUS wok4")
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: commands: STATUS wok4"]
    (told,) = hall.new_mails(address(2))
    assert told.subject == "waiting list wok4: 3 of 4 players waiting, you number 2", told.subject
    said = told.words
    assert (
        "You wait on the waiting list wok4 (World of Kaomaris IV - The Final Conflict, 4 "
        "players on the map small (20 provinces), open to all) as Bob: "
        "3 of 4 players waiting, you number 2 of them (first come, first seated)."
    ) in said, told.body
    assert "1 more player is needed. The game starts as soon as the list is full" in said
    assert "Deadlines: a turn every 2 days at 18:00 UTC (or sooner, once all are READY)." in (
        said
    ), told.body
    assert "WITHDRAW wok4 takes you off the list" in said
    for other in (address(1), address(3), "Ann", "Cid"):
        assert other not in told.body


def test_someone_not_waiting_is_pointed_to_list(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=4)
    waits(hall, "wok4", "Ann", address(1))
    hall.new_mails()
    told = hall.answer(address(7), "STATUS wok4")
    assert told.subject == "STATUS wok4: not done", told.subject
    assert "wok4 is a waiting list, not a game: LIST shows it" in told.words
    assert address(1) not in told.body


def test_the_list_filled_says_so_and_names_the_game_made(tmp_path: Path) -> None:
    """The JOIN that fills the list is told it is full and its game being made (it said
    the game starts once the list is full, of a list full then, its game made in the same
    poll); a STATUS of the list after names the game made with him (it said only how the
    list's games are named)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    waits(hall, "wok4", "Ann", address(1))
    ask = hall.answer(address(2), "JOIN wok4 AS Bob")
    hall.mail(address(2), f"CONFIRM {ask.code()}")
    summary = hall.poll(hours=1)
    ((_key, line),) = summary.outcomes
    assert "started wok4-1" in line, line
    (joined,) = [m for m in hall.new_mails(address(2)) if m.subject.startswith("you are on")]
    assert "as Bob: 2 of 2 players." in joined.words, joined.body
    assert "The list is full: its game is being made" in joined.words, joined.body
    assert "as soon as the list is full" not in joined.words
    told = hall.answer(address(1), "STATUS wok4")
    assert told.subject == "STATUS wok4: not done", told.subject
    assert "and on; the one made with you is wok4-1: name that" in told.words, told.body
