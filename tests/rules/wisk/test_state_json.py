"""`wtg state --json` (the contract) and the state file."""

from __future__ import annotations

import json
from typing import Any

from tests.rules.wisk.helpers import new_game
from tests.shipped import WISK as RULESET


def test_public_json_has_the_contract_keys() -> None:
    state = new_game(2, robots=1)
    data: dict[str, Any] = RULESET.public_json(state)
    assert {"territories", "players", "active", "turn"} <= set(data)
    territory = data["territories"][0]
    assert territory == {
        "id": 1,
        "name": "Alaska",
        "continent": "North America",
        "owner": state.owner(1),
        "armies": state.armies(1),
        "neighbours": [2, 4, 30],
    }
    player = data["players"][2]
    assert {"id", "name", "robot", "cards", "status"} <= set(player)
    assert player["robot"] is True and player["cards"] == 0 and player["status"] == "active"
    assert data["active"] == 1 and data["turn"] == 0


def test_cards_in_hand_are_a_count_in_public() -> None:
    """Issue 6: "Cards and missions are never in the public JSON"."""
    state = new_game(3, missions=True)
    state.player(1).cards = [5, 17, 43]
    data: dict[str, Any] = RULESET.public_json(state)
    assert data["players"][0]["cards"] == 3
    text = json.dumps(data)
    assert "17" not in json.dumps(data["players"]) and "mission" not in text
    assert 'deck": [' not in text


def test_the_state_file_round_trips() -> None:
    state = new_game(2, robots=2, missions=True, assignment="semi")
    state.player(2).cards = [3, 44]
    again = RULESET.state_from_dict(json.loads(json.dumps(RULESET.state_to_dict(state))))
    assert RULESET.state_to_dict(again) == RULESET.state_to_dict(state)
    assert again.player(2).cards == [3, 44]
