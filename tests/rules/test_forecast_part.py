"""The forecast of an order confirmation runs on a copy of the player's part of the state
(``players_part``: his provinces and his record), not on a copy of the whole: the same
forecast, and the state untouched, for every WoK ruleset, on random maps, holdings and
orders (those the checks let through and those they would not)."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.builders import make_state
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.core.rng import NoChance
from wtg.rules.wok.events import OrderSkipped
from wtg.rules.wok.forecast import forecast, forecast_and_attacks, forecast_orders, players_part
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import WokState
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.view import province_row

TERRAINS = ("Desert", "Forest", "Mountain", "Plains", "Swamp")
UNITS = ("POP", "WOK", "MIS", "SPY", "ARM", "PIK", "ARC", "KNI", "CAT", "TRO")
KINDS = ("POP-WOK", "POP-ARM", "WOK-POP", "POP-SPY", "ARM-POP")
UPGRADES = ("TECH", "EFF", "DEF", "LEV", "MIS", "SPY", "WOOD")
TROOPS = ("ARM", "PIK", "ARC", "KNI", "CAT")


def random_state(rng: random.Random, ruleset: WokRuleset) -> WokState:
    """A grid of provinces held at random by three players and the neutrals, with random
    values (within the limits and beyond none), and random player records."""
    state = make_state(width=rng.randint(2, 6), height=rng.randint(2, 5), players=3)
    for province in state.provinces:
        province.owner = rng.choice((0, 0, 1, 1, 2, 3))
        province.pop = rng.randint(0, 999)
        province.wok = rng.randint(0, 125)
        province.arm = rng.randint(0, 999)
        province.lev = rng.randint(1000, 9999)
        province.dfn = rng.randint(0, 99)
        province.mis = rng.randint(0, 99)
        province.spy = rng.randint(0, 99)
        province.aim = rng.choice(ruleset.aims)
        province.idle = ruleset.name == "standard" and rng.random() < 0.2
        if ruleset.name == "intermediate":
            province.terrain = rng.choice(TERRAINS)
            province.arm = rng.randint(0, 200)
            province.pik, province.arc = rng.randint(0, 200), rng.randint(0, 200)
            province.kni, province.cat = rng.randint(0, 200), rng.randint(0, 199)
    for player in state.players:
        player.eff = rng.randint(1, 99)
        player.tech = rng.randint(0, 999 if ruleset.name == "wok4" else 12)
        player.gold = rng.randint(0, 2000)
        player.wood = rng.randint(0, 500) if ruleset.name == "intermediate" else None
    rng.shuffle(state.oop)
    return state


def random_orders(rng: random.Random, state: WokState, player: int) -> dict[str, Any]:
    """Orders naming his provinces, their neighbours, anyone's, and none at all."""
    count = len(state.provinces)
    mine = [p.id for p in state.provinces if p.owner == player] or [1]

    def somewhere() -> int:
        return rng.choice((rng.choice(mine), rng.randint(1, count), 0, count + 1))

    def near(pid: int) -> int:
        if state.has_province(pid) and rng.random() < 0.8:
            return rng.choice(state.province(pid).neighbours)
        return somewhere()

    def some() -> int:
        return rng.choice((0, 1, rng.randint(1, 60), rng.randint(1, 999)))

    moves = []
    for _ in range(rng.randint(0, 9)):
        source = somewhere()
        moves.append(
            {"from": source, "to": near(source), "unit": rng.choice(UNITS), "amount": some()}
        )
    orders: dict[str, Any] = {
        "player": player,
        "turn": state.turn + 1,
        "transform": [
            {"province": somewhere(), "kind": rng.choice(KINDS), "amount": some()}
            for _ in range(rng.randint(0, 9))
        ],
        "move": moves,
        "trade": [rng.choice((100, 150, 200, 250, 350, 50)) for _ in range(rng.randint(0, 6))],
        "aim": [
            {
                "province": somewhere(),
                "aim": rng.choice(("DEF", "LEV", "MIS", "SPY", "TECH", "EFF", "MIN", "CHO")),
            }
            for _ in range(rng.randint(0, 6))
        ],
        "upgrade": [rng.choice(UPGRADES) for _ in range(rng.randint(0, 4))],
        "upgrade_troops": [
            {
                "province": somewhere(),
                "from": rng.choice(TROOPS),
                "to": rng.choice(TROOPS),
                "amount": some(),
            }
            for _ in range(rng.randint(0, 4))
        ],
        "bomb": [{"from": somewhere(), "to": somewhere(), "missiles": some()}] * rng.randint(0, 2),
        "attack": [{"from": somewhere(), "to": somewhere(), "armies": some()}] * rng.randint(0, 2),
        "spy": [{"from": somewhere(), "to": somewhere(), "op": 1, "spies": 1}] * rng.randint(0, 2),
    }
    return {key: value for key, value in orders.items() if value != []}


