"""A newcomer named as the rules name their robots (WISK's ``Robot 3``, a Duel's ``Robo1``,
Tactics' ``Bot Red``): a stranger on a WISK list as "Robot 3" was seated beside the robot
the game named Robot 3, and the territories of both read ``Robot 3`` in every report's
table, so no player could tell the human's from the robot's (nor that a human played
it). Such a name is refused at the JOIN, with the reason; a From whose display name is one
refuses a JOIN without AS, asking for a name (before round 50 it gave way to the address's
local part, which LIST showed to anyone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from tests.lobby.joinnames import refused_for_from_name
from wtg.lobby.database import LobbyDatabase


@pytest.mark.parametrize(
    "name", ["Robot 3", "robot3", "ROBOT  12", "Robo1", "Bot Red", "bot blue", "Ｒｏｂｏｔ 2"]
)
def test_a_name_a_robot_has_is_refused(tmp_path: Path, name: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wisk", players=3, robots_after=1)
    answer = hall.answer(address(9), f"JOIN wisk AS {name}")
    assert answer.subject.endswith(": not done"), answer.subject  # the command as read
    assert "reads as the name the host gives a robot (Robot 3, Robo1, Bot Red)" in answer.words
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []


@pytest.mark.parametrize("name", ["Robotnik", "Robo Cop", "Bot", "Red Bot", "Bottom 2", "Roberta"])
def test_a_name_beside_a_robots_is_taken(tmp_path: Path, name: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wisk", players=3, robots_after=1)
    answer = hall.answer(address(1), f"JOIN wisk AS {name}")
    assert answer.subject.startswith("JOIN wisk: confirm with CONFIRM "), answer.subject


def test_a_from_name_of_a_robot_asks_for_a_name(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wisk", players=3, robots_after=1)
    answer = hall.answer("zed@x.example", "JOIN wisk", name="Robot 2")
    refused_for_from_name(answer, "zed", "JOIN wisk")
