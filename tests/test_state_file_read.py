"""The state files are read as JSON (issue 26): each field narrowed to the type it has, so
a state of another shape than the rules wrote is refused where it is read (TypeError,
naming the value), not carried into a turn as a text where a number belongs."""

from __future__ import annotations

import json

import pytest

from tests.rules.builders import give, make_state
from tests.rules.tactics.builders import OPEN7, piece
from tests.rules.tactics.builders import state as tactics_state
from tests.rules.wisk.helpers import new_game
from wtg.core.jsondata import JsonObject, flag, json_list, json_object, number, or_none, whole
from wtg.rules.tactics.state import TacticsState
from wtg.rules.wisk.state import Options, WiskState
from wtg.rules.wok.state import Outcome, Player, Province, WokState


def on_file(data: JsonObject) -> JsonObject:
    """``data`` as a state file gives it back (json.loads of json.dumps)."""
    return json_object(json.loads(json.dumps(data)))


def wok_file() -> JsonObject:
    state = make_state(players=2)
    give(state, 1, 1, idle=True)
    state.player(2).rips, state.naps = [1], [(1, 2, 9)]
    state.outcome = Outcome("vote", (2,), (2, 1), (1, 2))
    return on_file(state.to_dict())


def test_a_wok_state_file_reads_back_as_written() -> None:
    data = wok_file()
    state = WokState.from_dict(data)
    assert state.to_dict() == data
    assert (state.province(1).idle, state.player(2).rips, state.naps) == (True, [1], [(1, 2, 9)])
    assert state.outcome == Outcome("vote", (2,), (2, 1), (1, 2))


@pytest.mark.parametrize(
    ("section", "key", "value"),
    [("provinces", "pop", "118"), ("provinces", "idle", "yes"), ("players", "died_on", "3")],
)
def test_a_wok_state_file_of_another_shape_is_refused(section: str, key: str, value: str) -> None:
    """Before, a province's pop of "118" became a Province whose pop was a text."""
    data = wok_file()
    json_object(json_list(data[section])[0])[key] = value
    with pytest.raises(TypeError, match=repr(value)):
        WokState.from_dict(data)


def test_a_wok_player_read_of_few_fields_has_a_new_players_defaults() -> None:
    assert Player._read({"id": 4, "name": "Ann"}) == Player(4, "Ann")
    assert Province._read(json_object(Province(2, "B", (1, 3)).to_dict())) == Province(
        2, "B", (1, 3)
    )


def test_a_wisk_state_file_reads_back_as_written() -> None:
    game = new_game(3, missions=True)
    game.player(1).cards = [5, 17]
    data = on_file(game.to_dict())
    state = WiskState.from_dict(data)
    assert state.to_dict() == data
    assert (state.player(1).cards, state.options.missions) == ([5, 17], True)


def test_wisk_options_missing_from_a_state_keep_their_defaults() -> None:
    assert Options.from_dict({}) == Options()
    assert Options.from_dict({"ties": "defender", "other": 1}) == Options(ties="defender")
    with pytest.raises(TypeError, match="'yes'"):  # before: Options(missions='yes')
        Options.from_dict({"missions": "yes"})


def test_a_wisk_state_file_of_another_shape_is_refused() -> None:
    data = on_file(new_game(2).to_dict())
    json_object(json_list(data["players"])[0])["cards"] = ["5"]
    with pytest.raises(TypeError, match="'5'"):  # before: a player holding card '5'
        WiskState.from_dict(data)


def tactics_file() -> JsonObject:
    game = tactics_state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1, hp=1)])
    game.war_points, game.guilds, game.history = 100, {1: "Red Hand", 2: "Blue Moon"}, [2]
    game.war_awards = [(1, 2, 100)]
    return on_file(game.to_dict())


def test_a_tactics_state_file_reads_back_as_written() -> None:
    data = tactics_file()
    state = TacticsState.from_dict(data)
    assert state.to_dict() == data
    assert (state.piece_at((3, 1)), state.war_awards) == (state.piece(21), [(1, 2, 100)])
    assert state.kind("KNIGHT").hp > 0 and state.weapon_of(state.pieces[0]).damage > 0


@pytest.mark.parametrize("where", ["pieces", "world"])
def test_a_tactics_state_file_of_another_shape_is_refused(where: str) -> None:
    """Before, a piece's hp of "3" (or a kind's) was carried into the battle as a text."""
    data = tactics_file()
    found = data["pieces"] if where == "pieces" else json_object(data["world"])["pieces"]
    json_object(json_list(found)[0])["hp"] = "3"
    with pytest.raises(TypeError, match="'3'"):
        TacticsState.from_dict(data)


def test_the_readers_added_for_the_state_files() -> None:
    assert (number(1), number(1.25), flag(False), or_none(whole, None), or_none(whole, 3)) == (
        1,
        1.25,
        False,
        None,
        3,
    )
    for read, wrong in ((number, True), (number, "1.0"), (flag, 1), (flag, None)):
        with pytest.raises(TypeError):
            read(wrong)
