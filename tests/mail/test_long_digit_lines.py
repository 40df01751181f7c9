"""A line of many digits in a mail (review47c): the attribution a reply's quote is
introduced by in German, Dutch and the Scandinavian languages (``Am 07.12.26 um 15:00
schrieb Game Master:``, ``wtg.aof.original.ATTRIBUTION``) was looked for with a digit
anywhere before the verb, and every line of a mail was read in time that grew with the
square of its length. A stranger's HELP or a player's orders with a line of 60,000 digits
held the poll until `mail.handle_seconds` ran out, and was quarantined. The pattern reads a
line once; the fuzz test below holds it to the rule it was written for."""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.lobby.hall import Hall, ann_and_bob
from wtg.aof.original import ATTRIBUTION, VERB_FIRST, VERB_LAST

DIGITS = "7" * 60_000
"""A line of a mail: under the 64,000 characters the lobby reads of a text."""


def test_a_stranger_s_help_with_a_long_line_of_digits_is_answered(tmp_path: Path) -> None:
    hall = Hall(tmp_path, handle_seconds=5)
    hall.open_list()
    hall.mail("eve@else.example", f"HELP\n{DIGITS}\n")
    (outcome,) = [text for _key, text in hall.poll(hours=1).outcomes]
    assert outcome == "answered: commands: HELP"


def test_orders_with_a_long_line_of_digits_above_them_are_filed(tmp_path: Path) -> None:
    hall = Hall(tmp_path, handle_seconds=5)
    game = ann_and_bob(hall)
    ann = min(game.config.players, key=lambda p: p.name)
    form = game.aof(ann.id).replace("X1: ___", "X1: 100")
    hall.mail(ann.email, f"Hi GM,\n{DIGITS}\n\n{form}")
    (outcome,) = [text for _key, text in hall.poll(hours=1).outcomes]
    assert outcome == f"stored: wok4-1 turn 1 player {ann.id}"


_BOUNDARY = re.compile(r"\b")
_LAST = VERB_LAST.replace("\\", "").split("|")
_FIRST = VERB_FIRST.split("|")
_AFTER_LAST = re.compile(r"\s*:\s*")
_AFTER_FIRST = re.compile(r"\s+[^:]{1,200}:\s*")


def _attribution(line: str) -> bool:
    """The rule ``ATTRIBUTION`` is written for, read the long way: a verb of ``VERB_LAST``
    at a word's start with only a colon and blanks after it, or one of ``VERB_FIRST`` with
    a digit somewhere before it, and after it a blank, up to 200 characters of no colon,
    a colon and blanks."""
    folded = line.lower()
    for start in range(len(line)):
        if not _BOUNDARY.match(line, start):
            continue
        digit = any(c.isdigit() for c in line[:start])
        kinds = [(_LAST, _AFTER_LAST), (_FIRST, _AFTER_FIRST) if digit else ([], _AFTER_FIRST)]
        for verbs, rest in kinds:
            ends = (start + len(verb) for verb in verbs if folded.startswith(verb, start))
            if any(rest.fullmatch(line, end) for end in ends):
                return True
    return False


PIECES = [
    "schrieb", "Schreef", "SKREV", "skrevet", "wrote", "napisał(a)", "a écrit", "x" * 60,
    "Game Master", "<gm@example.org>", "7", "07.12.26", "15:00", ":", " ", "  ", "\t", "a",
    "Am", "um", "Uhr", ",", ".", "-",
]  # fmt: skip
"""What the lines of the fuzz test are made of: the verbs, words around them, digits,
colons, blanks, and a long word to pass the 200 characters after the verb."""


def test_the_attribution_is_found_as_its_rule_says_in_generated_lines() -> None:
    rng = random.Random(47)
    found: list[bool] = []
    for _ in range(20_000):
        before, after = (
            "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 7))) for _ in "ab"
        )
        verb = rng.choice(["schrieb", "SKREV", "Schreef", "wrote", ""])
        after = rng.choice(["", " ", "\t "]) + after  # the blank after a verb, or none
        line = before + verb + after + rng.choice(["", ":", ": ", "x"])  # a colon last, or not
        match = ATTRIBUTION.fullmatch(line)
        assert (match is not None) == _attribution(line), repr(line)
        if match is not None:
            found.append(match.group(2) is not None)  # the verb first, the name after it
    assert found.count(True) > 200 and found.count(False) > 200, found.count(True)
