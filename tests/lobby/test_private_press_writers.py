"""Private press to one reader was capped at `mail.replies_per_hour` pieces an hour
whoever wrote them: one player who wrote player 2 three times an hour (every hour) left
the other players no way to write player 2 at all. The cap is each writer's, to each
reader: another player's press is relayed all the same, and the flooder's own over the
cap is still refused, its writer told."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters


def test_one_writers_private_press_never_silences_the_others(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    flooder, reader, other = (game.config.player(n) for n in (1, 2, 3))
    for number in range(4):
        hall.mail(flooder.email, f"PRESS wok4-1 TO 2\nCODE {flooder.code}\n\nflood {number}\n")
    hall.mail(other.email, f"PRESS wok4-1 TO 2\nCODE {other.code}\n\nA word, Lord.\n")
    hall.poll(hours=1)
    relayed = [m.body for m in hall.new_mails(reader.email) if "private press" in m.subject]
    assert len(relayed) == 4, relayed  # replies_per_hour of the flooder's, and the other's
    assert sum("flood" in body for body in relayed) == 3
    assert any(f"from {other.name} (#3)" in body and "A word, Lord." in body for body in relayed)
    refused = [m for m in hall.new_mails(flooder.email) if m.subject.endswith("not done")]
    assert len(refused) == 1 and "nothing went to him" in refused[0].body
    (told,) = hall.new_mails(other.email)
    assert told.subject == "[wok4-1] your press went to player 2", told.subject
