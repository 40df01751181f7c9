"""The confirmation mail a player is sent for an order form, as the rule tests read its
forecast: one form, no line rejected, not marked READY, no deadline."""

from __future__ import annotations

from typing import Any

from wtg.mail.outgoing import compose


def confirmation(
    ruleset: str,
    side: object,
    forecast: dict[str, Any],
    *,
    game: str,
    turn: int,
    accepted: int,
    verdicts: list[str] | None = None,
    received: str = "now",
    masked_code: str = "S****T",
    **more: object,
) -> str:
    """The text of the confirmation of ``side``'s orders (``accepted`` lines, their
    ``verdicts``) for turn ``turn`` of ``game``, mailed to the player's own address with
    ``forecast``; ``more``: the template's other values (``player``)."""
    return compose.render(
        "confirmation",
        source="",  # the player's own address
        ruleset=ruleset,
        game=game,
        turn=turn,
        side=side,
        superseded=False,
        received=received,
        deadline=None,
        ready=False,
        accepted=accepted,
        rejected=0,
        verdicts=verdicts or [],
        forecast=forecast,
        masked_code=masked_code,
        **more,
    )
