"""A player on two lists of one ruleset (standard and standard-skirmish; standard and
standard-skirmish alike). Before, the answers to each told him ``WITHDRAW standard takes you
off the list``, which took him off both; and ``WITHDRAW standard-skirmish`` was refused (no
waiting list of standard-skirmish). Now WITHDRAW takes a list's name as well as a
ruleset's: ``WITHDRAW standard-skirmish`` takes him off that list alone, and the words on
each list name what takes him off it, saying so when ``WITHDRAW standard`` takes him off
both."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, Mail, address
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

ANN = address(1)


def on_two_lists(hall: Hall) -> dict[str, str]:
    """Ann on standard and on standard-skirmish (each of 3 players); the words of the
    mails that told her she is on each, by list."""
    hall.open_list("standard", players=3)
    hall.open_list("standard", players=3, variant="skirmish", map="star-islands")
    told: dict[str, str] = {}
    for name, join in (("standard", "standard"), ("standard-skirmish", "standard skirmish")):
        told[name] = joined(hall, f"JOIN {join} AS Ann", name).words
    return told


def joined(hall: Hall, join: str, name: str) -> Mail:
    """Ann's ``join`` confirmed: the mail telling her she is on the list ``name``."""
    _ask, done = hall.confirmed(ANN, join)
    assert done.subject == f"you are on the waiting list {name}"
    return done


def withdrawn(hall: Hall, typed: str, name: str) -> tuple[Mail, Mail]:
    """Ann's WITHDRAW ``typed`` confirmed: its answer, whose subject asks for the code of a
    WITHDRAW of ``name``, and the answer to the CONFIRM."""
    ask, done = hall.confirmed(ANN, typed)
    assert ask.subject == f"WITHDRAW {name}: confirm with CONFIRM {ask.code()}"
    return ask, done


def _on(hall: Hall) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [
            n
            for n in ("standard", "standard-skirmish")
            if any(w.address == ANN for w in waiting(book, n))
        ]


def test_withdraw_of_one_list_takes_him_off_that_list_alone(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    told = on_two_lists(hall)
    assert (
        "WITHDRAW standard-skirmish takes you off the list (its answer asks you to CONFIRM)"
        in (told["standard-skirmish"])
    )
    place = hall.answer(ANN, "STATUS standard")
    said = place.words
    assert (
        "WITHDRAW standard takes you off every waiting list of standard you are on or asked "
        "to join (standard, standard-skirmish); WITHDRAW standard ONLY off standard alone, "
        "WITHDRAW standard-skirmish off standard-skirmish alone (its answer asks you to "
        "CONFIRM)"
    ) in said, place.body

    ask, done = withdrawn(hall, "WITHDRAW standard-skirmish", "standard-skirmish")
    assert "You wait on the waiting list standard-skirmish and asked to leave it." in ask.body
    assert done.subject == "WITHDRAW standard-skirmish: done"
    assert "You are off the waiting list standard-skirmish." in done.words
    assert _on(hall) == ["standard"]


def test_withdraw_of_the_ruleset_takes_him_off_both_as_it_says(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    on_two_lists(hall)
    ask, done = hall.confirmed(ANN, "WITHDRAW standard")
    assert "You asked to leave the waiting lists of standard:" in ask.body
    assert "You are off the waiting lists standard, standard-skirmish." in done.words
    assert _on(hall) == []


def test_withdraw_only_takes_him_off_the_list_named_as_its_ruleset_alone(
    tmp_path: Path,
) -> None:
    """Before, no command took him off ``standard`` while he stayed on standard-skirmish
    (``WITHDRAW standard`` names the ruleset: both lists), though a JOIN puts him on both.
    ``WITHDRAW standard ONLY`` does, as HELP and his STATUS say."""
    hall = Hall(tmp_path)
    on_two_lists(hall)
    # the command alone, in lower case: read
    ask, done = withdrawn(hall, "withdraw standard only", "standard ONLY")
    said = ask.words
    assert "You wait on the waiting list standard and asked to leave it. To confirm" in said, said
    assert done.subject == "WITHDRAW standard ONLY: done"
    assert "You are off the waiting list standard." in done.words
    assert _on(hall) == ["standard-skirmish"]
    place = hall.answer(ANN, "STATUS standard-skirmish")
    assert "WITHDRAW standard-skirmish takes you off the list" in place.words


def test_withdraw_with_another_word_after_the_list_is_refused_with_what_to_write(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    on_two_lists(hall)
    answer = hall.answer(ANN, "WITHDRAW standard please")
    said = answer.words
    assert (
        "WITHDRAW takes a ruleset or a list, then ONLY for the list named as its ruleset "
        'alone (WITHDRAW standard ONLY); "please" is neither: nothing was done'
    ) in said, answer.body
    assert _on(hall) == ["standard", "standard-skirmish"]


@pytest.mark.parametrize("typed", ["WITHDRAW wok4-beginner ONLY", "withdraw WOK4-Beginner only"])
def test_withdraw_only_of_a_list_with_a_dash_takes_him_off_that_list_alone(
    tmp_path: Path, typed: str
) -> None:
    """A list's name holding a dash and a digit (``wok4-beginner``), with ONLY after it:
    that list alone, never every list of the ruleset (it is no ruleset's name: ONLY adds
    nothing to it, and takes nothing away)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    hall.open_list("wok4", map="small", players=3, group="beginner")
    for name in ("wok4-beginner", "wok4"):  # a newcomer's JOIN wok4 puts him on his group's
        joined(hall, "JOIN wok4 AS Ann", name)
    ask, done = withdrawn(hall, typed, "wok4-beginner")
    assert "You wait on the waiting list wok4-beginner and asked to leave it." in ask.body
    assert "You are off the waiting list wok4-beginner." in done.words
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [w.address for w in waiting(book, "wok4")] == [ANN]
        assert waiting(book, "wok4-beginner") == []
