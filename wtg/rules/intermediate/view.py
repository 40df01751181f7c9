"""What an Intermediate WoK player sees beside the WoK report: each province's terrain and
troop mix, the empire's troops and wood, and what spies learn of them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wtg.core.jsondata import Json, JsonObject, json_list, json_object, whole
from wtg.rules.wok.espionage import empire_summary as plain_summary
from wtg.rules.wok.state import Player, Province, WokState
from wtg.rules.wok.troops import TROOP_KINDS
from wtg.rules.wok.view import ProvinceRow, province_row, visible


class TroopRow(ProvinceRow):
    """A province table's line with the terrain and the upgraded troops (``arm``: the plain
    armies)."""

    terrain: str
    pik: int
    arc: int
    kni: int
    cat: int
    troops: int


def troop_row(p: Province | Mapping[str, Json]) -> TroopRow:
    """A row of a province, or of its state dict (as spies bring it home)."""
    data: Mapping[str, Json] = p.to_dict() if isinstance(p, Province) else p
    kinds = {kind: whole(data.get(kind, 0)) for kind in TROOP_KINDS}
    plain = province_row(data)
    return TroopRow(
        **plain.field_values(),
        terrain=str(data.get("terrain") or "-"),
        pik=kinds["pik"],
        arc=kinds["arc"],
        kni=kinds["kni"],
        cat=kinds["cat"],
        troops=sum(kinds.values()),
    )


def troop_totals(provinces: Sequence[Province]) -> dict[str, int]:
    """The empire's troops by kind, and all of them."""
    totals = {kind: sum(getattr(p, kind) for p in provinces) for kind in TROOP_KINDS}
    totals["troops"] = sum(totals.values())
    return totals


def empire_summary(state: WokState, victim: Player) -> JsonObject:
    """Spy Player: what the text lists ("the total POP, WOK, ARM, MIS and SPY, along with the
    average LEV and DEF ... the player's EFF, GOLD and Tech Level"), ARM being the plain
    armies; ruling: the upgraded troops and the WOOD are shown too."""
    summary = plain_summary(state, victim)
    summary.update(troop_totals(list(state.provinces_of(victim.id))), wood=victim.wood or 0)
    return summary


def troop_view(
    state: WokState,
    events: Sequence[Mapping[str, Json]],
    player: int,
    context: Mapping[str, object],
) -> dict[str, object]:
    """The WoK report ``context`` with troop rows (own provinces and those spies saw), the
    empire's troop totals and the player's wood."""
    mine = list(state.provinces_of(player))
    seen = [_with_troop_rows(e) for e in visible(events, player)]
    by_kind: dict[str, list[Mapping[str, object]]] = {}
    for event in seen:
        by_kind.setdefault(str(event["kind"]), []).append(event)
    return {
        **context,
        "provinces": [troop_row(p) for p in mine],
        "troop_totals": troop_totals(mine),
        "wood": state.player(player).wood or 0,
        "events": seen,
        "by_kind": by_kind,
    }


def _with_troop_rows(event: Mapping[str, Json]) -> Mapping[str, object]:
    """Province rows learned by spies, as table rows (not JSON: ``TroopRow``)."""
    if event["kind"] != "spy_report":
        return event
    rows = [troop_row(json_object(p)) for p in json_list(event["provinces"])]
    return {**event, "provinces": rows}
