"""A seat taken over: the quitter's alliance is not the newcomer's (wok4 ruling 21,
standard ruling 16). The player who named the quitter as his ally is told it ends."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters, offer
from tests.shipped import WOK4
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry


def allied_and_quit(hall: Hall) -> tuple[Game, PlayerEntry, PlayerEntry]:
    """A game of four where Lord1 and the player of seat 4 name each other as allies and
    seat 4 quits, turn 2 run: the game, Lord1 and the quitter."""
    game = game_with_quitters(hall, ())
    ally, quitter = game.config.player(1), game.config.player(4)
    game.submit_all(f"game: wok4-1\nplayer: 1\nturn: 2\ncode: {ally.code}\nally: 4\n")
    game.submit_all(
        f"game: wok4-1\nplayer: 4\nturn: 2\ncode: {quitter.code}\nally: 1\nquit: true\n"
    )
    game.run_turn(now=hall.now)
    return game, ally, quitter


def test_the_quitter_s_ally_is_told_the_alliance_ends_with_the_takeover(
    tmp_path: Path,
) -> None:
    """Lord1 and the player of seat 4 name each other as allies; seat 4 quits, and a
    newcomer takes it over. Before, both reports named the other as ally (the newcomer's
    `Alliance: you name Lord1 (#1) as your ally.`, Lord1's `you name Newcomer (#4)`), a pact
    neither had made, and the notice said nothing of it."""
    hall = Hall(tmp_path)
    game, ally, quitter = allied_and_quit(hall)
    assert [p.ally for p in game.typed(WOK4).state().players] == [4, 0, 0, 1]
    offer(hall, 4)
    take = hall.answer("n9@players.example", "JOIN wok4-1 AS Newcomer")
    hall.mail("n9@players.example", f"CONFIRM {take.code()}")
    hall.poll(hours=1)
    told = {mail.to: mail for mail in hall.new_mails()}

    after = hall.game("wok4-1")
    assert [p.ally for p in after.typed(WOK4).state().players] == [0, 0, 0, 0]
    assert "Alliance:" not in after.report(4) and "Alliance:" not in after.report(1)
    words = told[ally.email].words
    assert f"You named {quitter.name} as your ally. That alliance ends with the takeover:" in words
    assert "write 4 on the ALLIANCE line (L1) of your form; he must name you too." in words
    for other in (2, 3):
        assert "ally" not in told[after.config.player(other).email].words
    assert all(len(line) <= 78 for line in told[ally.email].body.splitlines())
