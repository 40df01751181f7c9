"""Maps of thousands of provinces: the AOF's province fields as wide as the map's largest id
needs, orders from and to provinces above 999 read back from the form, a mail reply and an
order file, and played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.bigmap import write_grid_map
from tests.conftest import players
from tests.shipped import WOK4 as RULESET
from wtg.core.jsondata import Json
from wtg.engine import Game, create_game
from wtg.intake import Submission
from wtg.report import aof_text
from wtg.rules.wok.state import Province, WokState

BIG = 2000


@pytest.fixture
def big_game(tmp_path: Path) -> Game[WokState]:
    """Four players on a grid of 2,000 provinces, every home numbered 1,000 or more."""
    map_file = write_grid_map(tmp_path / "big.yaml", BIG, 4, starts_from=1000)
    return create_game(tmp_path / "big", "wok4", str(map_file), players(4), seed=5).typed(RULESET)


def filled_form(game: Game[WokState], state: WokState, player: int, orders: dict[str, Any]) -> str:
    return aof_text(game.ruleset, game.config, state, player, orders)


def far_orders(state: WokState, player: int) -> dict[str, Any]:
    """An attack from the player's strongest province to a foreign neighbour, a move, a
    transformation and an aim: every province named numbered above 999."""
    mine = sorted(state.provinces_of(player), key=lambda p: (-p.arm, p.id))
    source = next(p for p in mine if p.id > 999 and _foreign(state, p))
    target = _foreign(state, source)[0]
    richest = max((p for p in mine if p.id > 999), key=lambda p: (p.pop, p.id))
    orders: dict[str, Any] = {
        "attack": [{"from": source.id, "to": target, "armies": source.arm - 1}],
        "transform": [{"province": richest.id, "kind": "POP-ARM", "amount": 40}],
        "aim": [{"province": source.id, "aim": "LEV"}],
    }
    inner = [n for n in source.neighbours if state.province(n).owner == player and n > 999]
    if inner:
        orders["move"] = [{"from": inner[0], "to": source.id, "unit": "ARM", "amount": 5}]
    return orders


def _foreign(state: WokState, province: Province) -> list[int]:
    return [n for n in province.neighbours if n > 999 and state.province(n).owner != province.owner]


def test_the_form_of_a_big_map_has_four_digit_province_fields(big_game: Game[WokState]) -> None:
    aof = big_game.aof(1)
    assert "A1: ____ ____ ___" in aof  # FROM, TO: the map's 2,000; ARM: 3 digits as ever
    assert "T1: ____ _    __" in aof
    assert "G1: ____ _" in aof
    assert "B1: ____ ____ __" in aof  # MIS stays 2 digits
    assert "L1: __" in aof  # a player, not a province


def test_a_game_on_a_2000_province_map_plays_3_turns_with_orders_above_999(
    big_game: Game[WokState],
) -> None:
    for turn in (1, 2, 3):
        state = big_game.state()
        for player in (1, 2, 3, 4):
            orders = far_orders(state, player)
            result = big_game.submit(filled_form(big_game, state, player, orders))
            assert result.verdicts and all(v.accepted for v in result.verdicts), [
                v.describe() for v in result.verdicts
            ]
            assert result.orders["attack"] == orders["attack"]  # 4-digit ids read back
        assert big_game.run_turn() == turn
        events = big_game.events(turn)
        battles = [e for e in events if e["kind"] == "battle"]
        assert sorted(whole(e["attacker"]) for e in battles) == [1, 2, 3, 4]
        assert all(whole(e["source"]) > 999 and whole(e["province"]) > 999 for e in battles)
        moved = [e for e in events if e["kind"] == "transformed"]
        assert len(moved) == 4 and all(whole(e["province"]) > 999 for e in moved)
    final = big_game.state()
    for player in (1, 2, 3, 4):  # the owner index of the state agrees with the provinces
        assert [p.id for p in final.provinces_of(player)] == [
            p.id for p in final.provinces if p.owner == player
        ]
        assert "ID NAME" in big_game.report(player)


def test_a_mailed_reply_to_the_wide_form_is_read_back(big_game: Game[WokState]) -> None:
    """The player answers the report mail: his filled form on top, the blank form quoted
    below; the four-digit fields of both are read as the wide form."""
    state = big_game.state()
    orders = far_orders(state, 2)
    quoted = "\n".join(f"> {line}" for line in big_game.aof(2).splitlines())
    reply = f"My orders:\n\n{filled_form(big_game, state, 2, orders)}\n{quoted}\n"
    (result,) = big_game.submit_all([reply], via="mail")
    assert isinstance(result, Submission)
    assert result.orders["attack"] == orders["attack"]
    assert all(v.accepted for v in result.verdicts)


def test_an_order_file_names_provinces_above_99_only_on_a_map_that_has_them(
    big_game: Game[WokState], game: Game[WokState]
) -> None:
    state = big_game.state()
    source = next(iter(state.provinces_of(3)))
    text = f"player: 3\nturn: 1\naim: [{{province: {source.id}, aim: SPY}}]\n"
    result = big_game.submit(text)
    assert result.orders["aim"] == [{"province": source.id, "aim": "SPY"}]
    (refused,) = game.submit_all("player: 3\nturn: 1\naim: [{province: 1500, aim: SPY}]\n")
    assert not isinstance(refused, Submission)
    assert [v.reason for v in getattr(refused, "verdicts", [])] == [
        "province must be a number from 0 to 99, found 1500"
    ]


@pytest.mark.parametrize(("provinces", "digits"), [(60, 2), (99, 2), (100, 3), (6000, 4)])
def test_province_fields_grow_with_the_map_and_nothing_else_does(
    provinces: int, digits: int
) -> None:
    form = RULESET.form_for_map(provinces)
    widths = {(s.key, f.name): f.width for s in form.sections for f in s.fields if not f.province}
    classic = {
        (s.key, f.name): f.width for s in RULESET.form.sections for f in s.fields if not f.province
    }
    assert widths == classic
    assert {f.width for s in form.sections for f in s.fields if f.province} == {digits}
    if digits == 2:
        assert form is RULESET.form  # classic maps keep the very form of forms/wok4.yaml


def whole(value: Json) -> int:
    """A whole number of an event (as stored: JSON)."""
    assert isinstance(value, int)
    return value
