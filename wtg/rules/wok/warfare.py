"""What a conquest, a RIP and a bombing run do in every WoK ruleset."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from wtg.core.plurals import counted
from wtg.rules.wok.events import BombingRun, BombingSuffered, PlayerEliminated
from wtg.rules.wok.orders import Bomb
from wtg.rules.wok.state import ACTIVE, DEAD, Player, Province, WokState
from wtg.rules.wok.troops import set_troops
from wtg.rules.wok.turn import Turn

SPOILS_POP_WOK = 80
SPOILS_MIS_SPY = 60
"""Both texts: "80% of the population and workers", "60% of all missiles and spies"."""
BOMB_ORDERS = 5
BOMB_MISSILES_MAX = 99
"""Standard (and Intermediate) WoK: "up to 5 rounds of bombing instructions (with a maximum
of 99 missiles fired per round)"."""


def conquer(
    state: WokState,
    target: Province,
    owner: int,
    armies: int | Mapping[str, int],
    level: int,
) -> None:
    """The winner gets the remaining defenses, 80% of POP and WOK, 60% of missiles and spies
    (rounded down), and ALL its remaining armies (troops by kind, where there are troop
    types) move in at ``level``."""
    state.give(target, owner)
    target.pop = target.pop * SPOILS_POP_WOK // 100
    target.wok = target.wok * SPOILS_POP_WOK // 100
    target.mis = target.mis * SPOILS_MIS_SPY // 100
    target.spy = target.spy * SPOILS_MIS_SPY // 100
    set_troops(target, {"arm": armies} if isinstance(armies, int) else armies)
    target.lev = level


def eliminate_if_last(turn: Turn, loser_id: int, by: int, province: int) -> None:
    """A player who lost the last province is out (RIP); a quitter keeps his QUIT status."""
    if not loser_id or turn.state.count_of(loser_id):
        return
    loser = turn.state.player(loser_id)
    if loser.status == ACTIVE:
        loser.status = DEAD
    loser.died_on = turn.state.turn
    turn.lost_last[loser_id] = province
    turn.emit(PlayerEliminated(player=loser_id, by=by, province=province, public=True))


def bomb_range(state: WokState, source: int, target: int) -> str | None:
    """Standard and Intermediate WoK: "short" for a neighbour, "long" for "a neighbour of a
    neighbouring province"."""
    near = state.province(source).neighbours
    if target in near:
        return "short"
    if target != source and any(target in state.province(n).neighbours for n in near):
        return "long"
    return None


@dataclass(slots=True)
class Salvo:
    """The missiles of one bombing order that fly: taken from the source already."""

    player: Player
    source: Province
    target: Province
    missiles: int
    long_range: bool

    @property
    def chance(self) -> int:
        """Each missile's chance to hit: the EFF level at short range, 3/4 of it (rounded
        down) at long range, in both texts."""
        eff = self.player.eff
        return eff * 3 // 4 if self.long_range else eff


def salvos(
    turn: Turn,
    phase: str,
    orders_max: int,
    reach_of: Callable[[WokState, int, int], str | None],
    missiles_max: int | None = None,
    refused: Callable[[Turn, int, int], str] | None = None,
) -> Iterator[Salvo]:
    """Every player's first ``orders_max`` bombing orders, in the turn's order of play. An
    order is skipped when its source is not the player's (now), the target is out of reach
    (``reach_of`` gives "short", "long" or None) or the player's own, ``refused`` gives a
    reason, or no missiles are left in the source."""
    for player, orders in turn.players_in_order():
        for order in orders.bomb[:orders_max]:
            salvo = _aim(turn, phase, player, order, reach_of, missiles_max, refused)
            if salvo is not None:
                yield salvo


def aim_only(
    turn: Turn,
    phase: str,
    orders_max: int,
    reach_of: Callable[[WokState, int, int], str | None],
    missiles_max: int | None = None,
    refused: Callable[[Turn, int, int], str] | None = None,
) -> None:
    """The bombing phase without its firing, for an order confirmation's forecast: an
    order that cannot fly is skipped with its reason (bombing comes before anything that
    could bring a province missiles), and the missiles of the others leave their source,
    as they do when the turn runs; what they hit is the turn's to say."""
    for _ in salvos(turn, phase, orders_max, reach_of, missiles_max, refused):
        pass


def _aim(
    turn: Turn,
    phase: str,
    player: Player,
    order: Bomb,
    reach_of: Callable[[WokState, int, int], str | None],
    missiles_max: int | None,
    refused: Callable[[Turn, int, int], str] | None,
) -> Salvo | None:
    text = f"bomb {order.target} from {order.source} with {counted(order.missiles, 'missile')}"
    source = turn.own_or_skip(player.id, order.source, phase, text)
    if source is None:
        return None
    # a province the map has not (an order checked by no form) is out of range, never read
    reach = reach_of(turn.state, order.source, order.target)
    target = turn.state.province(order.target) if reach is not None else None
    reason = (
        f"province {turn.state.named(order.target)} is out of range"
        if target is None
        else f"province {turn.state.named(order.target)} is yours"
        if target.owner == player.id
        else refused(turn, player.id, order.target)
        if refused
        else ""
    )
    missiles = min(order.missiles, source.mis, missiles_max or order.missiles)
    if not reason and missiles < 1:
        reason = f"no missiles left in province {turn.state.named(order.source)}"
    if reason or target is None:
        turn.skip(player.id, phase, text, reason)
        return None
    source.mis -= missiles
    return Salvo(player, source, target, missiles, reach == "long")


@dataclass(slots=True)
class Hits:
    """What one bombing run destroyed."""

    armies: int = 0
    spies: int = 0
    dfn: int = 0
    tech: int = 0
    misses: int = 0
    idle: int = 0
    """Hits that found nothing to destroy (WoK IV counts them as it goes: one hit there
    may take several armies or spies, so the totals do not tell)."""


def bombing_run(salvo: Salvo, percent: int, hits: Hits, detected: bool) -> BombingRun:
    """The bomber's event of a run (Standard WoK's; a ruleset whose event says more adds
    to its fields: WoK IV's ``Bombed``): what the missiles hit, at ``percent`` each."""
    return BombingRun(
        player=salvo.player.id,
        source=salvo.source.id,
        target=salvo.target.id,
        target_owner=salvo.target.owner,
        missiles=salvo.missiles,
        long_range=salvo.long_range,
        chance=percent,
        armies=hits.armies,
        spies=hits.spies,
        dfn=hits.dfn,
        tech=hits.tech,
        misses=hits.misses,
        detected=detected,
        visible_to=frozenset({salvo.player.id}),
    )


def bombing_suffered(salvo: Salvo, hits: Hits, detected: bool) -> BombingSuffered:
    """The victim's event of a run (Standard WoK's and WoK IV's): the source and the bomber
    only when ``detected``."""
    return BombingSuffered(
        player=salvo.target.owner,
        province=salvo.target.id,
        missiles=salvo.missiles,
        armies=hits.armies,
        spies=hits.spies,
        dfn=hits.dfn,
        tech=hits.tech,
        source=salvo.source.id if detected else 0,
        bomber=salvo.player.id if detected else 0,
        visible_to=frozenset({salvo.target.owner}),
    )


def report_bombing(turn: Turn, run: BombingRun, suffered: BombingSuffered) -> None:
    """A run's events, each a ruleset's own: the bomber's, and the victim's when the target
    has a holder (a neutral province tells nobody)."""
    turn.emit(run)
    if suffered.player:
        turn.emit(suffered)
