"""A web address in press reached every other player in a mail from the host's own address,
where his mail client made it a link: ``http://wtg-login.example/reset``, dressed as the
GM's, led to a page that asked for his secret code. Each web address in press is mailed
defanged (``http[:]//wtg-login[.]example/reset``: no client makes it a link, a reader still
reads it), and the mail says so; the rest of the text, and an e-mail address, go as
written (docs/mail.md, "Press")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_press_secrets import PROSE
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.presslinks import unlinked

NOTE = (
    "Web addresses in this press are written with [.] and [:] (wtg-login[.]example) so that "
    "no mail client makes them links: a player wrote them, not the host, which asks for your "
    "secret code on no web page."
)
PHISHING = "The GM moved: log in at http://wtg-login.example/reset or www.wtg-help.com today."
DEFANGED = (
    "The GM moved: log in at http[:]//wtg-login[.]example/reset or www[.]wtg-help[.]com today."
)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (PHISHING, DEFANGED),
        ("HTTPS://Evil.Example:8080/x?a=b.c", "HTTPS[:]//Evil[.]Example:8080/x?a=b.c"),
        ("(see evil-login.com/reset).", "(see evil-login[.]com/reset)."),
        ("ftp://files.example/map.png", "ftp[:]//files[.]example/map.png"),
        ("paypal\u3002com", "paypal[.]com"),
        ("mail me: ann.kim@mail.example.com", "mail me: ann.kim@mail.example.com"),
        ("e.g. 3.14, v1.2.3, J.R.R.Tolkien, Dr.Who, St. John", None),
    ],
)
def test_a_web_address_is_defanged_and_nothing_else(text: str, shown: str | None) -> None:
    assert unlinked(text) == (text if shown is None else shown)


def test_ordinary_prose_goes_as_written() -> None:
    assert unlinked(PROSE) == PROSE


def test_a_web_address_in_press_reaches_no_player_as_a_link(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer, reader, plain = (game.config.player(seat) for seat in (1, 2, 3))
    hall.mail(writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\n{PHISHING}\n")
    hall.mail(plain.email, f"PRESS wok4-1\nCODE {plain.code}\n\nNothing to see.\n")
    hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\n{PHISHING}\n")
    hall.poll(hours=1)
    mails = hall.new_mails()
    (private,) = [m for m in mails if m.to == reader.email and "private press" in m.subject]
    copies = [m for m in mails if m.to == writer.email and "your press" in m.subject]
    assert len(copies) == 2
    for mail in (private, *copies):
        assert DEFANGED in re.sub(r"(?<= )\d+\| ", "", mail.words), mail.body
        assert "http://" not in mail.body and "wtg-login.example" not in mail.body
        assert NOTE in mail.words, mail.body
    game.run_turn(now=hall.now)
    hall.send()
    press = [m for m in hall.new_mails() if m.subject == "[wok4-1] press of turn 2"]
    assert len(press) == 4
    for mail in press:
        assert "http://" not in mail.body and "wtg-help.com" not in mail.body, mail.body
        assert "http[:]//wtg-login[.]example/reset" in mail.body
        assert NOTE in mail.words, mail.body
        assert "Nothing to see." in mail.body


def test_press_without_a_web_address_says_nothing_of_them(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    hall.mail(writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\n{PROSE}\n")
    hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nPeace? e.g. now.\n")
    hall.poll(hours=1)
    for mail in hall.new_mails():
        assert "Web addresses" not in mail.body, mail.body
    game.run_turn(now=hall.now)
    hall.send()
    press = [m for m in hall.new_mails() if m.subject == "[wok4-1] press of turn 2"]
    assert press and all("Web addresses" not in m.body for m in press)


@pytest.mark.parametrize(
    "text",
    [
        "We hold the pass to the end.Next turn we strike.",
        "We attack.So be it.",
        "I win.It is over, Bob.Me, I stay.",
        "WE WAIT.NOW WE MOVE.",
        "Really.Next?! No.",
    ],
)
def test_a_sentence_run_on_after_its_full_stop_is_prose(text: str) -> None:
    """``end.Next`` (``next`` is a top-level domain) was mailed as ``end[.]Next``: a
    sentence run on without its blank, its next word capitalised, is no web address."""
    assert unlinked(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("log in at Evil-Login.Com today", "log in at Evil-Login[.]Com today"),
        ("EVIL-LOGIN.NET", "EVIL-LOGIN[.]NET"),
        ("see end.next", "see end[.]next"),
        ("go to evil.shop now", "go to evil[.]shop now"),
        ("end.Next/login", "end[.]Next/login"),
        ("evil.Bank:8080 or x.Next?id=1", "evil[.]Bank:8080 or x[.]Next?id=1"),
        ("www.Evil.Next", "www[.]Evil[.]Next"),
        ("paypal\u3002Com", "paypal[.]Com"),
        ("PAYPAL-VERIFY.SUPPORT", "PAYPAL-VERIFY[.]SUPPORT"),
        ("mail the-gm.LINK first", "mail the-gm[.]LINK first"),
        ("Secure.Login.Bank", "Secure[.]Login[.]Bank"),
        ("see PAYPAL.XN--P1AI now", "see PAYPAL[.]XN--P1AI now"),
    ],
)
def test_an_address_written_in_capitals_is_still_defanged(text: str, shown: str) -> None:
    """A host in small letters, one of the common top-level domains in any case, one with
    a path, a port or a query after it, one that begins with ``www.``, and one shaped as
    no run-on sentence is (a hyphen before its top-level domain, three labels) are web
    addresses, as a mail client reads them: a phisher who typed his host in capitals went
    out undefanged."""
    assert unlinked(text) == shown
