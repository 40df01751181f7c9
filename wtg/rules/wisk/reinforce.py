"""Getting and placing new armies: territories, continents, cards; and trading cards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wtg.core.plurals import counted
from wtg.rules.wisk.cards import best_set, bonus_territories, kinds_of, set_problem, trade_value
from wtg.rules.wisk.constants import (
    MIN_REINFORCEMENT,
    MUST_TRADE,
    TERRITORIES_PER_ARMY,
    TRADE_BONUS,
    TRADE_DOWN_TO,
)
from wtg.rules.wisk.events import Placed, Reinforced, Traded
from wtg.rules.wisk.orders import Placement
from wtg.rules.wisk.state import WiskState
from wtg.rules.wisk.turn import Turn

Chooser = Callable[[WiskState, int, str | None], int]
"""Where armies nobody placed go: (state, player, continent or None) -> territory."""


def from_territories(count: int) -> int:
    """ "for every 3 territories occupied, 1 army ... 3 armies is the minimum"."""
    return max(MIN_REINFORCEMENT, count // TERRITORIES_PER_ARMY)


def continent_bonuses(state: WiskState, pid: int) -> list[tuple[str, int]]:
    """ "for each contential occupied, a fix number of armies" (placed in that continent)."""
    return [(name, state.board.continent(name).bonus) for name in state.continents_of(pid)]


@dataclass
class Pools:
    """The armies a player has to place this turn: ``free`` anywhere of his, and each
    continent's bonus inside that continent."""

    free: int
    continents: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.free + sum(self.continents.values())

    def take(self, continent: str, wanted: int) -> int:
        """Up to ``wanted`` armies for a territory of ``continent``: its bonus first."""
        own = min(wanted, self.continents.get(continent, 0))
        if own:
            self.continents[continent] -= own
        rest = min(wanted - own, self.free)
        self.free -= rest
        return own + rest


def trade(turn: Turn, cards: Sequence[int], why: str, place_on: int = 0) -> int:
    """Trade a set from the active player's hand; the card bonus goes on at once. Returns the
    set's armies (``place_on``: put them there now, as after an elimination)."""
    state, pid = turn.state, turn.player
    kinds = kinds_of(state.board, cards)
    armies = trade_value(state.options.cards, state.trades, kinds)
    state.trades += 1
    me = turn.me
    for card in cards:
        me.cards.remove(card)
    state.discard.extend(cards)
    bonus = bonus_territories(state, pid, cards)
    turn.emit(
        Traded(
            player=pid,
            cards=tuple(cards),
            kinds=kinds,
            armies=armies,
            bonus=bonus,
            why=why,
            public=True,
        )
    )
    for territory in bonus:
        state.holding(territory).armies += TRADE_BONUS
        turn.emit(
            Placed(
                player=pid, territory=territory, armies=TRADE_BONUS, why="card bonus", public=True
            )
        )
    if place_on:
        state.holding(place_on).armies += armies
        turn.emit(Placed(player=pid, territory=place_on, armies=armies, why=why, public=True))
    return armies


def ordered_trades(turn: Turn, trades: Sequence[Sequence[int]]) -> int:
    """The trades the orders ask for, each checked again; then the forced ones ("If you have
    five or more cards, you must exchange"). Returns the armies they give."""
    armies = 0
    for cards in trades:
        problem = trade_problem(turn.state, turn.player, cards)
        if problem:
            turn.skip(f"trade {' '.join(map(str, cards))}", problem)
            continue
        armies += trade(turn, cards, "orders")
    return armies + forced_trades(turn, MUST_TRADE, "five cards")


def forced_trades(turn: Turn, at: int, why: str, place_on: int = 0) -> int:
    """Trade the best sets while the hand holds ``at`` or more cards (down to four)."""
    armies = 0
    hand = turn.me.cards
    if len(hand) < at:
        return 0
    while len(hand) > TRADE_DOWN_TO:
        chosen = best_set(turn.state, turn.player, hand)
        if chosen is None:
            break
        armies += trade(turn, chosen, why, place_on)
    return armies


def trade_problem(state: WiskState, pid: int, cards: Sequence[int]) -> str:
    hand = state.player(pid).cards
    missing = [c for c in cards if c not in hand]
    if missing:
        return f"card {missing[0]} is not in your hand (you hold {_listing(hand)})"
    if len(set(cards)) != len(cards):
        return "a card is named twice"
    return set_problem(kinds_of(state.board, cards))


def _listing(cards: Sequence[int]) -> str:
    return ", ".join(map(str, sorted(cards))) or "no cards"


def reinforce(turn: Turn, card_armies: int) -> Pools:
    """The turn's new armies, told to everyone."""
    state, pid = turn.state, turn.player
    count = len(state.territories_of(pid))
    base = from_territories(count)
    bonuses = continent_bonuses(state, pid)
    pools = Pools(free=base + card_armies, continents=dict(bonuses))
    turn.emit(
        Reinforced(
            player=pid,
            territories=count,
            from_territories=base,
            continents=tuple(bonuses),
            cards=card_armies,
            total=pools.total,
            public=True,
        )
    )
    return pools


def left_to_place(armies: int) -> str:
    """What a place line asking for more found left: ``only 1 army was``, ``no armies
    were``."""
    if armies == 0:
        return "no armies were"
    return f"only {counted(armies, 'army', 'armies')} {'was' if armies == 1 else 'were'}"


def place(turn: Turn, pools: Pools, lines: Sequence[Placement], chooser: Chooser) -> None:
    """The placement orders in turn; what they leave goes where ``chooser`` says (a
    continent's bonus inside its continent)."""
    state, pid = turn.state, turn.player
    for line in lines:
        what = f"place {line.armies} on {line.territory}"
        if not state.board.has(line.territory) or state.owner(line.territory) != pid:
            turn.skip(what, f"territory {turn.state.board.named(line.territory)} is not yours")
            continue
        armies = pools.take(state.board.site(line.territory).continent, line.armies)
        if armies < line.armies:
            turn.skip(what, f"{left_to_place(armies)} left to place there")
        if armies:
            state.holding(line.territory).armies += armies
            turn.emit(
                Placed(
                    player=pid, territory=line.territory, armies=armies, why="orders", public=True
                )
            )
    leftovers = [(name, n) for name, n in pools.continents.items() if n] + [(None, pools.free)]
    for continent, armies in leftovers:
        if armies:
            territory = chooser(state, pid, continent)
            state.holding(territory).armies += armies
            turn.emit(
                Placed(player=pid, territory=territory, armies=armies, why="left over", public=True)
            )
    pools.free, pools.continents = 0, {}
