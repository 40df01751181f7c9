"""The robot's fortification, chosen on the board its attacks are expected to leave.

Territories the attacks start from or aim at are left alone (what they hold after the
dice is not known when the orders are written). Of the other moves of all but one army
to a neighbour of one's own, the one that most lowers what the opponents' best attacks
on the two territories are expected to cost (each enemy stack next to one with its
owner's new armies on it; a territory the attacks reach with less chance than the
weight ``doubt`` counted as its holder had it, since the dice may fail: round 42b) is
made; when no move lowers it, the biggest inland stack (no
enemy next to it) steps toward the nearest border. With a secret mission to occupy N
territories with at least A armies each (A above 1), a move leaves A behind, not one: a
territory the mission counts is not emptied to guard another (round 42)."""

from __future__ import annotations

from collections import deque

from wtg.rules.wisk.constants import STAY_BEHIND
from wtg.rules.wisk.positionscore import View, attack_cost

FAR = 99


def threat(view: View, pid: int, tid: int, armies: float) -> float:
    """What the strongest enemy stack next to ``tid`` (with its owner's new armies) is
    expected to cost ``pid`` there, were ``tid`` to hold ``armies`` (nothing when no
    attack would gain him anything)."""
    worst = 0.0
    for n in view.neighbours[tid]:
        other = view.owner[n]
        if other != pid:
            stack = view.armies[n] + view.income(other)
            worst = max(worst, attack_cost(view, pid, tid, stack, armies))
    return worst


def choose_fortify(
    view: View | None,
    pid: int,
    touched: set[int],
    start: View | None = None,
    doubtful: set[int] | None = None,
) -> dict[str, int] | None:
    """The fortification on ``view``, the board the attacks are expected to leave;
    ``start``: the board before them, whose holders of the ``doubtful`` targets (those
    the attacks may well not take) still threaten their neighbours (``doubting``)."""
    if view is None:
        return None
    if start is not None and doubtful:
        view = doubting(view, start, doubtful)
    free = [t for t in view.territories(pid) if t not in touched]
    best: tuple[float, int, int, int] | None = None
    stay = _stay(view)
    for source in free:
        moving = int(view.armies[source]) - stay
        if moving < 1:
            continue
        before_source = threat(view, pid, source, view.armies[source])
        after_source = threat(view, pid, source, float(stay))
        for target in view.neighbours[source]:
            if view.owner[target] != pid or target in touched:
                continue
            armies = view.armies[target]
            lowered = (
                before_source
                + threat(view, pid, target, armies)
                - after_source
                - threat(view, pid, target, armies + moving)
            )
            key = (lowered, source, target, moving)
            if lowered > 0 and (best is None or key[0] > best[0]):
                best = key
    if best is not None:
        _, source, target, moving = best
        return {"from": source, "to": target, "armies": moving}
    return _toward_border(view, pid, free, touched)


def doubting(view: View, start: View, doubtful: set[int]) -> View:
    """``view`` with each ``doubtful`` target as ``start`` had it (round 42b). The
    fortification is written before the dice roll: a territory next to a target the
    attacks may well not take is not emptied as if it had fallen, to be left with one
    army beside the enemy stack when the attack fails."""
    doubted = view.copy()
    for tid in doubtful:
        doubted.owner[tid], doubted.armies[tid] = start.owner[tid], start.armies[tid]
    return doubted


def _stay(view: View) -> int:
    """The armies a move leaves behind: one, or the A of a mission to occupy N
    territories with at least A armies each."""
    return max(STAY_BEHIND, view.occupy[1])


def _toward_border(
    view: View, pid: int, free: list[int], touched: set[int]
) -> dict[str, int] | None:
    stay = _stay(view)
    inland = [t for t in free if not view.enemies_next_to(pid, t) and view.armies[t] > stay]
    if not inland:
        return None
    distance = _distance_to_border(view, pid)
    source = max(inland, key=lambda t: (view.armies[t], -t))
    near = [n for n in view.neighbours[source] if view.owner[n] == pid and n not in touched]
    if not near:
        return None
    target = min(near, key=lambda n: (distance.get(n, FAR), n))
    if distance.get(target, FAR) >= distance.get(source, FAR):
        return None
    return {"from": source, "to": target, "armies": int(view.armies[source]) - stay}


def _distance_to_border(view: View, pid: int) -> dict[int, int]:
    """Steps through one's own territories to the nearest one next to an enemy."""
    distance = {t: 0 for t in view.territories(pid) if view.enemies_next_to(pid, t)}
    queue = deque(distance)
    while queue:
        tid = queue.popleft()
        for n in view.neighbours[tid]:
            if view.owner[n] == pid and n not in distance:
                distance[n] = distance[tid] + 1
                queue.append(n)
    return distance
