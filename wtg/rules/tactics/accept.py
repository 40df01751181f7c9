"""Checking a player's orders against the battle: every rejected line gets its reason.

Army lines count only in the army turn (turn 1); move lines only in the player's own
turn, checked one after another on the board as the earlier moves leave it (an attack's
outcome is not known before the turn runs, so a target stays on the board here).
"""

from __future__ import annotations

from collections.abc import Sequence

from wtg.aof.orderfile import orders_from_entries
from wtg.core.form import FormSpec
from wtg.core.orders import Acceptance, RawEntry, Verdict
from wtg.rules.tactics.army import army_problem
from wtg.rules.tactics.moves import Move, move_problem
from wtg.rules.tactics.state import ARMY, TacticsState
from wtg.rules.tactics.world import PieceKind, kind_key
from wtg.text.closename import close_names, either


def accept_entries(
    form: FormSpec, entries: Sequence[RawEntry], state: TacticsState, player: int
) -> Acceptance:
    work = state.clone()
    good: list[RawEntry] = []
    verdicts: list[Verdict] = []
    army: list[str] = []
    moved: list[int] = []
    for entry in sorted(entries, key=lambda e: (e.section != "army", e.section, e.position)):
        note = ""
        if entry.section == "army":
            reason, key = _army_entry(work, entry, army)
            note = "" if reason else piece_note(work, player, str(entry.values.get("kind", "")))
            if not reason:
                army.append(key)
                entry = RawEntry(
                    entry.section, {"kind": key}, entry.position, entry.line, entry.text
                )
        elif entry.section == "moves":
            reason = _move_entry(work, entry, player, moved)
        else:
            reason = ""
        verdicts.append(Verdict(entry=entry, accepted=not reason, reason=reason or note))
        if not reason:
            good.append(entry)
    return Acceptance(orders_from_entries(form, player, state.turn + 1, good), verdicts)


def kind_named(state: TacticsState, written: str) -> PieceKind | None:
    """A piece kind by its number in the list (1, 2, ...) or its name."""
    if written.isdigit():
        number = int(written)
        return state.kinds[number - 1] if 1 <= number <= len(state.kinds) else None
    key = kind_key(written)
    return next((k for k in state.kinds if k.key == key), None)


def kind_of_piece(state: TacticsState, written: str) -> PieceKind | None:
    """The kind of the piece whose ID (in the report's PIECES table) ``written`` is, where
    it is no number of the list: ``A4: 31`` picks a piece of piece 31's kind (ruling,
    ``docs/rules/tactics.md`` 19). The list's number comes first (``kind_named``)."""
    if not written.strip().isdigit():
        return None
    piece = state.piece(int(written))
    return state.kind(piece.kind) if piece is not None else None


def piece_note(state: TacticsState, player: int, written: str) -> str:
    """The note on an accepted army line that named a piece by its ID: the kind it picks,
    and whose piece it is where it is not the player's (a typo picks a kind he did not
    mean; the note lets him see it)."""
    if kind_named(state, written.strip()) is not None:
        return ""
    piece = state.piece(int(written)) if written.strip().isdigit() else None
    if piece is None:
        return ""
    whose = "your" if piece.owner == player else f"{state.player(piece.owner).name}'s"
    return (
        f"note: {piece.id} is the ID of {whose} piece {piece.id} in PIECES, not a number of"
        f" PIECES TO PICK FROM: it picks that piece's kind, {piece.kind}"
    )


def kinds_meant(state: TacticsState, written: str) -> list[PieceKind]:
    """The kinds whose names are close to a name that is none (a typo: ``Griffn``), found
    as wtg finds what a GM meant by a mistyped name (``wtg.text.closename``); none when no
    name is close, or a number was written."""
    if written.strip().isdigit():
        return []
    keys = close_names(kind_key(written), [k.key for k in state.kinds if k.max_count > 0])
    return [k for k in state.kinds if k.key in keys]


def _army_entry(work: TacticsState, entry: RawEntry, army: list[str]) -> tuple[str, str]:
    if work.phase != ARMY:
        return "armies are picked on turn 1 only", ""
    written = str(entry.values.get("kind", ""))
    kind = kind_named(work, written) or kind_of_piece(work, written)
    reason = army_problem(kind, written, army, work.army_size)
    meant = kinds_meant(work, written) if kind is None else []
    if meant:
        reason += f" (did you mean {either([k.name for k in meant])}?)"
    elif kind is None:
        reason += (
            f": write a name, or a number 1..{len(work.kinds)}, from PIECES TO PICK FROM"
            " in your report"
        )
        if work.pieces:  # ruling 19: a piece's ID picks its kind
            reason += ", or the ID of a piece in its PIECES table (it picks that piece's kind)"
    return reason, kind.key if kind is not None and not reason else ""


def _move_entry(work: TacticsState, entry: RawEntry, player: int, moved: list[int]) -> str:
    if work.phase == ARMY:
        return "turn 1 is the army turn: moves start once every army is on the board"
    if work.active != player:
        return f"it is player {work.active}'s turn, not yours"
    values = entry.values
    to, attack = values.get("to"), values.get("attack")
    move = Move(
        piece=int(str(values.get("piece", 0))),
        to=to if isinstance(to, tuple) else (-1, -1),
        attack=attack if isinstance(attack, tuple) else None,
    )
    reason = move_problem(work, player, move, moved)
    if not reason:
        moved.append(move.piece)
        piece = work.piece(move.piece)
        if piece is not None:
            piece.x, piece.y = move.to
    return reason
