"""The answer to an order mail quotes its lines (WHAT WAS UNDERSTOOD): words anyone with the
code typed, mailed to the seat's registered address, which need not be the sender's (a code
shared or stolen: the answer goes to the seat's address too). A terminal's escape sequence
in a line (OSC 8, a link that shows one text and opens another; a CSI that clears the
screen) or a NUL, which a mail server may refuse, goes out as ``?``."""

from __future__ import annotations

import itertools
from pathlib import Path

from tests.lobby.hall import GM, Hall, ann_and_bob
from wtg.game.presslinks import LINKS_SAID, quoted_back
from wtg.mail.incoming.answers import LINE_SHOWN

LINK = "\x1b]8;;https://evil.example/\x1b\\your report\x1b]8;;\x1b\\"
"""OSC 8: "your report", a link to another address."""
CLEAR = "\x1b[2J"


def _sent(hall: Hall, sender: str, text: str) -> None:
    hall.count += 1
    body = text.replace("\n", "\r\n")
    hall.deliver(
        f"From: {sender}\r\nTo: {GM}\r\nSubject: orders\r\n"
        f"Message-ID: <eo{hall.count}@else.example>\r\n"
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
        f"{body}".encode()
    )


def _clean(text: str) -> bool:
    return all(char.isprintable() or char in "\n\t" for char in text)


def _line_of(form: str, label: str) -> int:
    """The number of the form's line that starts with ``label`` (as the answer counts)."""
    (number,) = [n for n, line in enumerate(form.splitlines(), 1) if line.startswith(label)]
    return number


def test_a_stolen_codes_order_lines_reach_the_player_without_control_sequences(
    tmp_path: Path,
) -> None:
    """Ann's code, used from another address: the answers go to Ann, and quote the lines
    with each control character as ``?``."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    form = game.aof(ann.id)
    hostile = form.replace("B1: __   __ __", f"B1: 13 {LINK} 12\x00").replace("X1: ___", "X1:\t100")
    _sent(hall, "thief@else.example", hostile)
    (outcome,) = [text for _key, text in hall.poll(hours=1).outcomes]
    assert outcome == (
        f"stored: wok4-1 turn 1 player {ann.id}, with the seat's code from another address"
    )
    (answer,) = hall.new_mails()
    assert answer.to == ann.email
    assert "1 accepted, 1 rejected" in answer.body
    shown = "?]8;;https[:]//evil[.]example/?\\your report?]8;;?\\"  # its link defanged
    assert f"REJECTED B1: 13 {shown} 12?:" in answer.body
    x1 = _line_of(form, "X1:")
    # the line as read (a tab is a blank), with its note: he has no tech points to trade
    assert f"line {x1}: ok X1: 100: note: as things stand this trade" in answer.body
    assert _clean(answer.body), repr(answer.body)


def test_a_mail_of_rejected_lines_alone_quotes_them_without_control_sequences(
    tmp_path: Path,
) -> None:
    """No line accepted: the answer that nothing changed quotes them all, as ``?`` where a
    control character stood."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    form = game.aof(ann.id)
    _sent(hall, ann.email, form.replace("X1: ___", f"X1: 100 {CLEAR}\x07"))
    (outcome,) = [text for _key, text in hall.poll(hours=1).outcomes]
    assert outcome.startswith("ignored: none of the order lines")
    (answer,) = hall.new_mails()
    assert answer.to == ann.email and answer.subject.endswith("your orders were not accepted")
    assert "REJECTED X1: 100 ?[2J?:" in answer.body
    assert _clean(answer.body), repr(answer.body)


