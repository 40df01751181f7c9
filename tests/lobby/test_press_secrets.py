"""What a player pastes into his press that the other players were never given: his secret
code, an address not shared."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, Mail
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.press import Press, add_press, blacked_out, secrets_of


def press_mailed(hall: Hall, game: Game) -> list[Mail]:
    """The game's turn run and its mail sent: the press mails of the turn, one to each of
    the four players."""
    game.run_turn(now=hall.now)
    hall.send()
    press = [m for m in hall.new_mails() if m.subject == "[wok4-1] press of turn 2"]
    assert len(press) == 4
    return press


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
    press = press_mailed(hall, game)
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


def test_his_code_of_a_game_he_plays_from_a_sub_address_in_press_is_withheld(
    tmp_path: Path,
) -> None:
    """His other seat played from a sub-address of his mailbox (``p1+second@``, a tag a
    game of its own, as mail clients make them): one person's seats, as the takeovers read
    them (``mailbox_of``), but his press compared the addresses as written, and that seat's
    code went to every player of this game (attack47)."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, other = game.config.player(1), game.config.player(2)
    local, _, domain = writer.email.partition("@")
    seats = [
        PlayerEntry(id=1, name="Lord1", email=f"{local}+second@{domain}", code="OTHERCODE1"),
        PlayerEntry(id=2, name="Zed", email="zed@else.example", code="ZEDSCODE22"),
    ]
    create_game(hall.gm.games_dir / "second", "wok4", "small", seats, seed=5, now=hall.now)
    hall.mail(
        writer.email,
        f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nin game second I use othercode1\n",
    )
    hall.poll(hours=1)
    (private,) = [m for m in hall.new_mails(other.email) if "private press" in m.subject]
    assert "OTHERCODE1" not in private.body.upper()
    assert "in game second I use [withheld]" in private.words


PROSE = """Dear fellow lords,

The winter has been long and the harvest thin. Our scouts report that the northern
passes are open again, and that the armies of the east have gathered near the river.
I propose a truce of three turns between our houses: no attacks across the border, no
spies in each other's courts, and a fair share of the trade along the coast. If you
agree, send me your word before the deadline; if not, I shall know what to expect.

Alice, Bob and Cid have all written to me. Alice asks for the islands, Bob for the
hills, and Cid wants nothing but peace, he says. I trust none of them entirely, but I
trust the river even less: it floods every spring, and a general who camps on its banks
deserves what happens to him. Queen Tiq of the south sends her regards, 7 quarters of
grain, and 2 ships; the rest, she says, comes after the war.

Let us meet at the old bridge, at noon, with no more than ten guards each. Bring maps,
bring wine, and leave your pride at home. A lasting peace is worth more than a province.

Yours, in hope and with a sharp sword,
the Lord of the Marches"""
"""Ordinary prose, with the letters and digits of the codes below in it, none of them in
the codes' order."""


def test_a_code_in_pieces_is_withheld_and_nothing_else() -> None:
    """A player typed his code in pieces in his press (``my code is AL ICE 7Q2``,
    ``A-L-I-C-E-7-Q-2``, split across lines, in small letters, in full-width letters): only
    the code written whole was withheld, and the pieces reached every player, who could
    then give orders for his seat. The code's characters in order, with blanks, breaks or
    marks between them, are withheld too; a long press of ordinary prose is untouched."""
    players = [
        PlayerEntry(id=1, name="Alice", email="alice@x.example", code="ALICE7Q2"),
        PlayerEntry(id=2, name="Bob", email="bob@x.example", code="HARVEST2TH"),
        PlayerEntry(id=3, name="Cid", email="cid@x.example", code="AL2XHJ7NS2"),
    ]
    secrets = secrets_of(players)
    for leaked in (
        "AL ICE 7Q2",
        "A-L-I-C-E-7-Q-2",
        "al ice 7q2",
        "ALI\nCE7\nQ2",
        "AL\n\nICE 7 Q.2",
        "a_l_i_c_e_7_q_2",
        "\uff21\uff2c\uff29\uff23\uff25\uff17\uff31\uff12",
        "harvest 2 th",
        "AL2X-HJ7N-S2",
    ):
        assert blacked_out(f"my code is {leaked}, ok?", secrets) == "my code is [withheld], ok?"
    assert blacked_out(PROSE, secrets) == PROSE
    assert blacked_out("Alice 7 quarters 2 ships", secrets) == "Alice 7 quarters 2 ships"


def test_his_code_in_pieces_reaches_no_other_player(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    code = writer.code
    pieces = f"{code[:2]} {code[2:5].lower()}\n{code[5:]}"
    spelt = "-".join(code)
    hall.mail(
        writer.email,
        f"PRESS wok4-1\nCODE {code}\n\nmy code is {pieces} or {spelt}, no secret\n\n{PROSE}\n",
    )
    hall.poll(hours=1)
    press = press_mailed(hall, game)
    for mail in press:
        assert "my code is [withheld] or [withheld], no secret" in mail.words, mail.body
        assert " ".join(PROSE.split()) in " ".join(
            line.partition("| ")[2] for line in mail.body.splitlines()
        ).replace("  ", " ")


def test_press_kept_before_with_his_code_in_pieces_goes_out_withheld(tmp_path: Path) -> None:
    """A press kept by a wtg that withheld only the code written whole (its pieces in the
    file, as the player wrote them) is mailed with them withheld, as the site shows it."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    code = writer.code
    text = f"my code is {code[:3]} {code[3:].lower()}, and Peace."
    kept = Press(1, writer.name, "2026-11-22 15:00 UTC", text)
    add_press(game.store, game.latest_turn() + 1, kept, hall.now)
    press = press_mailed(hall, game)
    for mail in press:
        assert "my code is [withheld], and Peace." in mail.words, mail.body
