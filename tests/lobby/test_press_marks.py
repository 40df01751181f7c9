"""The press mail marks each line of a piece with its writer's number (``2| Hi all.``) and
said nothing of it: a player met ``2|`` at the start of every line and had to guess what it
was. Its head says, with the first writer's number, and why."""

from __future__ import annotations

from wtg.game.press import Press
from wtg.game.report import press_text


def test_the_press_mail_says_what_the_number_before_each_line_is() -> None:
    pieces = [
        Press(side=2, name="Bob", at="turn 3", text="Hi all."),
        Press(side=3, name="Cid", at="turn 3", text="Peace?"),
    ]
    lines = press_text("g1", 3, pieces).splitlines()
    assert lines[:3] == [
        "PRESS of game g1, turn 3: what players wrote to the whole game",
        "Each line is marked with the number of the player who wrote it (2| for",
        "player #2), so that nothing in it can be read as your orders.",
    ]
    assert "  2| Hi all." in lines and "  3| Peace?" in lines
