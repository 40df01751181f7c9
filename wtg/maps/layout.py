"""A place for every spot of a map that carries no ``layout:`` (a GM's own map): computed
from the borders alone, seeded, so that the same map always looks the same.

Two steps, both in plain Python (a map of 2,000 provinces takes a fraction of a second):

1. **A first picture from distances** (a "high-dimensional embedding"): a few pivot spots,
   each as far as can be from the pivots before it, and for every spot its number of
   steps to each pivot; the two directions along which those numbers vary most (the
   largest two eigenvectors of their covariance, by power iteration) are x and y. Spots
   many steps apart land far apart; a grid comes out as a grid.
2. **Springs** for a few rounds: linked spots pull together, spots closer than a border's
   length push apart (only spots in neighbouring cells of a bucket grid are compared, so a
   round costs a pass over the spots, not over every pair); then spots still too close are
   pushed apart until none is.

Unlinked parts of a map (a Board may hold them) are laid out one by one and set side by
side.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from random import Random

Point = tuple[float, float]

PIVOTS = 12
"""Pivot spots of the first picture (more: a truer picture, a longer wait)."""
SPRING_WORK = 36_000
"""Spot-rounds of springs a layout may spend: a map of up to 600 spots gets 60 rounds, one
of 2,000 spots 18 (its first picture is nearly right already)."""
SPRING_ROUNDS = (8, 60)
"""Fewest and most rounds of springs."""
NEAREST = 0.75
"""No two spots end closer than this, in lengths of a border."""


def computed_layout(
    ids: Sequence[str], links: Sequence[tuple[str, str]], seed: int
) -> dict[str, Point]:
    """A place for each of ``ids`` (borders as ``links`` between them), the same for the
    same map and seed; a border is about 1 long."""
    index = {spot: n for n, spot in enumerate(ids)}
    near: list[list[int]] = [[] for _ in ids]
    for a, b in links:
        if a in index and b in index and a != b:
            near[index[a]].append(index[b])
            near[index[b]].append(index[a])
    rng = Random(seed)
    places: list[Point] = [(0.0, 0.0)] * len(ids)
    left = 0.0
    for part in _parts(near):
        local = _part_layout(part, near, rng)
        xs = [x for x, _y in local]
        ys = [y for _x, y in local]
        shift_x, shift_y = left - min(xs), -min(ys)
        for node, (x, y) in zip(part, local, strict=True):
            places[node] = (x + shift_x, y + shift_y)
        left += max(xs) - min(xs) + 2.0
    return {spot: places[n] for spot, n in index.items()}


def _parts(near: list[list[int]]) -> list[list[int]]:
    """The connected parts of the graph, each in order of discovery from its lowest node."""
    seen = [False] * len(near)
    parts = []
    for start in range(len(near)):
        if seen[start]:
            continue
        seen[start] = True
        part, queue = [start], deque([start])
        while queue:
            for other in near[queue.popleft()]:
                if not seen[other]:
                    seen[other] = True
                    part.append(other)
                    queue.append(other)
        parts.append(part)
    return parts


def _part_layout(part: list[int], near: list[list[int]], rng: Random) -> list[Point]:
    """Places for one connected part (in the order of ``part``)."""
    if len(part) == 1:
        return [(0.0, 0.0)]
    local = {node: n for n, node in enumerate(part)}
    links = [[local[o] for o in near[node]] for node in part]
    places = _embedding(links, rng)
    _springs(places, links, rng)
    _spread(places)
    return places


def _steps(links: list[list[int]], start: int) -> list[int]:
    """Steps from ``start`` to every node of a connected part (breadth first)."""
    steps = [-1] * len(links)
    steps[start] = 0
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for other in links[node]:
            if steps[other] < 0:
                steps[other] = steps[node] + 1
                queue.append(other)
    return steps


def _embedding(links: list[list[int]], rng: Random) -> list[Point]:
    """The first picture: steps to a few far-apart pivots, projected onto their two main
    directions; a little seeded jitter parts spots the steps cannot tell apart."""
    count = len(links)
    pivot = 0
    nearest = [count] * count
    columns: list[list[int]] = []
    for _ in range(min(PIVOTS, count)):
        steps = _steps(links, pivot)
        columns.append(steps)
        nearest = [min(a, b) for a, b in zip(nearest, steps, strict=True)]
        pivot = max(range(count), key=nearest.__getitem__)
    centred = []
    for column in columns:
        mean = sum(column) / count
        centred.append([v - mean for v in column])
    size = len(centred)
    covariance = [
        [sum(a * b for a, b in zip(centred[i], centred[j], strict=True)) for j in range(size)]
        for i in range(size)
    ]
    first = _main_direction(covariance, [], rng)
    second = _main_direction(covariance, [first], rng)
    places = []
    for node in range(count):
        x = sum(first[i] * centred[i][node] for i in range(size))
        y = sum(second[i] * centred[i][node] for i in range(size))
        places.append((x + rng.uniform(-0.05, 0.05), y + rng.uniform(-0.05, 0.05)))
    return _unit_borders(places, links)


def _main_direction(
    matrix: list[list[float]], found: list[list[float]], rng: Random
) -> list[float]:
    """The unit eigenvector of the largest eigenvalue of a symmetric ``matrix``, at right
    angles to those ``found`` already (power iteration, a fixed number of rounds)."""
    size = len(matrix)
    vector = [rng.uniform(0.5, 1.5) for _ in range(size)]
    for _ in range(60):
        for other in found:
            dot = sum(a * b for a, b in zip(vector, other, strict=True))
            vector = [a - dot * b for a, b in zip(vector, other, strict=True)]
        vector = [sum(row[j] * vector[j] for j in range(size)) for row in matrix]
        norm = math.sqrt(sum(v * v for v in vector))
        if norm < 1e-12:  # nothing left to find along this direction
            return [0.0] * size
        vector = [v / norm for v in vector]
    return vector


def _unit_borders(places: list[Point], links: list[list[int]]) -> list[Point]:
    """The picture scaled so that a border is 1 long on average."""
    total, borders = 0.0, 0
    for node, others in enumerate(links):
        for other in others:
            if other > node:
                total += math.dist(places[node], places[other])
                borders += 1
    scale = borders / total if total > 0 else 1.0
    return [(x * scale, y * scale) for x, y in places]


def _buckets(places: list[Point], size: float) -> dict[tuple[int, int], list[int]]:
    cells: dict[tuple[int, int], list[int]] = {}
    for node, (x, y) in enumerate(places):
        cells.setdefault((math.floor(x / size), math.floor(y / size)), []).append(node)
    return cells


def _close_pairs(places: list[Point], reach: float) -> list[tuple[int, int]]:
    """The pairs of nodes in the same or neighbouring cells of a grid of ``reach``: every
    pair closer than ``reach`` is among them."""
    cells = _buckets(places, reach)
    pairs = []
    for (cx, cy), members in cells.items():
        for dx, dy in ((0, 0), (1, -1), (1, 0), (1, 1), (0, 1)):
            others = members if (dx, dy) == (0, 0) else cells.get((cx + dx, cy + dy))
            if not others:
                continue
            for i, a in enumerate(members):
                for b in others[i + 1 :] if others is members else others:
                    pairs.append((a, b))
    return pairs


def _springs(places: list[Point], links: list[list[int]], rng: Random) -> None:
    """Rounds of springs (Fruchterman and Reingold's forces, with a border 1 long), the
    steps shrinking each round; ``places`` is changed in place."""
    count = len(places)
    rounds = max(SPRING_ROUNDS[0], min(SPRING_ROUNDS[1], SPRING_WORK // count))
    reach = 2.0
    for round_ in range(rounds):
        step = 0.5 * (1.0 - round_ / rounds) + 0.02
        push = [[0.0, 0.0] for _ in range(count)]
        for a, b in _close_pairs(places, reach):
            dx = places[a][0] - places[b][0]
            dy = places[a][1] - places[b][1]
            gap2 = dx * dx + dy * dy
            if gap2 >= reach * reach:
                continue
            if gap2 < 1e-9:
                dx, dy, gap2 = rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01), 1e-4
            force = 1.0 / gap2  # repulsion k^2 / d, as a vector over d: k^2 / d^2
            push[a][0] += dx * force
            push[a][1] += dy * force
            push[b][0] -= dx * force
            push[b][1] -= dy * force
        for a, others in enumerate(links):
            ax, ay = places[a]
            for b in others:
                if b > a:
                    dx = places[b][0] - ax
                    dy = places[b][1] - ay
                    pull = math.sqrt(dx * dx + dy * dy)  # attraction d^2 / k, over d
                    push[a][0] += dx * pull
                    push[a][1] += dy * pull
                    push[b][0] -= dx * pull
                    push[b][1] -= dy * pull
        for node in range(count):
            fx, fy = push[node]
            length = math.sqrt(fx * fx + fy * fy)
            if length > 1e-12:
                moved = min(step, length) / length
                places[node] = (places[node][0] + fx * moved, places[node][1] + fy * moved)


def _spread(places: list[Point]) -> None:
    """Spots closer than ``NEAREST`` pushed apart, pair by pair, until none is (or after
    enough passes that only a pathological map would be left with a near pair)."""
    for _ in range(50):
        moved = False
        for a, b in _close_pairs(places, NEAREST):
            dx = places[b][0] - places[a][0]
            dy = places[b][1] - places[a][1]
            gap = math.sqrt(dx * dx + dy * dy)
            if gap >= NEAREST:
                continue
            if gap < 1e-9:
                dx, dy, gap = 1.0, 0.0, 1.0
            shift = (NEAREST - gap) / 2 + 1e-6
            ux, uy = dx / gap * shift, dy / gap * shift
            places[a] = (places[a][0] - ux, places[a][1] - uy)
            places[b] = (places[b][0] + ux, places[b][1] + uy)
            moved = True
        if not moved:
            return
