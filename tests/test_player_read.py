"""``Player.from_dict`` reads a player of the twelve keys every ruleset writes positionally
(a poll's first mail for a game reads all its players): the same player, or the same
error, as the read of any player (``Player._read``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.state import Player

_PLAYER: JsonObject = {
    "id": 3,
    "name": "Corrow",
    "eff": 97,
    "tech": 4,
    "gold": 12,
    "status": "active",
    "missed": 1,
    "ally": 2,
    "turn_points": 5,
    "died_on": None,
    "quit_on": None,
    "vp": 7,
}
_EXTRAS = {
    "robot": True,
    "controller": 2,
    "label": "HanA",
    "rips": (4, 5),
    "vote_end": True,
    "last_taken": 9,
    "home": 6,
    "wood": 3,
    "colour_of": 1,
    "unknown": "x",
}


def _outcome(read: Callable[[Mapping[str, Json]], Player], data: Mapping[str, Json]) -> object:
    try:
        return read(data)
    except Exception as exc:  # the same error, or the same player
        return (type(exc), exc.args)


def test_a_wok4_player_is_read_whole() -> None:
    player = Player.from_dict(_PLAYER)
    assert player == Player._read(_PLAYER)
    assert (player.id, player.name, player.turn_points, player.vp) == (3, "Corrow", 5, 7)
    assert (player.robot, player.controller, player.rips, player.wood) == (False, None, [], None)


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.sampled_from(sorted(_PLAYER))),
    st.dictionaries(st.sampled_from(sorted(_EXTRAS)), st.sampled_from([0, 2, True, "x", None])),
)
def test_a_player_read_the_quick_way_is_the_player_read_in_full(
    dropped: set[str], extras: dict[str, Json]
) -> None:
    """Whatever keys are missing or added (as many others as dropped, say): the same
    player or the same error."""
    data = {k: v for k, v in _PLAYER.items() if k not in dropped} | extras
    assert _outcome(Player.from_dict, data) == _outcome(Player._read, data)
