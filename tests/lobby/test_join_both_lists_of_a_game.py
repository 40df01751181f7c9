"""Two lists of one game for different groups: ``wok4-beginner`` (for beginners) and
``wok4`` (open to all). A beginner's ``JOIN wok4`` puts him on his own group's list first.
Before, his second ``JOIN wok4`` was refused ("you are on the waiting list wok4-beginner
already") and no command put him on ``wok4`` too, though that list takes him. Ruling: it
does, as a player may wait on ``standard`` and ``standard-skirmish`` at once: the second
JOIN asks him to confirm ``wok4``, its answer saying he waits on ``wok4-beginner`` already
and that confirming puts him on both (a JOIN mailed again by mistake is undone by doing
nothing); a third is refused, naming both. A list of another variant is never taken for
one he did not name."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

BEA = address(2)


def _lists_of(hall: Hall, who: str, names: tuple[str, ...]) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [n for n in names if any(w.address == who for w in waiting(book, n))]


def _join_and_confirm(hall: Hall, join: str) -> tuple[str, str]:
    """The subject and words of the JOIN's answer, and the subject of the CONFIRM's."""
    ask = hall.answer(BEA, join)
    joined = hall.answer(BEA, f"CONFIRM {ask.code()}")
    return ask.subject + " | " + ask.words, joined.subject


def test_a_beginner_joins_the_list_open_to_all_as_well(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3, group="beginner")
    hall.open_list("wok4", map="small", players=3)
    names = ("wok4", "wok4-beginner")
    first, joined = _join_and_confirm(hall, "JOIN wok4 AS Bea")
    assert joined == "you are on the waiting list wok4-beginner"
    assert "wait on the waiting list" not in first
    assert _lists_of(hall, BEA, names) == ["wok4-beginner"]

    second, joined = _join_and_confirm(hall, "JOIN wok4")
    assert second.startswith("JOIN wok4: confirm with CONFIRM "), second
    assert (
        "You wait on the waiting list wok4-beginner of the same game already: confirmed, "
        "this puts you on wok4 too, and you play in the game of each list that fills (if "
        "you meant the list you are on, do nothing)."
    ) in second, second
    assert joined == "you are on the waiting list wok4"
    assert _lists_of(hall, BEA, names) == ["wok4", "wok4-beginner"]

    third = hall.answer(BEA, "JOIN wok4")
    assert "you are on the waiting lists wok4-beginner and wok4 already" in third.words, third.body
    assert _lists_of(hall, BEA, names) == ["wok4", "wok4-beginner"]


def test_a_join_mailed_again_and_not_confirmed_leaves_him_on_one(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3, group="beginner")
    hall.open_list("wok4", map="small", players=3)
    _join_and_confirm(hall, "JOIN wok4 AS Bea")
    ask = hall.answer(BEA, "JOIN wok4")
    assert "do nothing" in ask.words
    hall.poll(hours=24 * 8)  # its code lapses
    assert _lists_of(hall, BEA, ("wok4", "wok4-beginner")) == ["wok4-beginner"]


def test_a_list_of_another_variant_is_never_taken_for_the_one_named(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("standard", players=3)
    hall.open_list("standard", players=3, variant="skirmish", map="star-islands")
    _join_and_confirm(hall, "JOIN standard AS Bea")
    answer = hall.answer(BEA, "JOIN standard")
    assert "you are on the waiting list standard already" in answer.words, answer.body
    assert _lists_of(hall, BEA, ("standard", "standard-skirmish")) == ["standard"]
