"""The answer to a form none of whose lines was accepted says when the orders are due.

A player whose every line was rejected read 'You have no orders on file for turn 1 yet.'
and how to send his orders again, and nothing of by when: the confirmation of a good form
says the deadline, and he, whose orders are all still to come, needs it most. The answer
says it as the report does ('DEADLINE FOR YOUR TURN 1 ORDERS: ...'), the same moment in
the game's time zone; a game without a schedule says none. It told him 'To change your
orders', of orders he had none of: he is told how to give them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.test_trust import answers
from wtg.core.ruleset import OptionValue


class ViennaWorld(World):
    zone = "Europe/Vienna"


class NoScheduleWorld(World):
    zone = None


def _rejected_everything(world: World, label: str) -> str:
    """The form of player 1 with its line ``label`` filled with words, mailed."""
    form = world.game.aof(1)
    blank = next(line for line in form.splitlines() if line.startswith(f"{label}:"))
    world.mail(form.replace(blank, f"{label}: many armies please"))
    assert world.poll().filed == 0
    return answers(world)["unchanged"]


@pytest.mark.parametrize(
    ("ruleset", "label"),
    [
        (("standard", "classic60", {}), "A1"),
        (("wisk", "classic", {}), "T1"),
        (("tactics", "meadow", {}), "A1"),
    ],
)
def test_an_answer_that_took_no_line_says_the_deadline(
    tmp_path: Path, ruleset: tuple[str, str, dict[str, OptionValue]], label: str
) -> None:
    world = ViennaWorld(tmp_path, count=2, ruleset=ruleset)
    said = " ".join(_rejected_everything(world, label).split())
    assert "You have no orders on file for turn 1 yet." in said, said
    due = "Mon 23 Nov 2026 18:00 Europe/Vienna (17:00 UTC)"
    assert (
        f"You have no orders on file for turn 1 yet. The deadline for your turn 1 orders is {due}."
        in said
    ), said


def test_an_answer_in_a_game_without_a_schedule_says_no_deadline(tmp_path: Path) -> None:
    world = NoScheduleWorld(tmp_path, count=2, ruleset=("standard", "classic60", {}))
    said = " ".join(_rejected_everything(world, "A1").split())
    assert "You have no orders on file for turn 1 yet." in said, said
    assert "deadline" not in said.lower(), said
    assert "To give your orders, fill in the order lines of the form" in said, said
    assert "To change your orders" not in said


def test_an_answer_beside_orders_on_file_says_they_may_be_changed(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=("standard", "classic60", {}))
    world.game.submit("player: 1\nturn: 1\n")
    said = " ".join(_rejected_everything(world, "A1").split())
    assert "still stand. The deadline for your turn 1 orders is Mon 23 Nov 2026 18:00 UTC." in said
    assert "To change your orders, fill in the order lines of the form" in said, said
