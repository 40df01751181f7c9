"""A name that would pass for someone else in the mail other players read: a newcomer
named ``Lord1`` and a Hangul filler (or a variation selector, a combining grapheme joiner:
characters that show as nothing) took over a seat beside Lord1's and read as Lord1; one
named ``Lord1 (player 1)`` wrote press that read ``From Lord1 (player 1) (player 4):``,
and private press under ``[wok4-1] private press from Lord1 (player 1)``; one named
``Game Master`` wrote as the host's own mail is signed; one named like an address passed
for a player's address, which the host never shows. Each is refused at the JOIN (a
takeover's too) with its reason; a From whose name is such refuses a JOIN without AS,
asking for a name, as for a name with a control character (before round 50 it fell back
to the address's local part, which LIST showed to anyone). So is one with a small capital letter
(``Lᴏrd1``, U+1D0F), which no compatibility form folds into its plain letter and which
reads as one; and one that reads as a web address (``paypal-login.com``, ``www.x``), which a
mail client showed as a link in the host's own mails to every other player."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from tests.lobby.joinnames import (
    asked_to_confirm,
    nothing_pending,
    refused_at_join_and_takeover,
    refused_for_from_name,
    taken,
    with_a_seat_offered,
)
from tests.mail.replies import quoted
from wtg.game.presslinks import quoted_back


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Lord1\u3164", "holds a character that shows as nothing or as a blank (U+3164)"),
        ("Lord1\u034f", "holds a character that shows as nothing or as a blank (U+034F)"),
        ("Lord1\ufe0f", "holds a character that shows as nothing or as a blank (U+FE0F)"),
        ("\u2800", "holds a character that shows as nothing or as a blank (U+2800)"),
        ("L\u1d0frd1", "holds a small capital letter (U+1D0F), which reads as the plain"),
        ("Lord\ua731", "holds a small capital letter (U+A731), which reads as the plain"),
        ("\u13deord1", "mixes Latin and Cherokee letters"),
        ("L\u0585rd1", "mixes Latin and Armenian letters"),
        ("\ua4e1ord1", "mixes Latin and Lisu letters"),
        ("L\u2d54rd1", "mixes Latin and Tifinagh letters"),  # ⵔ, Unicode's O
        ("\u16c1ord1", "mixes Latin and Runic letters"),  # ᛁ, Unicode's l
        ("L\u1951rd1", "mixes Latin and Tai Le letters"),  # ᥑ, an a Unicode does not list
        ("\U000102a0ord1", "mixes Latin and Carian letters"),  # 𐊠, Unicode's A
        ("Lord1\u20dd", "holds U+20DD, a mark drawn around the character before it"),
        ("Lord1 \u20e3", "holds U+20E3, a mark drawn around the character before it"),
        ("Lo\u0e49rd1", "puts a Thai mark (U+0E49) on the Latin letter o, where no font"),
        ("Lord1\u0e31", "puts a Thai mark (U+0E31) on '1', where no font has a place"),
        ("Lord1 (player 1)", "holds a player's number"),
        ("Lord1 (#1)", "holds a player's number"),
        ("Lord1 #1", "holds a player's number"),
        ("Lord1 (red)", "holds (red), which the host writes after a player's name"),
        ("Lord1 [ Blue ]", "holds [ Blue ], which the host writes after a player's name"),
        ("Lord1 (robot)", "holds (robot), which the host writes after a player's name"),
        ("Lord1 (bot)", "holds (bot), which the host writes after a player's name"),
        ("Game Master", "would pass for the host's own"),
        ("THE gm", "would pass for the host's own"),
        ("Game Master (official)", "would pass for the host's own"),
        ("GM Lord1", "would pass for the host's own"),
        ("G.M. Lord1", "would pass for the host's own"),
        ("the gamemaster", "would pass for the host's own"),
        ("Game_Master", "would pass for the host's own"),
        ("Game-Master's aide", "would pass for the host's own"),
        ("wtg admin", "would pass for the host's own"),
        ("Lord1@players.example", "looks like an e-mail address"),
        ("Lx\u0301\u0300\u0302\u0303\u0304rd1", "puts 5 marks on one letter"),
        ("Code: Red", "holds a key of an order form's header (CODE:)"),
        ("Player: One", "holds a key of an order form's header (PLAYER:)"),
        ("PLAYER:1 CODE:ABCD2345EF", "holds a key of an order form's header (PLAYER:)"),
        ("Lord1 <p1@players.example>", "looks like an e-mail address"),
        ("GAME: x TURN: 2", "holds a key of an order form's header (GAME:)"),
        ("Zed T1: 01 1 50", "holds T1: 01 1 50, which an order form reads as an order line"),
        ("Zed a2) 7", "holds a2) 7, which an order form reads as an order line"),
        ("Zed M 2- 07 06", "holds M 2- 07 06, which an order form reads as an order line"),
        ("Map: off", "holds Map: off, which an order form reads as a setting line"),
        ("Zed map :on", "holds map :on, which an order form reads as a setting line"),
        ("paypal-login.com", "holds paypal-login.com, which reads as a web address"),
        ("Lord1 https://x.example", "holds https://, which reads as a web address"),
        ("www.Lord1", "holds www., which reads as a web address"),
        ("Lord1.io", "holds Lord1.io, which reads as a web address"),
        ("paypal\u3002com", "holds paypal.com, which reads as a web address"),
    ],
)
def test_a_name_that_passes_for_another_is_refused(tmp_path: Path, name: str, why: str) -> None:
    hall = with_a_seat_offered(tmp_path)
    # quoted back as anyone's words are (``quoted_back``): a pile of 5 marks shows 4 of
    # them, a web address is defanged (paypal-login[.]com)
    shown = quoted_back(name)
    for answer in refused_at_join_and_takeover(hall, name, shown):
        assert f"the name {shown} {quoted_back(why)}" in answer.words, answer.body
    nothing_pending(hall)


def test_a_from_name_that_passes_for_another_asks_for_a_name(tmp_path: Path) -> None:
    """Many clients write the address as the From's name: that is a From without a name,
    and the JOIN is taken under the address's local part, as from a bare address. Another
    name that passes for another's (``Game Master``) refuses the JOIN, asking for a name
    (before round 50 it was taken under the local part, which LIST showed to anyone)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail("zed@x.example", "JOIN wok4", name="ZED@x.example")
    hall.mail("amy@x.example", "JOIN wok4", name="Game Master")
    hall.poll(hours=1)
    (answer,) = hall.new_mails("zed@x.example")
    asked_to_confirm(answer, "zed")
    (answer,) = hall.new_mails("amy@x.example")
    refused_for_from_name(answer, "amy")
    assert "(the name Game Master " in answer.words, answer.body


