"""Web addresses a browser reads where the press's rule saw none (round 46, left open):
a web scheme with one slash, none, or backslashes (``https:/evil.com``: a browser reads
every such as ``https://evil.com``), a scheme written with a colon or slashes that read as
``:`` and ``/`` (``https：//evil.com``, full-width), a bare IPv4 address
(``10.0.0.1:8080/x``), and a host behind an ``@`` with a path after it
(``wtg.example@evil.com/reset``, whose page is evil.com's, dressed as the host's site).
Each is mailed defanged (docs/mail.md, "Press")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.presslinks import unlinked


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("see https:/evil.com/x now", "see https[:]/evil[.]com/x now"),
        ("HTTPS:/EVIL.COM", "HTTPS[:]/EVIL[.]COM"),
        ("https:evil.com", "https[:]evil[.]com"),
        ("http:\\\\evil.com\\x", "http[:]\\\\evil[.]com\\x"),
        ("http:/\\evil.com", "http[:]/\\evil[.]com"),
        ("https:///evil.com", "https[:]///evil[.]com"),
        ("https:/10.0.0.1:8080", "https[:]/10[.]0[.]0[.]1:8080"),
        ("ftp:/files.example", "ftp[:]/files[.]example"),
        ("hxxp://evil[.]com", "hxxp[:]//evil[.]com"),
    ],
)
def test_a_web_scheme_with_any_slashes_is_defanged(text: str, shown: str) -> None:
    assert unlinked(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("https\uff1a//evil.com", "https[:]//evil[.]com"),  # full-width colon
        ("https\ufe55//evil.com", "https[:]//evil[.]com"),  # small colon
        ("https\ua789//evil.com", "https[:]//evil[.]com"),  # modifier letter colon
        ("https\u2236//evil.com", "https[:]//evil[.]com"),  # ratio
        ("https:\uff0f\uff0fevil.com", "https[:]\uff0f\uff0fevil[.]com"),  # full-width slashes
        ("https:\u2044\u2044evil.com/x", "https[:]\u2044\u2044evil[.]com/x"),  # fraction slash
        ("https:\u2215\u2215evil.com", "https[:]\u2215\u2215evil[.]com"),  # division slash
        ("https\uff1a\uff0fevil.com", "https[:]\uff0fevil[.]com"),
        ("ＨＴＴＰＳ\uff1a//ｅｖｉｌ.com", "ＨＴＴＰＳ[:]//ｅｖｉｌ[.]com"),
    ],
)
def test_a_scheme_of_lookalike_colons_and_slashes_is_defanged(text: str, shown: str) -> None:
    assert unlinked(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("go to 10.0.0.1:8080/x", "go to 10[.]0[.]0[.]1:8080/x"),
        ("at 192.168.1.20 tonight", "at 192[.]168[.]1[.]20 tonight"),
        ("(10.0.0.1/login)", "(10[.]0[.]0[.]1/login)"),
    ],
)
def test_a_bare_ipv4_address_is_defanged(text: str, shown: str) -> None:
    assert unlinked(text) == shown


@pytest.mark.parametrize(
    "text",
    [
        "3.14, v1.2.3.4, 1.2.3, 300.1.2.3, 1.2.3.4.5, turn 10.Next",
        "https is safer; http: no",
        "10:30, a ratio 3\u22362, time 10\uff1a30",
        "ann.kim@mail.example.com: write to me",
        "ann@players.example, bob@players.example",
    ],
)
def test_numbers_times_and_e_mail_addresses_go_as_written(text: str) -> None:
    assert unlinked(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("log in at wtg.example@evil.com/reset", "log in at wtg.example@evil[.]com/reset"),
        ("gm@evil.com:8080/x", "gm@evil[.]com:8080/x"),
        ("wtg.example@10.0.0.1/x", "wtg.example@10[.]0[.]0[.]1/x"),
    ],
)
def test_a_host_behind_an_at_with_a_path_is_defanged(text: str, shown: str) -> None:
    assert unlinked(text) == shown


def test_press_of_such_addresses_reaches_no_player_as_a_link(tmp_path: Path) -> None:
    """The press as a player types it in a plain mail, each address in it mailed defanged
    in the press mail, with the note."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    writer = game.config.player(1)
    text = (
        "New host! Log in at https:/wtg-login.example/reset, or https\uff1a//wtg-help.example,\n"
        "or 10.0.0.1:8080/x, or wtg.example@wtg-evil.example/reset today.\n"
    )
    hall.mail(writer.email, f"PRESS wok4-1\nCODE {writer.code}\n\n{text}")
    hall.poll(hours=1)
    hall.new_mails()
    game.run_turn(now=hall.now)
    hall.send()
    press = [m for m in hall.new_mails() if m.subject == "[wok4-1] press of turn 2"]
    assert len(press) == 4
    for mail in press:
        words = re.sub(r"(?<= )\d+\| ", "", mail.words)
        assert "https[:]/wtg-login[.]example/reset" in words, mail.body
        assert "https[:]//wtg-help[.]example" in words, mail.body
        assert "10[.]0[.]0[.]1:8080/x" in words, mail.body
        assert "wtg.example@wtg-evil[.]example/reset" in words, mail.body
        assert "Web addresses in this press are written with [.] and [:]" in mail.words
