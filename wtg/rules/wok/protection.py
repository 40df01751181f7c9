"""Who may not be targeted: headhunting protection of home provinces, and the automatic NAPs
of a Duel (judged on who owned a province at the START of the turn)."""

from __future__ import annotations

from wtg.rules.wok.state import WokState
from wtg.rules.wok.turn import Turn


def naps_in_force(state: WokState, player: int) -> list[tuple[int, int]]:
    """The automatic NAPs of ``player`` that bind the coming turn's orders, as (the napped
    side, the turn whose start ends it): "HanA and KorA start out napped till the start of
    turn 6" (none once the game is over). A NAP with a side that holds no province (wiped
    out) binds nothing and is left out; one that QUIT keeps its provinces, and its NAP."""
    coming = state.turn + 1
    if state.outcome is not None:
        return []
    naps = [
        (second if first == player else first, until)
        for first, second, until in state.naps
        if coming < until and player in (first, second)
    ]
    return [(other, until) for other, until in naps if state.count_of(other)]


def headhunting_in_force(state: WokState) -> tuple[list[int], int] | None:
    """The provinces headhunting protection keeps from bombing, attacks and spies in the
    coming turn, and the last turn it holds: "Home provinces enjoy special protection at the
    beginning of the game" (None once it is over, or the game is)."""
    if state.outcome is not None or state.turn + 1 > state.protection or not state.protected:
        return None
    return sorted(state.protected), state.protection


def forbidden(turn: Turn, player: int, target: int) -> str:
    """Why ``player`` may not bomb, attack or spy on ``target`` this turn; "" if allowed."""
    state = turn.state
    if state.turn <= state.protection and target in state.protected:
        return (
            f"province {state.named(target)} is a home province, protected from headhunting"
            f" until the end of turn {state.protection}"
        )
    owner = turn.start_owner[target - 1] if turn.start_owner else 0
    for first, second, until in state.naps:
        if state.turn < until and {player, owner} == {first, second}:
            other = state.player(owner)
            return (
                f"you are napped with {other.label or other.name} until the start of turn "
                f"{until}: province {state.named(target)} was theirs when the turn began"
            )
    return ""


def friends(state: WokState, player: int) -> set[int]:
    """The colours the human who plays ``player`` plays too, in a Duel or Trinity (none
    elsewhere): his own, never fought."""
    controller = state.player(player).controller
    if controller is None:
        return set()
    return {p.id for p in state.players if p.controller == controller and p.id != player}


def open_to(state: WokState, player: int, target: int) -> bool:
    """Whether ``player`` would bomb, attack or spy on ``target`` in the coming turn: not a
    home province headhunting protects, nor one of a side a Duel's NAP binds him to, nor
    one of another colour of his own."""
    protection = headhunting_in_force(state)
    if protection and target in protection[0]:
        return False
    napped = {other for other, _ in naps_in_force(state, player)}
    return state.province(target).owner not in napped | friends(state, player)
