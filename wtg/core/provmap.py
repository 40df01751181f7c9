"""Province maps as data: validating the YAML of ``games/<ruleset>/<map>.yaml`` (read by
``wtg.data.maps``).

A map file holds the provinces (id, name, start population, neighbours and,
where the ruleset uses it, terrain), how many players it seats and which
provinces are start provinces. Every problem found is reported at once, with
the file name, so a GM can fix a map without reading code.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping

from wtg.core.errors import ProblemsError
from wtg.core.record import Record


class MapError(ProblemsError):
    """A map file that cannot be used, with every problem found in it."""

    heading = "map {source} is not valid"


class MapProvince(Record):
    id: int
    name: str
    pop: int
    neighbours: tuple[int, ...]
    terrain: str | None = None


class ProvinceMap(Record):
    name: str
    title: str
    seats: int
    starts: tuple[int, ...]
    provinces: tuple[MapProvince, ...]

    def province(self, pid: int) -> MapProvince:
        return self.provinces[pid - 1]


class MapLimits(Record):
    """What a ruleset demands of its maps."""

    pop_min: int
    pop_max: int
    terrains: frozenset[str] | None = None
    """Allowed terrain names; None when the ruleset has no terrain."""


def map_from_data(
    data: object, limits: MapLimits, source: str = "<map>", default_name: str = "map"
) -> ProvinceMap:
    if not isinstance(data, Mapping):
        raise MapError(source, ["the file must be a mapping with 'provinces', 'seats', 'starts'"])
    problems: list[str] = []
    provinces = _read_provinces(data.get("provinces"), limits, problems)
    seats = data.get("seats")
    if not isinstance(seats, int) or seats < 1:
        problems.append(f"'seats' must be a whole number of players, found {seats!r}")
        seats = 0
    starts = _read_starts(data.get("starts"), len(provinces), problems)
    if problems:
        raise MapError(source, problems)
    _check_graph(provinces, problems)
    _check_starts(provinces, starts, seats, problems)
    if problems:
        raise MapError(source, problems)
    return ProvinceMap(
        name=str(data.get("name", default_name)),
        title=str(data.get("title", default_name)),
        seats=seats,
        starts=tuple(starts),
        provinces=tuple(provinces),
    )


def _read_provinces(raw: object, limits: MapLimits, problems: list[str]) -> list[MapProvince]:
    if not isinstance(raw, list) or not raw:
        problems.append("'provinces' must be a non-empty list")
        return []
    result: list[MapProvince] = []
    first_of: dict[object, int] = {}
    for index, item in enumerate(raw, start=1):
        where = f"province #{index}"
        if not isinstance(item, Mapping):
            problems.append(f"{where}: expected a mapping with id, name, pop, neighbours")
            continue
        pid, name, pop = item.get("id"), item.get("name"), item.get("pop")
        neighbours = item.get("neighbours")
        if isinstance(pid, int) and pid in first_of:
            problems.append(f"{where}: id {pid} is the id of province #{first_of[pid]} already")
        elif isinstance(pid, int):
            first_of[pid] = index
        if pid != index:
            problems.append(f"{where}: id must be {index} (ids run 1..N in order), found {pid!r}")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{where}: missing name")
            name = f"#{index}"
        if not isinstance(pop, int) or not limits.pop_min <= pop <= limits.pop_max:
            problems.append(
                f"{where} ({name}): pop must be {limits.pop_min}..{limits.pop_max}, found {pop!r}"
            )
            pop = limits.pop_min
        if not isinstance(neighbours, list) or not all(isinstance(n, int) for n in neighbours):
            problems.append(f"{where} ({name}): neighbours must be a list of province ids")
            neighbours = []
        terrain = item.get("terrain")
        if limits.terrains is not None and terrain not in limits.terrains:
            allowed = ", ".join(sorted(limits.terrains))
            problems.append(
                f"{where} ({name}): terrain must be one of {allowed}, found {terrain!r}"
            )
        result.append(
            MapProvince(
                id=index,
                name=name.strip(),
                pop=pop,
                neighbours=tuple(sorted(neighbours)),
                terrain=terrain,
            )
        )
    uses = Counter(p.name for p in result)
    for name in sorted(n for n, count in uses.items() if count > 1):
        problems.append(f"province name {name!r} is used more than once")
    return result


def _read_starts(raw: object, count: int, problems: list[str]) -> list[int]:
    if not isinstance(raw, list) or not all(isinstance(s, int) for s in raw):
        problems.append("'starts' must be a list of province ids")
        return []
    bad = [s for s in raw if not 1 <= s <= count]
    if bad:
        problems.append(f"'starts' names provinces that do not exist: {bad}")
    if len(set(raw)) != len(raw):
        problems.append("'starts' names a province more than once")
    return list(raw)


def _check_graph(provinces: list[MapProvince], problems: list[str]) -> None:
    count = len(provinces)
    for p in provinces:
        for n in p.neighbours:
            if not 1 <= n <= count:
                problems.append(f"province {p.id} ({p.name}): neighbour {n} does not exist")
            elif n == p.id:
                problems.append(f"province {p.id} ({p.name}) lists itself as a neighbour")
            elif p.id not in provinces[n - 1].neighbours:
                problems.append(
                    f"province {p.id} ({p.name}) lists {n} as a neighbour, "
                    f"but {n} does not list {p.id}"
                )
        if len(set(p.neighbours)) != len(p.neighbours):
            problems.append(f"province {p.id} ({p.name}) lists a neighbour twice")
    if problems or not provinces:
        return
    seen = {1}
    queue = deque([1])
    while queue:
        for n in provinces[queue.popleft() - 1].neighbours:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    unreachable = sorted(set(range(1, count + 1)) - seen)
    if unreachable:
        problems.append(f"provinces not reachable from province 1: {unreachable}")


def _check_starts(
    provinces: list[MapProvince], starts: list[int], seats: int, problems: list[str]
) -> None:
    if len(starts) < seats:
        problems.append(f"{seats} seats need at least {seats} start provinces, found {len(starts)}")
    start_set = set(starts)
    for s in starts:
        close = sorted(start_set.intersection(provinces[s - 1].neighbours))
        if close:
            others = "start province" if len(close) == 1 else "start provinces"
            problems.append(f"start province {s} is next to {others} {close}")
