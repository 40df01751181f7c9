"""A waiting list as a player reads it in the lobby's answers (JOIN, LIST, STATUS, the mail
of one taken off a list): the game by its name, as its reports head it, and the map with
its size, ``World of Kaomaris IV - The Final Conflict, 2 players on the map small (20
provinces), open to all``. The GM's commands say a list as he opened it
(``WaitingList.title``: ``wok4 on small, 2 players, open to all``); a player new to the
host knows neither ``wok4`` nor how big ``small`` is."""

from __future__ import annotations

from functools import lru_cache

from wtg.core.errors import WtgError
from wtg.data.datalibrary import SHIPPED
from wtg.data.maps import is_map_path
from wtg.game.registry import find_ruleset
from wtg.lobby.lists import WaitingList
from wtg.lobby.people import ANY

MAP_PARTS = ("provinces", "territories")
"""What a map file lists the places of its board under, counted as its size (the word
said with the count): the WoK maps' ``provinces``, WISK's ``territories``. A board drawn
from pictures (a Tactics world's) has no such list and is named without a size."""


def game_title(ruleset: str, variant: str | None) -> str:
    """The game's name as its reports head it, with the variant (``World of Kaomaris -
    Standard WoK (Duel Lite)``); the ruleset's id when no ruleset of that name is here."""
    try:
        title = find_ruleset(ruleset).title
    except (WtgError, ImportError):
        title = ruleset
    if variant:
        title = f"{title} ({variant.replace('-', ' ').title()})"
    return title


def map_size(ruleset: str, name: str) -> str | None:
    """``20 provinces``: how many places the map's file lists; None for a map that lists
    none or cannot be read (the list then names the map alone). A map wtg ships is read
    once a process (``_shipped_size``); a GM's map file each time, as he may edit it."""
    try:
        return _read_size(ruleset, name) if is_map_path(name) else _shipped_size(ruleset, name)
    except (OSError, ValueError, WtgError):
        return None


@lru_cache(maxsize=32)
def _shipped_size(ruleset: str, name: str) -> str | None:
    """``_read_size`` of a map wtg ships, which no one edits while a process runs (a file
    that could not be read raises, and is not kept: the next answer reads it again). Every
    JOIN's answer names its list: a flood of JOINs (500 strangers at once) parsed the map's
    whole YAML once a mail, 60 provinces and their borders, for one count."""
    return _read_size(ruleset, name)


def _read_size(ruleset: str, name: str) -> str | None:
    """``map_size`` read from the map's file; raises what reading it raises."""
    data = SHIPPED.map_file(ruleset, name).data
    if not isinstance(data, dict):
        return None
    for part in MAP_PARTS:
        places = data.get(part)
        if isinstance(places, list) and places:
            return f"{len(places)} {part}"
    return None


def told(wl: WaitingList) -> str:
    """The list as a player reads it: ``World of Kaomaris IV - The Final Conflict, 2
    players on the map small (20 provinces), open to all``."""
    size = map_size(wl.ruleset, wl.map)
    board = f"the map {wl.map}" + (f" ({size})" if size else "")
    group = "open to all" if wl.group == ANY else f"for {wl.group} players"
    return f"{game_title(wl.ruleset, wl.variant)}, {wl.players} players on {board}, {group}"
