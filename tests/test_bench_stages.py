"""bench/stages.py, the stages ``--stages`` of bench_poll and bench_maildir time: each
names a function the code has (a function renamed or moved fails here, not in the lead's
benchmark run), and each is timed only while ``counted`` lasts."""

from __future__ import annotations

import importlib
from datetime import datetime, timezone

from bench import stages
from wtg.mail.outgoing import compose

MADE = "      the mail made (headers, QP)"


def test_every_stage_names_a_function_of_wtg() -> None:
    for label, module_name, owner_name, name in stages.STAGES:
        module = importlib.import_module(module_name)
        owner = getattr(module, owner_name) if owner_name else module
        assert callable(getattr(owner, name, None)), (label, module_name, owner_name, name)


def test_a_stage_is_timed_while_counted_and_as_it_was_after() -> None:
    assert any(label == MADE for label, *_ in stages.STAGES)
    original = compose.message
    when = datetime(2026, 12, 6, tzinfo=timezone.utc)
    with stages.counted() as spent:
        assert compose.message is not original
        compose.message("conf-1", "gm@example.org", "p@example.org", "s", "body\n", when=when)
    assert compose.message is original
    assert MADE in spent
    assert set(spent) == {MADE}