@pytest.mark.parametrize("ruleset", [WOK4, STANDARD, INTERMEDIATE], ids=lambda r: r.name)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_forecast_on_his_part_is_the_forecast_on_a_whole_copy(
    ruleset: WokRuleset, seed: int
) -> None:
    rng = random.Random(seed)
    state = random_state(rng, ruleset)
    before = state.to_dict(ruleset.name)
    for player in (1, 2, 3):
        orders = random_orders(rng, state, player)
        phases = ruleset.forecast_phases
        whole = forecast_and_attacks(state.clone(), forecast_orders(orders), player, phases)[0]
        assert forecast(state, orders, player, phases) == whole
        assert state.to_dict(ruleset.name) == before  # the state itself is never changed


@pytest.mark.parametrize("ruleset", [WOK4, STANDARD, INTERMEDIATE], ids=lambda r: r.name)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_forecast_shows_what_a_turn_with_its_events_would(
    ruleset: WokRuleset, seed: int
) -> None:
    """A forecast keeps no event, only the orders that would not run (``ForecastTurn``): the
    same provinces, record and skipped orders as the phases run on a turn that keeps every
    event, the skipped orders read from its events."""
    rng = random.Random(seed)
    state = random_state(rng, ruleset)
    for player in (1, 2, 3):
        orders = random_orders(rng, state, player)
        work = state.clone()
        work.turn += 1
        now = {k: v for k, v in orders.items() if k not in ("attack", "spy")}
        turn = Turn(work, {player: Orders.from_dict(now)}, NoChance(), (player,))
        for phase in ruleset.forecast_phases:
            phase(turn)
        result = forecast(state, orders, player, ruleset.forecast_phases)
        # the attack lines as the turn takes them, every line the form takes counting (no
        # ruleset given): one from a province his earlier lines emptied would not run; the
        # targets of those that may run are his if they win, and the orders there after
        # the bombing are counted as decided when the turn runs
        armless = []
        aimed: set[int] = set()
        left: dict[int, int] = {}  # armies left once the lines sure to run have sent theirs
        least: dict[int, int] = {}  # ... and once every line that may run has
        for a in orders.get("attack", ())[:7]:
            if not (state.has_province(a["from"]) and state.has_province(a["to"])):
                continue
            source, target = state.province(a["from"]), state.province(a["to"])
            if target.id not in source.neighbours or target.owner == player:
                continue
            if source.owner != player:
                if source.id in aimed:
                    aimed.add(target.id)
                continue
            here = left.setdefault(source.id, source.troops)
            low = least.setdefault(source.id, source.troops)
            if here < 1:
                order = f"attack on {a['to']} from {a['from']}"
                reason = f"no armies left in province {state.named(a['from'])}"
                armless.append({"phase": "attack", "order": order, "reason": reason})
                continue
            if target.id not in aimed and low >= 1:
                left[source.id] = here - min(here, a["armies"])
            least[source.id] = low - min(low, a["armies"])
            aimed.add(target.id)
        takeable = {f"province {state.named(t)} is not yours" for t in aimed}
        skipped = [e for e in turn.events if isinstance(e, OrderSkipped)]
        hoped = [
            e
            for e in skipped
            if not e.phase.endswith("bombing")
            and any(e.reason == t or e.reason.startswith(t + ":") for t in takeable)
        ]
        spyless = [  # the spy lines from a province of his without spies when spying begins
            {
                "phase": "spy",
                "order": f"spy operation on {o['to']} from {o['from']}",
                "reason": f"no spies left in province {state.named(o['from'])}",
            }
            for o in orders.get("spy", ())
            if work.has_province(o["from"])
            and work.province(o["from"]).owner == player
            and work.province(o["from"]).spy == 0
        ]
        run = [{"phase": e.phase, "order": e.order, "reason": e.reason} for e in skipped]
        assert (
            result["skipped"]
            == [s for s, e in zip(run, skipped, strict=True) if e not in hoped] + armless + spyless
        )
        later = cast(list[str], result["later"])
        assert any("your attacks may take" in said for said in later) == bool(hoped)
        assert result["provinces"] == [province_row(p) for p in work.provinces_of(player)]
        me = work.player(player)
        assert (result["eff"], result["tech"], result["gold"]) == (me.eff, me.tech, me.gold)


def test_his_part_copies_his_provinces_and_record_and_no_other() -> None:
    state = make_state(width=3, height=2, players=2)
    for pid, owner in ((1, 1), (2, 2), (5, 1)):
        state.province(pid).owner = owner
    part = players_part(state, 1)
    assert [p.id for p in part.provinces] == [1, 5]
    assert all(part.province(pid) is not state.province(pid) for pid in (1, 5))
    assert all(part.province(pid) is state.province(pid) for pid in (2, 3, 4, 6))
    assert part.player(1) is not state.player(1) and part.player(1) == state.player(1)
    assert part.player(2) is state.player(2)
    assert part.has_province(6) and not part.has_province(7) and not part.has_province(0)
