"""What one player may see: the report's context, built from the state and visible events.

What every player's report of a turn shares (the Top Ten, the names, who may see which
event) is worked out once for the turn (``TurnReading``), so that writing the reports of
P players on a map of N provinces costs P + N, not P x N.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from heapq import merge
from types import SimpleNamespace

from wtg.core.jsondata import Json, json_list, json_object, number, whole, word
from wtg.core.record import Record
from wtg.core.ruleset import ScoreLine
from wtg.rules.wok.score import top_ten
from wtg.rules.wok.state import ACTIVE, Province, WokState


def visible(events: Sequence[Mapping[str, Json]], player: int) -> list[Mapping[str, Json]]:
    return [e for e in events if e.get("public") or player in json_list(e.get("visible_to"))]


class TurnReading:
    """The shared part of a turn's reports, read once from its state and events: never
    change the state or the events while a reading of them is in use."""

    def __init__(
        self,
        state: WokState,
        events: Sequence[Mapping[str, Json]],
        topten: list[ScoreLine] | None = None,
    ) -> None:
        self.state = state
        self.events = events
        self.topten = top_ten(state) if topten is None else topten
        self.player_names = {p.id: p.name for p in state.players}
        self.province_names = {p.id: p.name for p in state.provinces}
        self._public: list[int] = []
        self._private: dict[int, list[int]] = {}
        for index, event in enumerate(events):
            if event.get("public"):
                self._public.append(index)
                continue
            for player in json_list(event.get("visible_to")):
                self._private.setdefault(whole(player), []).append(index)

    def of(self, state: WokState, events: Sequence[Mapping[str, Json]]) -> bool:
        """Whether this is the reading of that very state and event list."""
        return self.state is state and self.events is events

    def seen_by(self, player: int) -> list[Mapping[str, Json]]:
        """The events ``player`` may see, in the order they happened (as ``visible``)."""
        own = self._private.get(player, [])
        return [self.events[i] for i in merge(self._public, own)]


def level(lev: int) -> str:
    return f"{lev / 1000:.3f}"


def defense(dfn: int) -> str:
    return f"{dfn / 10:.1f}"


class ProvinceRow(Record):
    """One line of a province table, its level and defense already formatted."""

    id: int
    name: str
    owner: int
    pop: int
    wok: int
    arm: int
    lev: str
    dfn: str
    mis: int
    spy: int
    aim: str


def province_row(p: Province | Mapping[str, Json]) -> ProvinceRow:
    if isinstance(p, Province):
        return ProvinceRow(
            id=p.id,
            name=p.name,
            owner=p.owner,
            pop=p.pop,
            wok=p.wok,
            arm=p.arm,
            lev=level(p.lev),
            dfn=defense(p.dfn),
            mis=p.mis,
            spy=p.spy,
            aim=p.aim,
        )
    return ProvinceRow(
        id=whole(p["id"]),
        name=word(p["name"]),
        owner=whole(p["owner"]),
        pop=whole(p["pop"]),
        wok=whole(p["wok"]),
        arm=whole(p["arm"]),
        lev=f"{number(p['lev']):.3f}",
        dfn=f"{number(p['def']):.1f}",
        mis=whole(p["mis"]),
        spy=whole(p["spy"]),
        aim=word(p["aim"]),
    )


def totals(provinces: Sequence[Province]) -> SimpleNamespace:
    """Sums, with the armies' level and the defense as averages ("1.244a"): the level
    weighed by the troops (Intermediate's PIK, ARC, KNI and CAT as its armies: a
    province's level is all its troops'; the plain mean where there are none), each the
    nearest in its column's places, a half up, reckoned in whole thousandths and tenths
    (a float formatted rounded a half up or down as its binary fraction fell)."""
    armies = sum(p.arm for p in provinces)
    troops = sum(p.troops for p in provinces)
    count = len(provinces) or 1
    if troops:
        lev = _nearest(sum(p.troops * p.lev for p in provinces), troops)
    else:
        lev = _nearest(sum(p.lev for p in provinces), count)
    dfn = _nearest(sum(p.dfn for p in provinces), count)
    return SimpleNamespace(
        provinces=len(provinces),
        pop=sum(p.pop for p in provinces),
        wok=sum(p.wok for p in provinces),
        arm=armies,
        lev=f"{level(lev)}a",
        dfn=f"{defense(dfn)}a",
        mis=sum(p.mis for p in provinces),
        spy=sum(p.spy for p in provinces),
    )


def _nearest(total: int, count: int) -> int:
    """``total / count`` to the nearest whole number, a half up."""
    return (2 * total + count) // (2 * count)


def _readable(event: Mapping[str, Json]) -> Mapping[str, object]:
    """Province rows learned by spies, as table rows (not JSON: ``ProvinceRow``)."""
    if event["kind"] != "spy_report":
        return event
    rows = [province_row(json_object(p)) for p in json_list(event["provinces"])]
    return {**event, "provinces": rows}


def report_context(
    state: WokState,
    events: Sequence[Mapping[str, Json]],
    player: int,
    reading: TurnReading | None = None,
    **extra: object,
) -> dict[str, object]:
    """What a WoK report shows one player; ``reading`` is the turn's (made here when not
    given); ``extra`` adds a ruleset's own items. ``onlooker``: the player is out (wiped
    out, or QUIT) and holds no province: his report leaves out the sections of an empire
    he no longer has (ruling 6 of docs/rules/wok.md)."""
    if reading is None or not reading.of(state, events):
        reading = TurnReading(state, events)
    me = state.player(player)
    mine = list(state.provinces_of(player))
    names = reading.player_names
    seen = [_readable(e) for e in reading.seen_by(player)]
    by_kind: dict[str, list[Mapping[str, object]]] = {}
    for event in seen:
        by_kind.setdefault(str(event["kind"]), []).append(event)
    borders = [
        {"id": p.id, "neighbours": [(n, state.province(n).owner) for n in p.neighbours]}
        for p in mine
    ]
    return {
        "game": state.game,
        "turn": state.turn,
        "next_turn": state.turn + 1,
        "me": me.to_dict(),
        "onlooker": me.status != ACTIVE and not mine,
        "player_names": names,
        "player_status": {p.id: p.status for p in state.players},
        "province_names": reading.province_names,
        "provinces": [province_row(p) for p in mine],
        "idle": [{"id": p.id, "name": p.name, "aim": p.aim} for p in mine if p.idle],
        "totals": totals(mine),
        "borders": borders,
        "events": seen,
        "by_kind": by_kind,
        # those who move: a player who quit holds his provinces, dug in, and gives no orders
        "oop": [
            (pid, names.get(pid, "?")) for pid in state.oop if state.player(pid).status == ACTIVE
        ],
        # the sides the reader plays: his own, and a Duel's or Trinity's other colours
        "my_sides": [
            p.id
            for p in state.players
            if p.id == player or (me.controller is not None and p.controller == me.controller)
        ],
        "topten": reading.topten,
        "outcome": state.outcome.to_dict() if state.outcome else None,
        **extra,
    }
