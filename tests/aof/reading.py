"""A filled-in form read back from a text as the intake reads a mail's text: every copy of
the form found (``wtg.aof.choose.find_all``) and the one that carries the player's intent
chosen (``choose``) and, of the sides' choices, the one ranked first (``Found.rank``): the
least quoted one with orders (a reply quotes the blank form it answers)."""

from __future__ import annotations

from wtg.aof.choose import choose, find_all
from wtg.aof.parse import NO_FORM
from wtg.core.form import FormSpec
from wtg.core.orders import ParseOutcome


def read_aof(form: FormSpec, text: str) -> ParseOutcome:
    """What the chosen copy says; ``NO_FORM`` among the problems when there is none."""
    choices = choose(find_all(form, [text]))
    if not choices:
        outcome = ParseOutcome()
        outcome.problems.append(NO_FORM)
        return outcome
    return min(choices, key=lambda choice: choice.found.rank()).found.outcome