def test_an_order_line_of_a_megabyte_is_not_mailed_back_whole(tmp_path: Path) -> None:
    """A line of 900,000 characters (the mail under `mail.max_bytes`): the answer quotes its
    start and its end, with the reason, and says how much it left out."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    form = game.aof(ann.id)
    _sent(hall, "thief@else.example", form.replace("B1: __   __ __", "B1: " + "1 " * 450_000))
    hall.poll(hours=1)
    (answer,) = hall.new_mails()
    assert answer.to == ann.email
    lines = answer.body.splitlines()
    (at,) = [n for n, line in enumerate(lines) if "REJECTED B1" in line]
    # the verdict's line and its continuations, wrapped under it: read as one
    below = itertools.takewhile(lambda line: line.startswith("    "), lines[at + 1 :])
    quoted = " ".join(" ".join([lines[at], *below]).split())
    assert len(quoted) < 2 * LINE_SHOWN
    assert lines[at].startswith(f"line {_line_of(form, 'B1:')}: REJECTED B1: 1 1 1 ")
    assert " characters ...] " in quoted
    assert quoted.endswith("expected 3 fields FROM TO MIS, found 450000")
    assert len(answer.body) < 4000


def test_a_stolen_codes_web_address_reaches_the_player_defanged(tmp_path: Path) -> None:
    """The lines and the commands an order mail's answer quotes went out marked alone (a
    control character as ``?``): a thief with Ann's code wrote ``http://wtg-login.example``
    in an order line and ``STATUS www.wtg-help.com`` beside the form, and the host mailed
    Ann both as links, from its own address. Each is defanged as every answer quotes
    anyone's words (``quoted_back``), the order line whole before its reason."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    form = game.aof(ann.id)
    hostile = form.replace("B1: __   __ __", "B1: 13 http://wtg-login.example/reset 12")
    _sent(hall, "thief@else.example", f"STATUS www.wtg-help.com\n\n{hostile}")
    hall.poll(hours=1)
    (answer,) = hall.new_mails()
    assert answer.to == ann.email
    line = _line_of(form, "B1:") + 2  # the command's line and a blank before the form
    assert f"line {line}: REJECTED B1: 13 http[:]//wtg-login[.]example/reset 12:" in answer.body
    said = " ".join(answer.body.split())
    assert 'the command "STATUS www[.]wtg-help[.]com": NOT carried out' in said, answer.body
    assert "://" not in answer.body and "www.wtg" not in answer.body, answer.body
    assert " ".join(LINKS_SAID.split()) in said  # why the brackets, under the lines


def test_the_answer_says_why_an_address_in_a_line_is_bracketed(tmp_path: Path) -> None:
    """Ann's own line with an address in it came back ``www[.]kaomaris[.]example`` with no
    word of why, as a press's copy has (``Web addresses in this press are written with
    [.]``): the answer says it under the lines, and only where a line had one."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    form = game.aof(ann.id)
    for line, said in (
        ("B1: 13 see www.kaomaris.example/map 12", True),
        ("B1: 13 99 99 99 12", False),
    ):
        _sent(hall, ann.email, form.replace("B1: __   __ __", line))
        hall.poll(hours=1)
        (answer,) = hall.new_mails()
        body = " ".join(answer.body.split())
        assert ("REJECTED B1: 13 see www[.]kaomaris[.]example/map 12" in body) is said, body
        assert (" ".join(LINKS_SAID.split()) in body) is said, body


def test_a_command_beside_the_form_with_an_address_says_why_it_is_bracketed(
    tmp_path: Path,
) -> None:
    """``Your mail also holds the command "STATUS www[.]wtg-help[.]com"`` came with no word
    of the brackets when no order line had an address: the note under the lines was said
    for the order lines alone. It is said for the commands too, once; and a command the
    mail cut (``...``) keeps its three dots, not ``[.][.][.]``."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    form = game.aof(ann.id).replace("X1: ___", "X1: 100")
    _sent(hall, ann.email, f"STATUS www.wtg-help.com\n\n{form}")
    hall.poll(hours=1)
    (answer,) = hall.new_mails()
    said = " ".join(answer.body.split())
    assert 'the command "STATUS www[.]wtg-help[.]com": NOT carried out' in said, answer.body
    assert said.count(" ".join(LINKS_SAID.split())) == 1, answer.body
    both = form.replace("B1: __   __ __", "B1: 13 see www.kaomaris.example/map 12")
    _sent(hall, ann.email, f"STATUS www.wtg-help.com\n\n{both}")
    hall.poll(hours=1)
    (answer,) = hall.new_mails()
    said = " ".join(answer.body.split())
    assert said.count(" ".join(LINKS_SAID.split())) == 1, answer.body
    assert quoted_back("STATUS http://wtg-login.example...") == (
        "STATUS http[:]//wtg-login[.]example..."
    )
