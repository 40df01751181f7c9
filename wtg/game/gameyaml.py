"""game.yaml as a GM may edit it by hand: every key checked before the game is used.

wtg writes game.yaml and the GM edits it (a player's new address, a later deadline hour,
``map_pictures: false``). A key he misspells would be left out without a word (a
``shedule:`` that drops the game's deadlines, a ``map_picture: false`` that sends the
pictures all the same) and a value of the wrong kind turned into another (``seed: true``
read as 1, ``every_days: 2.5`` as 2), so each key is checked here: one the file may hold,
of the kind it takes. Each problem is a key's path and what is wrong with it; the caller
puts the line on it (``wtg.text.yamllines``) only when there is a problem, so that a good
game.yaml costs no second parse.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from typing import Any

from wtg.game.registry import GAME_OPTIONS
from wtg.game.schedule import MOST_DAYS, ScheduleError, make_schedule
from wtg.text.closename import close_names, either
from wtg.text.shellcommand import shell_command
from wtg.text.yamllines import YES_NO_WORDS, unquoted_hint

Key = tuple[str, ...]
"""Where a value sits in game.yaml: the keys from the top, e.g. ("schedule", "at")."""

Problem = tuple[Key, str]

TOP_KEYS = (
    "game",
    "ruleset",
    "variant",
    "map",
    "seed",
    "options",
    "players",
    "schedule",
    "map_pictures",
)
REQUIRED_TOP = ("game", "ruleset", "map", "seed", "players")
PLAYER_KEYS = ("id", "name", "email", "code", "share_address")
REQUIRED_PLAYER = ("id", "name", "email", "code")
SCHEDULE_KEYS = ("every_days", "at", "timezone", "first")


def _flags(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The keys of ``options:`` that are on/off options of the game's ruleset (a WISK
    game's ``missions``, ``GameOption`` of kind "flag"); none for a ruleset not shipped."""
    ruleset = data.get("ruleset")
    found = GAME_OPTIONS.get(ruleset, ()) if isinstance(ruleset, str) else ()
    return tuple(option.key for option in found if option.kind == "flag")


def with_yes_no(data: Any, written: Callable[[Key], str | None] | None) -> Any:
    """``data`` with each yes/no key of game.yaml (``map_pictures``, a player's
    ``share_address``, a ruleset's on/off option in ``options:``) written as a yes/no word
    of YAML 1.1 without quotes (``written``: the text of a plain scalar at a key, as the
    file has it) made that true or false: a GM who writes ``map_pictures: no``, as
    wtg.yaml takes ``ssl: no``, means false. A word in quotes stays text, refused as
    wtg.yaml refuses it. ``data`` itself is not changed."""
    if not isinstance(data, Mapping) or written is None:
        return data

    def meant(value: Any, key: Key) -> Any:
        if isinstance(value, str) and value in YES_NO_WORDS and written(key) == value:
            return YES_NO_WORDS[value]
        return value

    taken = dict(data)
    if "map_pictures" in taken:
        taken["map_pictures"] = meant(taken["map_pictures"], ("map_pictures",))
    options = taken.get("options")
    if isinstance(options, Mapping):
        flags = _flags(taken)
        taken["options"] = {
            key: meant(value, ("options", key)) if key in flags else value
            for key, value in options.items()
        }
    players = taken.get("players")
    if isinstance(players, list):
        taken["players"] = [
            {
                **player,
                "share_address": meant(
                    player["share_address"], ("players", str(index), "share_address")
                ),
            }
            if isinstance(player, Mapping) and "share_address" in player
            else player
            for index, player in enumerate(players)
        ]
    return taken


def game_yaml_problems(
    data: Any, written: Callable[[Key], str | None] | None = None
) -> list[Problem]:
    """Every problem of game.yaml's ``data``, each with the key it is about; [] when the
    data makes a game config. ``written``: the text of a plain scalar at a key as the file
    has it, for a code or name YAML read as a number other than its digits."""
    if not isinstance(data, Mapping):
        return [
            ((), f"expected the game's keys ({', '.join(REQUIRED_TOP)}, ...), found {_kind(data)}")
        ]
    problems = _keys(data, (), TOP_KEYS, REQUIRED_TOP)
    for key in ("game", "ruleset", "map"):
        if key in data and not _word(data[key]):
            problems.append(((key,), f"expected a name, found {_kind(data[key])}"))
    if data.get("variant") is not None and not _word(data["variant"]):
        problems.append(
            (("variant",), f"expected a variant's name or null, found {_kind(data['variant'])}")
        )
    if "seed" in data and not _whole(data["seed"]):
        problems.append(
            (
                ("seed",),
                f"expected a whole number, found {_kind(data['seed'])}"
                + unquoted_hint(data["seed"], "seed", (int,)),
            )
        )
    if data.get("options") is not None and not isinstance(data["options"], Mapping):
        problems.append(
            (
                ("options",),
                f"expected the ruleset's options (key: value), found {_kind(data['options'])}",
            )
        )
    elif data.get("options") is not None:  # an on/off option is a yes/no, as map_pictures
        problems += [
            (
                ("options", key),
                f"expected true or false, found {_kind(data['options'][key])}"
                + unquoted_hint(data["options"][key], key, (bool,)),
            )
            for key in _flags(data)
            if key in data["options"] and not isinstance(data["options"][key], bool)
        ]
        problems += _option_problems(data["options"], _flags(data))
    if "map_pictures" in data and not isinstance(data["map_pictures"], bool):
        problems.append(
            (
                ("map_pictures",),
                f"expected true or false, found {_kind(data['map_pictures'])}"
                + unquoted_hint(data["map_pictures"], "map_pictures", (bool,)),
            )
        )
    if "players" in data:
        problems += _players(data["players"])
        if written is not None and not problems:
            problems += _numbers_read_otherwise(data["players"], written)
    if data.get("schedule") is not None:
        problems += _schedule(data["schedule"], data.get("game"))
    return problems


