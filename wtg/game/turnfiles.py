"""The files a turn writes into its folder (``Game.run_turn``, and a takeover's or
rollback's reports written anew, ``Game.turn_files_again``): its state and events, the Top
Ten, ``turn.json`` with its deadlines, and each player's report and AOF."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from typing import TypeVar

from wtg.core.jsondata import Json
from wtg.core.ruleset import Ruleset, SeatId
from wtg.files.store import GameStore
from wtg.game.gameconfig import GameConfig
from wtg.game.press import Press, press_for
from wtg.game.report import aof_text, gm_report_text, report_text, topten_text, with_set_aside
from wtg.game.schedule import (
    Schedule,
    deadline_again,
    iso,
    local_text,
    next_deadline,
    parse_iso,
)
from wtg.game.turnmeta import TURN_META, TurnMeta, dump_json

S = TypeVar("S")
"""The state of the game's ruleset."""
GM_REPORT = "reports/gm.txt"
"""The turn's public report, for the GM (rulesets that write one: ``gm_report_text``)."""


def names_then(ruleset: Ruleset[S], ran_from: S, state: S) -> dict[int, str]:
    """The sides whose names in ``state`` are not those of the state the turn ran from
    (``ran_from``), with the names they had then: a seat taken over after the turn ran
    (``wtg.gm.takeover``) is its newcomer's in ``state``, while the turn's events are what
    its quitter did, and are told under the quitter's name."""
    now = {side.id: side.name for side in ruleset.public_sides_of(state)}
    return {
        int(side.id): side.name
        for side in ruleset.public_sides_of(ran_from)
        if now.get(side.id, side.name) != side.name
    }


def new_meta(
    schedule: Schedule | None, turn: int, due: str | None, now: datetime | None, waited: bool = True
) -> TurnMeta:
    """The ``turn.json`` of turn ``turn``, run at ``now``: when it ran, the deadline it ran
    at (``due``: the one the turn before set, as its ``turn.json`` writes it), and the
    next, from the game's ``schedule``. ``waited``: whether the turn waited for anyone's
    orders. One that did not (a robot's turn in a game of turns one after another) leaves
    its deadline, while it is still ahead, to the next turn. A turn after one that set no
    deadline (a schedule written into game.yaml since) leaves a whole turn."""
    moment = now or datetime.now(timezone.utc)
    upcoming = None
    if schedule is not None and not waited and due and parse_iso(due) > moment:
        upcoming = due
    elif schedule is not None and turn > 0 and not due:
        # the turn before set no deadline: game.yaml's schedule came after it ran (a GM's
        # edit). A whole turn, as a new game's first: the schedule's next hour after now
        # can be minutes away on a daily game, and the players would lose the turn
        upcoming = iso(deadline_again(schedule, None, moment))
    elif schedule is not None:
        upcoming = iso(next_deadline(schedule, moment, parse_iso(due) if due else None))
    return {"turn": turn, "ran_at": iso(moment), "deadline": due, "next_deadline": upcoming}


def turn_files(
    ruleset: Ruleset[S],
    config: GameConfig,
    store: GameStore,
    state: S,
    events: Sequence[Mapping[str, Json]],
    meta: TurnMeta,
    set_aside: Mapping[int, Sequence[str]] | None = None,
    ran_from: S | None = None,
) -> dict[str, str]:
    """The files of a turn's folder: its state, events, Top Ten and ``turn.json``, each
    player's report (with the orders set aside, ``set_aside``) and, while the game goes
    on, AOF, and the GM's public report where the ruleset writes one. ``ran_from``: the
    state the turn ran from, whose names its events are told under (``names_then``)."""
    deadline = None
    upcoming = meta.get("next_deadline")
    if upcoming and config.schedule is not None:
        deadline = local_text(parse_iso(upcoming), config.schedule.timezone)
    files = {
        "state.json": dump_json(ruleset.state_to_dict(state)),
        "events.json": dump_json(list(events)),
        "topten.txt": topten_text(ruleset, config, state),
        TURN_META: dump_json(dict(meta)),
    }
    owing = set() if ruleset.is_over(state) else set(ruleset.owing(state))
    press = press_for(store, meta["turn"]) if "turn" in meta else []
    then = {} if ran_from is None else names_then(ruleset, ran_from, state)
    for entry in config.players:
        name = f"p{entry.id:02d}"
        sides = ruleset.sides_of(state, SeatId(entry.id))
        forms = [aof_text(ruleset, config, state, side) for side in sides if side in owing]
        if not sides:
            report = ""  # a seat that plays no side: an empty report, as ever
        elif len(sides) == 1:
            aof = forms[0] if forms else ""
            text = report_text(ruleset, config, state, events, sides[0], aof, deadline, press, then)
            report = with_set_aside(text, aof, (set_aside or {}).get(sides[0], ()))
        else:
            report = seat_report(
                ruleset, config, state, events, sides, forms, deadline, press, then, set_aside
            )
        files[f"reports/{name}.txt"] = report
        if forms:
            files[f"aofs/{name}.txt"] = "\n".join(forms)
    gm = gm_report_text(ruleset, config, state, events, then)
    if gm is not None:
        files[GM_REPORT] = gm
    return files


def seat_report(
    ruleset: Ruleset[S],
    config: GameConfig,
    state: S,
    events: Sequence[Mapping[str, Json]],
    sides: Sequence[int],
    forms: Sequence[str],
    deadline: str | None,
    press: Sequence[Press],
    then: Mapping[int, str],
    set_aside: Mapping[int, Sequence[str]] | None,
) -> str:
    """The one report of a seat that plays several sides (a Duel's or Trinity's human and
    his colours), as it is mailed: each side's own report (with its orders set aside),
    then once what is the same for them all (the game's end or next turn, the Top Ten, the
    other players, the press line: ``report_text``'s "shared" part), then the forms."""
    owing = set(ruleset.owing(state)) if not ruleset.is_over(state) else set()
    parts = []
    for side in sides:
        text = report_text(
            ruleset, config, state, events, side, "", deadline, press, then, part="colour"
        )
        parts.append(with_set_aside(text, "", (set_aside or {}).get(side, ())))
    playing = [side for side in sides if side in owing] or list(sides)
    shared = report_text(
        ruleset,
        config,
        state,
        events,
        playing[0],
        "",
        deadline,
        press,
        then,
        part="shared",
        forms_below=len(forms),
    )
    parts.append(shared.lstrip("\n"))
    return "\n".join([*(p.rstrip("\n") + "\n" for p in parts), *forms])
