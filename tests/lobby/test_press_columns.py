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
        "3| I give up, Bob",
        "wins.",
    ], lines