_COMMA = (
    "in a {...} line a comma ends a value, and the words after it are read as a key of no "
    "value: put a value that holds a comma in quotes (name: 'Smith, John'), and give one "
    "address a player"
)


MISSING = "missing: wtg wrote it when it made the game; put it back"
"""A key wtg writes into every game.yaml, left out."""
SCHEDULE_MISSING = (
    "missing: a schedule gives every_days, at, timezone and first, the day of its first "
    "deadline (first: '2026-12-08', as YYYY-MM-DD in quotes)"
)
"""A key of a schedule left out: one the GM wrote into a game made without one, too."""


def _keys(
    data: Mapping[Any, Any],
    where: Key,
    known: tuple[str, ...],
    required: tuple[str, ...],
    missing: str = MISSING,
) -> list[Problem]:
    problems: list[Problem] = []
    for key in data:
        if str(key) not in known:
            close = [repr(name) for name in close_names(str(key), known)]
            hint = (
                f"did you mean {either(close)}?" if close else f"the keys here: {', '.join(known)}"
            )
            if data[key] is None and not close:
                hint += f"; {_COMMA}"
            problems.append(((*where, str(key)), f"no such key; {hint}"))
    for key in required:
        if key not in data:
            problems.append(((*where, key), missing))
    return problems


def _players(players: Any) -> list[Problem]:
    if not isinstance(players, list):  # [] in a game of robots only
        return [
            (
                ("players",),
                "expected a list of players (- {id: 1, name: ..., email: ..., code: ...}), found "
                + _kind(players),
            )
        ]
    problems: list[Problem] = []
    seen: dict[int, int] = {}
    for index, player in enumerate(players):
        where = ("players", str(index))
        if not isinstance(player, Mapping):
            problems.append(
                (where, f"expected a player (id, name, email, code), found {_kind(player)}")
            )
            continue
        pid: Any = player.get("id")
        problems += [
            (key, f"{said} (his code is on his AOF, turns/NNNN/aofs/p{pid:02d}.txt)")
            if key[-1] == "code" and said == MISSING and _whole(pid) and pid > 0
            else (key, said)
            for key, said in _keys(player, where, PLAYER_KEYS, REQUIRED_PLAYER)
        ]
        if "id" in player and (not _whole(pid) or pid < 1):
            problems.append(
                (
                    (*where, "id"),
                    f"expected a seat number from 1, found {_kind(pid)}"
                    + unquoted_hint(pid, "id", (int,)),
                )
            )
        elif isinstance(pid, int) and pid in seen:
            problems.append(
                (
                    (*where, "id"),
                    f"player {pid} is given twice (entries {seen[pid] + 1} and {index + 1} of "
                    "players): a player's id is his seat and never changes: give each entry "
                    "the id it had (the AOFs in the game's turns/NNNN/aofs/ are named by seat, "
                    "pNN.txt, each with its player's code)",
                )
            )
        elif isinstance(pid, int):
            seen[pid] = index
        for key in ("name", "code"):
            if key in player and not _word(player[key]):
                problems.append(((*where, key), f"expected text, found {_kind(player[key])}"))
        if "email" in player and not isinstance(player["email"], str):
            problems.append(
                ((*where, "email"), f"expected an address, found {_kind(player['email'])}")
            )
        if "share_address" in player and not isinstance(player["share_address"], bool):
            problems.append(
                (
                    (*where, "share_address"),
                    f"expected true or false, found {_kind(player['share_address'])}"
                    + unquoted_hint(player["share_address"], "share_address", (bool,)),
                )
            )
    return problems


