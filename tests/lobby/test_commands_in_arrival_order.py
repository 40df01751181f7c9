"""A poll's command mails are carried out in the order they came (attack46). The poll
handles a batch newest first, so that of one player's several order forms the newest is
filed and the older ones only answered; it took a player's commands newest first too. Four
pieces of press mailed between two polls went out as parts 4, 3 and 2, part 1 refused as one
past the turn's three; and of four JOINs confirmed between two polls for a list of three,
the three newest got the game and the first to confirm waited for the next one ("first
come first"). Mails with a form are still handled newest first."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address, ann_and_bob


def test_a_players_pieces_of_press_go_out_in_the_order_he_wrote_them(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    bob = next(p for p in game.config.players if p.name == "Bob")
    for part in range(1, 5):
        hall.mail(bob.email, f"PRESS wok4-1\nCODE {bob.code}\n\nPart {part} of my story.")
    hall.poll(hours=1)
    answers = [m.subject for m in hall.new_mails(bob.email)]
    assert answers == [
        *["[wok4-1] your press goes out with the turn 1 reports"] * 3,
        "PRESS wok4-1: not done",
    ]
    game.run_turn(now=hall.now)
    hall.send()
    (press,) = [m for m in hall.new_mails(bob.email) if m.subject == "[wok4-1] press of turn 1"]
    parts = [line for line in press.body.splitlines() if "of my story" in line]
    assert parts == [f"  {bob.id}| Part {part} of my story." for part in (1, 2, 3)]


def test_the_first_to_confirm_gets_the_seat(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    for number in range(1, 5):
        hall.mail(address(number), f"JOIN wok4 AS Lord{number}")
    hall.poll(hours=1)
    codes = {m.to: m.code() for m in hall.new_mails()}
    for number in range(1, 5):
        hall.mail(address(number), f"CONFIRM {codes[address(number)]}")
    hall.poll(hours=1)
    seated = sorted(p.email for p in hall.game("wok4-1").config.players)
    assert seated == [address(1), address(2), address(3)]


def test_press_that_says_game_colon_keeps_its_place(tmp_path: Path) -> None:
    """review47: a mail was taken for one with a form, and handled among the newest first,
    when its text held ``game:`` anywhere (``What a game: ...``), which the intake reads as
    no form: of four pieces of press, the second saying so, parts 1, 3 and 2 went out. A
    mail counts as one with a form as the intake counts it (its begin marker, or its GAME
    and CODE keys)."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    bob = next(p for p in game.config.players if p.name == "Bob")
    for part in range(1, 5):
        said = "What a game: " if part == 2 else ""
        hall.mail(bob.email, f"PRESS wok4-1\nCODE {bob.code}\n\n{said}Part {part} of my story.")
    hall.poll(hours=1)
    hall.new_mails(bob.email)
    game.run_turn(now=hall.now)
    hall.send()
    (press,) = [m for m in hall.new_mails(bob.email) if m.subject == "[wok4-1] press of turn 1"]
    parts = [line.rsplit("Part ", 1)[1] for line in press.body.splitlines() if "of my" in line]
    assert parts == [f"{part} of my story." for part in (1, 2, 3)]
