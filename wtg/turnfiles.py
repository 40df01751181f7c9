"""The files a turn writes into its folder (``Game.run_turn``, a takeover's or rollback's
reports written anew): its state and events, the Top Ten, ``turn.json`` with its deadlines,
and each player's report and AOF."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from typing import TYPE_CHECKING, TypeVar

from wtg.core.jsondata import Json
from wtg.core.ruleset import SeatId
from wtg.press import press_for
from wtg.report import aof_text, gm_report_text, report_text, topten_text, with_set_aside
from wtg.schedule import iso, local_text, next_deadline, parse_iso
from wtg.turnmeta import TURN_META, TurnMeta, dump_json

if TYPE_CHECKING:
    from wtg.engine import Game

S = TypeVar("S")
"""The state of the game's ruleset."""
GM_REPORT = "reports/gm.txt"
"""The turn's public report, for the GM (rulesets that write one: ``gm_report_text``)."""


def new_meta(game: Game[S], turn: int, now: datetime | None, waited: bool = True) -> TurnMeta:
    """The ``turn.json`` of turn ``turn``, run at ``now``: when it ran, the deadline it ran
    at, and the next. ``waited``: whether the turn waited for anyone's orders. One that
    did not (a robot's turn in a game of turns one after another) leaves its deadline,
    while it is still ahead, to the next turn."""
    moment = now or datetime.now(timezone.utc)
    due = game.deadline_stamp(turn - 1) if turn > 0 else None
    upcoming = None
    if game.config.schedule is not None and not waited and due and parse_iso(due) > moment:
        upcoming = due
    elif game.config.schedule is not None:
        upcoming = iso(next_deadline(game.config.schedule, moment, parse_iso(due) if due else None))
    return {"turn": turn, "ran_at": iso(moment), "deadline": due, "next_deadline": upcoming}


def turn_files(
    game: Game[S],
    state: S,
    events: Sequence[Mapping[str, Json]],
    meta: TurnMeta,
    set_aside: Mapping[int, Sequence[str]] | None = None,
) -> dict[str, str]:
    """The files of a turn's folder: its state, events, Top Ten and ``turn.json``, each
    player's report (with the orders set aside, ``set_aside``) and, while the game goes
    on, AOF, and the GM's public report where the ruleset writes one."""
    deadline = None
    upcoming = meta.get("next_deadline")
    if upcoming and game.config.schedule is not None:
        deadline = local_text(parse_iso(upcoming), game.config.schedule.timezone)
    files = {
        "state.json": dump_json(game.ruleset.state_to_dict(state)),
        "events.json": dump_json(list(events)),
        "topten.txt": topten_text(game.ruleset, game.config, state),
        TURN_META: dump_json(dict(meta)),
    }
    owing = set() if game.ruleset.is_over(state) else set(game.ruleset.owing(state))
    press = press_for(game.store, meta["turn"]) if "turn" in meta else []
    for entry in game.config.players:
        name = f"p{entry.id:02d}"
        reports, forms = [], []
        for side in game.ruleset.sides_of(state, SeatId(entry.id)):
            aof = aof_text(game.ruleset, game.config, state, side) if side in owing else ""
            text = report_text(game.ruleset, game.config, state, events, side, aof, deadline, press)
            reports.append(with_set_aside(text, aof, (set_aside or {}).get(side, ())))
            forms += [aof] if aof else []
        files[f"reports/{name}.txt"] = "\n".join(reports)
        if forms:
            files[f"aofs/{name}.txt"] = "\n".join(forms)
    gm = gm_report_text(game.ruleset, game.config, state, events)
    if gm is not None:
        files[GM_REPORT] = gm
    return files
