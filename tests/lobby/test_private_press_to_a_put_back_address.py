"""attack43: a game folder put back from a copy made before the GM corrected a player's
address (a typo: a stranger's) gives the seat the stranger's address again. `wtg send`
sets aside the seat's reports and codes there; but a player's private press to that seat
(``PRESS <game> TO <n>``, relayed by the lobby as a command's answer, no mail of the
seat's by its name) went to the stranger: what one player wrote another alone."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_takeover_at_an_old_address import made_with_a_typo

TYPED = "lord2@players.exmaple"
"""Lord2's address as the GM first typed it: a stranger's."""


def put_back(hall: Hall, tmp_path: Path) -> None:
    """Game wok4-1 of Lord1..Lord4 made by the GM, Lord2 at ``TYPED``, turn 0 mailed, its
    folder copied; Lord2's address corrected, turn 1 run and mailed; the copy put back and
    a send that finds it so."""
    made_with_a_typo(hall, 2, TYPED)
    folder = hall.gm.games_dir / "wok4-1"
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    config = folder / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace(TYPED, address(2)))
    hall.send()
    hall.game("wok4-1").run_turn(now=hall.now)
    hall.send()
    shutil.rmtree(folder)
    shutil.copytree(copy, folder)
    assert "one replaced since" in " ".join(hall.send().first_mailed)
    hall.new_mails()


def test_private_press_to_a_seat_at_a_put_back_address_is_not_relayed_there(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    put_back(hall, tmp_path)
    writer = hall.game("wok4-1").config.player(1)
    hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nOur secret plan.\n")
    polled = hall.poll(hours=1)
    assert "(the reader's address is one put back)" in str(polled.events)  # the GM's line
    hall.send()
    mails = hall.new_mails()
    assert [m for m in mails if m.to == TYPED] == []  # before: the press, to the stranger
    (told,) = mails
    assert (told.to, told.subject) == (address(1), "PRESS wok4-1 TO 2: not done")
    assert "given back by a copy of the game put back" in told.words


def test_a_form_asked_for_from_elsewhere_is_not_mailed_to_a_put_back_address(
    tmp_path: Path,
) -> None:
    """review43b: the lobby mails a player's REPORT and AOF (his form, his code in it), his
    RESIGN's code to CONFIRM and his press's copy to his seat's address in game.yaml, never
    to the mail's From. With that address put back, Lord2 asking from his own address had
    them mailed to the stranger at the typo. He is told at his From, and nothing goes there."""
    hall = Hall(tmp_path)
    put_back(hall, tmp_path)
    lord = hall.game("wok4-1").config.player(2)
    assert lord.email == TYPED
    hall.mail(address(2), f"AOF wok4-1\nREPORT wok4-1\nCODE {lord.code}\n")
    polled = hall.poll(hours=1)
    hall.send()
    mails = hall.new_mails()
    assert [m.subject for m in mails if m.to == TYPED] == []  # before: both, with his code
    assert str(polled.events).count("(the reader's address is one put back)") == 2
    assert [(m.to, m.subject) for m in mails] == [
        (address(2), "[wok4-1] your AOF: not mailed"),
        (address(2), "[wok4-1] turn 0 report for Lord2: not mailed"),
    ]
    assert lord.code not in " ".join(m.body for m in mails)
    assert mails[0].words.startswith(
        'The answer "[wok4-1] your AOF" was not mailed to your address in game wok4-1: it is '
        "one the game master replaced, given back by a copy of the game put back"
    )


def test_a_press_from_a_seat_at_a_put_back_address_goes_its_copy_not(tmp_path: Path) -> None:
    """review43b: the writer's copy of his private press (its text whole) went to his seat's
    address put back. The press goes to its reader; he is told at his From that his copy
    was not mailed, not that his press was not done."""
    hall = Hall(tmp_path)
    put_back(hall, tmp_path)
    lord = hall.game("wok4-1").config.player(2)
    hall.mail(address(2), f"PRESS wok4-1 TO 1\nCODE {lord.code}\n\nOur secret plan.\n")
    hall.poll(hours=1)
    hall.send()
    mails = hall.new_mails()
    assert [m.subject for m in mails if m.to == TYPED] == []  # before: his copy, the plan
    assert [(m.to, m.subject) for m in mails] == [
        (address(1), "[wok4-1] private press from Lord2"),
        (address(2), "[wok4-1] your press went to player 1: not mailed"),
    ]
    assert "Our secret plan." in mails[0].body
    assert "Our secret plan." not in mails[1].body
