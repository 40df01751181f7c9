"""A turn's work grows with the map and with the players, not with their product: no pass
over every province inside a loop over the players, the Top Ten worked out once a turn.
(How fast is for ``bench/bench_scale.py`` to print; these tests count the work.)"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.bigmap import grid_map
from tests.developed import developed, varied_orders
from tests.shipped import WOK4 as RULESET
from wtg.core.rng import turn_rng
from wtg.core.ruleset import ScoreLine
from wtg.engine import Game
from wtg.rules.wok import ruleset as wok_ruleset
from wtg.rules.wok import view
from wtg.rules.wok.state import Province, WokState

_CLONE = WokState.clone


class CountedScans(list[Province]):
    """The provinces of a state, counting every pass over all of them."""

    passes = 0

    def __iter__(self) -> Iterator[Province]:
        CountedScans.passes += 1
        return super().__iter__()


def passes_over_the_map(players: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Passes over all provinces in resolving a turn of full orders on a 400-province map
    and writing every player's report context and the Top Ten."""
    state = developed(grid_map(400, 16), players, seed=3, regions=16)
    rng = random.Random(3)
    orders = {p.id: varied_orders(state, p.id, rng) for p in state.players}

    def counted_clone(self: WokState) -> WokState:
        work = _CLONE(self)
        work.provinces = CountedScans(work.provinces)
        return work

    monkeypatch.setattr(WokState, "clone", counted_clone)
    CountedScans.passes = 0
    result = RULESET.resolve(state, orders, turn_rng(3, state.turn + 1))
    events = [e.to_dict() for e in result.events]
    assert sum(e["kind"] == "battle" for e in events) >= players
    for player in result.state.players:
        RULESET.report_context(result.state, events, player.id)
    RULESET.topten(result.state)
    return CountedScans.passes


def test_passes_over_the_map_do_not_grow_with_the_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert passes_over_the_map(16, monkeypatch) == passes_over_the_map(4, monkeypatch)


def test_the_top_ten_is_worked_out_once_a_turn(
    game: Game[WokState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every report shows the Top Ten, and topten.txt holds it: one reckoning for all."""
    reckoned: list[int] = []
    from wtg.rules.wok.score import top_ten

    def counted(state: WokState) -> list[ScoreLine]:
        reckoned.append(state.turn)
        return top_ten(state)

    monkeypatch.setattr(wok_ruleset, "top_ten", counted)
    monkeypatch.setattr(view, "top_ten", counted)
    game.run_turn()
    assert reckoned == [1]
    assert "TOP TEN" in game.report(10)


def test_a_conquest_moves_the_province_in_the_owner_index(game: Game[WokState]) -> None:
    state = game.state()
    home = next(iter(state.provinces_of(1)))
    target = state.province(home.neighbours[0])
    assert state.count_of(1) == 1
    state.give(target, 1)
    assert [p.id for p in state.provinces_of(1)] == sorted([home.id, target.id])
    assert target not in list(state.provinces_of(0))
    state.give(home, 0)
    assert [p.id for p in state.provinces_of(1)] == [target.id]
    assert state.count_of(0) == len([p for p in state.provinces if p.owner == 0])


def test_each_report_shows_the_events_its_player_may_see(game: Game[WokState]) -> None:
    """The events are sorted out once for all the reports of a turn: each player still sees
    exactly those he may see, in the order they happened."""
    game.run_turn()
    state, events = game.state(), game.events(1)
    for player in range(1, 11):
        context: dict[str, Any] = RULESET.report_context(state, events, player)
        seen = view.visible(events, player)
        assert [e["kind"] for e in context["events"]] == [e["kind"] for e in seen]
        assert [e for e in context["events"] if e["kind"] != "spy_report"] == [
            e for e in seen if e["kind"] != "spy_report"
        ]


def test_provinces_change_hands_only_through_give() -> None:
    """The owner index stays true only if nothing else sets an owner: a rule that hands a
    province over calls ``WokState.give`` (``conquer`` does)."""
    rules = Path(__file__).resolve().parents[1] / "wtg" / "rules"
    setting = re.compile(r"\.owner\s*(?:=(?!=)|\+=|-=)")
    found = [
        f"{path.relative_to(rules)}:{number}"
        for package in ("wok", "wok4", "standard", "intermediate")
        for path in sorted((rules / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if setting.search(line) and path.name != "state.py"
    ]
    assert found == []
