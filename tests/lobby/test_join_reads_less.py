"""Every JOIN read the state of every game here, to compare the newcomer's name with the
sides named otherwise than their players (a Duel's colours): on a host of 200 games a
JOIN took a sixth of a second (bench/bench_join.py). It read the states of the games
where a player plays colours alone then, and on a host of 200 Duels a JOIN still took a
fifth of a second (bench/bench_join.py --duels): it reads none now, the colours' names are
their player's as game.yaml names him, and a letter (``waitlist._sides``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, ann_and_bob, joined
from wtg.game.engine import Game


def test_a_join_reads_the_state_of_no_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)  # wok4-1: each side named as its player
    hall.open_list("standard", variant="duel", players=2)
    for number, name in ((3, "Cid"), (4, "Dee")):
        joined(hall, number, f"JOIN standard duel AS {name}")
    hall.new_mails()
    read: list[str] = []
    state_view = Game.state_view

    def counted(self: Game, turn: int | None = None) -> object:
        read.append(self.config.game)
        return state_view(self, turn)

    monkeypatch.setattr(Game, "state_view", counted)
    hall.mail(address(9), "JOIN wok4 AS CidB")  # a colour of Cid's in the Duel: refused
    hall.poll(hours=1)
    (answer,) = hall.new_mails(address(9))
    assert answer.subject == "JOIN wok4 AS CidB: not done", answer.subject
    asked = hall.answer(address(8), "JOIN wok4 AS Eve")
    assert asked.subject.startswith("JOIN wok4: confirm with CONFIRM "), asked.subject
    assert read == []  # the Duel's colours read from its game.yaml (bench_join --duels)
