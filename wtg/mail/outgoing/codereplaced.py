"""A mail in the queue telling a seat a code it no longer has: `wtg new-code GAME --player N`
given twice before `wtg send` (the line typed again at 2 a.m., or given in two terminals)
queued two mails to the player, sent together, each saying "your new secret code", and
only the second one's code is the seat's: a form with the first one's is refused, a turn's
orders lost for a player who read the mails in order. So is a mail queued before a
takeover gave the seat the newcomer's code, or before the folder was put back from a copy.

`wtg send` sets each such mail aside for good before it delivers, as it sets aside a
reminder its turn overtook (``sender.set_aside_undone``): the mail's id names the digest of
the code it tells (``notices._code_ident``), compared with the seat's code in game.yaml."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from wtg.game.engine import Game
from wtg.game.takeovers import code_digest

CODE_MAIL = re.compile(r"code-([0-9a-f]{12})-(.+)-p(\d{2,})(?:-n\d+)?")
"""The id of a mail telling a seat its new code: the code's digest, the game, the seat, and
the mark of a game name taken again."""


def codes_replaced(queue: Path, games: Sequence[Game]) -> list[tuple[str, str]]:
    """Each mail in the outbox's ``queue`` that tells a seat of ``games`` a code game.yaml no
    longer gives it, as its name and why, in words. Read only."""
    by_name = {game.config.game: game for game in games}
    found: list[tuple[str, str]] = []
    try:
        names = sorted(path.stem for path in queue.glob("code-*.eml"))
    except OSError:  # no queue yet
        return []
    for name in names:
        told = CODE_MAIL.fullmatch(name)
        game = by_name.get(told[2]) if told is not None else None
        if told is None or game is None:
            continue
        seat = int(told[3])
        entry = next((e for e in game.config.players if e.id == seat), None)
        if entry is None or not entry.code or code_digest(entry.code)[:12] == told[1]:
            continue
        found.append(
            (
                name,
                f"game {told[2]}'s player {seat} has another code since this mail was queued "
                "(a later `wtg new-code`, or a takeover): the code it tells is refused, and it "
                "is not sent (the mail of the code he has goes)",
            )
        )
    return found


__all__ = ["CODE_MAIL", "codes_replaced"]
