"""A code to CONFIRM outliving what it was mailed for: a RESIGN's code, kept unconfirmed by a
player who then quit, confirmed once his seat is someone else's."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters, newcomer_takes, offer


def test_a_quitters_resign_code_does_not_resign_the_newcomer(tmp_path: Path) -> None:
    """Issue 25, item 7 (a takeover; "no one resigns for another player"): a player asks to
    RESIGN and keeps the code unconfirmed, then quits by his orders; the GM offers his seat
    and a newcomer takes it over. The quitter's CONFIRM of the old code was filed as the
    newcomer's QUIT. It is refused, with why, and the newcomer plays on."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    quitter = game.config.player(4)
    asked = hall.answer(quitter.email, f"RESIGN wok4-1\nCODE {quitter.code}")
    code = asked.code()
    game.submit_all(f"game: wok4-1\nplayer: 4\nturn: 2\ncode: {quitter.code}\nquit: true\n")
    game.run_turn(now=hall.now)
    offer(hall, 4)
    newcomer_takes(hall, 4)

    hall.mail(quitter.email, f"CONFIRM {code}")
    summary = hall.poll(hours=1)

    outcomes = [text for _key, text in summary.outcomes]
    assert outcomes == [f"rejected: commands refused: CONFIRM {code}"]
    (refused,) = hall.new_mails()
    assert refused.to == quitter.email
    assert "seat 4 of game wok4-1 is no longer played from your address" in refused.words
    after = hall.game("wok4-1")
    assert after.store.pending_orders(after.latest_turn() + 1) == {}
