"""A player's turn of play, phase by phase: trade cards, place the new armies, attack in the
order written, fortify once, draw a card after a conquest."""

from __future__ import annotations

from wtg.rules.wisk.battle import fight
from wtg.rules.wisk.cards import draw
from wtg.rules.wisk.constants import MUST_TRADE_ON_ELIMINATION, STAY_BEHIND
from wtg.rules.wisk.events import CardDrawn, CardEarned, CardsTaken, Eliminated, Fortified
from wtg.rules.wisk.orders import Fortify, WiskOrders
from wtg.rules.wisk.reinforce import Chooser, forced_trades, ordered_trades, place, reinforce
from wtg.rules.wisk.state import DEAD
from wtg.rules.wisk.turn import Turn
from wtg.rules.wisk.victory import check_victory


def play_turn(turn: Turn, orders: WiskOrders, chooser: Chooser) -> None:
    card_armies = ordered_trades(turn, orders.trades)
    pools = reinforce(turn, card_armies)
    place(turn, pools, orders.place, chooser)
    if check_victory(turn):
        return
    for order in orders.attacks:
        fight(turn, order, lambda target, defender: conquered(turn, target, defender))
        if turn.over:
            return
    if orders.fortify is not None:
        fortify(turn, orders.fortify)
    if turn.conquests:
        earn_card(turn)
    check_victory(turn)


def conquered(turn: Turn, target: int, defender: int) -> None:
    """After the armies moved in: an eliminated defender's cards change hands (six or more
    must be traded at once, the armies going to the conquered territory); then the
    objectives are checked."""
    turn.conquests += 1
    turn.last_conquest = target
    state = turn.state
    if defender and not state.territories_of(defender):
        eliminate(turn, defender)
    check_victory(turn)


def eliminate(turn: Turn, loser: int) -> None:
    """ "If you have eliminated that opponent, you can take all that eliminated opponent's
    cards. If you have six or more cards, you must use your card to exhange armies and
    continuing your attack." """
    state = turn.state
    dead = state.player(loser)
    dead.status = DEAD
    dead.eliminated_by = turn.player
    dead.out_on = state.turn
    taken = list(dead.cards)
    dead.cards.clear()
    turn.me.cards.extend(taken)
    turn.emit(Eliminated(player=loser, by=turn.player, cards=len(taken), public=True))
    if taken:
        turn.emit(
            CardsTaken(
                player=turn.player,
                source=loser,
                cards=tuple(taken),
                visible_to=frozenset({turn.player}),
            )
        )
    forced_trades(turn, MUST_TRADE_ON_ELIMINATION, "elimination", place_on=turn.last_conquest)


def fortify(turn: Turn, order: Fortify) -> None:
    """ "fortify your enemy from one of your territory the another of your own territory next
    to it ... you should remain at least one army at the original territory." Asking for
    more than may move moves all but one."""
    state, pid = turn.state, turn.player
    what = f"fortify {order.armies} from {order.source} to {order.target}"
    problem = ""
    source, target = state.board.named(order.source), state.board.named(order.target)
    if state.owner(order.source) != pid or state.owner(order.target) != pid:
        problem = f"territories {source} and {target} must both be yours"
    elif order.target not in state.board.site(order.source).neighbours:
        problem = f"territory {target} is not next to {source}"
    elif state.armies(order.source) <= STAY_BEHIND:
        problem = f"territory {source} has only {state.armies(order.source)} army"
    elif order.armies < 1:
        problem = "move at least 1 army"
    if problem:
        turn.skip(what, problem)
        return
    armies = min(order.armies, state.armies(order.source) - STAY_BEHIND)
    state.holding(order.source).armies -= armies
    state.holding(order.target).armies += armies
    turn.emit(
        Fortified(player=pid, source=order.source, target=order.target, armies=armies, public=True)
    )


def earn_card(turn: Turn) -> None:
    """One card for a turn with at least one conquest."""
    card = draw(turn.state, turn.rng)
    turn.emit(CardEarned(player=turn.player, drawn=card is not None, public=True))
    if card is not None:
        turn.me.cards.append(card)
        turn.emit(CardDrawn(player=turn.player, card=card, visible_to=frozenset({turn.player})))
