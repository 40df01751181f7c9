"""The end of a WoK turn, as every ruleset has it: alliances, missed turns, the next Order of
Play. Who wins, and how, is each ruleset's own (its ``victory``)."""

from __future__ import annotations

from wtg.rules.wok.events import AllianceDeclared, PlayerQuit, TurnAway, TurnMissed
from wtg.rules.wok.limits import MISSED_TURNS_TO_QUIT
from wtg.rules.wok.state import ACTIVE, QUIT
from wtg.rules.wok.turn import Turn


def alliances(turn: Turn) -> None:
    """An ally named on the AOF stays named until changed; 0 ends the alliance. The player
    named is told, and so is the one named before (ruling 16 of docs/rules/standard.md)."""
    seated = {p.id for p in turn.state.players}
    for player, orders in turn.players_in_order():
        ally = orders.ally
        if ally is None or ally == player.ally:
            continue
        if ally != 0 and (ally == player.id or ally not in seated):
            turn.skip(player.id, "alliance", f"ally with player {ally}", "no such other player")
            continue
        before, player.ally = player.ally, ally
        turn.emit(
            AllianceDeclared(
                player=player.id,
                ally=ally,
                before=before,
                visible_to=frozenset({player.id, ally, before} - {0}),
            )
        )


def quits(turn: Turn) -> None:
    """The QUIT line of a player's orders: he leaves the game at the end of the turn, after
    his other orders ran (Standard's Duel: "a player can quit at any time"; WoK IV: "This
    also applies if you quit the game for whatever reason"). His provinces stay, dug in, as
    a player's who missed three turns; he earns no turn point for it."""
    for player in turn.state.players:
        orders = turn.orders.get(player.id)
        if player.status == ACTIVE and orders is not None and orders.quit:
            player.status = QUIT
            player.quit_on = turn.state.turn
            turn.emit(PlayerQuit(player=player.id, chosen=True, public=True))


def missed_turns(turn: Turn) -> None:
    """Manual section 3: "If you miss orders for 3 Turns in a row, you will be considered
    as to have QUIT the game." A player who sent orders earns a HiScore turn point. A robot
    misses no turn: it plays by its own rules, and a headless one idles (Standard, ruling
    20). Ruling: a planned absence (a mail's ABSENCE, up to ``ABSENCE_TURNS`` turns a game)
    is neither a missed turn nor a turn played."""
    for player in turn.state.players:
        if player.status != ACTIVE or player.robot:
            continue
        if player.id in turn.orders and turn.orders[player.id].absent:
            # a planned absence: the troops dig in, no turn is missed nor played
            turn.emit(TurnAway(player=player.id, visible_to=frozenset({player.id})))
            continue
        if player.id in turn.orders:
            player.missed = 0
            player.turn_points += 1
            continue
        player.missed += 1
        turn.emit(
            TurnMissed(player=player.id, missed=player.missed, visible_to=frozenset({player.id}))
        )
        if player.missed >= MISSED_TURNS_TO_QUIT:
            player.status = QUIT
            player.quit_on = turn.state.turn
            turn.emit(PlayerQuit(player=player.id, public=True))


def next_order_of_play(turn: Turn) -> None:
    """ "Every new turn, the WTG creates a new OoP": every player who still owns a province."""
    state = turn.state
    if state.outcome is not None:
        state.oop = []
        return
    owners = sorted({p.owner for p in state.provinces if p.owner})
    turn.rng.shuffle(owners)
    state.oop = owners
