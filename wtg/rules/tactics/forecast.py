"""The forecast of an order confirmation: the army as sent, or each move as it would run,
with what the info popup estimates for its attack (the dice decide the rest)."""

from __future__ import annotations

from collections.abc import Mapping

from wtg.core.jsondata import Json
from wtg.core.plurals import counted
from wtg.rules.tactics.battle import forecast as odds_of
from wtg.rules.tactics.moves import fighter, move_problem, tile_text
from wtg.rules.tactics.resolve import moves_of
from wtg.rules.tactics.state import ARMY, TacticsState


def forecast(state: TacticsState, orders: Mapping[str, Json], player: int) -> dict[str, object]:
    if state.phase == ARMY:
        given = orders.get("army")
        army = [str(k) for k in given] if isinstance(given, list) else []
        line = ", ".join(army) if army else "the army shown in your report (no army lines)"
        said = [f"army: {line}"]
        if army and len(army) < state.army_size:
            # the lines sent are the whole army: nothing is filled in from the army shown
            said.append(
                f"That is {counted(len(army), 'piece')}, not the {state.army_size} an army"
                " may have: the pieces you list are your whole army."
            )
        return {"lines": said, "later": []}
    work = state.clone()
    lines: list[str] = []
    moved: list[int] = []
    dealt: dict[int, int] = {}
    """The most damage (every crit) the earlier attack lines may do to each target."""
    for move in moves_of(orders):
        if move_problem(work, player, move, moved):
            continue  # refused when checked: the confirmation says why
        moved.append(move.piece)
        piece = work.piece(move.piece)
        assert piece is not None
        # a piece that attacks from where it stands: '01/01 -> 01/01' read as a walk
        walk = (
            f"stays at {tile_text(piece.pos)}"
            if tuple(move.to) == tuple(piece.pos)
            else f"{tile_text(piece.pos)} -> {tile_text(move.to)}"
        )
        line = f"piece {piece.id} ({piece.kind}) {walk}"
        piece.x, piece.y = move.to
        target = work.piece_at(move.attack) if move.attack is not None else None
        if target is not None:
            odds = odds_of(fighter(work, piece), fighter(work, target))
            line += (
                f", attacks piece {target.id} ({target.kind}, {target.hp} HP): miss "
                f"{odds.miss}%, crit {round(odds.crit)}%, damage {odds.damage} (crit "
                f"{odds.crit_damage}), expected {odds.expected_against(target.hp):.1f} HP"
            )
            line += _if_standing(target.id, target.hp, dealt.get(target.id, 0))
            dealt[target.id] = dealt.get(target.id, 0) + odds.crit_damage
        lines.append(line)
    later = ["hits, misses and crits"] if any(m.attack for m in moves_of(orders)) else []
    return {"lines": lines, "later": later}


def _if_standing(target: int, hp: int, earlier: int) -> str:
    """What an attack line adds when the player's earlier attack lines may destroy its
    target first (their damage, every one a crit, ``earlier``, reaches its ``hp``): the
    turn then skips this move whole, its walk too ('no piece to attack at 01/07'), which
    a forecast of each attack alone never said."""
    if earlier < hp:
        return ""
    return (
        f"; only if piece {target} still stands then: your earlier attack lines may"
        " destroy it, and then this move is skipped, its walk too"
    )
