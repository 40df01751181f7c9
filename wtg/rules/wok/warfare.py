"""What a conquest, a RIP and a bombing run do in every WoK ruleset."""

from __future__ import annotations

from dataclasses import dataclass

from wtg.rules.wok.events import BombingRun, BombingSuffered, PlayerEliminated
from wtg.rules.wok.state import ACTIVE, DEAD, Player, Province
from wtg.rules.wok.turn import Turn

SPOILS_POP_WOK = 80
SPOILS_MIS_SPY = 60
"""Both texts: "80% of the population and workers", "60% of all missiles and spies"."""


def conquer(target: Province, owner: int, armies: int, level: int) -> None:
    """The winner gets the remaining defenses, 80% of POP and WOK, 60% of missiles and spies
    (rounded down), and ALL its remaining armies move in at ``level``."""
    target.owner = owner
    target.pop = target.pop * SPOILS_POP_WOK // 100
    target.wok = target.wok * SPOILS_POP_WOK // 100
    target.mis = target.mis * SPOILS_MIS_SPY // 100
    target.spy = target.spy * SPOILS_MIS_SPY // 100
    target.arm = armies
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


@dataclass(slots=True)
class Hits:
    """What one bombing run destroyed."""

    armies: int = 0
    spies: int = 0
    dfn: int = 0
    tech: int = 0
    misses: int = 0


def report_bombing(
    turn: Turn,
    player: Player,
    source: Province,
    target: Province,
    missiles: int,
    long_range: bool,
    percent: int,
    hits: Hits,
    detected: bool,
) -> None:
    """The bomber's event, and the victim's (the source only when detected)."""
    turn.emit(
        BombingRun(
            player=player.id,
            source=source.id,
            target=target.id,
            target_owner=target.owner,
            missiles=missiles,
            long_range=long_range,
            chance=percent,
            armies=hits.armies,
            spies=hits.spies,
            dfn=hits.dfn,
            tech=hits.tech,
            misses=hits.misses,
            detected=detected,
            visible_to=frozenset({player.id}),
        )
    )
    if target.owner:
        turn.emit(
            BombingSuffered(
                player=target.owner,
                province=target.id,
                missiles=missiles,
                armies=hits.armies,
                spies=hits.spies,
                dfn=hits.dfn,
                tech=hits.tech,
                source=source.id if detected else 0,
                bomber=player.id if detected else 0,
                visible_to=frozenset({target.owner}),
            )
        )
