"""The seat's reports of the turns before a takeover are the newcomer's to read (the empire
he took over as it stands, and how it came to be), but never with the quitter's code in
their forms: REPORT stars it out, and so does `wtg send` when it mails the turns not
mailed yet (a takeover before the send caught up) to the seat's new address: it mailed the
newcomer the quitter's report of an earlier turn, the quitter's code in its form."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_of_four, newcomer_takes, offer


def test_the_send_stars_the_quitters_code_in_an_earlier_turns_report(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game_of_four(hall)
    hall.send()  # turn 0 mailed
    hall.game("wok4-1").run_turn(now=hall.now)
    game = hall.game("wok4-1")
    old = game.config.player(4).code
    game.submit_all(f"game: wok4-1\nplayer: 4\nturn: 2\ncode: {old}\nquit: true\n")
    game.run_turn(now=hall.now)  # turns 1 and 2 ran, not mailed yet; seat 4 quit in 2
    hall.new_mails()
    offer(hall, 4)
    newcomer_takes(hall, 4)
    new = hall.game("wok4-1").config.player(4).code
    hall.send()
    mails = {m.subject: m for m in hall.new_mails(address(9))}
    earlier = mails["[wok4-1] turn 1 report for Newcomer"]
    assert old not in earlier.body and old.lower() not in earlier.body.lower()
    assert f"CODE: {'*' * len(old)}" in earlier.body
    latest = mails["[wok4-1] turn 2 report for Newcomer"]
    assert f"CODE: {new}" in latest.body
