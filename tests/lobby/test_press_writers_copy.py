"""The writer's own copy of his press (the answer to ``PRESS <game>``, and to ``PRESS <game>
TO <n>``) printed his text as he wrote it, a line of any length, where every other copy
prints each line after his number and wraps it at 60 columns (``wtg.game.report.
press_lines``): he did not see his press as the others would. Each copy now prints it by
that one function."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, ann_and_bob
from wtg.core.textwidth import text_width

LONG = "We hold the northern passes until spring, and then " * 3
WIDE = "北の峠を春まで守ります" * 8


def _printed(body: str, tag: str) -> list[str]:
    return [line for line in body.splitlines() if line.startswith(tag)]


def test_the_writers_copy_is_printed_as_the_others_read_it(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann, bob = (next(p for p in game.config.players if p.name == n) for n in ("Ann", "Bob"))
    tag = f"  {bob.id}| "
    kept = hall.answer(bob.email, f"PRESS wok4-1\nCODE {bob.code}\n\n{LONG}\n{WIDE}\n")
    assert kept.subject == "[wok4-1] your press goes out with the turn 1 reports", kept.subject
    mine = _printed(kept.body, tag)
    assert mine[0] == f"{tag}We hold the northern passes until spring, and then We hold"
    assert len(mine) == 6, kept.body
    assert max(text_width(line) for line in mine) <= len(tag) + 60, mine
    assert LONG.strip() not in kept.body and WIDE not in kept.body
    game.run_turn(now=hall.now)
    hall.send()
    press = next(m for m in hall.new_mails(ann.email) if m.subject == "[wok4-1] press of turn 1")
    assert _printed(press.body, tag) == mine


def test_the_copy_of_a_private_press_is_printed_as_its_reader_reads_it(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann, bob = (next(p for p in game.config.players if p.name == n) for n in ("Ann", "Bob"))
    tag = f"  {bob.id}| "
    hall.mail(bob.email, f"PRESS wok4-1 TO {ann.id}\nCODE {bob.code}\n\n{WIDE}\nsee www.x.com\n")
    hall.poll(hours=1)
    mails = {m.subject: m.body for m in hall.new_mails()}
    copy = mails[f"[wok4-1] your press went to player {ann.id}"]
    relayed = mails["[wok4-1] private press from Bob"]
    assert _printed(copy, tag) == _printed(relayed, tag)
    assert _printed(copy, tag)[-1] == f"{tag}see www[.]x[.]com"
    assert [text_width(line) for line in _printed(copy, tag)] == [len(tag) + 60] * 2 + [
        len(tag) + 56,
        len(tag) + 17,
    ]
