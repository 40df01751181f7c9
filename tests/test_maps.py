"""The shipped WoK IV maps, and the map loader's complaints about broken maps."""

from __future__ import annotations

import itertools
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from wtg.core.provmap import MapError, MapLimits, ProvinceMap, map_from_data
from wtg.data.maps import load_map

ROOT = Path(__file__).resolve().parents[1]
OTHER_BOARDS = {"wisk"}
"""Rulesets whose maps are no province maps: their own tests check them."""
MAP_FILES = sorted(
    p for p in (ROOT / "games").glob("*/*.yaml") if p.parent.name not in OTHER_BOARDS
)
LIMITS = MapLimits(50, 130)

# ruleset/map -> (provinces, seats); every shipped map must be listed here
EXPECTED = {
    "wok4/classic60": (60, 10),
    "wok4/small": (20, 4),
    "standard/classic60": (60, 10),
    "standard/trial": (20, 2),
    "standard/star-islands": (30, 5),
    "intermediate/marchlands": (20, 2),
    "intermediate/pentarchy": (30, 5),
}

BOMB_RANGE = 3
"""Long-range bombing reaches provinces whose id is within this distance."""

NAME_WIDTH = 14
"""Longest province name the report columns are laid out for."""


def distances(m: ProvinceMap, source: int) -> dict[int, int]:
    dist = {source: 0}
    queue = deque([source])
    while queue:
        pid = queue.popleft()
        for n in m.province(pid).neighbours:
            if n not in dist:
                dist[n] = dist[pid] + 1
                queue.append(n)
    return dist


def key(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@pytest.fixture(scope="module", params=MAP_FILES, ids=key)
def shipped(request: pytest.FixtureRequest) -> ProvinceMap:
    return load_map(request.param, LIMITS)


def test_the_maps_are_shipped() -> None:
    assert {key(p) for p in MAP_FILES} == set(EXPECTED)


@pytest.mark.parametrize("path", MAP_FILES, ids=key)
def test_map_loads_with_expected_size(path: Path) -> None:
    shipped = load_map(path, LIMITS)
    assert key(path) in EXPECTED, f"unexpected map {key(path)}: add it to EXPECTED"
    provinces, seats = EXPECTED[key(path)]
    assert len(shipped.provinces) == provinces
    assert shipped.seats == seats
    assert len(shipped.starts) == seats
    assert shipped.title


def test_starts_are_far_apart(shipped: ProvinceMap) -> None:
    for a, b in itertools.combinations(shipped.starts, 2):
        # at least two provinces between them: not neighbours, no shared neighbour
        assert distances(shipped, a)[b] >= 3, f"start provinces {a} and {b} are too close"
        assert abs(a - b) > BOMB_RANGE, f"start provinces {a} and {b} can bomb each other"


def test_neighbour_counts(shipped: ProvinceMap) -> None:
    for p in shipped.provinces:
        assert 2 <= len(p.neighbours) <= 6, f"province {p.id} has {len(p.neighbours)} neighbours"


def test_names_fit_report_columns(shipped: ProvinceMap) -> None:
    for p in shipped.provinces:
        assert len(p.name) <= NAME_WIDTH, f"province {p.id} name {p.name!r} is too long"


def test_every_province_reachable(shipped: ProvinceMap) -> None:
    assert len(distances(shipped, 1)) == len(shipped.provinces)


# --- broken maps -------------------------------------------------------------

NAMES = ["Alder", "Birchmoor", "Corvale", "Dunmere", "Elmhollow", "Fernwick"]
LINKS = {1: [2, 3], 2: [1, 4], 3: [1, 4, 5], 4: [2, 3, 6], 5: [3, 6], 6: [4, 5]}


def _base() -> dict[str, Any]:
    """A small valid map: a ladder of six provinces, starts at either end."""
    return {
        "name": "ladder",
        "title": "Ladder",
        "seats": 2,
        "starts": [1, 6],
        "provinces": [
            {"id": pid, "name": NAMES[pid - 1], "pop": 80, "neighbours": list(links)}
            for pid, links in LINKS.items()
        ],
    }


def _problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(MapError) as info:
        map_from_data(data, LIMITS, source="broken.yaml")
    assert info.value.source == "broken.yaml"
    assert info.value.problems
    return info.value.problems


def _province(data: dict[str, Any], pid: int) -> dict[str, Any]:
    province: dict[str, Any] = data["provinces"][pid - 1]
    return province


def test_base_map_is_valid() -> None:
    m = map_from_data(_base(), LIMITS)
    assert m.starts == (1, 6)
    assert [p.name for p in m.provinces] == NAMES


def test_asymmetric_neighbour() -> None:
    data = _base()
    _province(data, 1)["neighbours"].append(5)
    problems = _problems(data)
    assert any("province 1 (Alder)" in p and "5" in p for p in problems), problems


def test_unreachable_province() -> None:
    data = _base()
    _province(data, 4)["neighbours"] = [2, 3]
    _province(data, 6)["neighbours"] = [5]
    _province(data, 3)["neighbours"] = [1, 4]
    _province(data, 5)["neighbours"] = [6]
    problems = _problems(data)
    assert any("not reachable" in p and "[5, 6]" in p for p in problems), problems


def test_adjacent_starts() -> None:
    data = _base()
    data["starts"] = [1, 2]
    problems = _problems(data)
    assert any("start province 1" in p and "[2]" in p for p in problems), problems


@pytest.mark.parametrize("pop", [49, 131, 0, "many"])
def test_pop_out_of_range(pop: object) -> None:
    data = _base()
    _province(data, 3)["pop"] = pop
    problems = _problems(data)
    assert any("#3 (Corvale)" in p and "pop" in p for p in problems), problems


def test_duplicate_name() -> None:
    data = _base()
    _province(data, 4)["name"] = "Birchmoor"
    problems = _problems(data)
    assert any("'Birchmoor'" in p and "more than once" in p for p in problems), problems


def test_id_out_of_order() -> None:
    data = _base()
    _province(data, 3)["id"] = 4
    problems = _problems(data)
    assert any("#3" in p and "id must be 3" in p for p in problems), problems


def test_every_problem_reported_at_once() -> None:
    data = _base()
    _province(data, 2)["pop"] = 200
    _province(data, 5)["name"] = "Alder"
    problems = _problems(data)
    assert any("#2 (Birchmoor)" in p for p in problems), problems
    assert any("'Alder'" in p for p in problems), problems
