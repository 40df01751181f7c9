"""Intermediate WoK, the beginning: start values, homes and neutrals, terrain, the Skirmish
variant, and the state JSON (terrain, troop kinds and wood, only where a ruleset uses them)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.shipped import INTERMEDIATE as RULESET
from tests.shipped import STANDARD
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.wok.setup import SetupError
from wtg.rules.wok.state import WokState


def new_game(players: int = 2, map_name: str = "marchlands", seed: int = 1) -> WokState:
    setup = GameSetup(
        game="g",
        map=map_name,
        seed=seed,
        players=tuple(SeatSetup(i, f"P{i}") for i in range(1, players + 1)),
        variant="skirmish",
    )
    state: WokState = RULESET.new_game(setup, random.Random(seed)).state
    return state


def test_start_tech_gold_wood_eff_and_one_province() -> None:
    """ "You start the game with a tech level of 0, 100 GOLD, 100 WOOD, 99 EFF and with a
    single, randomly selected province.\""""
    state = new_game(players=5, map_name="pentarchy")
    for player in state.players:
        assert (player.tech, player.gold, player.wood, player.eff) == (0, 100, 100, 99)
        assert state.count_of(player.id) == 1
        assert state.province(player.home).owner == player.id
    homes = {p.home for p in state.players}
    assert homes == {5, 11, 17, 23, 29}  # five players on five starts


def test_the_home_is_drawn_at_random() -> None:
    """ "a single, randomly selected province": other seeds, other homes."""
    homes = {tuple(p.home for p in new_game(seed=seed).players) for seed in range(8)}
    assert homes == {(1, 20), (20, 1)}


def test_home_and_neutral_start_tables_ruling() -> None:
    """ "Each players' starting province (their home) contains:" and "Neutral provinces ...
    start with:" lost their tables. Ruling 1: Standard WoK's (WoK IV's) values: home DEF 1.0,
    10 SPY, 24 WOK, 12 ARM at 1.750, the map's POP; neutrals 16 WOK, 5 ARM at 1.000, 0.3 DEF,
    and "Neutral provinces gain 2 armies each turn (including turn 0)": 7 when turn 0 is
    over. Every troop starts as a plain army."""
    state = new_game()
    home = state.province(state.player(1).home)
    assert (home.dfn, home.spy, home.wok, home.arm, home.lev, home.mis) == (10, 10, 24, 12, 1750, 0)
    assert home.pop == 96  # the map's
    neutral = state.province(7)
    assert neutral.owner == 0
    assert (neutral.wok, neutral.arm, neutral.lev, neutral.dfn, neutral.pop) == (
        16,
        7,
        1000,
        3,
        118,
    )
    for p in state.provinces:
        assert (p.pik, p.arc, p.kni, p.cat, p.aim) == (0, 0, 0, 0, "DEF")


def test_every_province_has_its_terrain_from_the_map() -> None:
    """ "Provinces have different terrains": each province carries the map's terrain."""
    state = new_game()
    assert [p.terrain for p in state.provinces[:4]] == ["Plains", "Forest", "Desert", "Mountain"]
    assert {p.terrain for p in state.provinces} == {
        "Desert",
        "Forest",
        "Mountain",
        "Plains",
        "Swamp",
    }


def test_only_skirmish_games() -> None:
    """ "Currently only skirmish games can be played using the intermediate game engine":
    no variant or `skirmish` starts a Skirmish; any other is refused."""
    setup = GameSetup(game="g", map="marchlands", seed=1, players=(SeatSetup(1, "A"),))
    plain = RULESET.new_game(setup, random.Random(1)).state
    assert plain.variant == "skirmish"
    duel = GameSetup(
        game="g", map="marchlands", seed=1, players=(SeatSetup(1, "A"),), variant="duel"
    )
    with pytest.raises(SetupError, match="no variant 'duel' of intermediate"):
        RULESET.new_game(duel, random.Random(1))


def test_home_provinces_are_protected_on_turn_one() -> None:
    """Ruling 2: as in a Standard Skirmish, "headhunting is not allowed on turn one"."""
    state = new_game()
    assert state.protection == 1
    assert state.protected == sorted(p.home for p in state.players)


def test_state_json_has_terrain_troops_and_wood() -> None:
    """The contract: provinces add `terrain`, `pik`, `arc`, `kni`, `cat` (`arm` stays the
    plain armies); players add `wood`; `tech` is the tech level. The JSON reads back."""
    state = new_game()
    state.province(1).kni = 4
    data: dict[str, Any] = RULESET.state_to_dict(state)
    province = data["provinces"][0]
    assert {k: province[k] for k in ("terrain", "arm", "pik", "arc", "kni", "cat")} == {
        "terrain": "Plains",
        "arm": 12,  # province 1 is a start: a home with two players
        "pik": 0,
        "arc": 0,
        "kni": 4,
        "cat": 0,
    }
    assert [p["wood"] for p in data["players"]] == [100, 100]
    assert RULESET.state_to_dict(RULESET.state_from_dict(data)) == data


def test_other_rulesets_state_json_has_none_of_it() -> None:
    """The troop model is data the other rulesets do not use: a Standard state has no
    terrain, troop kinds or wood in its JSON."""
    setup = GameSetup(game="g", map="trial", seed=1, players=(SeatSetup(1, "A"), SeatSetup(2, "B")))
    data: dict[str, Any] = STANDARD.state_to_dict(STANDARD.new_game(setup, random.Random(1)).state)
    assert not {"terrain", "pik", "arc", "kni", "cat"} & set(data["provinces"][0])
    assert "wood" not in data["players"][0]
