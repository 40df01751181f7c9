"""The answer to a player's form that gives no orders (his report quoted under a thanks)
says so, and shows no empty heading: it read 'WHAT WAS UNDERSTOOD' over an empty line,
as if something had been understood and left out (no line of the mail was an order's,
and the list of them, empty, was written as one empty line)."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import World
from tests.mail.maps import text_of
from tests.mail.replies import quoted


def test_a_form_of_no_orders_is_answered_without_an_empty_heading(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.mail(f"Thanks.\n\n{quoted(world.aof(1))}")
    world.poll()
    ((raw),) = world.outbox().values()
    text = text_of(raw)
    assert "no orders found in your mail." in " ".join(text.split())
    assert "WHAT WAS UNDERSTOOD" not in text
    assert "\n\n\n" not in text
