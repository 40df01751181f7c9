"""Guild war points (ruling 10): who earns them from whom, and how many."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.rules.tactics.builders import OPEN7, piece, state
from wtg.core.jsondata import JsonObject
from wtg.rules.tactics.army import SetupError
from wtg.rules.tactics.events import WarPointsEarned
from wtg.rules.tactics.guilds import WarAward, read_guilds, war_awards
from wtg.rules.tactics.resolve import resolve
from wtg.rules.tactics.state import OUT, TacticsState

GUILDS = {1: "Red Hand", 2: "Blue Moon", 3: "Iron Oak", 4: "Grey Sails"}


def test_the_winner_earns_from_each_player_he_beat_the_second_and_third_less() -> None:
    """ "the winner of the battle will earn War Points to be applied to all open wars with
    the people who lost the battle"; "the first place winner can earn up to 3x the total war
    points (as individual awards for beating the second, third, and fourth place players";
    "The second place winner can also earn points (1/4 the amount of the winner's) for
    beating the third and fourth place players"; "the Third place winner can earn a few
    points (1/16 the amount of the winner's) for beating the fourth place player". Places:
    player 3 first, 1 second, 4 third, 2 fourth; the better place is credited, never the
    worse."""
    awards = war_awards([3, 1, 4, 2], GUILDS, 1000)
    assert awards == [
        WarAward(winner=3, loser=1, points=1000),
        WarAward(winner=3, loser=4, points=1000),
        WarAward(winner=3, loser=2, points=1000),
        WarAward(winner=1, loser=4, points=250),
        WarAward(winner=1, loser=2, points=250),
        WarAward(winner=4, loser=2, points=62),
    ]
    assert sum(a.points for a in awards if a.winner == 3) == 3 * 1000


def test_no_points_for_bots_ones_own_guild_or_no_uniform() -> None:
    """ "(you do NOT earn points for beating bots)"; "the winner must have been wearing a
    guild uniform"; "the loser(s) must have been wearing a guild uniform"; "there must be
    Open Wars between those guilds" (no guild is at war with itself)."""
    guilds = {1: "Red Hand", 2: "Red Hand", 4: "Blue Moon"}  # 3 is a bot: no guild
    awards = war_awards([1, 2, 3, 4], guilds, 1000)
    assert awards == [WarAward(1, 4, 1000), WarAward(2, 4, 250)]
    assert war_awards([1, 2], GUILDS, 0) == []  # "use 0 to disable the feature"


def finishing_battle(war_points: int) -> TacticsState:
    """Player 1's knight is about to take player 2's last piece; player 3 went out first."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1, hp=1)], players=3)
    game.player(3).status, game.player(3).place = OUT, 3
    game.war_points, game.guilds = war_points, {1: "Red Hand", 2: "Blue Moon", 3: "Iron Oak"}
    return game


def test_the_battles_end_credits_the_war_points_in_events_and_state() -> None:
    attack: JsonObject = {"piece": 11, "to": [2, 1], "attack": [3, 1]}
    result = resolve(finishing_battle(1000), {1: {"moves": [attack]}}, random.Random(5))
    earned = [
        (e.player, e.loser, e.points) for e in result.events if isinstance(e, WarPointsEarned)
    ]
    assert earned == [(1, 2, 1000), (1, 3, 1000), (2, 3, 250)]
    data: dict[str, Any] = result.state.to_dict()
    assert data["guild_wars"]["earned"][0] == {"winner": 1, "loser": 2, "points": 1000}
    assert TacticsState.from_dict(data).to_dict() == data
    quiet = resolve(finishing_battle(0), {1: {"moves": [attack]}}, random.Random(5))
    assert not any(isinstance(e, WarPointsEarned) for e in quiet.events)
    assert "guild_wars" not in quiet.state.to_dict()


def test_guilds_are_given_by_seat_and_checked() -> None:
    assert read_guilds(" 1=Red  Hand, 2=Blue Moon,", [1, 2], [3]) == {
        1: "Red Hand",
        2: "Blue Moon",
    }
    for text, problem in (
        ("1 Red Hand", "'1 Red Hand' is not SEAT=GUILD"),
        ("3=Iron Oak", "seat 3 is a bot"),
        ("5=Iron Oak", "there is no player 5"),
        ("x=Iron Oak", "'x=Iron Oak' is not SEAT=GUILD"),
    ):
        with pytest.raises(SetupError, match=problem):
            read_guilds(text, [1, 2], [3])
