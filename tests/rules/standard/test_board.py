"""The map a Standard WoK player may see (``wtg map --player N``, issue 15): his report's
news, and where everyone started.

"Once turn 0 has run, you can see on the map where everyone is starting." In a Duel "The
two human players play three colours each, on a map of 60 provinces. Another four colours
are taken by robot players": a human's map shows all three of his colours as his own."""

from __future__ import annotations

import random
from typing import Any

from tests.shipped import STANDARD as RULESET
from wtg.core.board import Board, Spot
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.wok.state import WokState

HUMANS = (SeatSetup(id=1, name="Ann"), SeatSetup(id=2, name="Bob"))
ANN, BOB, ROBOTS = (1, 3, 5), (2, 4, 6), (7, 8, 9, 10)


def duel() -> WokState:
    setup = GameSetup(game="g", map="classic60", seed=3, players=HUMANS, variant="duel")
    state: WokState = RULESET.new_game(setup, random.Random(3)).state
    return state


def after_a_turn(state: WokState) -> tuple[WokState, list[dict[str, Any]]]:
    """The next turn, the humans digging in, the robots playing."""
    result = RULESET.resolve(state, RULESET.robot_orders(state), random.Random(4))
    return result.state, [e.to_dict() for e in result.events]


def spots(view: Board) -> dict[int, Spot]:
    return {int(s.id): s for s in view.spots}


def near(state: WokState, colours: tuple[int, ...]) -> set[int]:
    """The provinces of ``colours`` and their neighbours."""
    held = {p.id for c in colours for p in state.provinces_of(c)}
    return held | {n for pid in held for n in state.province(pid).neighbours}


def test_a_duel_player_sees_his_three_colours_as_his_own() -> None:
    state = duel()
    view = RULESET.board(state, 1, [])
    shown = spots(view)
    for colour in ANN:
        home = state.player(colour).home
        assert shown[home].owner == colour
        assert shown[home].troops == f"{state.province(home).arm} ARM"
        assert "home" in shown[home].marks
    assert "the view of player 1 (AnnA, AnnB, AnnC)" in view.title
    yours = [k.label for k in view.sides if "yours" in k.status]
    assert yours == ["AnnA", "AnnB", "AnnC"]


def test_a_colour_label_too_long_for_the_map_is_the_colour_s_number() -> None:
    """Aldric's colours were labelled 'AldricA', 'AldricB' and 'AldricC', drawn 'Aldr…' on
    all three (and Player1A and Player2A both 'Play…'): a label the map cuts is the colour's
    number, the legend giving its name; one that fits stays."""
    seats = (SeatSetup(id=1, name="Aldric"), SeatSetup(id=2, name="Bob"))
    setup = GameSetup(game="g", map="classic60", seed=3, players=seats, variant="duel")
    state: WokState = RULESET.new_game(setup, random.Random(3)).state
    view = RULESET.board(state, 1, [])
    assert [(k.label, k.name) for k in view.sides] == [
        ("P1", "AldricA"),
        ("BobA", "BobA"),
        ("P3", "AldricB"),
        ("BobB", "BobB"),
        ("P5", "AldricC"),
        ("BobC", "BobC"),
        ("Robo1", "Robo1"),
        ("Robo2", "Robo2"),
        ("Robo3", "Robo3"),
        ("Robo4", "Robo4"),
    ]


def test_on_turn_0_everyone_sees_where_everyone_starts() -> None:
    state = duel()
    shown = spots(RULESET.board(state, 1, []))
    for colour in BOB + ROBOTS:
        home = state.player(colour).home
        assert shown[home].owner == colour
        assert shown[home].troops is None  # where he starts, not what he has
        assert "start" in shown[home].marks
    rest = set(shown) - near(state, ANN) - {p.home for p in state.players}
    assert rest and all(shown[pid].owner is None for pid in rest)


def test_after_turn_0_the_start_provinces_stay_marked_but_their_holders_are_fog() -> None:
    state, events = after_a_turn(duel())
    shown = spots(RULESET.board(state, 1, events))
    known = near(state, ANN)
    for colour in BOB + ROBOTS:
        home = state.player(colour).home
        assert "start" in shown[home].marks
        if home not in known:
            assert shown[home].owner is None
    gm = spots(RULESET.board(state, None, events))
    assert all(gm[p.id].owner == p.owner for p in state.provinces)
    robots_battles = [
        e for e in events if e["kind"] == "battle" and not set(e["visible_to"]) & set(ANN)
    ]
    assert robots_battles  # the robots took neutral provinces on turn 1
    for battle in robots_battles:  # a robot's battle is not Ann's news
        assert "battle" in gm[battle["province"]].marks
        assert "battle" not in shown[battle["province"]].marks


def test_the_other_human_sees_his_own_colours_not_anns() -> None:
    state = duel()
    shown = spots(RULESET.board(state, 2, []))
    for colour in BOB:
        assert "home" in shown[state.player(colour).home].marks
    for colour in ANN:
        home = state.player(colour).home
        assert "home" not in shown[home].marks
        assert shown[home].troops is None
