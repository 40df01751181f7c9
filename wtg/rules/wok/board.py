"""The board of a WoK game as one player may see it (``wtg map``, the map in a report):
what the player's report of the turn tells, and no more.

A report shows (``templates/wok/*.j2``, ``view.py``):

- the player's own provinces in full (YOUR PROVINCES): holder and troops;
- the holder of every neighbour of those (BORDERS), but not what stands there;
- what the turn's events the player may see tell: the battles he fought (who held the
  province after the battle), the provinces he bombed or had bombed (and, when his
  defenders found out, whose province the missiles or spies came from), his spies'
  reports (a province's or a whole empire's rows: holder and troops, as the spies found
  them), the provinces where enemy spies worked, and the public news (a player wiped out
  at a province, a colour RIPed);
- in Standard and Intermediate WoK, where everyone started: "Once turn 0 has run, you
  can see on the map where everyone is starting" (the start provinces are marked, and on
  turn 0 their holders shown).

Everything else is fog: its holder unknown (``owner`` None), its troops unknown. What
the player learns from an older report is not carried over: the map is the turn's, as the
report is. A Duel or Trinity player plays several colours and sees all of them as his
own. The GM (``seat`` None) sees everything, and every battle, bombing and spy operation
of the turn marked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from wtg.core.board import LABEL_CHARS, Board, Link, Mark, SideKey, Spot
from wtg.core.jsondata import Json, json_list, json_object, whole
from wtg.rules.wok.state import ACTIVE, Province, WokState

TROOP_KINDS = ("arm", "pik", "arc", "kni", "cat")


def wok_board(
    state: WokState,
    seat: int | None,
    events: Sequence[Mapping[str, Json]],
    starts_public: bool = False,
) -> Board:
    """The board after the turn that made ``state``, as GM seat ``seat`` may see it (None:
    the GM); ``starts_public``: every player's start province is known to all."""
    mine = _sides_of(state, seat)
    seen = [e for e in events if seat is None or _sees(e, mine)]
    owner: dict[int, int | None] = {}
    troops: dict[int, str] = {}
    marks: dict[int, list[Mark]] = {}
    if seat is None:
        owner = {p.id: p.owner for p in state.provinces}
        troops = {p.id: _troops(_counts(p)) for p in state.provinces}
    else:
        _learn_from_events(seen, owner, troops)
        if starts_public and state.turn == 0:
            owner.update({p.home: p.id for p in state.players if p.home})
        for side in sorted(mine):
            for province in state.provinces_of(side):
                for pid in province.neighbours:
                    owner[pid] = state.province(pid).owner
        for side in sorted(mine):
            for province in state.provinces_of(side):
                owner[province.id] = side
                troops[province.id] = _troops(_counts(province))
                marks.setdefault(province.id, []).append("home")
    for event in seen:
        for pid, mark in _event_marks(event):
            marks.setdefault(pid, []).append(mark)
    homes = [p.home for p in state.players if p.home and (starts_public or seat is None)]
    homes += [p.home for p in state.players if p.home and p.id in mine]
    for pid in homes:
        marks.setdefault(pid, []).append("start")
    spots = tuple(
        Spot(
            id=str(p.id),
            kind="province",
            name=p.name,
            owner=owner.get(p.id),
            troops=troops.get(p.id),
            terrain=p.terrain,
            marks=_ordered(marks.get(p.id, ())),
        )
        for p in state.provinces
    )
    return Board(
        title=_title(state, seat, mine),
        shape="nodes",
        spots=spots,
        links=_links(state.provinces),
        sides=tuple(_side_key(state, p.id, mine) for p in state.players),
        notes=_notes(state, seat),
    )


def holds_nothing(state: WokState, seat: int) -> bool:
    """Whether every colour GM seat ``seat`` plays is out (dead or QUIT) and holds no
    province: an onlooker (ruling 6 of docs/rules/wok.md), whose map would be all fog."""
    mine = _sides_of(state, seat)
    return bool(mine) and all(
        state.player(side).status != ACTIVE and state.count_of(side) == 0 for side in mine
    )


def _sides_of(state: WokState, seat: int | None) -> frozenset[int]:
    """The colours seat ``seat`` plays (one, or a Duel's three); none for the GM."""
    if seat is None:
        return frozenset()
    return frozenset(p.id for p in state.players if not p.robot and (p.controller or p.id) == seat)


def _sees(event: Mapping[str, Json], mine: frozenset[int]) -> bool:
    return bool(event.get("public")) or any(
        whole(side) in mine for side in json_list(event.get("visible_to"))
    )


