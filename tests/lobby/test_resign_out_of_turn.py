"""RESIGN in a game of a turn each (WISK, Tactics) when the coming turn is another
player's: the QUIT can only be filed with the player's own orders, so it is refused, but
with what to do ("send it again when your turn comes"), not as though he had left the
game ("no orders to give: nothing to quit")."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from wtg.core.ruleset import SeatId


def test_resign_waits_for_the_players_turn_in_wisk(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wisk", players=3)
    for number in (1, 2, 3):
        hall.mail(address(number), f"JOIN wisk AS Lord{number}")
    hall.poll(hours=1)
    for ask in hall.new_mails():
        hall.mail(ask.to, f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    hall.new_mails()
    game = hall.game("wisk-1")
    state = game.state_view()
    owing = set(game.ruleset.owing(state))
    waiting = [
        entry
        for entry in game.config.players
        if not set(game.ruleset.sides_of(state, SeatId(entry.id))) & owing
    ]
    assert len(waiting) == 2  # one player's turn; the others wait
    entry = waiting[0]
    hall.mail(entry.email, f"RESIGN wisk-1\nCODE {entry.code}\n")
    summary = hall.poll(hours=1)
    assert summary.quarantined == 0, summary.events
    (answer,) = hall.new_mails(entry.email)
    assert answer.subject == "RESIGN wisk-1: not done"
    assert (
        f"player {entry.id} is in game wisk-1, but the coming turn is another player's: "
        "nothing to quit yet; send the command again when your turn comes"
    ) in " ".join(answer.body.split())
