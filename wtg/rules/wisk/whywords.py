"""Why armies were placed or a set of cards traded, in the words a player reads: the events
keep the code ("left over", "card bonus", "five cards", "elimination"), which the report
and the confirmation's forecast showed as it was, in brackets: '(left over)' did not say
that the armies were left unplaced by the orders and placed as a robot would."""

from __future__ import annotations

PLACED = {
    "left over": "left unplaced: placed as a robot would",
    "card bonus": "card bonus: a card traded shows this territory",
    "elimination": "a set traded at once after an elimination",
}
"""A ``Placed`` event's ``why`` in words; "orders" and "setup" are said by nothing."""

TRADED = {
    "five cards": "five cards or more held: a set must be traded",
    "elimination": "six cards or more after an elimination: a set traded at once",
}
"""A ``Traded`` event's ``why`` in words; "orders" is said by nothing."""


def placed_why(why: str) -> str:
    """Why armies were placed, in words (an unknown code as it is)."""
    return PLACED.get(why, why)
