"""What a player's mail on a phone keeps together (docs/mail.md, "Every mail on a phone"):
a report's sentences kept a thing with its number (``piece 21``), but the templates' own
``wrapped`` broke as ``textwrap`` does: a reminder of a game of a longer name read ``for
turn`` above ``1 yet``, and a list's title began a line with its dash (``- Standard
WoK``), read as an item of a list. Their prose keeps a number with what it counts or
names now, as a report's does (a count out of another whole: ``1 of 3 players``), and a
dash with the word before it."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.mail.loop import World
from tests.mail.test_mail_phone import too_wide
from tests.mail.test_reminder_text import prose, reminders
from wtg.game.report import player_environment
from wtg.text.prose import PHONE, wrapped


class _LongNamed(World):
    name = "the-long-autumn-leagues"
    """A game's name that brings the reminder's ``turn`` to the end of its first line."""


def test_a_reminder_keeps_the_turn_with_its_number(tmp_path: Path) -> None:
    world = _LongNamed(tmp_path, count=2)
    for body in reminders(world).values():
        assert too_wide(body) == [], body
        assert prose(body).startswith(
            "a reminder: game the-long-autumn-leagues has no orders from you for\n"
            "turn 1 yet, and the deadline is "
        ), body


def test_a_template_s_wrapped_keeps_a_number_with_its_thing() -> None:
    """The template's filter keeps ``turn 5`` and ``3 armies`` whole, and cuts after a
    thing's number (``turn 12`` above ``begins``: 12 counts no beginning); ``wrapped``
    itself still breaks as ``textwrap`` does."""
    filtered = player_environment().filters["wrapped"]
    line = "x" * 62 + " for turn 5 yet"
    assert filtered(line, "") == "x" * 62 + " for\nturn 5 yet"
    assert wrapped(line, "", PHONE) == "x" * 62 + " for turn\n5 yet"
    line = "x" * 60 + " it has 3 armies left"
    assert filtered(line, "") == "x" * 60 + " it has\n3 armies left"
    line = "x" * 59 + " as turn 12 begins, with none"
    assert filtered(line, "") == "x" * 59 + " as turn 12\nbegins, with none"


def test_a_list_s_title_never_begins_a_line_with_its_dash(tmp_path: Path) -> None:
    """The JOIN of a Standard Duel list: its answer broke the game's name before its dash,
    a line begun ``- Standard WoK (Duel)``, read as an item of a list, and ``(60`` above
    ``provinces)``. The dash stays with the word before it, the count with what it
    counts."""
    hall = Hall(tmp_path)
    hall.open_list("standard", players=2, variant="duel")
    told = hall.answer("amy@x.example", "JOIN standard duel AS Amy")
    assert told.body.startswith(
        "You asked to be put on the waiting list standard-duel (World of\n"
        "Kaomaris - Standard WoK (Duel), 2 players on the map classic60\n"
        "(60 provinces), open to all) as Amy.\n"
    ), told.body


def test_a_place_on_a_list_keeps_its_count_out_of_the_players(tmp_path: Path) -> None:
    """The CONFIRM of a JOIN of a WISK list: its answer ended ``as Amy: 1 of`` above ``3
    players.``; the count out of the list's players is whole on one line now."""
    hall = Hall(tmp_path)
    hall.open_list("wisk", players=3)
    asked = hall.answer("amy@x.example", "JOIN wisk AS Amy")
    placed = hall.answer("amy@x.example", f"CONFIRM {asked.code()}")
    assert placed.body.startswith(
        "You are on the waiting list wisk (WISK - the world domination game,\n"
        "3 players on the map classic (42 territories), open to all) as Amy:\n"
        "1 of 3 players.\n"
    ), placed.body
