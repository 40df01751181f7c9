"""The file names of our pictures, a report mail's map and a confirmation's orders drawn on
it, made by the send and known again in a reply that brought one back (Apple Mail keeps an
inline picture in its reply, a forward keeps every attachment): the host's own picture,
not one the player sent."""

from __future__ import annotations

import re

_OUR_PICTURE = re.compile(r"(map|orders)-turn[0-9]{1,6}\.png", re.IGNORECASE)


def map_picture_name(turn: int) -> str:
    """The file name of the map picture of a report of ``turn``."""
    return f"map-turn{turn}.png"


def orders_picture_name(turn: int) -> str:
    """The file name of the picture of a confirmation of orders for ``turn``."""
    return f"orders-turn{turn}.png"


def is_our_picture(name: str) -> bool:
    """Whether a file name is that of one of our pictures (``map_picture_name``,
    ``orders_picture_name``)."""
    return bool(_OUR_PICTURE.fullmatch(name))
