"""``JOIN <list>``: a player copies the list's name from LIST (``JOIN wok4-beginner``,
``JOIN standard-skirmish``). Before, JOIN took a ruleset and its variant only, and the list's
name was refused as "no waiting list of wok4-beginner is open", though LIST showed it open.
Now the list's name is taken as LIST shows it: the JOIN asks to confirm that list; a list of
another group is refused with the group's reason, and a name mistyped is answered with the
name meant."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

BEA = address(2)


def _lists_of(hall: Hall, who: str, names: tuple[str, ...]) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [n for n in names if any(w.address == who for w in waiting(book, n))]


def _lists(hall: Hall) -> None:
    hall.open_list("wok4", map="small", players=3, group="beginner")
    hall.open_list("wok4", map="small", players=3)
    hall.open_list("wok4", map="small", players=3, group="advanced")
    hall.open_list("standard", players=3)
    hall.open_list("standard", players=3, variant="skirmish", map="star-islands")


NAMES = ("wok4", "wok4-beginner", "wok4-advanced", "standard", "standard-skirmish")


def test_the_list_name_as_list_shows_it_is_joined(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _lists(hall)
    shown = hall.answer(BEA, "LIST")
    assert "wok4-beginner" in shown.words and "standard-skirmish" in shown.words
    for line, name in (
        ("JOIN wok4-beginner AS Bea", "wok4-beginner"),
        ("join standard-skirmish", "standard-skirmish"),  # the command alone, lower case
    ):
        ask = hall.answer(BEA, line)
        assert ask.subject == f"JOIN {name}: confirm with CONFIRM {ask.code()}", ask.body
        joined = hall.answer(BEA, f"CONFIRM {ask.code()}")
        assert joined.subject == f"you are on the waiting list {name}"
    assert _lists_of(hall, BEA, NAMES) == ["wok4-beginner", "standard-skirmish"]


def test_a_list_of_another_group_or_a_name_mistyped_is_refused_with_what_to_write(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    _lists(hall)
    refused = hall.answer(BEA, "JOIN wok4-advanced")
    assert refused.subject == "JOIN wok4-advanced: not done", refused.subject
    assert (
        "the waiting list wok4-advanced is for another group: you count as a beginner"
    ) in refused.words, refused.body
    typo = hall.answer(BEA, "JOIN wok4-begginer")
    assert "(did you mean JOIN wok4-beginner?)" in typo.words, typo.body
    assert _lists_of(hall, BEA, NAMES) == []
