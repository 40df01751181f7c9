"""A number told with its noun, singular or plural as the number asks: "1 army", "3 armies".

One helper for every player-facing text: the reports' templates (the ``count`` filter of
``wtg.game.report``) and the rules' own words (an order as a skipped line tells it, a
forecast, a check's reason)."""

from __future__ import annotations


def counted(number: int, singular: str, plural: str | None = None) -> str:
    """``number`` and its noun: ``singular`` for exactly 1 (and -1), else ``plural`` (by
    default ``singular`` with an "s")."""
    noun = singular if abs(number) == 1 else plural or singular + "s"
    return f"{number} {noun}"