def _learn_from_events(
    seen: Sequence[Mapping[str, Json]], owner: dict[int, int | None], troops: dict[int, str]
) -> None:
    """Holders and troops the turn's events tell the player, later events over earlier."""
    for event in seen:
        kind = event.get("kind")
        if kind == "battle":
            won = event["conquered"]
            holder = event["attacker"] if won else event["defender"]
            owner[whole(event["province"])] = whole(holder)
        elif kind == "bombing_run":
            owner[whole(event["target"])] = whole(event["target_owner"])
        elif kind in ("bombing_suffered", "spied_upon") and _detected(event):
            by = event.get("bomber") or event.get("spymaster")
            owner[whole(event["source"])] = whole(by)
        elif kind == "spy_report":
            owner[whole(event["target"])] = whole(event["target_owner"])
            for row in map(json_object, json_list(event.get("provinces"))):
                owner[whole(row["id"])] = whole(row["owner"])
                troops[whole(row["id"])] = _troops(row)
        elif kind == "player_eliminated":
            owner[whole(event["province"])] = whole(event["by"])
        elif kind == "ripped" and event.get("credited_to"):
            owner[whole(event["province"])] = whole(event["credited_to"])


def _detected(event: Mapping[str, Json]) -> bool:
    """Whether the victim learned where the missiles or spies came from (WoK IV)."""
    return bool(event.get("source")) and bool(event.get("bomber") or event.get("spymaster"))


def _event_marks(event: Mapping[str, Json]) -> Iterable[tuple[int, Mark]]:
    kind = event.get("kind")
    if kind == "battle":
        yield whole(event["province"]), "battle"
        if event["conquered"]:
            yield whole(event["province"]), "conquered"
    elif kind == "bombing_run":
        yield whole(event["target"]), "bombed"
    elif kind == "bombing_suffered":
        yield whole(event["province"]), "bombed"
    elif kind == "spy_report":
        yield whole(event["target"]), "spied"
    elif kind == "spied_upon":
        yield whole(event["province"]), "spied"


def _ordered(marks: Iterable[Mark]) -> tuple[Mark, ...]:
    """Each mark once, in the order the legend lists them."""
    order: tuple[Mark, ...] = ("home", "start", "conquered", "battle", "bombed", "spied")
    given = set(marks)
    return tuple(m for m in order if m in given)


def _counts(province: Province) -> dict[str, int]:
    return {
        "arm": province.arm,
        "pik": province.pik,
        "arc": province.arc,
        "kni": province.kni,
        "cat": province.cat,
        "mis": province.mis,
    }


def _troops(row: Mapping[str, Json]) -> str:
    """What stands in a province, as short as the map needs it: ``"45 ARM 3 MIS"``,
    Intermediate's troop types where there are any (``"20 ARM 6 KNI"``)."""
    parts = [f"{row.get('arm', 0)} ARM"]
    parts += [f"{row[k]} {k.upper()}" for k in TROOP_KINDS[1:] if row.get(k)]
    if row.get("mis"):
        parts.append(f"{row['mis']} MIS")
    return " ".join(parts)


def _links(provinces: Sequence[Province]) -> tuple[Link, ...]:
    return tuple(Link(a=str(p.id), b=str(n)) for p in provinces for n in p.neighbours if n > p.id)


def _side_key(state: WokState, pid: int, mine: frozenset[int]) -> SideKey:
    player = state.player(pid)
    status = player.status + (", yours" if pid in mine else "")
    if player.robot:
        status += ", robot"
    # a Duel's colour label is the name and a letter ("AnnA"): one too long for the map's
    # label was cut to "Aldr…" on all three of a player's colours, and on both players'
    # where their names begin alike ("Play…"); the number tells them apart, the legend
    # names it
    label = player.label if player.label and len(player.label) <= LABEL_CHARS else f"P{pid}"
    return SideKey(id=pid, name=player.name, label=label, status=status)


def _title(state: WokState, seat: int | None, mine: frozenset[int]) -> str:
    head = f"Game {state.game}, turn {state.turn}"
    if seat is None:
        return f"{head}: the GM's view"
    names = ", ".join(state.player(pid).name for pid in sorted(mine))
    return f"{head}: the view of player {seat}" + (f" ({names})" if names else "")


def _notes(state: WokState, seat: int | None) -> tuple[str, ...]:
    if seat is None:
        return ("Every province as it stands after the turn, and everything that happened.",)
    return (
        "Holders shown: yours, your neighbours', and what this turn's report tells; "
        "troops: yours and what your spies saw.",
    )
