"""A turn's ``turn.json`` (when it ran, the deadline it was due by, the next one's, how often
it was run again; turn 0's, the game's seed), read leniently, and the compact JSON the turn
files are written in."""

from __future__ import annotations

import copy
import json
from typing import TypedDict

from wtg.core.jsondata import Json

TURN_META = "turn.json"


class TurnMeta(TypedDict, total=False):
    """A turn's ``turn.json``: when it ran, the deadline it was due by, the next one's."""

    turn: int
    ran_at: str
    deadline: str | None
    next_deadline: str | None
    reruns: int
    """How often the turn was run again (``run-turn --rerun``): its reports are mailed again."""
    seed: int
    """Turn 0's only: the seed the game was made with (game.yaml's ``seed:`` is checked
    against it)."""
    moved: list[Json]
    """The GM's moves of ``next_deadline`` (`wtg extend`: ``wtg.gm.extension``)."""
    deadline_set: str | None
    """The ``next_deadline`` the turn set when it ran, kept once a release or a rollback
    gave another (``wtg.files.store.DEADLINE_SET``)."""
    ended_by_gm: bool
    """The turn is the GM's end of the game (`wtg end`: ``wtg.gm.ending``), no turn run."""


def dump_json(data: object) -> str:
    """Compact JSON (the C encoder; ``wtg state --json`` prints it readably)."""
    return json.dumps(data, ensure_ascii=False) + "\n"


def turn_meta(data: Json) -> TurnMeta:
    """The fields of a ``turn.json`` (one edited by hand keeps those of the right type)."""
    meta: TurnMeta = {}
    if not isinstance(data, dict):
        return meta
    turn, ran_at = data.get("turn"), data.get("ran_at")
    deadline, upcoming = data.get("deadline"), data.get("next_deadline")
    if isinstance(turn, int):
        meta["turn"] = turn
    if isinstance(ran_at, str):
        meta["ran_at"] = ran_at
    if "deadline" in data and (deadline is None or isinstance(deadline, str)):
        meta["deadline"] = deadline
    if "next_deadline" in data and (upcoming is None or isinstance(upcoming, str)):
        meta["next_deadline"] = upcoming
    reruns = data.get("reruns")
    if isinstance(reruns, int) and not isinstance(reruns, bool) and reruns > 0:
        meta["reruns"] = reruns
    seed = data.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool):
        meta["seed"] = seed
    if data.get("ended_by_gm") is True:
        meta["ended_by_gm"] = True
    return meta


def gm_marks(data: Json) -> TurnMeta:
    """What the GM did to a turn's ``next_deadline`` that its ``turn.json`` (as read) keeps
    beside what the run wrote: his moves (``moved``) and the deadline the run had set
    (``deadline_set``). A rerun of the turn keeps them: the deadline it keeps is the one he
    moved; a move of it not yet told to every player is told by the rerun's reports
    (``told_by_rerun``). Its own: ``data`` may be the game's parsed file, kept for every
    later read (``Game._turn_json``), and nothing the caller does to them changes it."""
    marks: TurnMeta = {}
    if not isinstance(data, dict):
        return marks
    moves = data.get("moved")
    if isinstance(moves, list):
        marks["moved"] = copy.deepcopy(moves)
    made = data.get("deadline_set")
    if "deadline_set" in data and (made is None or isinstance(made, str)):
        marks["deadline_set"] = made
    return marks


def told_by_rerun(meta: TurnMeta) -> TurnMeta:
    """A rerun's ``meta`` (the GM's marks kept: ``gm_marks``) with the last move of its
    ``next_deadline`` marked told when it was not (`wtg extend` cut short before every
    player's notice was queued) and the deadline it moved to is the one the rerun keeps:
    the rerun's reports say that deadline, and the next `wtg send` mails them to every
    player (``-rN``), as a rollback's notices say the deadline it sets
    (``wtg.files.store.DEADLINE_MOVES``). Kept untold, `wtg extend` given again mailed each
    player not yet told a second mail of the one deadline. Written in the rerun's own
    ``turn.json``, committed with its reports: a kill leaves both or neither."""
    moves = meta.get("moved")
    last = moves[-1] if moves else None
    if not isinstance(last, dict) or last.get("told") is not False:
        return meta
    if last.get("to") != meta.get("next_deadline") or meta.get("next_deadline") is None:
        return meta  # a deadline it does not keep: no notice of it is owed (``unfinished``)
    return {**meta, "moved": [*(moves or [])[:-1], {**last, "told": True}]}
