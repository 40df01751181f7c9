"""Generated WoK maps of any size, for the tests of big maps and ``bench/bench_scale.py``.

A map of N provinces is a grid of rows, numbered west to east and north to south, each
province next to the ones left, right, above and below it (the last row may be short).
Start provinces sit on every other row and column, so no two are neighbours, spread
evenly over the map. Populations are drawn from a seeded RNG within the WoK limits.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

from wtg.text.yamlio import dump_yaml

POP_LOW, POP_HIGH = 50, 130


def grid_map(provinces: int, seats: int, seed: int = 1, starts_from: int = 1) -> dict[str, Any]:
    """The data of a map file: ``provinces`` provinces on a grid, ``seats`` start provinces
    (numbered ``starts_from`` or more)."""
    width = max(2, round(math.sqrt(provinces)))
    rng = random.Random(seed)
    rows = []
    for pid in range(1, provinces + 1):
        row, col = divmod(pid - 1, width)
        near = []
        if col > 0:
            near.append(pid - 1)
        if col < width - 1 and pid < provinces:
            near.append(pid + 1)
        if row > 0:
            near.append(pid - width)
        if pid + width <= provinces:
            near.append(pid + width)
        rows.append(
            {
                "id": pid,
                "name": f"Land {pid}",
                "pop": rng.randint(POP_LOW, POP_HIGH),
                "neighbours": sorted(near),
            }
        )
    return {
        "name": f"grid{provinces}",
        "title": f"A grid of {provinces} provinces",
        "seats": seats,
        "starts": _starts(provinces, width, seats, starts_from),
        "provinces": rows,
    }


def _starts(provinces: int, width: int, seats: int, first: int) -> list[int]:
    """``seats`` provinces on even rows and columns (never neighbours), evenly spread over
    those numbered ``first`` or more."""
    spots = [
        pid
        for pid in range(first, provinces + 1)
        if ((pid - 1) // width) % 2 == 0 and ((pid - 1) % width) % 2 == 0
    ]
    if len(spots) < seats:
        raise ValueError(f"a grid of {provinces} provinces has room for {len(spots)} starts")
    step = len(spots) / seats
    return [spots[int(i * step)] for i in range(seats)]


def write_grid_map(path: Path, provinces: int, seats: int, starts_from: int = 1) -> Path:
    """The map written to ``path`` as a GM's map file."""
    path.write_text(dump_yaml(grid_map(provinces, seats, starts_from=starts_from)), "utf-8")
    return path
