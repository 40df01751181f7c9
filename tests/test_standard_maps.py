"""The shipped Standard WoK (Skirmish) maps: Classic 60, Trial and Star Islands."""

from __future__ import annotations

import itertools
from collections import deque
from pathlib import Path

import pytest

from wtg.core.provmap import MapLimits, ProvinceMap, load_map

ROOT = Path(__file__).resolve().parents[1]
MAP_DIR = ROOT / "games" / "standard"
MAP_FILES = sorted(MAP_DIR.glob("*.yaml"))
WOK4_CLASSIC = ROOT / "games" / "wok4" / "classic60.yaml"
LIMITS = MapLimits(pop_min=50, pop_max=130)

# map name -> (provinces, seats); every shipped map must be listed here
EXPECTED = {"classic60": (60, 10), "trial": (20, 2), "star-islands": (30, 5)}

START_ID_GAP = 3
"""Start provinces' ids must differ by more than this (as on the WoK IV maps)."""

NAME_WIDTH = 14
"""Longest province name the report columns are laid out for."""


def _distances(m: ProvinceMap, source: int) -> dict[int, int]:
    dist = {source: 0}
    queue = deque([source])
    while queue:
        pid = queue.popleft()
        for n in m.province(pid).neighbours:
            if n not in dist:
                dist[n] = dist[pid] + 1
                queue.append(n)
    return dist


@pytest.fixture(scope="module", params=MAP_FILES, ids=lambda p: p.stem)
def shipped(request: pytest.FixtureRequest) -> ProvinceMap:
    return load_map(request.param, LIMITS)


def test_the_maps_are_shipped() -> None:
    assert {p.stem for p in MAP_FILES} == set(EXPECTED)


def test_map_loads_with_expected_size(shipped: ProvinceMap) -> None:
    name = shipped.name
    assert name in EXPECTED, f"unexpected map {name}: add it to EXPECTED"
    provinces, seats = EXPECTED[name]
    assert len(shipped.provinces) == provinces, f"{name}: {len(shipped.provinces)} provinces"
    assert shipped.seats == seats, f"{name}: seats {shipped.seats}, expected {seats}"
    assert len(shipped.starts) == seats, f"{name}: {len(shipped.starts)} starts for {seats} seats"
    assert shipped.title, f"{name}: no title"


def test_starts_are_far_apart(shipped: ProvinceMap) -> None:
    name = shipped.name
    for a, b in itertools.combinations(shipped.starts, 2):
        common = set(shipped.province(a).neighbours) & set(shipped.province(b).neighbours)
        assert not common, f"{name}: start provinces {a} and {b} share neighbours {common}"
        assert _distances(shipped, a)[b] >= 3, f"{name}: start provinces {a} and {b} too close"
        assert abs(a - b) > START_ID_GAP, f"{name}: start ids {a} and {b} are too close"


def test_neighbour_counts(shipped: ProvinceMap) -> None:
    for p in shipped.provinces:
        count = len(p.neighbours)
        assert 2 <= count <= 6, f"{shipped.name}: province {p.id} has {count} neighbours"


def test_names_fit_report_columns(shipped: ProvinceMap) -> None:
    for p in shipped.provinces:
        assert len(p.name) <= NAME_WIDTH, f"{shipped.name}: province {p.id} name {p.name!r}"


def test_every_province_reachable(shipped: ProvinceMap) -> None:
    reached = len(_distances(shipped, 1))
    assert reached == len(shipped.provinces), f"{shipped.name}: only {reached} reachable"


def test_classic60_is_the_wok4_map() -> None:
    standard = load_map(MAP_DIR / "classic60.yaml", LIMITS)
    wok4 = load_map(WOK4_CLASSIC, LIMITS)
    assert standard.provinces == wok4.provinces, "classic60: provinces differ from WoK IV's"
    assert standard.starts == wok4.starts, "classic60: starts differ from WoK IV's"
    assert standard.seats == wok4.seats, "classic60: seats differ from WoK IV's"


def test_trial_starts_are_as_far_apart_as_the_map_allows() -> None:
    trial = load_map(MAP_DIR / "trial.yaml", LIMITS)
    a, b = trial.starts
    widest = max(max(_distances(trial, p.id).values()) for p in trial.provinces)
    assert _distances(trial, a)[b] == widest, f"trial: starts {a}, {b} are not farthest apart"


def test_star_islands_starts_are_alike() -> None:
    star = load_map(MAP_DIR / "star-islands.yaml", LIMITS)
    shapes: set[tuple[tuple[int, ...], ...]] = set()
    for s in star.starts:
        dist = _distances(star, s)
        rings = tuple(
            tuple(sorted(star.province(p).pop for p, d in dist.items() if d == step))
            for step in range(max(dist.values()) + 1)
        )
        shapes.add(rings)
        assert 3 <= len(star.province(s).neighbours) <= 4, f"star-islands: start {s}"
    assert len(shapes) == 1, "star-islands: start provinces are not equivalent"
