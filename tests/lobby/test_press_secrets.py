"""What a player pastes into his press that the other players were never given: his secret
code, an address not shared."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry


def test_a_code_or_an_unshared_address_in_press_reaches_no_other_player(tmp_path: Path) -> None:
    """Issue 25, item 9 ("an address is shown to nobody it was not given to"): a player
    pasted his secret code and an unshared address into his PRESS; the site showed them as
    [withheld], but the press mail carried both to every player, who could then give
    orders for his seat. The press mail withholds them as the site does; private press
    withholds the code, and keeps an address a player gives one other player."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, other = game.config.player(1), game.config.player(2)
    hall.mail(
        writer.email,
        f"PRESS wok4-1\nCODE {writer.code}\n\nOops, my code {writer.code.lower()}; "
        f"write to {writer.email} or {other.email}\n",
    )
    hall.mail(
        writer.email,
        f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nMy code is {writer.code}; I am {writer.email}\n",
    )
    hall.poll(hours=1)
    (private,) = [m for m in hall.new_mails(other.email) if "private press" in m.subject]
    assert writer.code not in private.body and writer.code.lower() not in private.body
    assert f"My code is [withheld]; I am {writer.email}" in private.body
    game.run_turn(now=hall.now)
    hall.send()
    press = [m for m in hall.new_mails() if m.subject == "[wok4-1] press of turn 2"]
    assert len(press) == 4
    for mail in press:
        assert "Oops, my code [withheld]; write to [withheld] or [withheld]" in mail.body
        assert writer.code not in mail.body.upper() and writer.email not in mail.body


def test_his_code_of_another_game_in_press_reaches_no_other_player(tmp_path: Path) -> None:
    """A player of two games pasted his other game's code into his press: only this
    game's codes were blacked out, and his other seat's code went to every player of this
    one, who could then give orders for it. Every code of his seats here is withheld;
    another player's code of another game is no secret of his to keep."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, other = game.config.player(1), game.config.player(2)
    seats = [
        PlayerEntry(id=1, name="Lord1", email=writer.email, code="OTHERCODE1"),
        PlayerEntry(id=2, name="Zed", email="zed@else.example", code="ZEDSCODE22"),
    ]
    create_game(hall.gm.games_dir / "second", "wok4", "small", seats, seed=5, now=hall.now)
    hall.mail(
        writer.email,
        f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nin game second I use othercode1, and Zed "
        "uses ZEDSCODE22\n",
    )
    hall.poll(hours=1)
    (private,) = [m for m in hall.new_mails(other.email) if "private press" in m.subject]
    assert "OTHERCODE1" not in private.body.upper()
    assert "in game second I use [withheld], and Zed uses ZEDSCODE22" in private.words
