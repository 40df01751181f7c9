"""One mail could ask to JOIN under up to 10 names (a command line each): 10 answers with 10
codes, of which the hour's codes to a stranger mailed 3 and forgot 7 without a word to him.
The JOINs of one mail ask under 2 names at most (``answering.JOIN_NAMES_A_MAIL``: a person
plays under one name in every game; two are a name and the one he corrected it to); a JOIN
under another name is not carried out, and the first answer names each such line (docs/
mail.md, "JOIN")."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from wtg.lobby.answering import JOIN_NAMES_A_MAIL, joins_past_names
from wtg.lobby.commands import Command
from wtg.lobby.database import LobbyDatabase


def test_the_joins_of_a_mail_ask_under_two_names_at_most(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.open_list("standard", players=3)
    lines = [
        "JOIN wok4 AS Ann",
        "JOIN wok4 AS Annie",
        "JOIN wok4 AS Cid",
        "JOIN standard AS ann",  # a name asked already: carried out
        *(f"JOIN wok4 AS Name{n}" for n in range(5)),
    ]
    hall.mail(address(1), "\n".join(lines))
    hall.poll(hours=1)
    answers = hall.new_mails(address(1))
    assert [a.subject.split(": confirm")[0] for a in answers] == [
        "JOIN wok4",
        "JOIN wok4",
        "JOIN standard",
    ]
    assert (
        "Lines 3 (JOIN wok4 AS Cid), 5 (JOIN wok4 AS Name0), 6 (JOIN wok4 AS Name1), 7 (JOIN "
        "wok4 AS Name2), 8 (JOIN wok4 AS Name3) and 9 (JOIN wok4 AS Name4) of your mail were "
        "not carried out: the JOINs of one mail ask under 2 names at most, and a person plays "
        "under one name in every game. If you meant one of them, mail its JOIN again, in a "
        "mail of its own."
    ) in answers[0].words, answers[0].body
    assert all("not carried out" not in a.words for a in answers[1:])
    with LobbyDatabase(hall.gm.games_dir) as book:
        asked = book.rows("SELECT target, name FROM pending ORDER BY made, target")
    assert sorted((row["target"], row["name"]) for row in asked) == [
        ("standard", "ann"),
        ("wok4", "Ann"),
        ("wok4", "Annie"),
    ]


def test_a_join_past_the_names_is_told_when_nothing_else_is_answered(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    lines = ["JOIN nothing AS A", "JOIN nothing AS B", "JOIN nothing AS C"]
    hall.mail(address(2), "\n".join(lines))
    hall.poll(hours=1)
    told = " ".join(a.words for a in hall.new_mails(address(2)))
    assert "Line 3 (JOIN nothing AS C) of your mail was not carried out" in told, told
    assert "If you meant it, mail it again, in a mail of its own." in told


def test_names_are_counted_in_any_case_and_spacing() -> None:
    commands = [
        Command("JOIN", ("wok4",), 1),
        Command("JOIN", ("wok4", "as", "Bob", "Smith"), 2),
        Command("JOIN", ("standard", "AS", "bob", " smith"), 3),
        Command("WITHDRAW", ("wok4",), 4),
        Command("JOIN", ("standard",), 5),
        Command("JOIN", ("wok4", "AS", "Ｃｉｄ"), 6),
    ]
    assert JOIN_NAMES_A_MAIL == 2
    assert joins_past_names(commands) == (commands[5],)


def test_a_join_without_as_asks_under_the_name_its_from_gives() -> None:
    """review34: a JOIN without ``AS`` and one ``AS`` the sender's own name were counted as
    two names, and his corrected name after them refused as a third."""
    commands = [
        Command("JOIN", ("wok4",), 1),
        Command("JOIN", ("standard", "AS", "ann"), 2),
        Command("JOIN", ("wok4", "AS", "Annie"), 3),
        Command("JOIN", ("standard", "AS", "Cid"), 4),
    ]
    assert joins_past_names(commands, own="Ann") == (commands[3],)
    assert joins_past_names(commands[:3], own="Annie") == ()


def test_a_join_without_as_and_one_as_the_from_s_name_are_one_name(tmp_path: Path) -> None:
    """Ann's mail (From "Ann <p1@...>") of a JOIN without AS (under Ann, her From's name),
    a JOIN AS ann, and her corrected name below them (``AS Annie``): two names, all three
    carried out. Before, the third was refused as a third name."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.open_list("standard", players=3)
    lines = ["JOIN wok4", "JOIN standard AS ann", "JOIN wok4 AS Annie"]
    hall.mail(address(1), "\n".join(lines), name="Ann")
    hall.poll(hours=1)
    answers = hall.new_mails(address(1))
    assert all("not carried out" not in a.words for a in answers), [a.body for a in answers]
    with LobbyDatabase(hall.gm.games_dir) as book:
        asked = book.rows("SELECT target, name FROM pending")
    assert sorted((row["target"], row["name"]) for row in asked) == [
        ("standard", "ann"),
        ("wok4", "Ann"),
        ("wok4", "Annie"),
    ]
