"""The GM's own display name, the name in the host config's ``from:`` (here ``Kaomaris
Desk``, none of the host's usual names), is refused as a player's name as ``Game Master``
is: at the JOIN of a list and of a seat offered, in any case and spacing, and a From under
it refuses a JOIN without AS, asking for a name. A player under it would write private press that
came "from" the host (leftovers40 item 2: it was refused already; this keeps it so)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby import hall as halls
from tests.lobby.joinnames import nothing_pending, refused_at_join_and_takeover
from tests.lobby.test_second_seat import game_with_quitters, offer


@pytest.mark.parametrize(
    "name", ["Kaomaris Desk", "KAOMARIS DESK", "kaomaris desk", "KaomarisDesk"]
)
def test_the_gms_display_name_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setattr(halls, "GM", "Kaomaris Desk <gm@wtg.example>")
    hall = halls.Hall(tmp_path)
    assert hall.gm.sender == "Kaomaris Desk <gm@wtg.example>"
    game_with_quitters(hall, (4,))
    offer(hall, 4)
    for answer in refused_at_join_and_takeover(hall, name):
        assert f"the name {name} would pass for the host's own" in answer.words, answer.body
    nothing_pending(hall)
