"""Private press to one reader was capped at `mail.replies_per_hour` pieces an hour
whoever wrote them: one player who wrote player 2 three times an hour (every hour) left
the other players no way to write player 2 at all. The cap is each writer's, to each
reader: another player's press is relayed all the same, and the flooder's own over the
cap is still refused, its writer told."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters

DAY_BOUND = 10
"""Pieces of private press one writer's may be relayed to one reader in 24 hours."""


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


def test_one_writers_private_press_to_one_reader_is_bounded_a_day(tmp_path: Path) -> None:
    """Private press had no bound but the hour's (`mail.replies_per_hour`, 3, each writer to
    each reader): a player who wrote player 2 three times every hour had the host mail him
    72 pieces a day, each up to 4,000 characters, for as long as the game ran, and player 2
    could stop none of it. One writer's press to one reader is relayed at most
    ``wtg.mail.incoming.commands.PRIVATE_A_DAY`` (10) times a day; past it the writer is told why
    and nothing goes; another player's press to the same reader goes all the same, and the
    next day the writer's does again."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    flooder, reader, other = (game.config.player(n) for n in (1, 2, 3))
    refused: list[str] = []
    for hour in range(6):
        for number in range(3):
            hall.mail(
                flooder.email,
                f"PRESS wok4-1 TO 2\nCODE {flooder.code}\n\nflood {hour}.{number}\n",
            )
        hall.poll(hours=1)
        refused += [m.body for m in hall.new_mails(flooder.email) if "not done" in m.subject]
    relayed = [m.body for m in hall.new_mails(reader.email) if "private press" in m.subject]
    assert len(relayed) == DAY_BOUND, len(relayed)
    assert len(refused) == 18 - DAY_BOUND
    assert all(
        f"player 2 has been relayed as much of your private press today as one player may "
        f"send another ({DAY_BOUND} pieces in 24 hours); nothing went to him: send it "
        "again tomorrow" in " ".join(body.split())
        for body in refused
    ), refused[0]

    hall.mail(other.email, f"PRESS wok4-1 TO 2\nCODE {other.code}\n\nA word, Lord.\n")
    hall.poll(hours=1)
    (word,) = [m.body for m in hall.new_mails(reader.email) if "private press" in m.subject]
    assert "A word, Lord." in word

    hall.mail(flooder.email, f"PRESS wok4-1 TO 2\nCODE {flooder.code}\n\nnext day\n")
    hall.poll(hours=24)
    (again,) = [m.body for m in hall.new_mails(reader.email) if "private press" in m.subject]
    assert "next day" in again


def test_a_press_to_one_reader_held_back_says_nothing_of_the_next_readers(
    tmp_path: Path,
) -> None:
    """One mail with two private presses (`PRESS g TO 2`, `PRESS g TO 3`), the first over
    the hour's bound to player 2: the one to player 3 was relayed, but its writer's copy
    was turned into the refusal of the first ("player 3 has been relayed as much private
    press this hour as he may get ... nothing went to him"). He sent it again, and player
    3 read it twice. Each copy says what became of its own press."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, second, third = (game.config.player(n) for n in (1, 2, 3))
    for number in range(3):
        hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nearly {number}\n")
    hall.poll()
    hall.new_mails()
    hall.mail(
        writer.email,
        f"PRESS wok4-1 TO 2\nPRESS wok4-1 TO 3\nCODE {writer.code}\n\nBoth of you, listen.\n",
    )
    hall.poll()
    assert [m.subject for m in hall.new_mails(second.email)] == []
    (relayed,) = hall.new_mails(third.email)
    assert "Both of you, listen." in relayed.body
    told = {m.subject: m.words for m in hall.new_mails(writer.email)}
    assert sorted(told) == [
        "PRESS wok4-1 TO 2: not done",
        "[wok4-1] your press went to player 3",
    ], told
    assert (
        "player 2 has been relayed as much private press this hour"
        in told["PRESS wok4-1 TO 2: not done"]
    )
