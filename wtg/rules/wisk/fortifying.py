"""The robot's fortification, chosen on the board its attacks are expected to leave.

Territories the attacks start from or aim at are left alone (what they hold after the
dice is not known when the orders are written). Of the other moves of all but one army
to a neighbour of one's own, the one that most lowers what the opponents' best attacks
on the two territories are expected to cost (each enemy stack next to one with its
owner's new armies on it) is made; when no move lowers it, the biggest inland stack (no
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


def choose_fortify(view: View | None, pid: int, touched: set[int]) -> dict[str, int] | None:
    if view is None:
        return None
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
