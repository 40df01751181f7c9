"""What the Intermediate WoK maps promise beyond every shipped map's checks
(tests/test_maps.py): a terrain on every province, all five terrains, fair starts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.shipped import INTERMEDIATE as RULESET
from tests.test_maps import distances
from wtg.core.provmap import MapError, ProvinceMap, map_from_data

ROOT = Path(__file__).resolve().parents[1]
TERRAINS = {"Desert", "Forest", "Mountain", "Plains", "Swamp"}


@pytest.fixture(params=["marchlands", "pentarchy"])
def shipped(request: pytest.FixtureRequest) -> ProvinceMap:
    return RULESET.load_map(str(request.param))


def test_the_maps_fit_two_and_five_players() -> None:
    """At least a 20-province map for 2 players and a 30-province map for 5."""
    sizes = {name: RULESET.load_map(name) for name in RULESET.map_names()}
    assert {(len(m.provinces), m.seats) for m in sizes.values()} == {(20, 2), (30, 5)}
    assert RULESET.default_map("skirmish", {}) == "marchlands"


def test_every_province_has_a_terrain_and_every_terrain_is_there(shipped: ProvinceMap) -> None:
    """ "Provinces have different terrains": one of Desert, Forest, Mountain, Plains,
    Swamp on every province (ruling 16), each of the five at least four times."""
    counts = Counter(p.terrain for p in shipped.provinces)
    assert set(counts) == TERRAINS
    assert min(counts.values()) >= 4


def test_terrains_are_spread_not_heaped(shipped: ProvinceMap) -> None:
    """Every province has a neighbour of another terrain, and no terrain holds more than a
    third of the map."""
    for p in shipped.provinces:
        others = {shipped.province(n).terrain for n in p.neighbours} - {p.terrain}
        assert others, f"province {p.id} is walled in by its own terrain"
    counts = Counter(p.terrain for p in shipped.provinces)
    assert max(counts.values()) * 3 <= len(shipped.provinces)


def test_every_start_sees_the_same_land(shipped: ProvinceMap) -> None:
    """The starts are equal: the same terrain and pop at each distance from home."""
    shapes = set()
    for start in shipped.starts:
        dist = distances(shipped, start)
        shapes.add(
            tuple(
                tuple(
                    sorted(
                        (shipped.province(p).terrain or "", shipped.province(p).pop)
                        for p, d in dist.items()
                        if d == step
                    )
                )
                for step in range(max(dist.values()) + 1)
            )
        )
    assert len(shapes) == 1


def test_a_map_without_terrain_is_refused() -> None:
    """The ruleset's maps must carry a terrain per province, and a known one."""
    data = {
        "seats": 2,
        "starts": [1, 4],
        "provinces": [
            {"id": 1, "name": "Aa", "pop": 80, "terrain": "Forest", "neighbours": [2]},
            {"id": 2, "name": "Bb", "pop": 80, "neighbours": [1, 3]},
            {"id": 3, "name": "Cc", "pop": 80, "terrain": "Tundra", "neighbours": [2, 4]},
            {"id": 4, "name": "Dd", "pop": 80, "terrain": "Swamp", "neighbours": [3]},
        ],
    }
    with pytest.raises(MapError) as info:
        map_from_data(data, RULESET.map_limits, source="bad.yaml")
    assert [p.split(":")[0] for p in info.value.problems] == [
        "province #2 (Bb)",
        "province #3 (Cc)",
    ]
