"""What the WoK IV player's siege of round 44 (``wtg/rules/wok4/siege.py`` at commit
6fb9a735) added to round 36's (``wok4_siege_parts/siege.py``, which it reads), frozen: the
idle missiles sent towards the siege. Keep it as it is."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Sequence

from wtg.core.jsondata import Json
from wtg.rules.wok.limits import UNITS_PER_ORDER
from wtg.rules.wok.state import Province, WokState


def supplies(
    state: WokState, mine: Sequence[Province], target: int, firing: Collection[int]
) -> list[Json]:
    """The missiles of its provinces that fire none this turn (``firing`` do), 50 at most
    an order, the most first, each a step through its own provinces towards ``target``'s
    neighbours: the missiles a trade of 150 leaves in every province, or the workers of a
    province behind the front make, lay idle there while the siege fired a few (5 bombing
    orders of 99 missiles at most are the limit, not the missiles). The moves of PHASE IV
    come after the bombing of PHASE I: they fire at the next turn's siege."""
    owned = {p.id for p in mine}
    steps = {p.id: 0 for p in mine if target in p.neighbours}
    queue = deque(sorted(steps))
    while queue:
        pid = queue.popleft()
        for n in state.province(pid).neighbours:
            if n in owned and n not in steps:
                steps[n] = steps[pid] + 1
                queue.append(n)
    lines: list[Json] = []
    for p in sorted(mine, key=lambda p: (-p.mis, p.id)):
        if not p.mis or p.id in firing or not steps.get(p.id):
            continue
        nearer = min(n for n in p.neighbours if steps.get(n, steps[p.id]) < steps[p.id])
        amount = min(p.mis, UNITS_PER_ORDER)
        lines.append({"from": p.id, "to": nearer, "unit": "MIS", "amount": amount})
    return lines
