"""The file name of a report mail's map picture, made by the send and known again in a
reply that brought it back (Apple Mail keeps an inline picture in its reply, a forward
keeps every attachment): the report's own picture, not one the player sent."""

from __future__ import annotations

import re

_MAP_PICTURE = re.compile(r"map-turn[0-9]{1,6}\.png", re.IGNORECASE)


def map_picture_name(turn: int) -> str:
    """The file name of the map picture of a report of ``turn``."""
    return f"map-turn{turn}.png"


def is_map_picture(name: str) -> bool:
    """Whether a file name is that of a report's map picture (``map_picture_name``)."""
    return bool(_MAP_PICTURE.fullmatch(name))
