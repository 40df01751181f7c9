"""What a game was made with, as its turns say it, against its ``game.yaml`` edited by hand:
the game's name, its map, its variant, its seed and its players' seats. Each edit the game cannot
follow is a problem, said as ``(key path, what to do)`` for the caller to place on its line
of the file (``wtg.game.engine``); an edit it follows (a player's new address or name) is
none."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from wtg.core.jsondata import Json
from wtg.game.gameconfig import GameConfig

Problem = tuple[tuple[str, ...], str]
"""Where in game.yaml (its key path: ``("map",)``, ``("players", "3")`` for the fourth
entry) and what is wrong there."""


def name_problem(config: GameConfig, folder: str, made: Json) -> Problem | None:
    """``game:`` edited in place: the folder still named as the game its turns say
    (``made``), game.yaml another name. Every form the players hold says ``GAME: made``
    and the host's mail for the game goes by its name: the game would be a stranger to
    both. A folder whose name is game.yaml's (a copy made a game of its own) and one
    renamed while game.yaml kept the name are no problem. The name's case is a rename too:
    the mail finds a game case aside, but the host's mail records go by the name as
    written, and `wtg send` would mail every turn's reports again under the new one."""
    if not isinstance(made, str) or made == config.game:
        return None
    name = config.game.casefold()
    if folder.casefold() == name and made.casefold() != name:  # a copy, a game of its own
        return None
    return (
        ("game",),
        f"the game was made as {made} (its turns say so, and its players' forms say GAME: "
        f"{made}) and cannot be renamed: put back `game: {made}`",
    )


def map_problem(
    config: GameConfig, made: Json, names: Callable[[], Sequence[str]], own_map: str | None
) -> Problem | None:
    """``map:`` edited away from the map the game was made on: the rules play the map in
    its state whatever game.yaml says; only its pictures were drawn from the other one.
    ``made``: the state's map; ``names``: the ruleset's maps (asked only when game.yaml
    names another than ``made``); ``own_map``: the name of the GM's map file the game
    keeps (``map.yaml``), when the folder has one. A map the state names that is none of
    these (a Tactics world of the GM's own) is not checked."""
    if own_map is not None:
        wanted = own_map
    elif not isinstance(made, str) or _same(config.map, made):
        return None
    else:
        wanted = next((n for n in names() if _same(n, made)), "")
        if not wanted:
            return None
    if config.map == wanted:
        return None
    return (
        ("map",),
        f"the game was made on the map {wanted} (its turns say so) and cannot be changed "
        f"(its rules play that map; only the pictures would show another): put back `map: "
        f"{wanted}`, or make a new game",
    )


def made_map(state: Mapping[str, Json]) -> Json:
    """The name of the map a state says it is played on: its ``map``, or the name of the
    board it carries (a WISK state keeps its whole board, named inside it); None when it
    says none."""
    named = state.get("map")
    board = state.get("board")
    if named is None and isinstance(board, dict):
        return board.get("name")
    return named


def seed_problem(config: GameConfig, made: Json) -> Problem | None:
    """``seed:`` edited away from the seed the game was made with (``made``, as turn 0's
    ``turn.json`` says it; None in a game made before it said so, which is not checked).
    Every turn's chance is drawn from the seed and the turn's number: another seed plays
    the coming turn with other dice, and a rerun or a rollback of a turn played before
    with other dice than the ones its players were mailed."""
    if not isinstance(made, int) or isinstance(made, bool) or config.seed == made:
        return None
    return (
        ("seed",),
        f"the game was made with seed {made} (its turns say so) and cannot be changed (every "
        "turn's chance is drawn from it and the turn's number: a rerun or a rollback would "
        f"play an earlier turn otherwise): put back `seed: {made}`",
    )


def variant_problem(config: GameConfig, made: Json) -> Problem | None:
    """``variant:`` edited to another variant than the state's (``made``; None: none): the
    rules play the state's whatever game.yaml says. ``variant: null`` is taken (a game of
    a ruleset whose one variant game.yaml leaves out, an Intermediate Skirmish)."""
    if config.variant is None or config.variant == made:
        return None
    old = made if isinstance(made, str) else "null"
    return (
        ("variant",),
        f"the game was made as {'no variant' if old == 'null' else old} (its turns say so) "
        f"and cannot be changed (a game keeps its rules): put back `variant: {old}`, or "
        "make a new game",
    )


def seat_problems(
    config: GameConfig, seats: Mapping[int, str], aofs: Mapping[int, str]
) -> list[Problem]:
    """The players game.yaml lacks or has too many against the seats of the game's state
    (``seats``: each human seat and its name). A player's entry deleted took his seat out
    of every report, AOF and reminder while his provinces stayed, and his orders were
    refused unanswered; an entry for no seat is a player who has none. ``aofs``: the AOF
    the latest turn wrote a seat, by seat (it shows the code to put back)."""
    problems: list[Problem] = []
    listed = [entry.id for entry in config.players]
    for seat in sorted(set(seats) - set(listed)):
        where = f"; his code is on his AOF, {aofs[seat]}" if seat in aofs else ""
        problems.append(
            (
                ("players",),
                f"player {seat} ({seats[seat]}) is missing: the game's turns give him a seat "
                f"(his provinces, his orders, his reports): put back his entry (`- {{id: "
                f"{seat}, name: ..., email: ..., code: ...}}`{where}); to take him out of the "
                f"game, file his QUIT with `wtg orders` (or he mails RESIGN), and `wtg "
                f"offer-seat` gives a seat that quit to a new player",
            )
        )
    known = ", ".join(str(s) for s in sorted(seats)) or "none"
    for index, pid in enumerate(listed):
        if pid not in seats:
            problems.append(
                (
                    ("players", str(index)),
                    f"id: the game has no player {pid} (its turns say so; its players are "
                    f"{known}): remove the entry; a new player takes the seat of one who "
                    "quit with `wtg offer-seat`",
                )
            )
    return problems


def _same(one: str, other: str) -> bool:
    """Two names of one thing: case, spaces and dashes aside (``Lava Ford``, lava-ford)."""
    return _plain(one) == _plain(other)


def _plain(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", name.casefold()).strip("-")
