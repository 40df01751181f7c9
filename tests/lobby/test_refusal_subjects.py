"""The subject of a refusal (and of the HELP to an unknown command) quotes the player's
line. It quoted its first 60 characters as they came: a line of decoration after the
command word (``STATUS =====...``, a row of ``-`` pasted with it) made a subject of one word
too long for the Subject line, which the mail folds before it (``Subject:`` alone, the text
on the next line: read back, the subject begins with a space), and a run of ``=`` in the
subject. The subject quotes the line cleaned: no space at either end, each run of one sign
as one, a row of signs between words as one, and cut at a word to ``SUBJECT_MOST``."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.lobby.answering import SUBJECT_MOST, in_subject


@pytest.mark.parametrize(
    ("line", "subject"),
    [
        ("STATUS " + "=" * 200, "STATUS =: not done"),
        ("ABSENCE =====  g1 ----- ===== 5 7", "ABSENCE = g1 - 5 7: not done"),
        ("SUBSCRIBE ======== wok4 ***", "SUBSCRIBE = wok4 *: unknown"),
    ],
)
def test_a_refusals_subject_is_the_line_cleaned(tmp_path: Path, line: str, subject: str) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    answer = hall.answer(one.email, f"{line}\nCODE {one.code}\n")
    assert answer.subject == subject, answer.subject
    queued = hall.gm.games_dir / ".mail" / "outbox" / "queue"
    (head,) = (
        head
        for path in queued.glob("cmd-*.eml")
        if line.split()[0].encode() in (head := path.read_bytes().split(b"\r\n\r\n", 1)[0])
    )
    assert f"Subject: {subject}\r\n".encode() in head, head


def test_a_long_line_is_cut_at_a_word() -> None:
    words = "REPORT kaomaris 4 please send it again I lost it in the spam folder"
    shown = in_subject(words)
    assert shown == "REPORT kaomaris 4 please send it again I lost..."
    assert len(shown) <= SUBJECT_MOST
    one_word = "WITHDRAW " + "Q" * 300
    assert in_subject(one_word) == one_word[: SUBJECT_MOST - 3] + "..."
    assert in_subject("  JOIN \u0007 wok4  ") == "JOIN ? wok4"


def test_the_subject_read_back_begins_with_no_space(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail("someone@elsewhere.example", "STATUS " + "x" * 120)
    hall.poll()
    queued = hall.gm.games_dir / ".mail" / "outbox" / "queue"
    (raw,) = (path.read_bytes() for path in queued.glob("cmd-*.eml"))
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    subject = str(msg["Subject"])
    assert subject == subject.strip() and len(subject) <= SUBJECT_MOST + len(": not done")