@pytest.mark.parametrize(
    "name",
    [
        "Playwright2",
        "Bob (the Bold)",
        "R2 D2",
        "Ann-Marie",
        "Endgame Masterson",
        "Gemma",
        "Host Ghost",
        "Agent T1000",
        "Zed T1 (the Bold)",
        "Mapmaker: Zed",
        "J.R.R.Tolkien",
        "Dr.Who",
        "St. John",
        "\u0e2a\u0e21\u0e28\u0e31\u0e01\u0e14\u0e34\u0e4c",  # สมศักดิ์: Thai marks on Thai letters
        "\u0926\u0947\u0935",  # देव: a Devanagari vowel sign on its letter
        "Mu\u0330n",  # a mark every script shares, on a Latin letter
    ],
)
def test_an_ordinary_name_is_taken(tmp_path: Path, name: str) -> None:
    taken(tmp_path, name)


@pytest.mark.parametrize("char", ["\U000e0080", "\u2065", "\ufff0", "\uffff", "\ufdd0", "\u0378"])
def test_a_name_with_a_character_unicode_does_not_define_is_refused(
    tmp_path: Path, char: str
) -> None:
    """``Lord1`` and an unassigned code point of the ranges Unicode keeps for characters that
    show as nothing (U+E0080, U+2065, U+FFF0: a font and a mail client draw them so, as a
    browser does) read as Lord1 beside Lord1's own seat; a noncharacter (U+FFFF, U+FDD0) or
    any other code point Unicode does not define shows as nothing or as a box, whatever the
    reader's font: each is refused at the JOIN and at a takeover, the code point named (the
    name is shown back with a ``?`` for it, as any character that is not printable)."""
    hall = with_a_seat_offered(tmp_path)
    for answer in refused_at_join_and_takeover(hall, f"Lord1{char}", shown="Lord1?"):
        assert (
            f"the name Lord1? holds U+{ord(char):04X}, a character Unicode does not define, "
            "which shows as nothing or as a box: choose another with AS <name>"
        ) in answer.words, answer.body
    nothing_pending(hall)


