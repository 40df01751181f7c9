"""A stranger's words the GM is shown (a held mail's game, a refused command) may pile
marks on one letter: ``g`` with 200 acutes over it. A player's name and press refuse more
than ``MARKS_ON_A_LETTER`` (they pile up over the lines around it), but the GM's lines
showed the stranger's pile as it came, cut to its line only: `wtg poll -v`, `wtg status`,
`wtg quarantine` and `wtg digest` each printed a letter carrying 78 of them, a smear over
the lines above and below that hid the keys and commands the GM reads there. Every line
for his terminal (``wtg.core.printable.on_screen``) keeps the first ``MARKS_ON_A_LETTER`` of
a pile, and so does the digest, printed or mailed to him."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.mail.test_terminal_escapes import gm, started
from wtg.core.printable import on_screen
from wtg.core.textwidth import MARKS_ON_A_LETTER, marks_on_a_letter
from wtg.logs.events import TextFormat

ACUTE = "\u0301"
PILE = "g" + ACUTE * 200 + "x"
SHOWN = "\u01f5" + ACUTE * MARKS_ON_A_LETTER + "x"
"""The pile as the GM is shown it: ``g`` and its first acute composed (NFC: ``ǵ``, one
letter), and four acutes on it."""


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (PILE, SHOWN),
        ("a" + "\u0489" * 30 + " b" + "\u20dd" * 9, "a" + "\u0489" * 4 + " b" + "\u20dd" * 4),
        # as many as a name may carry stay as they were written, composed or not (an e and
        # its acute compose, NFC: é, carrying none, and four marks after it)
        ("e" + ACUTE + "\u0302\u0303\u0304\u0305", None),
        ("Nguye\u0302\u0303n \u05e9\u05b8\u05c1\u05bc\u05b4", None),
        ("\u05e9\u05dc\u05d5\u05dd\u200e \U0001f469\u200d\U0001f467 e\u0301", None),
    ],
)
def test_a_pile_of_marks_is_cut_to_what_a_letter_may_carry(text: str, shown: str | None) -> None:
    assert on_screen(text) == (text if shown is None else shown)


def test_a_strangers_pile_reaches_no_line_of_the_gms(tmp_path: Path) -> None:
    hall, _game, config = started(tmp_path)
    hall.mail("held@else.example", f"GAME: {PILE}\nPLAYER: 1\nCODE: X\n")
    hall.mail("typed@else.example", f"JOIN wok4 AS {PILE}\n")
    polled = gm(config, "poll", "-v")
    piled = SHOWN[:-1]  # the x cut: a stranger's word is shown to 80 characters at most
    assert f"held: the form names game '{piled}'" in polled
    assert f"commands refused: JOIN wok4 AS {piled}\n" in polled
    for said in (polled, *(gm(config, command) for command in ("status", "quarantine", "digest"))):
        assert f"'{piled}'" in said, said
        assert marks_on_a_letter(said) == MARKS_ON_A_LETTER, said


def test_a_log_line_cuts_a_pile_too() -> None:
    """A log line (``--log-format text``, the default: journald and the GM's terminal read
    it) names a mail's outcome, which quotes the stranger's words."""
    record = logging.LogRecord("wtg", logging.INFO, __file__, 1, f"held: game '{PILE}'", None, None)
    assert TextFormat().format(record).endswith(f"INFO held: game '{SHOWN}'")


def test_a_refusal_quotes_a_pile_cut(tmp_path: Path) -> None:
    """The lobby's refusal quotes the command to its mail's From, which anyone may forge:
    a stranger's pile reached another person's mail reader whole."""
    hall, _game, _config = started(tmp_path)
    answer = hall.answer("victim@else.example", f"STATUS g{ACUTE * 30}")
    assert answer.subject.startswith("STATUS \u01f5") and answer.subject.endswith(": not done")
    assert marks_on_a_letter(answer.subject) <= MARKS_ON_A_LETTER, answer.subject
    assert f'"STATUS {SHOWN[:-1]}"' in answer.body and f"'{SHOWN[:-1]}'" in answer.body
    assert marks_on_a_letter(answer.body) == MARKS_ON_A_LETTER, answer.body


def test_the_rest_of_a_line_with_a_pile_stays_as_written() -> None:
    # a folder copied from another system names its letters decomposed (an e, then its
    # acute), and the path a GM copies off his digest must be the folder's own bytes: a
    # stranger's pile elsewhere in the digest had every line of it composed (NFC)
    path = "/srv/games/cafe\u0301/orders"
    shown = on_screen(f"{path}\n{PILE}")

    assert shown == f"{path}\n{SHOWN}"  # before: /srv/games/caf\u00e9/orders
