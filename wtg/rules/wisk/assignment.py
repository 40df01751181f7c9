"""The initial assignment: dealing territories, spreading armies, claiming by mail and
placing the rest, one army a turn or all at once.

"Each player use an army to claim an unoccupied terriotries in turn. After all the 42
territories have been claimed, players need to assignment the rest of the army to those
previous claimed territories with 1 army in each turn. ... (Some players complaint the
initial assignment stage take a long time and so the system will provide semi-automatic
and automatic initial assignment option)."
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from wtg.rules.wisk.events import Claimed, Placed
from wtg.rules.wisk.orders import Placement
from wtg.rules.wisk.reinforce import left_to_place
from wtg.rules.wisk.state import WiskState
from wtg.rules.wisk.turn import Turn

ClaimChooser = Callable[[WiskState, int], int]
PlaceChooser = Callable[[WiskState, int, str | None], int]


def deal(state: WiskState, rng: Random) -> None:
    """Territories dealt at random, one army each, round the table from the first player."""
    order = seating_from(state, state.first)
    territories = list(range(1, len(state.holdings) + 1))
    rng.shuffle(territories)
    for index, tid in enumerate(territories):
        pid = order[index % len(order)]
        put(state, pid, tid)


def spread(state: WiskState, rng: Random) -> None:
    """Automatic assignment: every player's remaining armies go one by one on territories of
    his drawn at random."""
    for player in state.players:
        mine = state.territories_of(player.id)
        while player.to_place > 0 and mine:
            state.holding(rng.choice(mine)).armies += 1
            player.to_place -= 1


def seating_from(state: WiskState, first: int) -> list[int]:
    ids = [p.id for p in state.players]
    start = ids.index(first)
    return ids[start:] + ids[:start]


def put(state: WiskState, pid: int, tid: int) -> None:
    holding = state.holding(tid)
    holding.owner, holding.armies = pid, 1
    state.player(pid).to_place -= 1


def claim_turn(turn: Turn, wanted: Sequence[Placement], chooser: ClaimChooser) -> None:
    """One claim: the first territory named that nobody holds; else one chosen for him."""
    state, pid = turn.state, turn.player
    free = [p.territory for p in wanted if state.board.has(p.territory)]
    tid = next((t for t in free if state.owner(t) == 0), 0)
    for named in wanted:
        if named.territory == tid:
            break
        turn.skip(
            f"claim {named.territory}",
            f"territory {state.board.named(named.territory)} is not free",
        )
    chosen = bool(tid)
    if not tid:
        tid = chooser(state, pid)
    put(state, pid, tid)
    turn.emit(Claimed(player=pid, territory=tid, chosen=chosen, public=True))


ONE_A_TURN = "one army a turn while the starting armies are placed"


def place_one(turn: Turn, lines: Sequence[Placement], chooser: PlaceChooser) -> None:
    """ "the rest of the army ... with 1 army in each turn": one army, on the first
    territory of his the lines name (in order of choice); else where ``chooser`` says."""
    state, pid = turn.state, turn.player
    tid = 0
    for line in lines:
        what = f"place {line.armies} on {line.territory}"
        if tid:
            turn.skip(what, f"{ONE_A_TURN}: it went on {tid}")
        elif not state.board.has(line.territory) or state.owner(line.territory) != pid:
            turn.skip(what, f"territory {turn.state.board.named(line.territory)} is not yours")
        else:
            tid = line.territory
            if line.armies > 1:
                turn.skip(what, f"{ONE_A_TURN}: 1 placed, not {line.armies}")
    why = "setup" if tid else "left over"
    tid = tid or chooser(state, pid, None)
    state.holding(tid).armies += 1
    turn.me.to_place -= 1
    turn.emit(Placed(player=pid, territory=tid, armies=1, why=why, public=True))


def place_rest(turn: Turn, lines: Sequence[Placement], chooser: PlaceChooser) -> None:
    """The rest of the starting armies, on one AOF; what it leaves goes where ``chooser``
    says."""
    state, pid = turn.state, turn.player
    me = turn.me
    for line in lines:
        what = f"place {line.armies} on {line.territory}"
        if not state.board.has(line.territory) or state.owner(line.territory) != pid:
            turn.skip(what, f"territory {turn.state.board.named(line.territory)} is not yours")
            continue
        armies = min(line.armies, me.to_place)
        if armies < line.armies:
            turn.skip(what, f"{left_to_place(armies)} left to place")
        if armies:
            me.to_place -= armies
            state.holding(line.territory).armies += armies
            turn.emit(
                Placed(
                    player=pid, territory=line.territory, armies=armies, why="setup", public=True
                )
            )
    if me.to_place:
        tid = chooser(state, pid, None)
        state.holding(tid).armies += me.to_place
        turn.emit(
            Placed(player=pid, territory=tid, armies=me.to_place, why="left over", public=True)
        )
        me.to_place = 0
