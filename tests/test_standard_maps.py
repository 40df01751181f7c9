"""What only the Standard WoK maps promise (every shipped map's checks: tests/test_maps.py)."""

from __future__ import annotations

from pathlib import Path

from tests.test_maps import distances
from wtg.core.provmap import MapLimits
from wtg.data.maps import load_map

ROOT = Path(__file__).resolve().parents[1]
MAP_DIR = ROOT / "games" / "standard"
WOK4_CLASSIC = ROOT / "games" / "wok4" / "classic60.yaml"
LIMITS = MapLimits(pop_min=50, pop_max=130)


def test_classic60_is_the_wok4_map() -> None:
    standard = load_map(MAP_DIR / "classic60.yaml", LIMITS)
    wok4 = load_map(WOK4_CLASSIC, LIMITS)
    assert standard.provinces == wok4.provinces, "classic60: provinces differ from WoK IV's"
    assert standard.starts == wok4.starts, "classic60: starts differ from WoK IV's"
    assert standard.seats == wok4.seats, "classic60: seats differ from WoK IV's"


def test_trial_starts_are_as_far_apart_as_the_map_allows() -> None:
    trial = load_map(MAP_DIR / "trial.yaml", LIMITS)
    a, b = trial.starts
    widest = max(max(distances(trial, p.id).values()) for p in trial.provinces)
    assert distances(trial, a)[b] == widest, f"trial: starts {a}, {b} are not farthest apart"


def test_star_islands_starts_are_alike() -> None:
    star = load_map(MAP_DIR / "star-islands.yaml", LIMITS)
    shapes: set[tuple[tuple[int, ...], ...]] = set()
    for s in star.starts:
        dist = distances(star, s)
        rings = tuple(
            tuple(sorted(star.province(p).pop for p, d in dist.items() if d == step))
            for step in range(max(dist.values()) + 1)
        )
        shapes.add(rings)
        assert 3 <= len(star.province(s).neighbours) <= 4, f"star-islands: start {s}"
    assert len(shapes) == 1, "star-islands: start provinces are not equivalent"
