"""A line of a player's prose that starts as an order line of the form, its letter, a digit
and a number: ``Q1 2027 results`` (a quarter), ``M9 2027 budget approved``. Outside a
form a line is an order when a number follows its label, so it was read as line Q1 (QUIT)
and rejected ('expected 1 field QUIT, found 2'), and it cost the READY of the order lines
above it. Such a line, its first value no value of the line's first blank and a word
after it, is prose; an order written so, its values fitting, is still read or answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.spoken import spoken
from tests.mail.clients.table import Table
from tests.mail.clients.test_unquoted_originals import typed_above_the_quote
from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of

PROSE = (
    "Busy week here, sorry for the late orders.\n\nQ1 2027 results\nM9 2027 budget approved\n"
    "A2 2027 budget approved\n"
)
"""``A2 2027 ...`` too: a Tactics army line's blank takes a piece by name or by its number
in the report's list, and took ``2027`` (read as a piece, the line rejected)."""


@pytest.mark.parametrize("ruleset", PLAYED)
def test_prose_that_starts_as_an_order_line_is_not_read(ruleset: str, tmp_path: Path) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, f"{played.bare()}\n{PROSE}")
    (answer,) = (table.games / ".mail" / "outbox" / "queue").glob("conf-*.eml")
    said = spoken(answer)
    assert "REJECTED" not in said and "2027" not in said, said
    assert table.orders(1) == played.filed


def test_an_order_without_its_colon_whose_values_fit_is_still_answered(tmp_path: Path) -> None:
    """``A2 60 55 010 armies``: its values are an attack's, the word after them a note;
    it is read as line A2 and answered, as before."""
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    typed_above_the_quote(table, f"{played.bare()}\nA2 60 55 010 armies\n")
    (answer,) = (table.games / ".mail" / "outbox" / "queue").glob("conf-*.eml")
    said = " ".join(answer.read_text(encoding="utf-8", errors="replace").split())
    assert "REJECTED A2 60 55 010 armies: expected 3 fields" in said, said


def test_the_help_to_a_mail_without_a_form_does_not_call_prose_order_lines(
    tmp_path: Path,
) -> None:
    """A player's mail without a form is helped, naming the order lines he typed as not
    read; 'Q1 2027 results' is no order line of his game's form, and is not named."""
    world = World(tmp_path)
    world.mail("Busy week here.\n\nQ1 2027 results\nA1: 60 55 010\n", sender="p1@players.example")
    world.poll()
    (help_mail,) = [raw for ident, raw in world.outbox().items() if ident.startswith("help-")]
    text = " ".join(body_of(help_mail).split()).partition("=== BEGIN AOF ===")[0]
    assert "Line 4 (A1) of your mail looks like an order line, but was not read" in text
    assert "Q1" not in text and "Lines 3 and 4" not in text, text
