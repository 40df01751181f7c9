"""A command written with a colon after its word, as people write ``Subject:``: a player
who copied ``CONFIRM: 7KQ2M9XWRT`` from his notes was told the line was not understood,
and had to mail it again. The commands that only ask for a code to CONFIRM (JOIN, RESIGN,
WITHDRAW) and the CONFIRM itself are read so now, with exactly the words they take; the
others stay named as not understood (``commands.COLON_READ``: ``Status: away`` is an
auto-reply's line as often as a command, PRESS and ABSENCE act at once)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from wtg.lobby.commands import Command, Unclear, read_commands
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting


@pytest.mark.parametrize(
    ("line", "verb", "args"),
    [
        ("CONFIRM: 7KQ2M9XWRT", "CONFIRM", ("7KQ2M9XWRT",)),
        ("Confirm: 7KQ2M9XWRT", "CONFIRM", ("7KQ2M9XWRT",)),
        ("Resign: g1", "RESIGN", ("g1",)),
        ("WITHDRAW: wok4", "WITHDRAW", ("wok4",)),
        ("join: standard duel AS Bea", "JOIN", ("standard", "duel", "AS", "Bea")),
    ],
)
def test_a_command_with_a_colon_is_read(line: str, verb: str, args: tuple[str, ...]) -> None:
    read = read_commands(f"Hi,\n\n{line}\n\nthanks\n")
    assert read is not None
    assert read.commands == (Command(verb, args, 3),)
    assert read.unclear == ()


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("Status: g1", "STATUS g1"),
        ("Report: g1 3", "REPORT g1 3"),
        ("Press: g1", "PRESS g1"),
        ("Absence: g1 4 6", "ABSENCE g1 4 6"),
        ("List:", "LIST"),
        ("Confirm: 7KQ2M9XWRT.", "CONFIRM 7KQ2M9XWRT"),
    ],
)
def test_the_others_with_a_colon_stay_not_understood(line: str, meant: str) -> None:
    read = read_commands(f"{line}\n")
    assert read is not None
    assert read.commands == ()
    assert read.unclear == (Unclear(1, line, meant),)


def test_more_words_than_it_takes_after_the_colon_is_no_command() -> None:
    """``Confirm: 7KQ2M9XWRT ABCD2345EF`` is no command, nor named (a line of prose)."""
    assert read_commands("Confirm: 7KQ2M9XWRT ABCD2345EF\n") is None


def test_a_confirm_with_a_colon_confirms_the_join(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    ask = hall.answer(address(1), "JOIN wok4 AS Ann")
    hall.mail(address(1), f"Hello,\n\nCONFIRM: {ask.code()}\n\nAnn\n")
    summary = hall.poll(hours=1)
    outcomes = [text for _k, text in summary.outcomes]
    assert outcomes == [f"answered: commands: CONFIRM {ask.code()}"]
    (answer,) = hall.new_mails(address(1))
    assert "not understood" not in answer.words, answer.body
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [w.name for w in waiting(book, "wok4")] == ["Ann"]
