"""Ann plays g0 and g1 from one address. She mailed her orders for both games in one mail,
g0's form first, and in g1's form she had typed her code of g0. g1 answered that the mail
held no form of game g1 (``no form of game g1 found``): of the copies that named her seat,
neither carrying her g1 code, the first written (g0's) was chosen for g1 and then dropped
as another game's. She was never told that the code of her g1 form was the wrong one, nor
was the wrong-code notice sent. Each game now chooses among its own forms when another
game's copy was chosen: g1's form is read, and refused for its code, as a mail holding it
alone is."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.site.games import play_game
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry

BOMB = ("B1: __   __ __", "B1: 13   14 1")


def games(hall: Hall) -> list[Game]:
    made = []
    for number in (0, 1):
        players = [
            PlayerEntry(id=1, name="Ann", email="ann@p.example", code=f"ANNCODE{number}X"),
            PlayerEntry(id=2, name="Bob", email="bob@p.example", code=f"BOBCODE{number}X"),
        ]
        made.append(
            play_game(hall.gm.games_dir, f"g{number}", "wok4", "small", 2, 0, players=players)
        )
    return made


def test_a_form_with_the_code_of_another_game_is_refused_for_its_code(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    g0, g1 = games(hall)
    mine = g0.aof(1).replace(*BOMB)
    typed_over = g1.aof(1).replace("ANNCODE1X", "ANNCODE0X").replace(*BOMB)
    hall.mail("ann@p.example", f"{mine}\n\n{typed_over}")
    summary = hall.poll(hours=1)
    outcomes = sorted(event.outcome.text() for event in summary.events)
    assert outcomes == ["stored: g0 turn 1 player 1"], outcomes
    answers = {m.subject: m for m in hall.new_mails("ann@p.example")}
    assert sorted(answers) == [
        "[g0] orders for turn 1 received",
        "[g1] someone sent orders for you with a wrong code",  # from her own address: its answer
    ], sorted(answers)
    refused = answers["[g1] someone sent orders for you with a wrong code"]
    assert "came in from your own address with a wrong secret code" in refused.words
    assert "no form of game g1 found" not in refused.words, refused.body
