"""Private press after a takeover: the day's bound (``wtg.mail.incoming.commands.PRIVATE_A_DAY``)
and the hour's counted the pieces relayed by the writer's *side*. A quitter who had spent
his ten pieces to a neighbour left the newcomer who took his seat over no private press
to that neighbour for up to 24 hours, and the refusal told the newcomer he had sent them
("as much of your private press today"). The bound is each writer's: the newcomer's
count starts at nothing; the quitter's pieces still count against nobody else."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters, newcomer_takes, offer

DAY_BOUND = 10


def test_a_newcomer_does_not_inherit_the_quitters_private_press_count(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    quitter, reader = game.config.player(1), game.config.player(2)
    for hour in range(4):
        for number in range(3):
            hall.mail(
                quitter.email, f"PRESS wok4-1 TO 2\nCODE {quitter.code}\n\nbye {hour}.{number}\n"
            )
        hall.poll(hours=1)
    relayed = [m for m in hall.new_mails(reader.email) if "private press" in m.subject]
    assert len(relayed) == DAY_BOUND
    hall.new_mails()

    game.submit_all(f"game: wok4-1\nplayer: 1\nturn: 2\ncode: {quitter.code}\nquit: true\n")
    game.run_turn(now=hall.now)
    hall.new_mails()
    offer(hall, 1)
    newcomer_takes(hall, 1)
    fresh = hall.game("wok4-1").config.player(1)
    assert fresh.email == address(9)

    hall.mail(fresh.email, f"PRESS wok4-1 TO 2\nCODE {fresh.code}\n\nHello, neighbour.\n")
    hall.poll(hours=1)
    refused = [m.words for m in hall.new_mails(fresh.email) if m.subject.endswith("not done")]
    assert refused == []
    (word,) = [m.body for m in hall.new_mails(reader.email) if "private press" in m.subject]
    assert "Hello, neighbour." in word
