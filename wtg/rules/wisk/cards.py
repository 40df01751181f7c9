"""Cards: which three make a set, what a set is worth, and drawing from the deck."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from random import Random

from wtg.rules.wisk.board import WILD, Board
from wtg.rules.wisk.constants import (
    ESCALATION,
    ESCALATION_STEP,
    FIXED,
    FIXED_VALUES,
    SET_SIZE,
)
from wtg.rules.wisk.state import WiskState


def set_problem(kinds: Sequence[str]) -> str:
    """Why three cards are no set ("" when they are one): "three of a kind, three of
    different kinds, any two cards wth a wild card, or any card with 2 wild cards"."""
    if len(kinds) != SET_SIZE:
        return f"a set is {SET_SIZE} cards, not {len(kinds)}"
    plain = [k for k in kinds if k != WILD]
    if len(plain) < SET_SIZE or len(set(plain)) in (1, SET_SIZE):
        return ""
    return f"{', '.join(kinds)} is no set (three of a kind, one of each, or with a wild card)"


def set_name(kinds: Sequence[str]) -> str:
    """The fixed-value variant's name of a set (a key of FIXED_VALUES)."""
    wild = sum(1 for k in kinds if k == WILD)
    if wild == 1:
        return "one wild"
    if wild >= 2:
        return "two wild"
    return kinds[0] if len(set(kinds)) == 1 else "one of each"


def trade_value(rule: str, trades_before: int, kinds: Sequence[str]) -> int:
    """Armies for a set: the fixed value of its kind, or the escalating value of the
    ``trades_before + 1``-th set traded in the game."""
    if rule == FIXED:
        return FIXED_VALUES[set_name(kinds)]
    if trades_before < len(ESCALATION):
        return ESCALATION[trades_before]
    return ESCALATION[-1] + ESCALATION_STEP * (trades_before + 1 - len(ESCALATION))


def kinds_of(board: Board, cards: Iterable[int]) -> tuple[str, ...]:
    return tuple(board.card(c).kind for c in cards)


def best_set(state: WiskState, pid: int, cards: Sequence[int]) -> tuple[int, ...] | None:
    """The set a player trades when the rules make him (or a robot trades): the most armies,
    then the most traded-card territories he holds, then the fewest wild cards, then the
    lowest card numbers. None when no three of ``cards`` make a set."""
    best: tuple[int, ...] | None = None
    best_key: tuple[int, int, int] | None = None
    for trio in combinations(sorted(cards), SET_SIZE):
        kinds = kinds_of(state.board, trio)
        if set_problem(kinds):
            continue
        value = trade_value(state.options.cards, state.trades, kinds)
        held = len(bonus_territories(state, pid, trio))
        key = (value, held, -kinds.count(WILD))
        if best_key is None or key > best_key:
            best, best_key = trio, key
    return best


def draw(state: WiskState, rng: Random) -> int | None:
    """The next card of the deck; an empty deck is made again from the traded cards,
    shuffled. None when no card is left anywhere."""
    if not state.deck:
        state.deck, state.discard = list(state.discard), []
        rng.shuffle(state.deck)
    return state.deck.pop(0) if state.deck else None


def bonus_territories(state: WiskState, pid: int, cards: Iterable[int]) -> tuple[int, ...]:
    """The traded cards' territories that ``pid`` holds: each gets 2 armies ("this
    limitation is superseded in WISK implemantion": every such card counts)."""
    found = (state.board.card(c).territory for c in cards)
    return tuple(t for t in found if t and state.owner(t) == pid)
