"""Today's Tactics bot, frozen: a copy of wtg/rules/tactics/strategy.py and the look-ahead
it plays by (``search.py``, ``threats.py``, ``outcomes.py``, ``approach.py``, ``paths.py``,
in ``tactics_parts/``) at commit ee515b67, the yardstick of bench/bench_robots.py. Keep it
as it is when the live strategy changes; refresh it (and ``FROZEN_AT``) when the live bot
is the one to beat next.

It replaced the simple bot of commit 1984724 (each piece's best attack by expected damage,
else its approach; issue 30's yardstick), which the live bot had long outgrown: against
it every change of the live bot's measured its distance from that old bot, not from
today's. The strategy is written down in ``docs/rules/tactics.md`` (ruling 8) and in
``tactics_parts/search.py``. No chance is used: a bot's orders follow from the board.
"""

from __future__ import annotations

from bench.frozen_robots.tactics_parts.search import plan
from wtg.core.jsondata import JsonObject
from wtg.rules.tactics.moves import Move
from wtg.rules.tactics.state import TacticsState

FROZEN_AT = "ee515b67"
"""The commit whose live bot this is."""


def plan_orders(state: TacticsState, player: int) -> JsonObject:
    """The order file of a bot for its turn."""
    moves = plan_moves(state, player)
    return {"player": player, "turn": state.turn + 1, "moves": [m.to_dict() for m in moves]}


def plan_moves(state: TacticsState, player: int) -> list[Move]:
    """The bot's moves, in the order they are to be made."""
    return plan(state, player)
