"""The bots' strategy, written down in ``docs/rules/tactics.md`` (ruling 8).

A bot weighs every move each of its pieces could make (``search.py``): the attack's
worth on the target's hit points as chances (a kill worth more than raw damage, fire
focused on a target earlier attacks hurt, a level up counted), what the piece risks from
the enemies' next turn on the tile it ends on (the threat map, ``threats.py``), the rest
it spends in "all rested" games and, once the bot grows bold, the steps it gains towards
a tile it could attack from (until then a bot holds its ground and lets the enemy come;
in a duel, an army far stronger than the enemy's walks in sooner).
The turn's moves are chosen one after another, two moves deep: of the best few, the one
worth most together with the best move another piece could make after it. Each
is played on a copy of the board (a target stays on it, its hit points kept as chances)
before the next is chosen. No chance is used: a bot's orders follow from the board and
are archived as its order file.
"""

from __future__ import annotations

from wtg.core.jsondata import JsonObject
from wtg.rules.tactics.moves import Move
from wtg.rules.tactics.search import plan
from wtg.rules.tactics.state import TacticsState


def plan_orders(state: TacticsState, player: int) -> JsonObject:
    """The order file of a bot (or of a player who leaves it to the bot) for its turn."""
    moves = plan_moves(state, player)
    return {"player": player, "turn": state.turn + 1, "moves": [m.to_dict() for m in moves]}


def plan_moves(state: TacticsState, player: int) -> list[Move]:
    """The bot's moves, in the order they are to be made."""
    return plan(state, player)