def _numbers_read_otherwise(
    players: list[Any], written: Callable[[Key], str | None]
) -> list[Problem]:
    """A code or name of digits YAML read as another number (``0012345670``, octal, is
    2739128; ``007`` is 7): the player's forms say the digits written, the game would have
    the number's."""
    problems: list[Problem] = []
    for index, player in enumerate(players):
        for key in ("name", "code"):
            value = player.get(key)
            if not _whole(value):
                continue
            where = ("players", str(index), key)
            text = written(where)
            if text is not None and text != str(value):
                problems.append(
                    (
                        where,
                        f"YAML reads the unquoted {text} as the number {value}: put it in "
                        f"quotes ({key}: '{text}')",
                    )
                )
    return problems


def _schedule(schedule: Any, game: object) -> list[Problem]:
    if not isinstance(schedule, Mapping):
        return [
            (("schedule",), f"expected every_days, at, timezone and first, found {_kind(schedule)}")
        ]
    problems = _keys(schedule, ("schedule",), SCHEDULE_KEYS, SCHEDULE_KEYS, SCHEDULE_MISSING)
    every: Any = schedule.get("every_days")
    at: Any = schedule.get("at")
    zone: Any = schedule.get("timezone")
    first: Any = schedule.get("first")
    if "every_days" in schedule and (not _whole(every) or every < 1):
        problems.append(
            (
                ("schedule", "every_days"),
                f"expected a whole number of days from 1, found {_kind(every)}"
                + unquoted_hint(every, "every_days", (int,)),
            )
        )
    elif "every_days" in schedule and every > MOST_DAYS:  # the turns after, past year 9999
        problems.append(
            (
                ("schedule", "every_days"),
                f"expected a whole number of days from 1 to {MOST_DAYS} (a year), found {every}",
            )
        )
    if isinstance(at, int) and not isinstance(at, bool) and "at" in schedule:
        problems.append(
            (
                ("schedule", "at"),
                f"expected the hour as 'HH:MM' in quotes (at: '18:00'), found the number {at} "
                + _sexagesimal(at),
            )
        )
    elif "at" in schedule and not isinstance(at, str):
        problems.append((("schedule", "at"), f"expected the hour as 'HH:MM', found {_kind(at)}"))
    if "timezone" in schedule and not isinstance(zone, str):
        problems.append(
            (
                ("schedule", "timezone"),
                f"expected a time zone (e.g. Europe/Vienna, UTC), found {_kind(zone)}",
            )
        )
    if "first" in schedule and not isinstance(first, (str, datetime.date)):
        problems.append(
            (
                ("schedule", "first"),
                f"expected the first deadline's day as YYYY-MM-DD, found {_kind(first)}",
            )
        )
    if problems:
        return problems
    try:
        make_schedule(every, at, zone, first=str(first))
    except ScheduleError as exc:
        key = (
            "timezone" if "time zone" in str(exc) else "first" if "YYYY-MM-DD" in str(exc) else "at"
        )
        said = str(exc)
        if key == "first" and str(first) >= "9000":  # 9999-12-31, written to stop the game
            name = game if isinstance(game, str) else "GAME"
            said += f" (to stop the game's turns a while: `{shell_command('wtg', 'hold', name)}`)"
        problems.append((("schedule", key), said))
    return problems


def _sexagesimal(number: int) -> str:
    """What YAML made ``number`` of, when it is an hour written without quotes (``9:00``,
    read in base 60 as 540), with the line to write; YAML's rule alone otherwise."""
    if not 0 <= number < 24 * 60:
        return "(YAML reads an unquoted 18:00 as a number)"
    hour, minute = divmod(number, 60)
    return (
        f"(YAML reads an unquoted {hour}:{minute:02d} as a number: write at: "
        f"'{hour:02d}:{minute:02d}')"
    )


def _option_problems(options: Mapping[object, object], flags: tuple[str, ...]) -> list[Problem]:
    """What is wrong with the names and values of ``options:`` beside its on/off options
    (``flags``, checked as yes/no): a ruleset takes a name a word, a value a whole number, a
    word or true/false (``OptionValue``, as `wtg new-game` writes them), or null (not
    given); a list, a mapping, a fraction or a date is none of them."""
    problems: list[Problem] = []
    for key, value in options.items():
        if not isinstance(key, str):
            problems.append(
                (("options", str(key)), f"an option's name is a word, found {_kind(key)}")
            )
        elif key not in flags and not (value is None or isinstance(value, bool | int | str)):
            problems.append(
                (
                    ("options", key),
                    f"expected a whole number, a word or true/false, found {_kind(value)}",
                )
            )
    return problems


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _word(value: Any) -> bool:
    """Text, or a whole number YAML read from a name of digits (``game: 2024``)."""
    return (isinstance(value, str) and value.strip() != "") or _whole(value)


def _kind(value: Any) -> str:
    """``value`` as the GM wrote it, for a message."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no)"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:40] + "..."
        return f"the text {shown!r}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, Mapping):
        return "a mapping (key: value)"
    if isinstance(value, list):
        return "a list"
    return f"the value {str(value)[:40]!r}"
