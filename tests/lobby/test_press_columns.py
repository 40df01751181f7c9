"""A line of press fills at most 60 columns of a screen, not 60 characters: a letter of
Chinese or Japanese, and the HANGUL FILLER (U+3164, which shows as a blank), fill two. Bob
wrote 37 of those and then ``From Cid (player 3):`` on one line of 58 characters; the press mail
printed it whole, ``  1| `` and 79 columns of nothing before the words, so a reader's
screen of 80 columns wrapped it and showed ``From Cid (player 3):`` at the start of a row of
its own, without Bob's number: a piece of Cid's, forged in Bob's, and ``  3| I give up.``
under it the same way. Every row a reader sees of the press starts with its writer's
number: a line wider than 60 columns is wrapped at 60 columns."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, ann_and_bob
from wtg.game.press import press_for
from wtg.game.textcolumn import text_width

BLANKS = "\u3164" * 37


def test_no_line_of_press_is_wider_than_60_columns(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann, bob = (next(p for p in game.config.players if p.name == n) for n in ("Ann", "Bob"))
    forged = f"Deal?\n{BLANKS} From Cid (player 3):\n{BLANKS}   3| I give up, Bob wins.\n"
    hall.mail(bob.email, f"PRESS wok4-1\nCODE {bob.code}\n\n{forged}")
    hall.poll(hours=1)
    game.run_turn(now=hall.now)
    hall.send()
    mailed = {m.subject: m.body for m in hall.new_mails(ann.email)}
    press = mailed["[wok4-1] press of turn 1"]
    tag = f"  {bob.id}| "
    lines = press.split("UTC:\n", 1)[1].rstrip("\n").splitlines()
    assert lines[0] == f"{tag}Deal?", lines
    assert all(line.startswith(tag) for line in lines), lines
    assert max(text_width(line) for line in lines) <= len(tag) + 60, lines
    assert [line.removeprefix(tag).strip("\u3164 ") for line in lines[1:]] == [
        "",
        "From Cid (player 3):",
        "",
        "3| I give up, Bob wins.",  # 7 fillers and this fill 38 columns: one row
    ], lines


def test_a_press_that_piles_marks_on_a_letter_is_refused(tmp_path: Path) -> None:
    """Bob wrote an ``x`` with 40 accents on it: a mail client piles them up over the lines
    above and below, the header of another's piece among them. A press that puts more than
    4 marks on one letter is refused with the reason; Vietnamese, Hebrew with its points,
    Devanagari are written with fewer, and are kept."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    bob = next(p for p in game.config.players if p.name == "Bob")
    tower = "x" + "\u0301\u0300\u0302\u0303\u0304\u0306\u0307\u0308" * 5
    answer = hall.answer(bob.email, f"PRESS wok4-1\nCODE {bob.code}\n\nLook: {tower}\n")
    assert answer.subject == "PRESS wok4-1: not done", answer.subject
    assert (
        "the press puts 40 marks on one letter (the accents written after it): at most 4"
        in " ".join(answer.body.split())
    ), answer.body
    assert press_for(game.store, 1) == []
    words = "Tiếng Việt, \u05e9\u05b8\u05bc\u05c1\u05dc\u05d5\u05b9\u05dd, \u0915\u093c\u093f\u0902"
    hall.mail(bob.email, f"PRESS wok4-1\nCODE {bob.code}\n\n{words}\n")
    hall.poll(hours=1)
    assert [p.text for p in press_for(game.store, 1)] == [words]


def test_the_heading_of_a_piece_keeps_to_a_phone_s_columns() -> None:
    """A piece's heading, ``From <name> (player 3), <when>:``, was 79 characters for a name
    of 40 (as many as a name may have), and wider for a name of wide letters: past a mail's
    78 columns in every player's press mail. The time goes on a line of its own then. Since
    the number is written ``(#3)``, as the reports write it, a name of 40 letters fitted 78;
    at a phone's 72 columns (docs/mail.md, "Every mail on a phone") it is 73, and its time
    goes under it too."""
    from wtg.game.press import Press
    from wtg.game.report import press_text

    long = "Bartholomew Fitzwilliam-Montgomery Smyth"
    wide = "山" * 30
    at = "2026-11-22 20:00 UTC"
    text = press_text(
        "kaomaris",
        5,
        [Press(3, long, at, "Hi."), Press(4, wide, at, "Yo."), Press(2, "Ann", at, "Ok.")],
    )
    assert text.split("\n")[4:] == [
        f"From {long} (#3),",
        f"  {at}:",
        "  3| Hi.",
        "",
        f"From {wide} (#4),",
        f"  {at}:",
        "  4| Yo.",
        "",
        f"From Ann (#2), {at}:",
        "  2| Ok.",
        "",
    ]
