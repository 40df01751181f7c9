"""One run of the turn generator: the army turn (turn 1, every human at once), then one
player's turn a run, in seat order from the player drawn to go first.

"A single player's turn consists of commanding some number of their individual army
pieces, after which it is the next player's turn". The moves run in the order written;
a move an earlier one made impossible is skipped with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from wtg.core.errors import GameFinished as GameFinished
from wtg.core.events import Event
from wtg.core.jsondata import Json, json_list, json_object, or_none, whole
from wtg.core.ruleset import TurnResult
from wtg.rules.tactics.army import set_up_army
from wtg.rules.tactics.battle import forecast, strike
from wtg.rules.tactics.events import (
    ArmyPicked,
    Attacked,
    GameOver,
    LevelUp,
    MoveSkipped,
    NoOrders,
    PlayerOut,
    TurnBegan,
    Walked,
    WarPointsEarned,
)
from wtg.rules.tactics.guilds import war_awards
from wtg.rules.tactics.levels import experience, gain
from wtg.rules.tactics.moves import Move, fighter, move_problem, walks
from wtg.rules.tactics.setup import start_of
from wtg.rules.tactics.state import (
    ACTIVE,
    ARMY,
    FULL_REST,
    OUT,
    OVER,
    Piece,
    TacticsState,
    rest_at_turn_start,
)
from wtg.rules.tactics.strategy import plan_orders

AUTOPILOT_AFTER = 3
"""A human who sends no orders this many turns in a row has the bots' strategy play his
turns until he sends orders again (ruling 9)."""


def moves_of(orders: Mapping[str, Json] | None) -> list[Move]:
    """The moves of a canonical order dict."""
    found = []
    for item in map(json_object, json_list((orders or {}).get("moves"))):
        attack = item.get("attack")
        found.append(
            Move(piece=whole(item["piece"]), to=_tile(item["to"]), attack=or_none(_tile, attack))
        )
    return found


def _tile(value: Json) -> tuple[int, int]:
    """A tile of an order, ``[x, y]``."""
    tile = json_list(value)
    return whole(tile[0]), whole(tile[1])


def resolve(
    state: TacticsState, orders: Mapping[int, Mapping[str, Json]], rng: Random
) -> TurnResult[TacticsState]:
    """The turn after ``state``, on a copy: ``state`` is untouched."""
    if state.phase == OVER:
        raise GameFinished(f"game {state.game} ended on turn {state.turn}")
    work = state.clone()
    work.turn = state.turn + 1
    events: list[Event] = []
    if work.phase == ARMY:
        _armies(work, orders, events)
        work.phase = "battle"
        _begin_turn(work, events)
    else:
        _play_turn(work, orders.get(work.active), rng, events)
        if not _game_ended(work, events):
            _next_player(work)
            _begin_turn(work, events)
    return TurnResult(state=work, events=tuple(events))


def _armies(
    work: TacticsState, orders: Mapping[int, Mapping[str, Json]], events: list[Event]
) -> None:
    for player in work.turn_order():
        if player.bot:
            continue
        picked = [str(k) for k in json_list((orders.get(player.id) or {}).get("army"))]
        if picked:
            set_up_army(work, player.id, picked, start_of(work, player.id))
        kinds = tuple(p.kind for p in work.army(player.id))
        events.append(ArmyPicked(player=player.id, pieces=kinds, default=not picked, public=True))


def _begin_turn(work: TacticsState, events: list[Event]) -> None:
    """Rest: "Your pieces receive one unit of rest at the start of your turn" (up to full)."""
    mine = work.army(work.active)
    for piece in mine:
        piece.rest = rest_at_turn_start(piece.rest)
    rested = tuple(p.id for p in mine if p.rest >= FULL_REST)
    events.append(TurnBegan(player=work.active, rested=rested, public=True))


def _play_turn(
    work: TacticsState, orders: Mapping[str, Json] | None, rng: Random, events: list[Event]
) -> None:
    player = work.player(work.active)
    if orders is None:
        if player.bot:
            return
        player.missed += 1
        autopilot = player.missed >= AUTOPILOT_AFTER
        events.append(
            NoOrders(player=player.id, missed=player.missed, autopilot=autopilot, public=True)
        )
        if not autopilot:
            return
        orders = plan_orders(work, player.id)
    else:
        player.missed = 0
    moved: list[int] = []
    for move in moves_of(orders):
        if len(work.standing()) <= 1:
            break  # "all armies dead but one": the battle is over, no move after it
        problem = move_problem(work, player.id, move, moved)
        if problem:
            events.append(
                MoveSkipped(
                    player=player.id,
                    piece=move.piece,
                    reason=problem,
                    visible_to=frozenset({player.id}),
                )
            )
            continue
        moved.append(move.piece)
        _make_move(work, move, rng, events)


def _make_move(work: TacticsState, move: Move, rng: Random, events: list[Event]) -> None:
    piece = work.piece(move.piece)
    assert piece is not None  # checked by move_problem
    cost = 0
    if move.to != piece.pos:
        steps = walks(work, piece)[move.to]
        events.append(
            Walked(
                player=piece.owner,
                piece=piece.id,
                piece_kind=piece.kind,
                start=piece.pos,
                to=move.to,
                steps=steps,
                public=True,
            )
        )
        piece.x, piece.y = move.to
        cost += 1
    points = 0
    if move.attack is not None:
        target = work.piece_at(move.attack)
        assert target is not None  # checked by move_problem
        points = _attack(work, piece, target, rng, events)
        cost += 1
    piece.rest = max(0, piece.rest - cost)
    if points:
        levels = gain(piece, work.kind(piece.kind), points)
        if levels:
            events.append(LevelUp(player=piece.owner, piece=piece.id, level=piece.lev, public=True))


def _attack(
    work: TacticsState, piece: Piece, target: Piece, rng: Random, events: list[Event]
) -> int:
    """One attack; returns the experience it earns."""
    attacker, defender = fighter(work, piece), fighter(work, target)
    odds = forecast(attacker, defender)
    result = strike(attacker, defender, rng)
    target.hp = max(0, target.hp - result.damage)
    killed = not result.missed and target.hp == 0
    points = 0 if result.missed else experience(piece.lev, target.lev, killed)
    events.append(
        Attacked(
            player=piece.owner,
            piece=piece.id,
            piece_kind=piece.kind,
            target=target.id,
            target_kind=target.kind,
            target_owner=target.owner,
            at=target.pos,
            miss_chance=odds.miss,
            crit_chance=round(odds.crit),
            dominates=odds.dominates,
            missed=result.missed,
            crit=result.crit,
            damage=result.damage,
            hp_left=target.hp,
            killed=killed,
            xp=points,
            public=True,
        )
    )
    if result.damage:
        work.last_hit = work.turn
    if killed:
        work.pieces.remove(target)
        if not work.army(target.owner):
            _put_out(work, target.owner, piece.owner, events)
    return points


def _put_out(work: TacticsState, loser: int, by: int, events: list[Event]) -> None:
    """Out: "When these numbers reach zero, that player is out of the game"; the first out
    of four is fourth."""
    player = work.player(loser)
    player.place = len(work.standing())
    player.status = OUT
    work.history.append(loser)
    events.append(PlayerOut(player=loser, place=player.place, by=by, public=True))


def _game_ended(work: TacticsState, events: list[Event]) -> bool:
    standing = work.standing()
    if len(standing) == 1:
        standing[0].place = 1
        _finish(work, events, "loss of all armies but one")
        return True
    if work.turn >= work.turn_limit:
        ranked = sorted(standing, key=lambda p: score(work, p.id), reverse=True)
        for place, player in enumerate(ranked, start=1):
            player.place = place
        _finish(work, events, f"the turn limit ({work.turn_limit}) was reached")
        return True
    return False


def score(work: TacticsState, pid: int) -> tuple[int, int, int]:
    """The Book of Tactics' "score info": pieces left, then their hit points; then the
    earlier seat."""
    army = work.army(pid)
    return (len(army), sum(p.hp for p in army), -work.player(pid).position)


def _finish(work: TacticsState, events: list[Event], reason: str) -> None:
    work.phase = OVER
    places = sorted((p for p in work.players if p.place is not None), key=lambda p: p.place or 0)
    events.append(GameOver(places=tuple(p.id for p in places), reason=reason, public=True))
    awards = war_awards([p.id for p in places], work.guilds, work.war_points)
    work.war_awards = [(a.winner, a.loser, a.points) for a in awards]
    for award in awards:
        events.append(
            WarPointsEarned(
                player=award.winner, loser=award.loser, points=award.points, public=True
            )
        )


def _next_player(work: TacticsState) -> None:
    order = work.turn_order()
    ids = [p.id for p in order]
    start = ids.index(work.active)
    for step in range(1, len(ids) + 1):
        candidate = order[(start + step) % len(ids)]
        if candidate.status == ACTIVE:
            work.active = candidate.id
            return