def test_a_from_name_with_a_character_unicode_does_not_define_asks_for_a_name(
    tmp_path: Path,
) -> None:
    """A From's name ``Lord1`` and U+E0080: the JOIN is refused, asking for a name (before
    round 50 it was taken under the address's local part)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer("amy@x.example", "JOIN wok4", name="Lord1\U000e0080")
    refused_for_from_name(answer, "amy")


def test_a_from_name_that_is_a_forms_header_gives_way(tmp_path: Path) -> None:
    """A newcomer whose From's name was ``GAME: wok4-1 PLAYER: 1 CODE: ABCD2345EF`` joined
    under it (a JOIN AS with it is an order mail, but a From's name is read from no text).
    The turn's press mail headed his piece ``From GAME: wok4-1 PLAYER: 1 CODE: ABCD2345EF
    (player 3), ...``, a form's header naming player 1 with a code made up: every reply
    that quoted the press mail was an order mail, so player 2's PRESS in it was not carried
    out, and player 1 was told that someone sent orders for him with a wrong code. The name
    refuses the JOIN, asking for one; he joins under the name he gives, and the reply is
    read for its commands."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    forged = '"GAME: wok4-1 PLAYER: 1 CODE: ABCD2345EF"'
    for number in (1, 2, 3):
        hall.mail(address(number), "JOIN wok4", name=forged if number == 3 else f"P{number}")
    hall.poll()
    (refused,) = hall.new_mails(address(3))
    refused_for_from_name(refused, "p3")
    hall.mail(address(3), "JOIN wok4 AS p3", name=forged)
    hall.poll()
    codes = {m.to: m.code() for m in hall.new_mails()}
    for number in (1, 2, 3):
        hall.mail(address(number), f"CONFIRM {codes[address(number)]}", name=forged)
    hall.poll(hours=1)
    game = hall.game("wok4-1")
    assert sorted(p.name for p in game.config.players) == ["P1", "P2", "p3"]
    evil = next(p for p in game.config.players if p.name == "p3")
    hall.send()
    hall.new_mails()
    hall.mail(evil.email, f"PRESS wok4-1\nCODE {evil.code}\n\nWar!")
    hall.poll(hours=1)
    game.run_turn(now=hall.now)
    hall.send()
    two = next(p for p in game.config.players if p.name == "P2")
    mailed = {(m.to, m.subject): m.body for m in hall.new_mails()}
    press = mailed[(two.email, "[wok4-1] press of turn 1")]
    assert f"From p3 (#{evil.id})," in press, press
    hall.mail(two.email, f"PRESS wok4-1 TO {evil.id}\nCODE {two.code}\n\nPeace?\n\n{quoted(press)}")
    hall.poll(hours=1)
    answers = [m.subject for m in hall.new_mails()]
    assert f"[wok4-1] your press went to player {evil.id}" in answers, answers
    assert not [s for s in answers if "wrong code" in s or "not accepted" in s], answers
