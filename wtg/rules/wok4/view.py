"""What one player may see: the report's context, built from the state and visible events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wtg.rules.wok4.reach import attacks_allowed
from wtg.rules.wok4.score import top_ten
from wtg.rules.wok4.state import Province, WokState


def visible(events: Sequence[Mapping[str, Any]], player: int) -> list[Mapping[str, Any]]:
    return [e for e in events if e.get("public") or player in e.get("visible_to", ())]


def level(lev: int) -> str:
    return f"{lev / 1000:.3f}"


def defense(dfn: int) -> str:
    return f"{dfn / 10:.1f}"


def province_row(p: Province | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(p, Province):
        return {"id": p.id, "name": p.name, "owner": p.owner, "pop": p.pop, "wok": p.wok,
                "arm": p.arm, "lev": level(p.lev), "def": defense(p.dfn), "mis": p.mis,
                "spy": p.spy, "aim": p.aim}
    row = dict(p)
    row["lev"] = f"{float(p['lev']):.3f}"
    row["def"] = f"{float(p['def']):.1f}"
    return row


def totals(provinces: Sequence[Province]) -> dict[str, Any]:
    """Sums, with the armies' level and the defense as averages ("1.244a")."""
    armies = sum(p.arm for p in provinces)
    count = len(provinces) or 1
    if armies:
        mean_lev = sum(p.arm * p.lev for p in provinces) / armies
    else:
        mean_lev = sum(p.lev for p in provinces) / count
    return {
        "provinces": len(provinces), "pop": sum(p.pop for p in provinces),
        "wok": sum(p.wok for p in provinces), "arm": armies,
        "lev": f"{mean_lev / 1000:.3f}a",
        "def": f"{sum(p.dfn for p in provinces) / count / 10:.1f}a",
        "mis": sum(p.mis for p in provinces), "spy": sum(p.spy for p in provinces),
    }


def report_context(
    state: WokState, events: Sequence[Mapping[str, Any]], player: int
) -> dict[str, Any]:
    me = state.player(player)
    mine = list(state.provinces_of(player))
    names = {p.id: p.name for p in state.players}
    seen = visible(events, player)
    by_kind: dict[str, list[Mapping[str, Any]]] = {}
    for event in seen:
        by_kind.setdefault(str(event["kind"]), []).append(event)
    borders = [
        {"id": p.id, "neighbours": [(n, state.province(n).owner) for n in p.neighbours]}
        for p in mine
    ]
    return {
        "game": state.game, "turn": state.turn, "next_turn": state.turn + 1,
        "me": me.to_dict(), "player_names": names,
        "province_names": {p.id: p.name for p in state.provinces},
        "provinces": [province_row(p) for p in mine], "totals": totals(mine),
        "borders": borders, "attacks_next": attacks_allowed(me.tech),
        "events": seen, "by_kind": by_kind,
        "oop": [(pid, names.get(pid, "?")) for pid in state.oop],
        "topten": top_ten(state),
        "outcome": state.outcome.to_dict() if state.outcome else None,
    }

